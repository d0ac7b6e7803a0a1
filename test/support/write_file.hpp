// The generators' one way to write a file: whole, checked, with the system's reason on failure.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace rvtest {

inline bool writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        std::perror(path.c_str());
        return false;
    }
    return true;
}

}  // namespace rvtest
