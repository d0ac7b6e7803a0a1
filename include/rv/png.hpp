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

// The image as a PNG file in memory (RGBA, 8 bits per channel); empty if encoding failed.
std::vector<uint8_t> encodePng(const Image& image);

// A PNG or TGA file to RGBA8. Refused (DiagKind::MemoryLimit, before any pixel is allocated) when
// its pixels would pass `memoryLimit`; other failures name `name` and what stb_image reported.
[[nodiscard]] Result<Image> decodeImageFile(const uint8_t* data, size_t size, const std::string& name,
                                            uint64_t memoryLimit);

}  // namespace rv
