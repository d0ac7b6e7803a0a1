// Reading a whole file into memory, the one I/O step every decoder starts from.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/paths.hpp"  // fileNameOf, which callers of these functions name files with

namespace rv {

// Reads `path` (UTF-8) fully. Fails (naming the file) when it cannot be opened or read, or is larger
// than `maxBytes`.
Result<std::vector<uint8_t>> readFileBytes(const std::string& path, uint64_t maxBytes = uint64_t(4) << 30);

// `size` bytes at `offset` of the file at `path` (UTF-8): one PBO entry without the rest.
Result<std::vector<uint8_t>> readFileRange(const std::string& path, uint64_t offset, uint64_t size);

// std::fopen for a UTF-8 path. On Windows the narrow fopen takes the ANSI code page, so a path
// such as "C:\\Mods\\Überfall\\m.p3d" is converted to UTF-16 and opened with _wfopen; long
// absolute paths get the \\?\\ prefix there so they may exceed MAX_PATH.
std::FILE* openFile(const std::string& utf8Path, const char* mode);

#ifdef _WIN32
// A Windows UTF-16 string (a command-line argument, a module's file name) as UTF-8.
std::string utf8FromWide(const wchar_t* wide);
#endif

}  // namespace rv
