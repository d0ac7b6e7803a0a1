// An uncompressed 32-bit TGA, top row first (descriptor 0x28), from RGBA bytes: written byte by
// byte here so that the readers are checked against files they did not produce.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

namespace rvtest {

inline void writeTga(const std::filesystem::path& path, uint32_t w, uint32_t h, const std::vector<uint8_t>& rgba) {
    std::vector<uint8_t> b = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, uint8_t(w), uint8_t(w >> 8), uint8_t(h),
                              uint8_t(h >> 8), 32, 0x28};
    for (size_t i = 0; i + 3 < rgba.size(); i += 4) b.insert(b.end(), {rgba[i + 2], rgba[i + 1], rgba[i], rgba[i + 3]});
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

}  // namespace rvtest
