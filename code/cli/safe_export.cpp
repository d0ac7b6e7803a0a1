// exportSafely (safe_export.hpp): the way `export` and `batch` write every Assimp output.
// Compiled only with Assimp (RV_WITH_ASSIMP).
//
// Assimp's exporters open their files by path themselves and, in 5.2.5, mostly ignore write
// errors: on a full disk they report success over a truncated file, and the binary FBX writer
// trips an assert (abort, exit 134) when the stream position stops advancing. So the export goes
// into a fresh temporary folder beside OUT, through our own IOSystem whose streams check every
// write, flush and sync on close, and keep a logical position that advances even after a
// failure (the exporter's bookkeeping, such as FBX's `pos > property_start`, stays consistent
// and never aborts; the failure is reported once Export() returns). Only when the exporter
// succeeded and every stream closed cleanly are the produced files renamed into OUT's folder
// (companions such as .mtl and .bin first, OUT itself last); the temporary folder is removed in
// every case.
#include <assimp/DefaultIOSystem.h>
#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "assimp/assimp_compat.hpp"
#include "cli/safe_export.hpp"

#include "cli/input_files.hpp"
#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"
#include "cli/texture_files.hpp"
#include "cli/zip_check.hpp"
#include "rv/file_bytes.hpp"

#ifndef _WIN32
#include <sys/statvfs.h>
#endif

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

// What the streams of one export saw: the first failure (errno and the file).
struct WriteState {
    int error = 0;
    fs::path failedPath;
    std::string outsideWrite;  // a file the exporter tried to write outside the temporary folder
    void fail(int e, const fs::path& path) {
        if (error) return;
        error = e ? e : EIO;
        failedPath = path;
    }
};

bool seekTo(std::FILE* f, uint64_t offset) {
#ifdef _WIN32
    return _fseeki64(f, int64_t(offset), SEEK_SET) == 0;
#else
    return fseeko(f, off_t(offset), SEEK_SET) == 0;
#endif
}

// A file an exporter writes. Every write is checked; after the first failure nothing more is
// written but the logical position still advances, so Tell(), Seek() and FileSize() answer as
// if the data were there: the exporter finishes its bookkeeping (FBX asserts that a node's
// properties took bytes) and the failure is reported once Export() returns.
class CheckedWriteStream final : public Assimp::IOStream {
public:
    CheckedWriteStream(std::FILE* f, fs::path path, std::shared_ptr<WriteState> state)
        : f_(f), path_(std::move(path)), state_(std::move(state)) {}
    ~CheckedWriteStream() override {
        if (!failed_)
            if (const int e = finishFile(f_)) fail(e);
        errno = 0;
        if (std::fclose(f_) != 0) fail(errno);
    }
    size_t Read(void*, size_t, size_t) override { return 0; }
    size_t Write(const void* buffer, size_t size, size_t count) override {
        if (size == 0 || count == 0) return 0;
        const size_t bytes = size * count;
        if (!failed_) {
            errno = 0;
            if (std::fwrite(buffer, 1, bytes, f_) != bytes) fail(errno);
        }
        pos_ += bytes;
        size_ = std::max(size_, pos_);
        return count;
    }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        // Offsets are unsigned in Assimp's interface; relative ones wrap as in its own stream.
        const uint64_t base = origin == aiOrigin_CUR ? pos_ : origin == aiOrigin_END ? size_ : 0;
        const uint64_t target = base + uint64_t(offset);
        if (target > (uint64_t(1) << 62)) return aiReturn_FAILURE;
        if (!failed_) {
            errno = 0;
            if (!seekTo(f_, target)) fail(errno);
        }
        pos_ = target;
        return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return size_t(pos_); }
    size_t FileSize() const override { return size_t(size_); }
    void Flush() override {
        errno = 0;
        if (!failed_ && std::fflush(f_) != 0) fail(errno);
    }

private:
    void fail(int e) {
        failed_ = true;
        state_->fail(e, path_);
    }
    std::FILE* f_;
    fs::path path_;
    std::shared_ptr<WriteState> state_;
    uint64_t pos_ = 0, size_ = 0;
    bool failed_ = false;
};

// A file an exporter reads back (none of Assimp 5.2.5's do, but the interface allows it).
class ReadStream final : public Assimp::IOStream {
public:
    ReadStream(std::FILE* f, uint64_t size) : f_(f), size_(size) {}
    ~ReadStream() override { std::fclose(f_); }
    size_t Read(void* buffer, size_t size, size_t count) override {
        return size && count ? std::fread(buffer, size, count, f_) : 0;
    }
    size_t Write(const void*, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        const int whence = origin == aiOrigin_CUR ? SEEK_CUR : origin == aiOrigin_END ? SEEK_END : SEEK_SET;
        return std::fseek(f_, long(offset), whence) == 0 ? aiReturn_SUCCESS : aiReturn_FAILURE;
    }
    size_t Tell() const override { return size_t(std::ftell(f_)); }
    size_t FileSize() const override { return size_t(size_); }
    void Flush() override {}

private:
    std::FILE* f_;
    uint64_t size_;
};

// Everything an exporter opens lands in `root` (the temporary folder): relative paths are taken
// from it (Assimp 5.2.5's pbrt exporter opens a bare file name), and a write outside it is
// refused.
class CheckedIOSystem final : public Assimp::IOSystem {
public:
    CheckedIOSystem(fs::path root, std::shared_ptr<WriteState> state)
        : root_(root.lexically_normal()), state_(std::move(state)) {}

    bool Exists(const char* file) const override {
        std::error_code ec;
        return fs::exists(resolve(file), ec);
    }
    char getOsSeparator() const override { return '/'; }

    Assimp::IOStream* Open(const char* file, const char* mode) override {
        const fs::path path = resolve(file);
        const bool writing = std::strpbrk(mode, "wa+") != nullptr;
        std::error_code ec;
        if (writing) {
            if (!inside(path)) {
                // Not done by Assimp 5.2.5's exporters with the paths we give them (the obj
                // exporter cuts its whole path at the last '.' to name the .mtl, which could
                // leave the folder with an absolute path); refused rather than written there.
                state_->fail(EACCES, path);
                if (state_->outsideWrite.empty()) state_->outsideWrite = path.u8string();
                return nullptr;
            }
            (void)makeFoldersBelow(root_, path.parent_path());  // never root_ again, once a signal removed it
        }
        errno = 0;
        std::FILE* f = openFile(path.u8string(), mode);
        if (!f) {
            if (writing) state_->fail(errno, path);
            return nullptr;
        }
        if (writing) return new CheckedWriteStream(f, path, state_);
        const uintmax_t size = fs::file_size(path, ec);
        return new ReadStream(f, ec ? 0 : uint64_t(size));
    }
    void Close(Assimp::IOStream* stream) override { delete stream; }

    bool CreateDirectory(const std::string& path) override {
        const fs::path p = resolve(path.c_str());
        return inside(p) && !makeFoldersBelow(root_, p);
    }
    bool ChangeDirectory(const std::string&) override { return false; }
    bool DeleteFile(const std::string& file) override {
        std::error_code ec;
        const fs::path p = resolve(file.c_str());
        return inside(p) && fs::remove(p, ec);
    }

private:
    fs::path resolve(const char* file) const {
        const fs::path p = fs::u8path(file ? file : "");
        return (p.is_absolute() ? p : root_ / p).lexically_normal();
    }
    bool inside(const fs::path& p) const {
        const fs::path rel = p.lexically_relative(root_);
        return !rel.empty() && *rel.begin() != "..";
    }

    fs::path root_;
    std::shared_ptr<WriteState> state_;
};

// Why a write that reported nothing failed: no space left when the folder's file system is full.
std::string likelyReason(const fs::path& folder, const std::string& defect) {
#ifndef _WIN32
    struct statvfs s;
    if (statvfs(folder.c_str(), &s) == 0 && s.f_bavail == 0) return errnoText(ENOSPC) + " (" + defect + ")";
#else
    (void)folder;
#endif
    return "incomplete archive (" + defect + ")";
}

// Copies the file `from` into the open `to`, every write checked.
bool copyInto(const fs::path& from, std::FILE* to) {
    std::FILE* in = openFile(from.u8string(), "rb");
    if (!in) return false;
    char buf[1 << 16];
    bool ok = true;
    for (size_t n; ok && (n = std::fread(buf, 1, sizeof buf, in)) > 0;) ok = std::fwrite(buf, 1, n, to) == n;
    ok = ok && !std::ferror(in);
    std::fclose(in);
    return ok;
}

// Puts the produced file `from` at `dest`: renamed there, unless `dest` is a device, a FIFO or a
// link (outputTarget), whose bytes go through writeFileSafely so that the link stays a link.
std::string placeFile(const fs::path& from, const fs::path& dest) {
    const OutputTarget t = outputTarget(dest.u8string());
    if (t.kind == OutputTarget::Kind::Replace && t.path == dest.u8string()) {
        std::error_code ec;
        fs::rename(from, dest, ec);
        return ec ? "cannot write " + dest.u8string() + ": " + ec.message() : std::string();
    }
    return writeFileSafely(dest.u8string(), [&](std::FILE* f) { return copyInto(from, f); });
}

// Moves every file under `from` to the same place under `to` (folders are merged), `last` (OUT
// itself) after all the others, so that it appears only once its companions are in place.
std::string moveIntoPlace(const fs::path& from, const fs::path& to, const fs::path& last, const std::string& input) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec))
        if (!it->is_directory(ec)) files.push_back(it->path());
    if (ec) return "cannot write " + (to / last).u8string() + ": " + ec.message();
    std::sort(files.begin(), files.end());
    std::stable_partition(files.begin(), files.end(), [&](const fs::path& p) { return p != from / last; });
    for (const fs::path& f : files) {
        const fs::path dest = to / f.lexically_relative(from);
        if (!input.empty() && sameFile(dest.u8string(), input))
            return "rvimport export: " + dest.u8string() + " is the input file; refusing to replace it";
        if (std::string clash = inputClash(dest.u8string()); !clash.empty()) return "rvimport export: " + clash;
    }
    // A device or a FIFO takes one stream: companions beside /dev/stdout make no sense.
    if (files.size() > 1 && outputTarget((to / last).u8string()).kind == OutputTarget::Kind::WriteThrough)
        return "cannot write " + (to / last).u8string() +
               ": a device or FIFO takes one file, and this export also writes " +
               files.front().lexically_relative(from).u8string() + "; write into a folder instead";
    for (const fs::path& f : files) {
        const fs::path dest = to / f.lexically_relative(from);
        if (dest.parent_path() != to) fs::create_directories(dest.parent_path(), ec);
        if (std::string e = placeFile(f, dest); !e.empty()) return e;
    }
    return {};
}

// Where the temporary folder goes: beside OUT, or in the system's temporary folder when OUT is a
// device or a FIFO (/dev is no place for it).
fs::path temporaryFolder(const fs::path& folder, const OutputTarget& target, std::error_code& ec) {
    const fs::path base = target.kind == OutputTarget::Kind::WriteThrough ? fs::temp_directory_path(ec) : folder;
    // Absolute, so that the paths an exporter derives from it stay inside it; without a dot, as
    // the obj exporter cuts a path at its last '.' to name the .mtl.
    return fs::absolute(base / fs::u8path(temporaryName()), ec).lexically_normal();
}

}  // namespace

std::string exportSafely(Assimp::Exporter& exporter, aiScene* scene, const std::string& formatId,
                         const std::string& out, const std::string& input) {
    const fs::path outPath = fs::u8path(out);
    const fs::path name = outPath.filename();
    fs::path folder = outPath.parent_path();
    if (folder.empty()) folder = ".";
    if (name.empty() || name == "." || name == "..") return "cannot write " + out + ": not a file name";
    const OutputTarget outTarget = outputTarget(out);
    if (outTarget.kind == OutputTarget::Kind::Refused) return "cannot write " + out + ": " + outTarget.reason;
    noteLeftovers(folder.u8string());
    std::error_code ec;
    const fs::path tmp = temporaryFolder(folder, outTarget, ec);
    if (ec) return "cannot write " + out + ": " + ec.message();
    LiveTemporary live(tmp.u8string(), true);  // registered first: a signal right after the mkdir finds it
    const bool madeFolder = fs::create_directory(tmp, ec);
    live.made();
    if (!madeFolder) return "cannot write " + out + ": " + (ec ? ec.message() : "folder exists");

    if (std::string e = shapeTexturesForFormat(scene, formatId, tmp, outPath.stem().u8string()); !e.empty()) {
        fs::remove_all(tmp, ec);
        // Named as the user will look for it: in OUT's folder, not the temporary one.
        const std::string tmpText = tmp.u8string();
        if (const size_t at = e.find(tmpText); at != std::string::npos)
            e.replace(at, tmpText.size(), fs::absolute(folder, ec).lexically_normal().u8string());
        return e;
    }

    auto state = std::make_shared<WriteState>();
    exporter.SetIOHandler(new CheckedIOSystem(tmp, state));  // the exporter owns it
    // The path handed to the exporter: a bare name, which our IOSystem resolves in the temporary
    // folder, so that the folder never shows in what exporters write into the file (glTF 1
    // buffer URIs, the assxml header). Except 3mf, whose zip library opens the path itself,
    // collada, which puts embedded textures in the folder part of its path, and pbrt, which
    // makes the file's path from it differently in each Assimp release (assimp_compat.hpp).
    const assimp::PbrtTarget pbrt = assimp::pbrtTarget(name.u8string());
    const std::string target = formatId == "3mf"       ? (tmp / name).u8string()
                               : formatId == "collada" ? "./" + name.u8string()
                               : formatId == "pbrt"    ? pbrt.path
                                                       : name.u8string();
    const aiReturn written = exporter.Export(scene, formatId.c_str(), target.c_str());
    const std::string why = exporter.GetErrorString();
    exporter.SetIOHandler(new Assimp::DefaultIOSystem);  // every stream is closed by now
    // Assimp 5.4+'s pbrt exporter names the file BASE.pbrt whatever OUT's extension.
    if (formatId == "pbrt" && written == aiReturn_SUCCESS && pbrt.written != name.u8string())
        fs::rename(tmp / fs::u8path(pbrt.written), tmp / name, ec);

    std::string error;
    if (!state->outsideWrite.empty()) {
        error = "export to " + formatId + " failed: the exporter tried to write " + state->outsideWrite + ", outside " +
                out + "'s folder; refused";
    } else if (state->error) {
        // Named as the user will look for it: the final path, not the temporary one.
        const fs::path rel = state->failedPath.lexically_relative(tmp);
        const fs::path shown = rel.empty() || *rel.begin() == ".." ? state->failedPath : outPath.parent_path() / rel;
        error = "cannot write " + shown.u8string() + ": " + errnoText(state->error);
    } else if (written != aiReturn_SUCCESS) {
        error = "export to " + formatId + " failed: " + (why.empty() ? "no reason given" : why);
    } else if (!fs::is_regular_file(tmp / name, ec)) {
        error = "export to " + formatId + " failed: the exporter wrote no " + name.u8string();
    } else if (formatId == "3mf") {
        if (const std::string defect = zipDefect(tmp / name); !defect.empty())
            error = "cannot write " + out + ": " + likelyReason(folder, defect);
    }
    if (error.empty()) holdForTest(tmp.u8string());
    if (error.empty()) error = moveIntoPlace(tmp, folder, name, input);
    fs::remove_all(tmp, ec);
    return error;
}

}  // namespace rv::cli
