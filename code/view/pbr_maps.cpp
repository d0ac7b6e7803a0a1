// The engine's texture maps turned into glTF's metallic-roughness model. These are rvimport's
// documented rules (docs/materials.md, "Materials in the outputs"), chosen so that a model looks in a PBR viewer as close to
// the game as one texture set allows; they are not the engine's shaders.
#include <algorithm>
#include <cmath>

#include "core/fresh_pixels.hpp"
#include "view/view_internal.hpp"

namespace rv::view {
namespace {

uint8_t toByte(float unit) { return uint8_t(std::lround(std::clamp(unit, 0.0f, 1.0f) * 255.0f)); }

// Makes an image of the same size whose every texel is f(source texel), in bands of 16 rows
// (core/fresh_pixels.hpp: the output is never zero-filled first).
template <class PerTexel>
Image mapTexels(const Image& src, PerTexel f) {
    Image out;
    out.width = src.width;
    out.height = src.height;
    // Pixels that do not match the size are left out: the PNG encoder then refuses the map by name.
    if (src.rgba.size() != size_t(src.width) * src.height * 4) return out;
    const size_t rowBytes = size_t(src.width) * 4;
    appendBands(out, 16, [&](uint32_t y, uint32_t rows, uint8_t* band) {
        const uint8_t* in = src.rgba.data() + y * rowBytes;
        for (size_t i = 0; i < rows * rowBytes; i += 4) f(in + i, band + i);
    });
    return out;
}

}  // namespace

// The engine lights with Blinn-Phong, exponent n. Walter et al.'s match of Phong to a Beckmann/GGX
// lobe is alpha = sqrt(2 / (n + 2)); glTF's roughness is sqrt(alpha). n = 0 (no highlight) gives
// 1, the engine's common 30-80 give 0.50-0.40, 1000 gives 0.21.
float roughnessFromSpecularPower(float n) {
    if (!(n > 0)) return 1.0f;  // also NaN
    return std::sqrt(std::sqrt(2.0f / (n + 2.0f)));
}

// `_nohq` holds a tangent-space normal as (x, y, z) * 0.5 + 0.5 once its ZIWS swizzle is undone
// (the PAA decoder does that). Two changes make it glTF's:
//  - green: the engine's +y points down the texture, towards growing v (DirectX's convention);
//    glTF's +y points up, so y is negated (255 - g). Measured (test/test_normal_convention.cpp):
//    the binarized ST vectors run along +du and +dv (v downward) on 70 000 of 70 600 triangles,
//    and six of seven real _nohq maps satisfy the relief rule d(red)/dy = d(green)/dx that holds
//    only when green points down;
//  - blue: DXT5 `_nohq` files store the normal in alpha and green only, and their blue is not
//    z (it is often 0 or a constant); z is rebuilt as sqrt(1 - x² - y²), which is what the
//    engine's shader does, so every output gets a unit normal.
Image normalMapForGltf(const Image& nohq) {
    return mapTexels(nohq, [](const uint8_t* in, uint8_t* out) {
        const float x = in[0] / 127.5f - 1.0f;
        const float y = -(in[1] / 127.5f - 1.0f);
        const float z = std::sqrt(std::max(0.0f, 1.0f - x * x - y * y));
        out[0] = in[0];
        out[1] = uint8_t(255 - in[1]);
        out[2] = toByte(z * 0.5f + 0.5f);
        out[3] = 255;
    });
}

// `_smdi`: red unused (white), green the specular intensity, blue the glossiness, which scales
// the rvmat's specularPower (exponent n = specularPower * blue). Per texel: G = roughness of that
// exponent (roughnessFromSpecularPower), B = metallic 0, R = 255 (unused by glTF), A = 255. The
// specular intensity has no place in glTF's core model and is left out.
Image metallicRoughnessFromSmdi(const Image& smdi, float specularPower) {
    // 256 possible blue values: the curve once, not a pow per texel.
    uint8_t roughness[256];
    for (int b = 0; b < 256; ++b) roughness[b] = toByte(roughnessFromSpecularPower(specularPower * float(b) / 255.0f));
    return mapTexels(smdi, [&](const uint8_t* in, uint8_t* out) {
        out[0] = 255;
        out[1] = roughness[in[2]];
        out[2] = 0;
        out[3] = 255;
    });
}

// `_as`: the ambient shadow is the green channel (its ZIWS tag, 08 08 02 08, keeps only green and
// fills the rest with ones). glTF reads occlusion from red; the map is written grey (R = G = B).
Image occlusionFromAmbientShadow(const Image& as) {
    return mapTexels(as, [](const uint8_t* in, uint8_t* out) {
        out[0] = out[1] = out[2] = in[1];
        out[3] = 255;
    });
}

}  // namespace rv::view
