// The uncompressed PAA pixel formats to RGBA8.
//
// 4444 and 1555 are Direct3D's A4R4G4B4 / A1R5G5B5: read as a little-endian u16, alpha sits in the
// top bits, then red, green, blue. (Two public readers take them as R, G, B, A from the top and get
// swapped channels; the engine's own GetPixel reads them as here, and the samples' colours, e.g.
// spawn_berezino.paa, only look right this way.) Widening: 4-bit x 17, 5-bit by bit replication,
// the 1-bit alpha to 0 or 255, as the reference decodes do.
#include <cstring>

#include "texture/texture_internal.hpp"

namespace rv::texture {
namespace {

inline uint32_t widen5(uint32_t v) { return (v << 3) | (v >> 2); }

inline void store(uint8_t* rgba, size_t i, uint32_t px) { std::memcpy(rgba + 4 * i, &px, 4); }

void argb4444(const uint8_t* src, size_t pixels, uint8_t* rgba) {
    for (size_t i = 0; i < pixels; ++i) {
        const uint32_t v = load16(src + 2 * i);
        store(rgba, i, packRgba(((v >> 8) & 15) * 17, ((v >> 4) & 15) * 17, (v & 15) * 17, (v >> 12) * 17));
    }
}

void argb1555(const uint8_t* src, size_t pixels, uint8_t* rgba) {
    for (size_t i = 0; i < pixels; ++i) {
        const uint32_t v = load16(src + 2 * i);
        store(rgba, i, packRgba(widen5((v >> 10) & 31), widen5((v >> 5) & 31), widen5(v & 31), (v & 0x8000) ? 255 : 0));
    }
}

void argb8888(const uint8_t* src, size_t pixels, uint8_t* rgba) {
    for (size_t i = 0; i < pixels; ++i) {
        const uint8_t* p = src + 4 * i;  // B, G, R, A
        store(rgba, i, packRgba(p[2], p[1], p[0], p[3]));
    }
}

// AI88: the engine's GetPixel takes the low byte as intensity and the high byte as alpha.
void ai88(const uint8_t* src, size_t pixels, uint8_t* rgba) {
    for (size_t i = 0; i < pixels; ++i) {
        const uint32_t intensity = src[2 * i], alpha = src[2 * i + 1];
        store(rgba, i, packRgba(intensity, intensity, intensity, alpha));
    }
}

}  // namespace

uint32_t bytesPerPixel(PaaType type) {
    switch (type) {
        case PaaType::Argb4444:
        case PaaType::Argb1555:
        case PaaType::Ai88:
            return 2;
        case PaaType::Argb8888:
            return 4;
        case PaaType::P8:
            return 1;
        default:
            return 0;
    }
}

void decodePixels(PaaType type, const uint8_t* src, size_t pixels, uint8_t* rgba) {
    switch (type) {
        case PaaType::Argb4444:
            argb4444(src, pixels, rgba);
            break;
        case PaaType::Argb1555:
            argb1555(src, pixels, rgba);
            break;
        case PaaType::Argb8888:
            argb8888(src, pixels, rgba);
            break;
        case PaaType::Ai88:
            ai88(src, pixels, rgba);
            break;
        default:
            break;  // DXT and P8 have their own paths
    }
}

// The engine (OFP) keys transparency on two palette colours, magenta and cyan: the last entry
// holding either becomes transparent and takes the average colour (CGVA), so filtering does not
// bleed a key colour into the edges.
std::array<uint32_t, 256> paletteTable(const PaaTexture& texture) {
    std::array<uint32_t, 256> table{};
    int transparent = -1;
    for (size_t i = 0; i < texture.palette.size() && i < table.size(); ++i) {
        const PaaColor& c = texture.palette[i];
        table[i] = packRgba(c.r, c.g, c.b, 255);
        const bool magenta = c.r == 255 && c.g == 0 && c.b == 255, cyan = c.r == 0 && c.g == 255 && c.b == 255;
        if (magenta || cyan) transparent = int(i);
    }
    if (transparent >= 0) {
        const PaaColor& avg = texture.averageColor;  // all zero when the file has no CGVA
        table[size_t(transparent)] = packRgba(avg.r, avg.g, avg.b, 0);
    }
    return table;
}

void decodeIndices(const std::array<uint32_t, 256>& table, const uint8_t* src, size_t pixels, uint8_t* rgba) {
    for (size_t i = 0; i < pixels; ++i) store(rgba, i, table[src[i]]);
}

}  // namespace rv::texture
