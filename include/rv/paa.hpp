// PAA / PAC textures (Real Virtuality: OFP to Arma 3), decoded to RGBA8.
//
// Two steps, so a caller that only wants one mip never inflates the others:
//
//   auto tex = rv::decodePaa(bytes.data(), bytes.size(), "m_co.paa");   // header, tags, mip table
//   if (!tex) std::cerr << tex.error().message << '\n';                  // file, structure, offset
//   auto img = rv::decodePaaMip(*tex, bytes.data(), bytes.size(), 0);    // mip 0 as RGBA8
//
// Layout (format notes §4, corrected by the real files in ../shared/samples/textures):
//   u16 type                 0xFF01..0xFF05 DXT1..5, 0x4444, 0x1555, 0x8080 (AI88), 0x8888;
//                            any other value: an OFP texture without a type (see PaaType::P8)
//   TAGGs                    "GGAT", 4-char name stored reversed ("CGVA" = AVGC), u32 size, data
//   u16 nColors, nColors x (u8 b, g, r)        the palette (P8 only; 0 elsewhere)
//   mips until u32 0         u16 width (bit 15: LZO), u16 height, u24 dataSize, data
//   u16 0                    present in BI's files, missing in some third-party ones: tolerated
//
// Hostile input: every size is checked against the bytes left before anything is allocated, a
// mip whose dimensions could not come out of its data at its codec's best ratio is refused while
// the header is read, and no decode may use more than the memory limit. Errors are
// rv::DecodeError with a DiagKind, the structure ("mip 2") and the byte offset.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/defaults.hpp"

#include "rv/error.hpp"
#include "rv/image.hpp"
#include "rv/memory_budget.hpp"
#include "rv/options.hpp"

namespace rv {

enum class PaaType : uint16_t {
    Dxt1 = 0xFF01,
    Dxt2 = 0xFF02,  // DXT3 blocks with premultiplied alpha: decoded as stored (not un-premultiplied)
    Dxt3 = 0xFF03,
    Dxt4 = 0xFF04,  // DXT5 blocks with premultiplied alpha: decoded as stored
    Dxt5 = 0xFF05,
    Argb4444 = 0x4444,  // D3D A4R4G4B4: u16 LE, A in the top nibble, then R, G, B
    Argb1555 = 0x1555,  // D3D A1R5G5B5: u16 LE, A in bit 15, then R, G, B
    Argb8888 = 0x8888,  // bytes B, G, R, A
    Ai88 = 0x8080,      // byte 0 intensity (R = G = B), byte 1 alpha
    // OFP's 8-bit palette texture. It has no type field: a .pac file whose first u16 is no known
    // type starts directly with its TAGGs or palette (the engine's rule; a .paa without a type is
    // an untagged ARGB4444 instead). Indices are RLE-packed, or LZSS-packed behind the magic mip
    // size 1234 x 8765.
    P8 = 0x0000,
};

const char* paaTypeName(PaaType type);  // "DXT1", "ARGB4444", "P8"...
// A PAA's signature: its first u16 is one of the types above. OFP's untyped files have none, and
// only their name tells them (isPaaName).
bool hasPaaType(const uint8_t* data, size_t size);
bool isPaaName(const std::string& name);  // ends in .paa or .pac (any case)
bool isDxt(PaaType type);

// How one mip's bytes are stored.
enum class PaaStorage : uint8_t {
    Raw,   // the pixel data as is
    Lzo,   // LZO1X (DXT mips with bit 15 of the width set)
    Lzss,  // BI LZSS + a 32-bit checksum (non-DXT mips; P8 behind 1234 x 8765)
    Rle,   // OFP's run-length packing of P8 indices
};
const char* paaStorageName(PaaStorage storage);  // "raw", "LZO", "LZSS", "RLE"

struct PaaColor {
    uint8_t r = 0, g = 0, b = 0, a = 0;
};

struct PaaTag {
    std::string name;     // as stored: "CGVA", "CXAM", "GALF", "ZIWS", "SFFO", "PROC", or unknown
    uint64_t offset = 0;  // of its "GGAT"
    uint32_t size = 0;    // of its data
};

struct PaaMip {
    uint32_t width = 0, height = 0;  // bit 15 of the stored width cleared
    PaaStorage storage = PaaStorage::Raw;
    uint64_t headerOffset = 0;  // where its u16 width starts
    uint64_t dataOffset = 0;    // where its data starts
    uint32_t dataSize = 0;      // the stored u24
    uint64_t decodedSize = 0;   // bytes of pixel data once unpacked (DXT: whole 4x4 blocks)
};

struct PaaTexture {
    std::string sourceName;  // starts every message of decodePaaMip
    uint64_t fileSize = 0;
    PaaType type = PaaType::Dxt1;
    uint16_t typeTag = 0;  // the first u16 as stored
    bool typed = true;     // false: an OFP file without a type field (P8, or ARGB4444 in a .paa)

    std::vector<PaaTag> tags;  // in file order
    bool hasAverageColor = false, hasMaxColor = false;
    PaaColor averageColor, maxColor;  // CGVA / CXAM (stored as u32 ARGB: bytes B, G, R, A)
    bool hasFlags = false;
    uint32_t flags = 0;  // GALF as stored; only bits 0 (alpha) and 1 (1-bit transparency) mean anything
    bool alpha() const { return (flags & 1) != 0; }
    bool transparent() const { return (flags & 2) != 0; }
    bool hasSwizzle = false;
    std::array<uint8_t, 4> swizzle{0, 1, 2, 3};  // ZIWS in stored order A, R, G, B (see decodePaaMip)
    std::string procedural;                      // PROC text
    std::vector<uint32_t> mipOffsets;            // SFFO as stored (not trusted: can point 2 bytes early)

    std::vector<PaaColor> palette;  // P8: the colours (a = 255)
    std::vector<PaaMip> mips;       // in file order; mips[0] is the largest
    bool trailingZero = false;      // the closing u16 0 was present

    std::vector<Warning> warnings;

    uint32_t width() const { return mips.empty() ? 0 : mips[0].width; }
    uint32_t height() const { return mips.empty() ? 0 : mips[0].height; }
};

// Reads the type, TAGGs, palette and the mip table of a PAA / PAC file held in memory, walking the
// mips in order (SFFO is kept, not trusted). Pixel data is not unpacked here, but each mip's size
// is checked against its data and against options.memoryLimit. `sourceName` (usually the file
// name) starts every message and, for files without a type field, decides P8 (".pac") versus
// ARGB4444 (anything else), as the engine does.
[[nodiscard]] Result<PaaTexture> decodePaa(const uint8_t* data, size_t size, const std::string& sourceName,
                                           const Options& options = {});

// Which LZSS checksum a non-DXT mip may carry. BI's tools sum the bytes as signed int8 (every
// LZSS mip of the real 4444 / 1555 samples); HEMTT stores the unsigned sum (an ARGB8888 sample).
enum class LzssChecksum : uint8_t { Either, Signed, Unsigned };

struct PaaDecodeOptions {
    // false (default): undo the ZIWS swizzle, so a _nohq comes out as an ordinary normal map and
    // every texture as it is meant to be seen. true: the channels exactly as stored.
    bool rawChannels = false;
    LzssChecksum checksum = LzssChecksum::Either;   // tests pin one to prove which one a file holds
    uint64_t memoryLimit = defaults::kMemoryLimit;  // the most one mip decode may allocate
    // The import's budget, when the decode is part of one: the decode may then allocate what it has
    // left (and at most memoryLimit), and a refusal names its limit. Nothing is charged here: the
    // caller charges the pixels it keeps.
    const MemoryBudget* budget = nullptr;
};

// Decodes mip `mipIndex` of a texture read by decodePaa from the same bytes, to RGBA8 (top row
// first). DXT follows libsquish's integer convention bit for bit; 4444 nibbles x 17, 1555 5-bit
// channels by bit replication and alpha 0 or 255, P8 palette colours with alpha 255, except the
// engine's transparent key colours (ff00ff, 00ffff), which become the average colour with alpha 0.
// The ZIWS inverse: start from the identity; for each stored channel c in the order A, R, G, B
// with v = ZIWS byte c: v = 0..3 (A, R, G, B) sets out[v] = stored[c]; v = 4..7 sets
// out[v - 4] = 255 - stored[c]; 8 (constant one) sets nothing; a later assignment wins.
[[nodiscard]] Result<Image> decodePaaMip(const PaaTexture& texture, const uint8_t* data, size_t size, size_t mipIndex,
                                         const PaaDecodeOptions& options = {});

}  // namespace rv
