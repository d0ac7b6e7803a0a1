#include "cli/output_file.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "rv/file_bytes.hpp"

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

// Flushes the C buffer and asks the system to put the data on disk, so a crash right after the
// rename cannot leave an empty file under the final name.
bool flushToDisk(std::FILE* f) {
    if (std::fflush(f) != 0 || std::ferror(f)) return false;
#ifdef _WIN32
    return _commit(_fileno(f)) == 0;
#else
    return fsync(fileno(f)) == 0 || errno == EINVAL;  // EINVAL: a pipe or device, nothing to sync
#endif
}

}  // namespace

std::string writeFileSafely(const std::string& path, const std::function<bool(std::FILE*)>& write) {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    const std::string tmp = path + ".rvtmp" + std::to_string(uint64_t(stamp) % 1000000007u);
    errno = 0;
    std::FILE* f = openFile(tmp, "wb");
    if (!f) return "cannot write " + path + ": " + std::strerror(errno);
    errno = 0;
    bool ok = write(f) && flushToDisk(f);
    const int writeErrno = errno;
    ok = (std::fclose(f) == 0) && ok;
    std::error_code ec;
    if (ok) fs::rename(fs::u8path(tmp), fs::u8path(path), ec);
    if (!ok || ec) {
        fs::remove(fs::u8path(tmp), ec);
        const char* why = !ok ? (writeErrno ? std::strerror(writeErrno) : "write failed") : nullptr;
        return "cannot write " + path + ": " + (why ? std::string(why) : ec.message());
    }
    return {};
}

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    return fs::equivalent(fs::u8path(a), fs::u8path(b), ec) && !ec;
}

}  // namespace rv::cli
