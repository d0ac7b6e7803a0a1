// PNG encoding of decoded images, for outputs that embed or ship textures (glTF, every Assimp
// format, the CLI's texture export).
#pragma once

#include <cstdint>
#include <vector>

#include "rv/image.hpp"

namespace rv {

// The image as a PNG file in memory (RGBA, 8 bits per channel); empty if encoding failed.
std::vector<uint8_t> encodePng(const Image& image);

}  // namespace rv
