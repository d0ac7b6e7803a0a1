// A model as glTF: one node per picked LOD under a root node, materials with their textures,
// proxies and named points as child nodes, the model's and LODs' facts as extras.
#include <cmath>

#include "gltf/gltf_materials.hpp"
#include "gltf/gltf_mesh.hpp"
#include "gltf/gltf_model.hpp"
#include "gltf/gltf_skin.hpp"
#include "gltf/gltf_state.hpp"
#include "rv/material_textures.hpp"
#include "rv/paths.hpp"
#include "rv/proxy_models.hpp"

namespace rv {
namespace gltf {

// Frame of every glTF output: right-handed, y up, UV origin top-left (as BI's).
Frame gltfFrame() {
    Frame f;
    f.axes = Axes::YUp;
    f.uvBottomLeft = false;
    return f;
}

std::vector<int32_t> addResolvedMaterials(Document& doc, const ModelView& view,
                                          const std::vector<ResolvedMaterial>& textures,
                                          std::vector<Warning>& warnings) {
    const std::vector<size_t> uvSets = uvSetsPerMaterial(view);
    std::vector<int32_t> out;
    out.reserve(view.materials.size());
    for (size_t i = 0; i < view.materials.size() && i < textures.size(); ++i)
        out.push_back(
            doc.overBudget() ? -1 : int32_t(addMaterial(doc, view.materials[i], textures[i], uvSets[i], warnings)));
    return out;
}

std::vector<int32_t> addModelMaterials(Document& doc, const ModelView& view, TextureResolver& textures,
                                       std::vector<Warning>& warnings) {
    const std::vector<size_t> uvSets = uvSetsPerMaterial(view);
    std::vector<int32_t> out;
    out.reserve(view.materials.size());
    for (size_t i = 0; i < view.materials.size(); ++i)  // resolved one by one: nothing past the budget
        out.push_back(doc.overBudget()
                          ? -1
                          : int32_t(addMaterial(doc, view.materials[i], textures.resolve(view.materials[i]), uvSets[i],
                                                warnings)));
    return out;
}

namespace {

Json lodExtras(const LodView& lod) {
    Json e = {{"lod", lod.name},
              {"resolution", std::isfinite(lod.resolution) ? Json(lod.resolution) : Json(nullptr)},
              {"kind", lodKindName(lod.kind)},
              {"vertex_count", lod.positions.size()},
              {"face_count", lod.polygonCount()}};
    if (!lod.selections.empty()) {
        Json sel = Json::object();
        for (const SelectionView& s : lod.selections) sel[s.name] = s.vertices.size();
        e["selections"] = std::move(sel);
    }
    if (lod.properties && !lod.properties->empty()) {
        Json props = Json::object();
        for (const OdolProperty& p : *lod.properties) props[p.name] = p.value;
        e["properties"] = std::move(props);
    }
    return e;
}

Json modelExtras(const OdolModel& model) {
    Json e = {
        {"format", model.editable ? "MLOD" : "ODOL"}, {"version", model.version}, {"lod_count", model.lods.size()}};
    if (!model.prefix.empty()) e["prefix"] = model.prefix;
    if (std::isfinite(model.info.totalMass)) e["mass"] = model.info.totalMass;
    if (!model.info.propertyClass.empty()) e["class"] = model.info.propertyClass;
    return e;
}

Json translation(const Vec3& v) {
    return Json::array(
        {std::isfinite(v.x) ? v.x : 0.0f, std::isfinite(v.y) ? v.y : 0.0f, std::isfinite(v.z) ? v.z : 0.0f});
}

bool finite(const Mat4& m) {
    for (float v : m.m)
        if (!std::isfinite(v)) return false;
    return true;
}

// The models drawn at proxies (rv/proxy_models.hpp): each one's materials and mesh written once,
// when a proxy first shows it, and shared by every proxy that names it.
struct ProxyMeshes {
    const ProxyModels& models;
    TextureResolver& textures;
    std::vector<Warning>& warnings;
    std::vector<int32_t> mesh = std::vector<int32_t>(models.models.size(), -2);  // -2: not yet written

    int32_t meshOf(Document& doc, int32_t model) {
        int32_t& m = mesh[size_t(model)];
        if (m != -2) return m;
        const ProxyModel& pm = *models.models[size_t(model)];
        const std::vector<int32_t> materials = addModelMaterials(doc, pm.view, textures, warnings);
        m = pm.view.lods.empty() ? -1
                                 : addLodMesh(doc, pm.view.lods[0], materials,
                                              fileNameOf(pm.reference) + " " + pm.view.lods[0].name, warnings, nullptr);
        return m;
    }
};

// Proxies and named points of a LOD as its child nodes; a resolved proxy carries its model's mesh
// and, below it, that model's own proxies.
Json lodChildren(Document& doc, const LodView& lod, ProxyMeshes* proxied) {
    Json children = Json::array();
    for (const ProxyView& p : lod.proxies) {
        Json node = {{"name", p.name}, {"extras", {{"proxy_path", p.path}, {"proxy_index", p.index}}}};
        if (finite(p.transform)) node["matrix"] = nodeMatrix(p.transform);
        if (proxied && p.model >= 0 && finite(p.transform) && !doc.overBudget()) {
            const int32_t mesh = proxied->meshOf(doc, p.model);
            if (mesh >= 0) node["mesh"] = mesh;
            const ModelView& placed = proxied->models.models[size_t(p.model)]->view;
            Json inner = placed.lods.empty() ? Json::array() : lodChildren(doc, placed.lods[0], proxied);
            if (!inner.empty()) node["children"] = std::move(inner);
        }
        children.push_back(doc.push("nodes", std::move(node)));
    }
    for (const NamedPoint& p : lod.namedPoints)
        children.push_back(doc.push(
            "nodes",
            {{"name", p.name}, {"translation", translation(p.position)}, {"extras", {{"point_count", p.pointCount}}}}));
    return children;
}

}  // namespace

Result<GltfOutput> modelToGltf(const OpenedFile& file, const GltfOptions& gltfOptions) {
    const OdolModel& model = *file.model;
    const ModelView& view = *file.modelView;  // the door's, in glTF's frame, its proxies resolved
    const Options& options = file.options;
    const std::string& name = file.name;
    auto state = std::make_unique<GltfOutput::State>(options, name);
    Document& doc = state->doc;
    doc.setBinary(gltfOptions.binary, gltfOptions.stem);
    doc.shareImages(gltfOptions.sharedImageUri);
    addAsset(doc, model.editable ? "MLOD" : "ODOL");
    TextureResolver textures(file.dataRoot.get(), options);
    const std::vector<int32_t> materials = addModelMaterials(doc, view, textures, state->warnings);
    const ProxyModels none;
    ProxyMeshes proxied{file.proxyModels ? *file.proxyModels : none, textures, state->warnings};
    const SkinNodes skin = addSkin(doc, view);
    Json lodNodes = Json::array();
    for (const LodView& lod : view.lods) {
        if (doc.overBudget()) break;  // finish() reports it
        Json node = {{"name", lod.name}, {"extras", lodExtras(lod)}};
        const int32_t mesh = addLodMesh(doc, lod, materials, name + " " + lod.name, state->warnings, &skin);
        if (mesh >= 0) node["mesh"] = mesh;
        if (mesh >= 0 && skin.skin >= 0 && lod.skinned()) node["skin"] = skin.skin;
        Json children = lodChildren(doc, lod, &proxied);
        if (!children.empty()) node["children"] = std::move(children);
        lodNodes.push_back(doc.push("nodes", std::move(node)));
    }
    if (skin.skin >= 0) lodNodes.push_back(skin.skeletonNode);
    Json top = {{"name", name}, {"extras", modelExtras(model)}};
    if (!lodNodes.empty()) top["children"] = std::move(lodNodes);
    if (!gltfOptions.animations.empty() && skin.skin < 0)
        state->warnings.push_back(
            withSource(makeWarning(DiagKind::BadValue, "the model has no skinned LOD, so " +
                                                           std::to_string(gltfOptions.animations.size()) +
                                                           " animation(s) are left out"),
                       name));
    for (const GltfOptions::Animation& a : gltfOptions.animations) {
        if (skin.skin < 0 || doc.overBudget() || !a.rtm) break;
        const Vec3 center = view.centerApplied ? Vec3{0, 0, 0} : view.centerOffset;
        Result<AnimationView> animation =
            buildAnimationView(*a.rtm, view.skeleton, view.frame, center, a.name, options);
        if (!animation) return animation.error();
        for (const Warning& w : animation.value().warnings) state->warnings.push_back(w);
        const float seconds =
            float(a.rtm->frameCount) / (gltfOptions.animationFps > 0 ? gltfOptions.animationFps : 30.0f);
        addAnimation(doc, view, skin, animation.value(), seconds);
    }
    doc.json["scenes"][0]["nodes"].push_back(doc.push("nodes", std::move(top)));
    for (const Warning& w : textures.warnings()) state->warnings.push_back(w);
    return finish(std::move(state), name);
}

}  // namespace gltf
}  // namespace rv
