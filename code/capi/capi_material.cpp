// The material-texture half of the C ABI (include/rvimport.h): what the view's TextureResolver
// found and derived for each material, copied out on request.
#include "capi/capi_model_handle.hpp"

using namespace rv;
using namespace rv::capi;

namespace {

// The image (index into the material's images) that plays a role, or -1.
int32_t imageFor(const rv_model* m, uint32_t mat, int ResolvedMaterial::*role) {
    auto* t = texturesOf(m, mat);
    return t ? t->*role : -1;
}

}  // namespace

extern "C" {

uint32_t rv_material_image_count(const rv_model* m, uint32_t mat) {
    auto* t = texturesOf(m, mat);
    return t ? uint32_t(t->images.size()) : 0;
}
const char* rv_material_image_role(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i ? textureRoleName(i->role) : kEmpty;
}
const char* rv_material_image_reference(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i ? i->reference.c_str() : kEmpty;
}
const char* rv_material_image_status(const rv_model* m, uint32_t mat, uint32_t k) {
    return imageOf(m, mat, k) ? m->status[mat][k].c_str() : kEmpty;
}
int32_t rv_material_image_stage(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i ? i->stage : -1;
}
const char* rv_material_image_key(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i && i->image ? i->key.c_str() : kEmpty;
}
int32_t rv_material_image_size(const rv_model* m, uint32_t mat, uint32_t k, uint32_t* width, uint32_t* height) {
    auto* i = imageOf(m, mat, k);
    const bool have = i && i->image;
    if (width) *width = have ? i->image->width : 0;
    if (height) *height = have ? i->image->height : 0;
    return have;
}
void rv_material_image_rgba8(const rv_model* m, uint32_t mat, uint32_t k, uint8_t* out) {
    auto* i = imageOf(m, mat, k);
    if (i && i->image) copyOut(out, i->image->rgba);
}
void rv_material_image_rgba_float_bottom_up(const rv_model* m, uint32_t mat, uint32_t k, float* out) {
    auto* i = imageOf(m, mat, k);
    if (!i || !i->image || !out) return;
    copyFloatBottomUp(*i->image, out);
}
int32_t rv_material_base_color_image(const rv_model* m, uint32_t mat) {
    return imageFor(m, mat, &ResolvedMaterial::baseColor);
}
int32_t rv_material_normal_image(const rv_model* m, uint32_t mat) {
    return imageFor(m, mat, &ResolvedMaterial::normal);
}
int32_t rv_material_specular_gloss_image(const rv_model* m, uint32_t mat) {
    return imageFor(m, mat, &ResolvedMaterial::specularGloss);
}
int32_t rv_material_metallic_roughness_image(const rv_model* m, uint32_t mat) {
    return imageFor(m, mat, &ResolvedMaterial::metallicRoughness);
}
int32_t rv_material_occlusion_image(const rv_model* m, uint32_t mat) {
    return imageFor(m, mat, &ResolvedMaterial::occlusion);
}
int32_t rv_material_image_derived_from(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i ? i->derivedFrom : -1;
}
uint32_t rv_material_image_uv_set(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* i = imageOf(m, mat, k);
    return i ? i->uvSet : 0;
}
void rv_material_emissive_factor(const rv_model* m, uint32_t mat, float* out3) {
    if (!out3) return;
    auto* t = texturesOf(m, mat);
    const Vec3 e = t ? t->emissiveFactor : Vec3{0, 0, 0};
    out3[0] = e.x;
    out3[1] = e.y;
    out3[2] = e.z;
}
float rv_material_metallic_factor(const rv_model* m, uint32_t mat) {
    auto* t = texturesOf(m, mat);
    return t ? t->metallicFactor : 0.0f;
}
float rv_material_roughness_factor(const rv_model* m, uint32_t mat) {
    auto* t = texturesOf(m, mat);
    return t ? t->roughnessFactor : 1.0f;
}
void rv_material_base_color_factor(const rv_model* m, uint32_t mat, float* out4) {
    if (!out4) return;
    auto* t = texturesOf(m, mat);
    const Rgba c = t ? t->baseColorFactor : Rgba{1, 1, 1, 1};
    std::memcpy(out4, c.data(), 16);
}
const char* rv_material_alpha_mode(const rv_model* m, uint32_t mat) {
    auto* t = texturesOf(m, mat);
    return t ? alphaModeName(t->alpha) : alphaModeName(AlphaMode::Opaque);
}

}  // extern "C"
