// DXT1-5 (S3TC / BC1-3) blocks to RGBA8, bit for bit in libsquish's convention, which the reference
// decodes of the samples agree on (../shared/samples/textures/README.md): 565 endpoints widened by
// bit replication; the two interpolated colours (2a+b)/3 and (a+2b)/3 in integers, truncated; the
// 3-colour mode (c0 <= c1: (a+b)/2 and transparent black) only in DXT1, since DXT3/5 colour blocks
// are always 4-colour; DXT5 alpha ((8-i)a0 + (i-1)a1)/7, or /5 with 0 and 255 when a0 <= a1; DXT3
// alpha nibble x 17. Other correct decoders round and differ by one here and there.
#include <cstring>

#include "texture/texture_internal.hpp"

namespace rv::texture {
namespace {

inline uint32_t load32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

struct Rgb {
    uint32_t r, g, b;
};

inline Rgb expand565(uint32_t c) {
    const uint32_t r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
    return {(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)};
}

// The four colours of a colour block; `dxt1` allows the 3-colour + transparent mode.
inline void colourPalette(const uint8_t* block, bool dxt1, uint32_t out[4]) {
    const uint32_t c0 = load16(block), c1 = load16(block + 2);
    const Rgb a = expand565(c0), b = expand565(c1);
    out[0] = packRgba(a.r, a.g, a.b, 255);
    out[1] = packRgba(b.r, b.g, b.b, 255);
    if (dxt1 && c0 <= c1) {
        out[2] = packRgba((a.r + b.r) / 2, (a.g + b.g) / 2, (a.b + b.b) / 2, 255);
        out[3] = 0;  // transparent black
    } else {
        out[2] = packRgba((2 * a.r + b.r) / 3, (2 * a.g + b.g) / 3, (2 * a.b + b.b) / 3, 255);
        out[3] = packRgba((a.r + 2 * b.r) / 3, (a.g + 2 * b.g) / 3, (a.b + 2 * b.b) / 3, 255);
    }
}

// 16 pixels from a colour block: 2-bit indices, pixel 0 in the lowest bits, rows top first.
inline void colourBlock(const uint8_t* block, bool dxt1, uint32_t px[16]) {
    uint32_t palette[4];
    colourPalette(block, dxt1, palette);
    const uint32_t bits = load32(block + 4);
    for (int i = 0; i < 16; ++i) px[i] = palette[(bits >> (2 * i)) & 3];
}

// DXT3: 16 explicit 4-bit alphas, low nibble first.
inline void explicitAlpha(const uint8_t* block, uint32_t px[16]) {
    for (int i = 0; i < 8; ++i) {
        const uint32_t lo = block[i] & 15u, hi = block[i] >> 4;
        px[2 * i] = (px[2 * i] & 0x00FFFFFFu) | ((lo * 17) << 24);
        px[2 * i + 1] = (px[2 * i + 1] & 0x00FFFFFFu) | ((hi * 17) << 24);
    }
}

// DXT5: two endpoints and 16 3-bit indices into 8 interpolated alphas.
inline void interpolatedAlpha(const uint8_t* block, uint32_t px[16]) {
    const uint32_t a0 = block[0], a1 = block[1];
    uint32_t alpha[8] = {a0, a1, 0, 0, 0, 0, 0, 255};
    if (a0 <= a1) {
        for (uint32_t i = 1; i <= 4; ++i) alpha[1 + i] = ((5 - i) * a0 + i * a1) / 5;
    } else {
        for (uint32_t i = 1; i <= 6; ++i) alpha[1 + i] = ((7 - i) * a0 + i * a1) / 7;
    }
    uint64_t bits = 0;
    for (int i = 0; i < 6; ++i) bits |= uint64_t(block[2 + i]) << (8 * i);
    for (int i = 0; i < 16; ++i) px[i] = (px[i] & 0x00FFFFFFu) | (alpha[(bits >> (3 * i)) & 7] << 24);
}

inline void decodeBlock(DxtKind kind, const uint8_t* block, uint32_t px[16]) {
    switch (kind) {
        case DxtKind::Dxt1:
            colourBlock(block, true, px);
            break;
        case DxtKind::Dxt3:
            colourBlock(block + 8, false, px);
            explicitAlpha(block, px);
            break;
        case DxtKind::Dxt5:
            colourBlock(block + 8, false, px);
            interpolatedAlpha(block, px);
            break;
    }
}

uint32_t blocksAcross(uint32_t size) { return size < 4 ? 1 : (size + 3) / 4; }

}  // namespace

DxtKind dxtKind(PaaType type) {
    switch (type) {
        case PaaType::Dxt1:
            return DxtKind::Dxt1;
        case PaaType::Dxt2:
        case PaaType::Dxt3:
            return DxtKind::Dxt3;
        default:
            return DxtKind::Dxt5;
    }
}

uint64_t dxtDataSize(DxtKind kind, uint32_t width, uint32_t height) {
    return uint64_t(blocksAcross(width)) * blocksAcross(height) * (kind == DxtKind::Dxt1 ? 8 : 16);
}

namespace {

inline uint64_t load64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

// One kind's loop, the kind a constant. A block equal to the one before decodes to the same
// pixels: flat areas (a plain _smdi, a uniform mask) repeat whole runs of blocks, and comparing
// its one or two words is cheaper than decoding it (2.7x on a real DXT5 normal map).
template <DxtKind Kind>
void decodeDxtAs(const uint8_t* blocks, uint32_t width, uint32_t height, uint8_t* rgba) {
    constexpr size_t blockBytes = Kind == DxtKind::Dxt1 ? 8 : 16;
    const uint32_t across = blocksAcross(width), down = blocksAcross(height);
    const size_t rowBytes = size_t(width) * 4;
    uint32_t px[16];
    uint64_t last0 = 0, last1 = 0;
    bool decoded = false;
    for (uint32_t by = 0; by < down; ++by) {
        const uint32_t y0 = by * 4;
        const uint32_t rows = height - y0 < 4 ? height - y0 : 4;  // clipped at the bottom edge
        for (uint32_t bx = 0; bx < across; ++bx, blocks += blockBytes) {
            const uint64_t w0 = load64(blocks), w1 = blockBytes == 16 ? load64(blocks + 8) : 0;
            if (!decoded || w0 != last0 || w1 != last1) {
                decodeBlock(Kind, blocks, px);
                last0 = w0, last1 = w1, decoded = true;
            }
            const uint32_t x0 = bx * 4;
            uint8_t* dst = rgba + y0 * rowBytes + size_t(x0) * 4;
            if (rows == 4 && width - x0 >= 4) {  // a whole block: four 16-byte rows
                for (uint32_t y = 0; y < 4; ++y) std::memcpy(dst + y * rowBytes, px + 4 * y, 16);
                continue;
            }
            const size_t cols = width - x0 < 4 ? width - x0 : 4;  // clipped at the right edge
            for (uint32_t y = 0; y < rows; ++y) std::memcpy(dst + y * rowBytes, px + 4 * y, cols * 4);
        }
    }
}

}  // namespace

void decodeDxt(DxtKind kind, const uint8_t* blocks, uint32_t width, uint32_t height, uint8_t* rgba) {
    switch (kind) {
        case DxtKind::Dxt1:
            return decodeDxtAs<DxtKind::Dxt1>(blocks, width, height, rgba);
        case DxtKind::Dxt3:
            return decodeDxtAs<DxtKind::Dxt3>(blocks, width, height, rgba);
        case DxtKind::Dxt5:
            return decodeDxtAs<DxtKind::Dxt5>(blocks, width, height, rgba);
    }
}

}  // namespace rv::texture
