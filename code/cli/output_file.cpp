#include "cli/output_file.hpp"

#include "rv/open.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "rv/file_bytes.hpp"

#ifdef _WIN32
#include <io.h>
#include <process.h>
#else
#include <unistd.h>
#endif

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

}  // namespace

// Flushes the C buffer and asks the system to put the data on disk, so a crash right after the
// rename cannot leave an empty file under the final name.
int finishFile(std::FILE* f) {
    errno = 0;
    if (std::fflush(f) != 0) return errno ? errno : EIO;
    if (std::ferror(f)) return errno ? errno : EIO;
#ifdef _WIN32
    if (_commit(_fileno(f)) != 0) return errno ? errno : EIO;
#else
    // EINVAL / ENOTSUP: a pipe or a device, nothing to sync.
    if (fsync(fileno(f)) != 0 && errno != EINVAL && errno != ENOTSUP) return errno ? errno : EIO;
#endif
    return 0;
}

std::string errnoText(int error) { return error ? std::string(std::strerror(error)) : std::string("write error"); }

std::string temporarySuffix() {
    static std::atomic<unsigned> counter{0};
#ifdef _WIN32
    const long pid = long(_getpid());
#else
    const long pid = long(getpid());
#endif
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    return ".rvtmp-" + std::to_string(pid) + "-" + std::to_string(counter.fetch_add(1)) + "-" +
           std::to_string(uint64_t(stamp) % 1000000007u);
}

std::string writeFileSafely(const std::string& path, const std::function<bool(std::FILE*)>& write) {
    const std::string tmp = path + temporarySuffix();
    errno = 0;
    std::FILE* f = openFile(tmp, "wb");
    if (!f) return "cannot write " + path + ": " + errnoText(errno);
    errno = 0;
    bool ok = write(f);
    int error = errno;  // the failing write's reason, when the writer failed
    if (ok) {
        error = finishFile(f);
        ok = error == 0;
    } else if (error == 0) {
        error = finishFile(f);
    }
    errno = 0;
    if (std::fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    std::error_code ec;
    if (ok) fs::rename(fs::u8path(tmp), fs::u8path(path), ec);
    if (!ok || ec) {
        std::error_code ignored;
        fs::remove(fs::u8path(tmp), ignored);
        return "cannot write " + path + ": " + (!ok ? errnoText(error) : ec.message());
    }
    return {};
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

}  // namespace rv::cli
