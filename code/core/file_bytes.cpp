#include "rv/file_bytes.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace rv {

std::string fileNameOf(const std::string& path) {
    size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

Result<std::vector<uint8_t>> readFileBytes(const std::string& path, uint64_t maxBytes) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return makeError(DiagKind::CannotRead, path + ": cannot open: " + std::strerror(errno), 0);
    std::vector<uint8_t> bytes;
    long size = -1;
    if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
    if (size < 0 || std::fseek(f, 0, SEEK_SET) != 0) {
        std::fclose(f);
        return makeError(DiagKind::CannotRead, path + ": cannot determine the file size", 0);
    }
    if (uint64_t(size) > maxBytes) {
        std::fclose(f);
        return makeError(DiagKind::MemoryLimit, path + ": file is " + std::to_string(size) + " bytes, over the " +
                               std::to_string(maxBytes) + "-byte limit",
                           0);
    }
    bytes.resize(size_t(size));
    size_t got = size ? std::fread(bytes.data(), 1, bytes.size(), f) : 0;
    std::fclose(f);
    if (got != bytes.size()) return makeError(DiagKind::CannotRead, path + ": read " + std::to_string(got) + " of " +
                                                    std::to_string(size) + " bytes",
                                                got);
    return bytes;
}

}  // namespace rv
