// An RGBA image with the given pixels, for tests that work out expected texels by hand.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rv/image.hpp"

namespace rvtest {

inline rv::Image imageOf(uint32_t w, uint32_t h, std::vector<uint8_t> rgba) {
    rv::Image img;
    img.width = w;
    img.height = h;
    img.rgba = std::move(rgba);
    return img;
}

}  // namespace rvtest
