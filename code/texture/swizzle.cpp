// Undoing the ZIWS channel swizzle (TAGG "ZIWS", 4 bytes in the order A, R, G, B).
//
// Byte c of ZIWS says where stored channel c came from in the authored image: 0-3 the authored A,
// R, G, B; 4-7 the same inverted; 8 a constant one (the channel carries nothing). Undoing it starts
// from the identity and, for c in the order A, R, G, B, moves stored[c] back to where it came
// from; a later assignment wins (the rule of jetelain/bis-file-formats ChannelSwizzling.cs and of
// the samples' swizzled_fnv64). A _nohq (05 04 02 03, alpha and red swapped and inverted) thus
// becomes an ordinary normal map: R = 255 - stored A, A = 255 - stored R. _smdi (08 08 02 03),
// _as (08 08 02 08) and _mc (08 01 02 03) come out unchanged. Values above 8 are not in BI's
// TexSwizzle enum; decodePaa warns about them and they move nothing.
#include "texture/texture_internal.hpp"

namespace rv::texture {
namespace {

// Byte positions of A, R, G, B in an RGBA8 pixel.
constexpr int kRgbaIndex[4] = {3, 0, 1, 2};

struct ChannelSource {
    int from;     // RGBA byte index of the stored channel
    bool invert;  // 255 - value
};

std::array<ChannelSource, 4> inverse(const std::array<uint8_t, 4>& ziws) {
    std::array<ChannelSource, 4> out{};  // indexed by RGBA byte
    for (int c = 0; c < 4; ++c) out[size_t(kRgbaIndex[c])] = {kRgbaIndex[c], false};
    for (int c = 0; c < 4; ++c) {
        const uint8_t v = ziws[size_t(c)];
        if (v < 4)
            out[size_t(kRgbaIndex[v])] = {kRgbaIndex[c], false};
        else if (v < 8)
            out[size_t(kRgbaIndex[v - 4])] = {kRgbaIndex[c], true};
    }
    return out;
}

}  // namespace

bool isIdentitySwizzle(const std::array<uint8_t, 4>& ziws) {
    const std::array<ChannelSource, 4> map = inverse(ziws);
    for (int i = 0; i < 4; ++i)
        if (map[size_t(i)].from != i || map[size_t(i)].invert) return false;
    return true;
}

void undoSwizzle(const std::array<uint8_t, 4>& ziws, uint8_t* rgba, size_t pixels) {
    const std::array<ChannelSource, 4> map = inverse(ziws);
    if (isIdentitySwizzle(ziws)) return;
    for (size_t i = 0; i < pixels; ++i, rgba += 4) {
        const uint8_t stored[4] = {rgba[0], rgba[1], rgba[2], rgba[3]};
        for (size_t k = 0; k < 4; ++k) {
            const uint8_t v = stored[map[k].from];
            rgba[k] = map[k].invert ? uint8_t(255 - v) : v;
        }
    }
}

}  // namespace rv::texture
