// View materials as glTF materials (gltf_materials.hpp).
#include "gltf/gltf_materials.hpp"

#include <cmath>

namespace rv::gltf {
namespace {

constexpr int kLinear = 9729, kLinearMipmapLinear = 9987, kRepeat = 10497;

// One sampler for every texture: BI textures tile (repeat) and are mipmapped.
uint32_t sampler(Document& doc) {
    if (!doc.json.contains("samplers"))
        doc.push("samplers",
                 {{"magFilter", kLinear}, {"minFilter", kLinearMipmapLinear}, {"wrapS", kRepeat}, {"wrapT", kRepeat}});
    return 0;
}

uint32_t texture(Document& doc, const MaterialImage& image) {
    const uint32_t source = doc.addImage(image.image, imageFileStem(image));
    Json& textures = doc.json["textures"];
    if (textures.is_array())
        for (size_t i = 0; i < textures.size(); ++i)
            if (textures[i]["source"] == source) return uint32_t(i);
    return doc.push("textures", {{"sampler", sampler(doc)}, {"source", source}});
}

Json textureInfo(Document& doc, const MaterialImage& image, size_t uvSets, std::vector<Warning>& warnings) {
    Json info = {{"index", texture(doc, image)}};
    const int set = size_t(image.uvSet) < uvSets ? image.uvSet : 0;
    if (set) info["texCoord"] = set;
    const TextureTransform t = textureTransformOf(image.uvTransform);
    if (!t.identity && std::isfinite(t.offset.u) && std::isfinite(t.offset.v) && std::isfinite(t.rotation) &&
        std::isfinite(t.scale.u) && std::isfinite(t.scale.v)) {
        Json ext = {{"offset", {t.offset.u, t.offset.v}}, {"rotation", t.rotation}, {"scale", {t.scale.u, t.scale.v}}};
        info["extensions"]["KHR_texture_transform"] = std::move(ext);
        doc.useExtension("KHR_texture_transform", false);
        if (!t.exact)
            warnings.push_back(
                makeWarning(DiagKind::BadValue, "texture '" + image.reference +
                                                    "': its stage's uvTransform is sheared; glTF's texture "
                                                    "transform gives it without the shear"));
    }
    return info;
}

Json rgb(const Vec3& v) { return Json::array({v.x, v.y, v.z}); }
Json rgba(const Rgba& c) {
    Json a = Json::array();
    for (float v : c) a.push_back(std::isfinite(v) ? std::fmin(std::fmax(v, 0.0f), 1.0f) : 1.0f);
    return a;
}

}  // namespace

uint32_t addMaterial(Document& doc, const ViewMaterial& material, const ResolvedMaterial& r, size_t uvSets,
                     std::vector<Warning>& warnings) {
    Json pbr = {{"baseColorFactor", rgba(r.baseColorFactor)},
                {"metallicFactor", r.metallicFactor},
                {"roughnessFactor", std::isfinite(r.roughnessFactor) ? r.roughnessFactor : 1.0f}};
    Json m = {{"name", material.name}};
    const bool textured = uvSets > 0;
    auto have = [&](int i) { return textured && i >= 0 && r.images[size_t(i)].image; };
    if (have(r.baseColor)) pbr["baseColorTexture"] = textureInfo(doc, r.images[size_t(r.baseColor)], uvSets, warnings);
    if (have(r.metallicRoughness))
        pbr["metallicRoughnessTexture"] = textureInfo(doc, r.images[size_t(r.metallicRoughness)], uvSets, warnings);
    m["pbrMetallicRoughness"] = std::move(pbr);
    if (have(r.normal)) m["normalTexture"] = textureInfo(doc, r.images[size_t(r.normal)], uvSets, warnings);
    if (have(r.occlusion)) m["occlusionTexture"] = textureInfo(doc, r.images[size_t(r.occlusion)], uvSets, warnings);
    const Vec3& e = r.emissiveFactor;
    if (e.x > 0 || e.y > 0 || e.z > 0) m["emissiveFactor"] = rgb(e);
    if (r.alpha != AlphaMode::Opaque) m["alphaMode"] = r.alpha == AlphaMode::Mask ? "MASK" : "BLEND";
    // The paths a modder needs to edit the model again (a3ob keeps them as material fields).
    Json extras = Json::object();
    if (!material.texture.empty()) extras["texture"] = material.texture;
    if (!material.rvmat.empty()) extras["rvmat"] = material.rvmat;
    if (!extras.empty()) m["extras"] = std::move(extras);
    return doc.push("materials", std::move(m));
}

uint32_t addPlainMaterial(Document& doc, const std::string& name, const Rgba& color, const std::string& rvmat) {
    Json m = {{"name", name},
              {"pbrMetallicRoughness",
               {{"baseColorFactor", rgba(color)}, {"metallicFactor", 0.0}, {"roughnessFactor", 1.0}}}};
    if (!rvmat.empty()) m["extras"] = {{"rvmat", rvmat}};
    return doc.push("materials", std::move(m));
}

uint32_t addImageMaterial(Document& doc, const std::string& name, const MaterialImage& image, int texCoord,
                          const std::string& rvmat) {
    Json pbr = {{"metallicFactor", 0.0}, {"roughnessFactor", 1.0}};
    pbr["baseColorTexture"] = {{"index", texture(doc, image)}, {"texCoord", texCoord}};
    Json m = {{"name", name}, {"pbrMetallicRoughness", std::move(pbr)}};
    if (!rvmat.empty()) m["extras"] = {{"rvmat", rvmat}};
    return doc.push("materials", std::move(m));
}

}  // namespace rv::gltf
