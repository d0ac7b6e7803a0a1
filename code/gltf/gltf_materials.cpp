// View materials as glTF materials (gltf_materials.hpp).
#include "gltf/gltf_materials.hpp"

#include <cmath>
#include <optional>

namespace rv::gltf {
namespace {

constexpr int kLinear = 9729, kLinearMipmapLinear = 9987, kRepeat = 10497, kClampToEdge = 33071;

// One sampler per wrap mode, made on first use: BI textures tile (repeat) and are mipmapped; a
// picture that covers its area once (a terrain's satellite segment) clamps to its edge, so its
// border is not blended with the opposite one.
uint32_t sampler(Document& doc, Wrap wrap) {
    const int mode = wrap == Wrap::ClampToEdge ? kClampToEdge : kRepeat;
    Json& samplers = doc.json["samplers"];
    if (samplers.is_array())
        for (size_t i = 0; i < samplers.size(); ++i)
            if (samplers[i]["wrapS"] == mode) return uint32_t(i);
    return doc.push("samplers",
                    {{"magFilter", kLinear}, {"minFilter", kLinearMipmapLinear}, {"wrapS", mode}, {"wrapT", mode}});
}

// The glTF texture of `image` with that wrap mode; none when the image cannot be stored.
std::optional<uint32_t> texture(Document& doc, const MaterialImage& image, Wrap wrap = Wrap::Repeat) {
    const std::optional<uint32_t> source =
        doc.addImage(image.image, imageFileStem(image), image.reference, image.png.get(), imageGamePath(image));
    if (!source) return std::nullopt;
    const uint32_t s = sampler(doc, wrap);
    Json& textures = doc.json["textures"];
    if (textures.is_array())
        for (size_t i = 0; i < textures.size(); ++i)
            if (textures[i]["source"] == *source && textures[i]["sampler"] == s) return uint32_t(i);
    return doc.push("textures", {{"sampler", s}, {"source", *source}});
}

// The textureInfo of `image`; null when the image cannot be stored (Document::imageWarnings).
Json textureInfo(Document& doc, const MaterialImage& image, size_t uvSets, std::vector<Warning>& warnings) {
    const std::optional<uint32_t> index = texture(doc, image);
    if (!index) return nullptr;
    Json info = {{"index", *index}};
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
    // Sets `slot` of `where` to image i's textureInfo; false when there is none.
    auto set = [&](Json& where, const char* slot, int i) {
        if (!textured || i < 0 || !r.images[size_t(i)].image) return false;
        Json info = textureInfo(doc, r.images[size_t(i)], uvSets, warnings);
        if (info.is_null()) return false;
        where[slot] = std::move(info);
        return true;
    };
    set(pbr, "baseColorTexture", r.baseColor);
    set(pbr, "metallicRoughnessTexture", r.metallicRoughness);
    m["pbrMetallicRoughness"] = std::move(pbr);
    set(m, "normalTexture", r.normal);
    set(m, "occlusionTexture", r.occlusion);
    const Vec3& e = r.emissiveFactor;
    if (e.x > 0 || e.y > 0 || e.z > 0) m["emissiveFactor"] = rgb(e);
    // From the colour map's decoded pixels (the view's), whatever channels its PNG keeps.
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

uint32_t addImageMaterial(Document& doc, const std::string& name, const MaterialImage& image, int texCoord, Wrap wrap,
                          const std::string& rvmat) {
    Json pbr = {{"metallicFactor", 0.0}, {"roughnessFactor", 1.0}};
    if (const std::optional<uint32_t> index = texture(doc, image, wrap))
        pbr["baseColorTexture"] = {{"index", *index}, {"texCoord", texCoord}};
    Json m = {{"name", name}, {"pbrMetallicRoughness", std::move(pbr)}};
    if (!rvmat.empty()) m["extras"] = {{"rvmat", rvmat}};
    return doc.push("materials", std::move(m));
}

}  // namespace rv::gltf
