#include "cli/output_file.hpp"

#include <algorithm>

#include "rv/open.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "cli/input_files.hpp"
#include "cli/temp_files.hpp"
#include "rv/file_bytes.hpp"

#ifdef _WIN32
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

}  // namespace

// Flushes the C buffer and asks the system to put the data on disk, so a crash right after the
// rename cannot leave an empty file under the final name.
int finishFile(std::FILE* f, SyncMode mode) {
    errno = 0;
    if (std::fflush(f) != 0) return errno ? errno : EIO;
    if (std::ferror(f)) return errno ? errno : EIO;
    if (mode == SyncMode::Later) return 0;
#ifdef _WIN32
    if (_commit(_fileno(f)) != 0) return errno ? errno : EIO;
#else
    // EINVAL / ENOTSUP: a pipe or a device, nothing to sync.
    if (fsync(fileno(f)) != 0 && errno != EINVAL && errno != ENOTSUP) return errno ? errno : EIO;
#endif
    return 0;
}

int syncFolderTree(const std::string& dir) {
#ifdef __linux__
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno ? errno : EIO;
    const int error = syncfs(fd) == 0 ? 0 : (errno ? errno : EIO);
    ::close(fd);
    return error;
#else
    (void)dir;
    return 0;
#endif
}

std::string errnoText(int error) { return error ? std::string(std::strerror(error)) : std::string("write error"); }

OutputTarget outputTarget(const std::string& path) {
    const fs::path p = fs::u8path(path);
    std::error_code ec;
    const fs::file_status own = fs::symlink_status(p, ec);
    if (ec || !fs::exists(own)) return {OutputTarget::Kind::Replace, path, {}};
    const bool link = fs::is_symlink(own);
    const fs::file_status st = link ? fs::status(p, ec) : own;
    if (link && (ec || !fs::exists(st)))
        return {OutputTarget::Kind::Refused, path, "a symbolic link to nothing; refusing to replace the link"};
    switch (st.type()) {
        case fs::file_type::character:
        case fs::file_type::fifo:
            return {OutputTarget::Kind::WriteThrough, path, {}};
        case fs::file_type::block:
            return {OutputTarget::Kind::Refused, path, "a block device; refusing to write over it"};
        case fs::file_type::socket:
            return {OutputTarget::Kind::Refused, path, "a socket"};
        default:
            break;
    }
    if (!link) return {OutputTarget::Kind::Replace, path, {}};
    // The link stays; the file it names is replaced, as a shell's `>` would write it.
    const fs::path target = fs::canonical(p, ec);
    if (ec) return {OutputTarget::Kind::Refused, path, "a symbolic link that cannot be resolved: " + ec.message()};
    return {OutputTarget::Kind::Replace, target.u8string(), {}};
}

int fillFile(std::FILE* f, const std::function<bool(std::FILE*)>& write, SyncMode mode) {
    errno = 0;
    bool ok = write(f);
    int error = errno;  // the failing write's reason, when the writer failed
    if (ok) {
        error = finishFile(f, mode);
        ok = error == 0;
    } else if (error == 0) {
        error = finishFile(f, mode);
    }
    errno = 0;
    if (std::fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    return ok ? 0 : error ? error : EIO;
}

namespace {

// Straight into a device or a FIFO (/dev/stdout, a pipe a reader waits on): nothing to rename,
// but every write is still checked, so /dev/full fails.
std::string writeThrough(const std::string& path, const std::function<bool(std::FILE*)>& write) {
    errno = 0;
    std::FILE* f = openFile(path, "wb");
    if (!f) return "cannot write " + path + ": " + errnoText(errno);
    const int error = fillFile(f, write);
    return error ? "cannot write " + path + ": " + errnoText(error) : std::string();
}

// A temporary file beside `target` (a fixed short name, so any name that fits fits with it),
// renamed over `target` once complete. `shown` is the path as the user gave it.
std::string writeReplacing(const std::string& target, const std::string& shown,
                           const std::function<bool(std::FILE*)>& write) {
    const fs::path folder = fs::u8path(target).parent_path();
    noteLeftovers(folder.u8string());
    const std::string tmp = (folder / fs::u8path("." + temporaryName())).u8string();
    LiveTemporary live(tmp, false);  // registered first: a signal right after the open finds it
    errno = 0;
    std::FILE* f = openFile(tmp, "wb");
    const int openError = errno;
    live.made();
    if (!f) return "cannot write " + shown + ": " + errnoText(openError);
    int error = fillFile(f, write);
    if (!error) holdForTest(tmp);
    std::error_code ec;
    if (!error) fs::rename(fs::u8path(tmp), fs::u8path(target), ec);
    if (error || ec) {
        std::error_code ignored;
        fs::remove(fs::u8path(tmp), ignored);
        return "cannot write " + shown + ": " + (error ? errnoText(error) : ec.message());
    }
    return {};
}

}  // namespace

std::string writeFileSafely(const std::string& path, const std::function<bool(std::FILE*)>& write) {
    if (std::string clash = inputClash(path); !clash.empty()) return clash;
    const OutputTarget t = outputTarget(path);
    switch (t.kind) {
        case OutputTarget::Kind::Refused:
            return "cannot write " + path + ": " + t.reason;
        case OutputTarget::Kind::WriteThrough:
            return writeThrough(path, write);
        case OutputTarget::Kind::Replace:
            break;
    }
    return writeReplacing(t.path, path, write);
}

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    return fs::equivalent(fs::u8path(a), fs::u8path(b), ec) && !ec;
}

std::string inputProblem(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(fs::u8path(path), ec)) return "cannot open " + path + ": " + errnoText(EISDIR);
    errno = 0;
    std::FILE* f = openFile(path, "rb");
    if (!f) return "cannot open " + path + ": " + errnoText(errno ? errno : ENOENT);
    std::fclose(f);
    return {};
}

std::string dataRootProblem(const Options& options) {
    const std::string root = dataRootFolder(options);
    std::error_code ec;
    if (root.empty() || fs::is_directory(fs::u8path(root), ec)) return {};
    const std::string from = options.dataRoot.empty() ? " (RV_IMPORT_DATA_ROOT)" : "";
    return "the data root " + root + from + " is not a folder" + (ec ? ": " + ec.message() : "");
}

std::string stdoutFailure() {
    const int earlier = errno;  // the failing write's reason when stdio already gave up on it
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (flushed && !std::ferror(stdout)) return {};
    const int error = !flushed && errno ? errno : earlier;
    return "rvimport: cannot write standard output: " + errnoText(error);
}

std::vector<std::filesystem::path> missingFolders(std::filesystem::path folder) {
    std::vector<std::filesystem::path> missing;
    std::error_code ec;
    while (!folder.empty() && !std::filesystem::exists(folder, ec) && !ec) {
        missing.insert(missing.begin(), folder);
        if (folder.parent_path() == folder) break;
        folder = folder.parent_path();
    }
    return missing;
}

void removeEmptyFolders(std::vector<std::filesystem::path> folders) {
    std::sort(folders.begin(), folders.end(), [](const std::filesystem::path& a, const std::filesystem::path& b) {
        return a.native().size() > b.native().size();
    });
    std::error_code ec;
    for (const std::filesystem::path& f : folders)
        if (std::filesystem::is_empty(f, ec) && !ec) std::filesystem::remove(f, ec);
}

}  // namespace rv::cli
