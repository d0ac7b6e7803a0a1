#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/stat.h>
#endif

namespace rv {

#ifdef _WIN32
namespace {

std::wstring widen(const std::string& utf8) {
    if (utf8.empty()) return {};
    const int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), nullptr, 0);
    if (n <= 0) return {};
    std::wstring out(size_t(n), L'\0');
    MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), out.data(), n);
    return out;
}

// "C:\a\b" or "C:/a/b" -> "\\?\C:\a\b": Windows lifts the 260-character limit for such paths.
// Only absolute drive paths qualify; the prefix also turns off '/' parsing, so slashes are
// turned into backslashes first.
std::wstring longPath(std::wstring p) {
    const bool drive = p.size() >= 3 && p[1] == L':' && (p[2] == L'\\' || p[2] == L'/');
    if (!drive || p.size() < 240) return p;
    for (wchar_t& c : p)
        if (c == L'/') c = L'\\';
    return L"\\\\?\\" + p;
}

}  // namespace
#endif

#ifdef _WIN32
std::string utf8FromWide(const wchar_t* wide) {
    const int len = WideCharToMultiByte(CP_UTF8, 0, wide, -1, nullptr, 0, nullptr, nullptr);
    std::string s(size_t(len > 0 ? len - 1 : 0), '\0');
    if (len > 1) WideCharToMultiByte(CP_UTF8, 0, wide, -1, s.data(), len, nullptr, nullptr);
    return s;
}
#endif

std::FILE* openFile(const std::string& utf8Path, const char* mode) {
#ifdef _WIN32
    const std::wstring wide = widen(utf8Path);
    if (wide.empty()) return nullptr;
    const std::wstring wmode(mode, mode + std::strlen(mode));
    return _wfopen(longPath(wide).c_str(), wmode.c_str());
#else
    return std::fopen(utf8Path.c_str(), mode);
#endif
}

namespace {

// POSIX opens a directory as a file, and seeking to its end gives a nonsense size (9.2 EB on
// Linux): say what it is instead. (Windows refuses to open a directory in the first place.)
bool isDirectory(std::FILE* f) {
#ifdef _WIN32
    (void)f;
    return false;
#else
    struct stat st;
    return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
#endif
}

DecodeError directoryError(const std::string& path) {
    return withSource(makeError(DiagKind::CannotRead, std::string("cannot read: ") + std::strerror(EISDIR), 0), path);
}

}  // namespace

Result<std::vector<uint8_t>> readFileBytes(const std::string& path, uint64_t maxBytes) {
    std::FILE* f = openFile(path, "rb");
    if (!f)
        return withSource(makeError(DiagKind::CannotRead, std::string("cannot open: ") + std::strerror(errno), 0),
                          path);
    if (isDirectory(f)) {
        std::fclose(f);
        return directoryError(path);
    }
    std::vector<uint8_t> bytes;
    long size = -1;
    if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
    if (size < 0 || std::fseek(f, 0, SEEK_SET) != 0) {
        std::fclose(f);
        return withSource(makeError(DiagKind::CannotRead, "cannot determine the file size", 0), path);
    }
    if (uint64_t(size) > maxBytes) {
        std::fclose(f);
        return withSource(makeError(DiagKind::MemoryLimit,
                                    "the file is " + std::to_string(size) + " bytes (" + formatBytes(uint64_t(size)) +
                                        "), more than the memory limit leaves room for (" + formatBytes(maxBytes) + ")",
                                    0),
                          path);
    }
    bytes.resize(size_t(size));
    size_t got = size ? std::fread(bytes.data(), 1, bytes.size(), f) : 0;
    std::fclose(f);
    if (got != bytes.size())
        return withSource(makeError(DiagKind::CannotRead,
                                    "read " + std::to_string(got) + " of " + std::to_string(size) + " bytes", got),
                          path);
    return bytes;
}

Result<std::vector<uint8_t>> readFileRange(const std::string& path, uint64_t offset, uint64_t size) {
    std::FILE* f = openFile(path, "rb");
    if (!f)
        return withSource(makeError(DiagKind::CannotRead, std::string("cannot open: ") + std::strerror(errno)), path);
    if (isDirectory(f)) {
        std::fclose(f);
        return directoryError(path);
    }
    std::vector<uint8_t> bytes;
    bool ok = offset <= uint64_t(INT64_MAX);
#ifdef _WIN32
    ok = ok && _fseeki64(f, int64_t(offset), SEEK_SET) == 0;
#else
    ok = ok && fseeko(f, off_t(offset), SEEK_SET) == 0;
#endif
    if (ok) {
        bytes.resize(size_t(size));
        ok = (size == 0 || std::fread(bytes.data(), 1, bytes.size(), f) == bytes.size());
    }
    std::fclose(f);
    if (!ok)
        return withSource(makeError(DiagKind::CannotRead, "cannot read " + std::to_string(size) + " bytes at offset " +
                                                              std::to_string(offset)),
                          path);
    return bytes;
}

}  // namespace rv
