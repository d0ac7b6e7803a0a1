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
#include "rv/memory_budget.hpp"

namespace rv {

// The image as a PNG file in memory, 8 bits per channel, with the fewest channels that keep every
// pixel: RGB when every alpha is 255, grey (or grey and alpha) when R = G = B everywhere, else
// RGBA. A reader asking for RGBA gets back exactly image.rgba. Refused, naming the size: an image
// whose rows are past 900 MiB (DiagKind::BadCount: about 15300 x 15300 in RGBA, 17700 x 17700 in
// RGB, 30700 x 30700 in grey; a smaller mip fits), an image whose pixels do not match its size
// (InvalidArgument), and running out of memory (OutOfMemory).
// With a budget, the encoder's scratch (pngEncodeScratchBytes) is charged before it is allocated
// and given back after; past the budget's limit the image is refused (MemoryLimit). The returned
// bytes are the caller's to charge, as it keeps them.
[[nodiscard]] Result<std::vector<uint8_t>> encodePng(const Image& image, MemoryBudget* budget = nullptr);

// The most a width x height image of `channels` channels makes the encoder hold at once, beyond
// the image itself (png_encode.cpp): the rows F = (w c + 1) h, the zlib stream and the file it
// is copied into (F + F / 16 bounds each), and 4 MiB for libdeflate's compressor.
uint64_t pngEncodeScratchBytes(uint32_t width, uint32_t height, int channels);

// A PNG or TGA file to RGBA8. Refused (DiagKind::MemoryLimit, before any pixel is allocated) when
// its pixels would pass `memoryLimit`; other failures name `name` and what stb_image reported.
[[nodiscard]] Result<Image> decodeImageFile(const uint8_t* data, size_t size, const std::string& name,
                                            uint64_t memoryLimit);

}  // namespace rv
