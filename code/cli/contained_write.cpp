#include "cli/contained_write.hpp"

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"

#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

const char* const kLinkRefused = ": a symbolic link; links below the output folder are not followed";

}  // namespace

#ifndef _WIN32

ContainedFolder::ContainedFolder(const std::string& dir, const std::vector<std::string>& parts) : path_(dir) {
    std::error_code ec;
    fs::create_directories(fs::u8path(dir), ec);
    fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) {
        error_ = "cannot write " + dir + ": " + (ec ? ec.message() : errnoText(errno));
        return;
    }
    for (const std::string& part : parts) {
        path_ += "/" + part;
        struct stat st;
        if (fstatat(fd_, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno != ENOENT || (mkdirat(fd_, part.c_str(), 0777) != 0 && errno != EEXIST)) {
                error_ = "cannot write " + path_ + ": " + errnoText(errno);
                return;
            }
        } else if (S_ISLNK(st.st_mode)) {
            error_ = "cannot write " + path_ + kLinkRefused;
            return;
        }
        // O_NOFOLLOW also catches a link put there since the check.
        const int next = openat(fd_, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const int error = errno;
        ::close(fd_);
        fd_ = next;
        if (fd_ < 0) {
            error_ = "cannot write " + path_ + ": " + (error == ELOOP ? kLinkRefused + 2 : errnoText(error));
            return;
        }
    }
}

ContainedFolder::~ContainedFolder() {
    if (fd_ >= 0) ::close(fd_);
}

ContainedFolder::Entry ContainedFolder::entry(const std::string& name) const {
    struct stat st;
    if (fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return Entry::None;
    if (S_ISLNK(st.st_mode)) return Entry::Link;
    return S_ISREG(st.st_mode) ? Entry::File : Entry::Other;
}

bool ContainedFolder::sameFile(const std::string& name, const std::string& other) const {
    struct stat a, b;
    return fstatat(fd_, name.c_str(), &a, AT_SYMLINK_NOFOLLOW) == 0 && ::stat(other.c_str(), &b) == 0 &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

std::string ContainedFolder::write(const std::string& name, const std::function<bool(std::FILE*)>& write,
                                   SyncMode mode) const {
    const std::string shown = path_ + "/" + name;
    noteLeftovers(path_);
    const std::string tmp = "." + temporaryName();
    LiveTemporary live(path_ + "/" + tmp, false);  // registered first: a signal right after the open finds it
    const int tfd = openat(fd_, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    const int openError = errno;
    live.made();
    if (tfd < 0) return "cannot write " + shown + ": " + errnoText(openError);
    std::FILE* f = fdopen(tfd, "wb");
    int error = f ? fillFile(f, write, mode) : errno;
    if (!f) ::close(tfd);
    if (!error) holdForTest(path_ + "/" + tmp);
    // renameat replaces a name in this folder, never what a link there points to.
    if (!error && renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0) error = errno;
    if (!error) return {};
    unlinkat(fd_, tmp.c_str(), 0);
    return "cannot write " + shown + ": " + errnoText(error);
}

#else

namespace {

DWORD attributesOf(const fs::path& p) { return GetFileAttributesW(p.wstring().c_str()); }

}  // namespace

// Windows has no openat: each component is checked for a reparse point (a symbolic link or a
// junction) before it is used. A link made between the check and the write is not caught.
ContainedFolder::ContainedFolder(const std::string& dir, const std::vector<std::string>& parts) : path_(dir) {
    std::error_code ec;
    fs::path p = fs::u8path(dir);
    fs::create_directories(p, ec);
    if (ec) {
        error_ = "cannot write " + dir + ": " + ec.message();
        return;
    }
    for (const std::string& part : parts) {
        p /= fs::u8path(part);
        path_ += "/" + part;
        const DWORD a = attributesOf(p);
        if (a == INVALID_FILE_ATTRIBUTES) {
            if (!fs::create_directory(p, ec) && ec) {
                error_ = "cannot write " + path_ + ": " + ec.message();
                return;
            }
        } else if (a & FILE_ATTRIBUTE_REPARSE_POINT) {
            error_ = "cannot write " + path_ + kLinkRefused;
            return;
        } else if (!(a & FILE_ATTRIBUTE_DIRECTORY)) {
            error_ = "cannot write " + path_ + ": " + errnoText(ENOTDIR);
            return;
        }
    }
}

ContainedFolder::~ContainedFolder() = default;

ContainedFolder::Entry ContainedFolder::entry(const std::string& name) const {
    const DWORD a = attributesOf(fs::u8path(path_) / fs::u8path(name));
    if (a == INVALID_FILE_ATTRIBUTES) return Entry::None;
    if (a & FILE_ATTRIBUTE_REPARSE_POINT) return Entry::Link;
    return a & FILE_ATTRIBUTE_DIRECTORY ? Entry::Other : Entry::File;
}

bool ContainedFolder::sameFile(const std::string& name, const std::string& other) const {
    return rv::cli::sameFile((fs::u8path(path_) / fs::u8path(name)).u8string(), other);
}

std::string ContainedFolder::write(const std::string& name, const std::function<bool(std::FILE*)>& write,
                                   SyncMode /*mode: Windows flushes each file*/) const {
    return writeFileSafely((fs::u8path(path_) / fs::u8path(name)).u8string(), write);
}

#endif

}  // namespace rv::cli
