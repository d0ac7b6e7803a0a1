// A decoded image: what every texture decoder of rvimport hands to its callers.
#pragma once

#include <cstdint>
#include <vector>

namespace rv {

// 8-bit RGBA pixels, row-major, top row first (the first row stored in the file is the top of the
// picture, as in DirectX, glTF and PNG). rgba holds width * height * 4 bytes: R, G, B, A.
struct Image {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> rgba;
};

}  // namespace rv
