// Placed objects as instanced meshes (gltf_objects.hpp).
#include "gltf/gltf_objects.hpp"

#include <algorithm>

#include "gltf/gltf_materials.hpp"
#include "gltf/gltf_mesh.hpp"
#include "gltf/gltf_model.hpp"
#include "rv/decompose.hpp"
#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/placed_models.hpp"

namespace rv::gltf {
namespace {

// A model's objects are named by its file name without folders or extension (Terrain Builder's
// library name): "ca\\buildings\\house.p3d" -> "house".
std::string baseName(const std::string& model) {
    const std::string stem = stemOf(model);
    return stem.empty() ? "object" : stem;
}

// A 1 m tall four-sided pyramid standing on the origin: visible, light, and clearly not a model.
int32_t markerMesh(Document& doc) {
    LodView lod;
    lod.name = "marker";
    lod.positions = {{-0.5f, 0, 0.5f}, {0.5f, 0, 0.5f}, {0.5f, 0, -0.5f}, {-0.5f, 0, -0.5f}, {0, 1, 0}};
    lod.triangles = {0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4, 0, 2, 1, 0, 3, 2};
    lod.groups.push_back({0, 0, 0, 0, 6});
    std::vector<Warning> none;
    const std::vector<int32_t> material = {int32_t(addPlainMaterial(doc, "missing model", {1.0f, 0.0f, 1.0f, 1.0f}))};
    return addLodMesh(doc, lod, material, "missing model marker", none);
}

// The model's first visual LOD as a mesh, or -1 (with `why`) when it cannot be had.
int32_t modelMesh(Document& doc, const DataRoot& root, const std::string& reference, const Options& options,
                  TextureResolver& textures, GltfOutput::State& state, std::string& why, bool& missing) {
    ResolvedRef where;
    Result<PlacedModel> model = openPlacedModel(root, reference, options, gltfFrame(), textures, &where);
    if (!model || model->view->lods.empty()) {
        missing = !model && where.kind == ResolvedRef::Kind::Missing;
        why = !model ? diagnosticLine(model.error()) : "no LOD";
        return -1;
    }
    const std::vector<int32_t> materials = addResolvedMaterials(doc, *model->view, model->textures, state.warnings);
    return addLodMesh(doc, model->view->lods[0], materials, baseName(reference), state.warnings);
}

struct Instances {
    std::vector<float> translation, rotation, scale;
    std::vector<uint32_t> ids;  // the objects' ids, exact (a float holds integers up to 2^24 only)
    uint32_t inexact = 0;
};

Instances instancesOf(const TerrainView& view, const ModelPlacements& placed) {
    Instances in;
    const size_t n = placed.objects.size();
    in.translation.reserve(n * 3), in.rotation.reserve(n * 4), in.scale.reserve(n * 3), in.ids.reserve(n);
    for (uint32_t o : placed.objects) {
        const Decomposition t = decompose(view.objectTransform(o));
        in.inexact += !t.exact();
        in.translation.insert(in.translation.end(), {t.translation.x, t.translation.y, t.translation.z});
        in.rotation.insert(in.rotation.end(), t.rotation.begin(), t.rotation.end());
        in.scale.insert(in.scale.end(), {t.scale.x, t.scale.y, t.scale.z});
        in.ids.push_back(view.terrain().objects[o].id);
    }
    return in;
}

uint32_t floatAccessor(Document& doc, const std::vector<float>& values, const char* type, size_t width) {
    const uint64_t size = values.size() * sizeof(float);
    const uint32_t v = doc.addView(doc.addBytes(bytesOf(values)), size);
    return doc.addAccessor(v, 0, kFloat, values.size() / width, type);
}

// The objects' ids as an application attribute of the instancing extension (its "_" names are
// free for that); unsigned 32-bit, as the terrain stores them.
uint32_t idAccessor(Document& doc, const std::vector<uint32_t>& ids) {
    const uint32_t v = doc.addView(doc.addBytes(bytesOf(ids)), ids.size() * sizeof(uint32_t));
    return doc.addAccessor(v, 0, kUInt, ids.size(), "SCALAR");
}

uint32_t instancedNode(Document& doc, const std::string& name, int32_t mesh, const Instances& in,
                       const std::string& model, bool withIds) {
    Json attributes = {{"TRANSLATION", floatAccessor(doc, in.translation, "VEC3", 3)},
                       {"ROTATION", floatAccessor(doc, in.rotation, "VEC4", 4)},
                       {"SCALE", floatAccessor(doc, in.scale, "VEC3", 3)}};
    if (withIds) attributes["_ID"] = idAccessor(doc, in.ids);
    doc.useExtension("EXT_mesh_gpu_instancing", false);
    return doc.push("nodes", {{"name", name},
                              {"mesh", mesh},
                              {"extras", {{"model", model}, {"instances", in.ids.size()}}},
                              {"extensions", {{"EXT_mesh_gpu_instancing", {{"attributes", std::move(attributes)}}}}}});
}

// One node per object, all sharing the mesh (records until written: Document::ObjectNode).
uint32_t objectNodes(Document& doc, const std::string& name, int32_t mesh, const Instances& in,
                     const std::string& model) {
    Json children = Json::array();
    Document::ObjectNode node;
    node.name = doc.addNodeName(name);
    node.mesh = mesh;
    for (size_t i = 0; i < in.ids.size(); ++i) {
        std::copy_n(&in.translation[3 * i], 3, node.translation);
        std::copy_n(&in.rotation[4 * i], 4, node.rotation);
        std::copy_n(&in.scale[3 * i], 3, node.scale);
        node.objectId = in.ids[i];
        children.push_back(doc.pushObjectNode(node));
    }
    return doc.push("nodes", {{"name", name}, {"children", std::move(children)}, {"extras", {{"model", model}}}});
}

}  // namespace

Result<uint32_t> addPlacedObjects(Document& doc, const TerrainView& view, const DataRoot* root, const Options& options,
                                  const GltfOptions& gltf, GltfOutput::State& state) {
    const bool gpuInstancing = gltf.gpuInstancing;
    const Options modelOptions = placedModelOptions(options);
    BudgetScope budget(options.budget, options.memoryLimit);
    TextureResolver textures(root, modelOptions);
    int32_t marker = -1;
    std::vector<std::pair<std::string, size_t>> missing, broken;
    uint32_t inexact = 0;
    Json children = Json::array();
    for (const ModelPlacements& placed : view.placements()) {
        if (doc.overBudget()) break;  // the caller's finish() reports it
        std::string why;
        bool absent = !root;
        int32_t mesh = root ? modelMesh(doc, *root, placed.model, options, textures, state, why, absent) : -1;
        if (mesh < 0) {
            if (marker < 0) marker = markerMesh(doc);
            mesh = marker;
            (absent ? missing : broken).emplace_back(placed.model + (absent ? "" : ": " + why), placed.objects.size());
            ++state.stats.markerModels, state.stats.markerInstances += uint32_t(placed.objects.size());
        } else {
            ++state.stats.instancedModels;
        }
        state.stats.instances += uint32_t(placed.objects.size());
        const Instances in = instancesOf(view, placed);
        // What this model adds to memory: the instance arrays (the document charges its nodes).
        const uint64_t held = (in.translation.size() + in.rotation.size() + in.scale.size() + in.ids.size()) * 8;
        if (!budget->tryCharge(held))
            return makeError(DiagKind::MemoryLimit,
                             budget->overMessage("the objects of " + placed.model, held) +
                                 "; --region exports part of the world, --terrain-step N a lighter one");
        inexact += in.inexact;
        const std::string name = baseName(placed.model);
        children.push_back(gpuInstancing ? instancedNode(doc, name, mesh, in, placed.model, gltf.instanceIds)
                                         : objectNodes(doc, name, mesh, in, placed.model));
    }
    for (const Warning& w : textures.warnings()) state.warnings.push_back(w);
    if (!missing.empty()) state.warnings.push_back(missingPlacedModels(missing, root != nullptr, "drawn as markers"));
    if (!broken.empty()) state.warnings.push_back(brokenPlacedModels(broken, "drawn as markers"));
    if (inexact)
        state.warnings.push_back(makeWarning(
            DiagKind::BadValue,
            std::to_string(inexact) +
                " object transform(s) are sheared or degenerate; placed with their nearest rotation and scale"));
    Json node = {{"name", "Objects"}};
    if (!children.empty()) node["children"] = std::move(children);  // glTF wants none rather than an empty list
    return doc.push("nodes", std::move(node));
}

}  // namespace rv::gltf
