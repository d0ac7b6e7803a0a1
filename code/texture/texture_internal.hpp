// Internal: the pieces of the PAA decoder, one file per concept.
//   paa_container.cpp  type, TAGGs, palette, mip table (decodePaa)
//   paa_storage.cpp    how a mip's bytes are packed: raw, LZO, LZSS + checksum, RLE
//   paa_mip.cpp        one mip to RGBA8 (decodePaaMip)
//   dxt_blocks.cpp     DXT1-5 blocks
//   pixel_formats.cpp  4444, 1555, 8888, AI88, P8
//   swizzle.cpp        the ZIWS inverse
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/byte_reader.hpp"
#include "rv/paa.hpp"

namespace rv::texture {

// ---- DXT (dxt_blocks.cpp) ----
enum class DxtKind { Dxt1, Dxt3, Dxt5 };  // DXT2 decodes as DXT3, DXT4 as DXT5
DxtKind dxtKind(PaaType type);
// Whole 4x4 blocks: max(1, ceil(w/4)) * max(1, ceil(h/4)) * (8 for DXT1, 16 otherwise).
uint64_t dxtDataSize(DxtKind kind, uint32_t width, uint32_t height);
// `blocks` holds dxtDataSize bytes; `rgba` width * height * 4. Blocks past the right or bottom
// edge of a non-multiple-of-4 size are clipped.
void decodeDxt(DxtKind kind, const uint8_t* blocks, uint32_t width, uint32_t height, uint8_t* rgba);

// ---- uncompressed pixel formats (pixel_formats.cpp) ----
// Bytes per pixel of the stored data: 2 (4444, 1555, AI88), 4 (8888), 1 (P8); 0 for DXT.
uint32_t bytesPerPixel(PaaType type);
// Converts `pixels` stored pixels of `type` (not DXT, not P8) to RGBA8.
void decodePixels(PaaType type, const uint8_t* src, size_t pixels, uint8_t* rgba);
// The 256 RGBA entries a P8 index maps to (indices past the palette stay 0: checked by the caller).
std::array<uint32_t, 256> paletteTable(const PaaTexture& texture);
void decodeIndices(const std::array<uint32_t, 256>& table, const uint8_t* src, size_t pixels, uint8_t* rgba);

// ---- ZIWS (swizzle.cpp) ----
bool isIdentitySwizzle(const std::array<uint8_t, 4>& ziws);
void undoSwizzle(const std::array<uint8_t, 4>& ziws, uint8_t* rgba, size_t pixels);

// ---- pixels (dxt_blocks.cpp, pixel_formats.cpp) ----
// One pixel packed as the bytes R, G, B, A in memory (little-endian hosts only: byte_reader.hpp).
inline uint32_t packRgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return r | (g << 8) | (b << 16) | (a << 24);
}
inline uint32_t load16(const uint8_t* p) { return uint32_t(p[0]) | (uint32_t(p[1]) << 8); }

// ---- mip storage (paa_storage.cpp) ----
// Best expansion of each codec, to bound what a mip's data could unpack to: LZSS turns 17 bytes
// (flags + 8 references) into 144; LZO1X adds up to 255 bytes per length-extension byte; an RLE
// run turns 2 bytes into 128.
constexpr uint64_t kLzssMaxRatio = 9, kLzoMaxRatio = 256, kRleMaxRatio = 64;

// Unpacks the mip whose data `r` covers exactly into `out` (mip.decodedSize bytes).
void unpackMip(ByteReader& r, const PaaMip& mip, LzssChecksum checksum, uint8_t* out);
// Whether `size` bytes are a complete LZSS stream of `decodedSize` bytes plus a checksum that
// matches (signed or unsigned). Tells an LZSS mip from a raw one of the same size.
bool isLzssStream(const uint8_t* data, size_t size, size_t decodedSize);

}  // namespace rv::texture
