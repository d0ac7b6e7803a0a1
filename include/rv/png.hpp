// PNG encoding of decoded images, for outputs that embed or ship textures (glTF, every Assimp
// format, the CLI's texture export); PNG and TGA decoding for the stand-ins of missing .paa files
// that converted P: drives hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/image.hpp"

namespace rv {

// The image as a PNG file in memory, 8 bits per channel, with the fewest channels that keep every
// pixel: RGB when every alpha is 255, grey (or grey and alpha) when R = G = B everywhere, else
// RGBA. A reader asking for RGBA gets back exactly image.rgba. Refused, naming the size: an image
// whose rows stb_image_write cannot count (DiagKind::BadCount: past about 15300 x 15300 in RGBA,
// 17700 x 17700 in RGB, 30700 x 30700 in grey; a smaller mip fits), an image whose pixels do not
// match its size (InvalidArgument), and running out of memory (OutOfMemory).
[[nodiscard]] Result<std::vector<uint8_t>> encodePng(const Image& image);

// A PNG or TGA file to RGBA8. Refused (DiagKind::MemoryLimit, before any pixel is allocated) when
// its pixels would pass `memoryLimit`; other failures name `name` and what stb_image reported.
[[nodiscard]] Result<Image> decodeImageFile(const uint8_t* data, size_t size, const std::string& name,
                                            uint64_t memoryLimit);

}  // namespace rv
