// ModelView -> aiScene (docs/assimp.md, "The scene"): root node named after the file; one child per
// picked LOD named with its BI name, holding its meshes; under a LOD, proxies as
// `proxy:<path>.<index>` nodes and, in point LODs, one node per named point. Selections,
// properties and LOD facts go into node metadata; selections optionally as bones. A skinned
// model's skeleton comes first under the root (odol_skin.hpp): Assimp's exporters find bones and
// animated nodes by name, depth first, so the bone nodes must precede any same-named node (a
// memory LOD's named point "head"). Staged: materials -> skeleton plan -> LOD meshes (with their
// bones) -> LOD nodes -> proxies -> named points -> selection bones -> skeleton nodes ->
// animations.
#include "assimp/odol_scene.hpp"

#include <assimp/DefaultLogger.hpp>

#include <set>
#include <unordered_map>

#include "assimp/log.hpp"
#include "assimp/odol_materials.hpp"
#include "assimp/odol_meshes.hpp"
#include "assimp/odol_skin.hpp"
#include "assimp/scene_util.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/paths.hpp"
#include "rv/proxy_models.hpp"

namespace rv::assimp {
namespace {

void addLodMetadata(aiNode* node, const LodView& lod, SceneBudget& budget) {
    MetadataBuilder md;
    md.add("rv:lod_index", int32_t(lod.lodIndex));
    md.add("rv:lod_resolution", lod.resolution);
    md.add("rv:lod_kind", std::string(lodKindName(lod.kind)));
    md.add("rv:vertex_count", int32_t(lod.positions.size()));
    md.add("rv:face_count", int32_t(lod.polygonCount()));
    for (const SelectionView& sel : lod.selections) md.add("selection:" + sel.name, int32_t(sel.vertices.size()));
    for (const OdolProperty& p : *lod.properties) md.add("property:" + p.name, p.value);
    node->mMetaData = md.build(budget);
}

void addModelMetadata(aiNode* root, aiScene* scene, const OdolModel& model, const ModelView& view,
                      SceneBudget& budget) {
    const Axes axes = view.frame.axes;
    MetadataBuilder md;
    md.add("rv:format", std::string(model.editable ? "MLOD" : "ODOL"));
    md.add("rv:version", int32_t(model.version));
    md.add("rv:lod_count", int32_t(model.lods.size()));
    if (!model.prefix.empty()) md.add("rv:prefix", model.prefix);
    md.add("rv:mass", model.info.totalMass);
    md.add("rv:bounding_center", toAi(view.centerOffset));
    md.add("rv:bounding_sphere", model.info.boundingSphere);
    md.add("rv:bbox_min", toAi(toFrame(axes, model.info.bboxMin)));
    md.add("rv:bbox_max", toAi(toFrame(axes, model.info.bboxMax)));
    md.add("rv:map_type", int32_t(model.info.mapType));
    if (!model.info.propertyClass.empty()) md.add("rv:class", model.info.propertyClass);
    if (!model.info.propertyDamage.empty()) md.add("rv:damage", model.info.propertyDamage);
    if (!model.skeleton.name.empty()) md.add("rv:skeleton", model.skeleton.name);
    root->mMetaData = md.build(budget);

    scene->mMetaData = sceneMetadata((model.editable ? "MLOD " : "ODOL ") + std::to_string(model.version), budget);
}

// The models drawn at proxies (rv/proxy_models.hpp): each one's meshes built once, after the
// LODs' own, and shared by every proxy node that shows it (their materials follow the view's).
struct ProxyMeshes {
    const ProxyModels* models = nullptr;
    std::vector<unsigned> first, count;  // per model: its meshes in the scene

    void append(SceneBudget& budget, std::vector<aiMesh*>& meshes, unsigned materialOffset) {
        if (!models) return;
        std::vector<aiBone*> noBones;
        uint64_t noneLeftOut = 0;
        for (const std::unique_ptr<ProxyModel>& pm : models->models) {
            first.push_back(unsigned(meshes.size()));
            if (!pm->view.lods.empty()) appendLodMeshes(pm->view, 0, MeshBones{}, budget, meshes, noBones, noneLeftOut);
            const std::string stem = stemOf(fileNameOf(pm->reference));  // "lamp 1.000", not a second "1.000"
            for (size_t m = first.back(); m < meshes.size(); ++m) {
                meshes[m]->mMaterialIndex += materialOffset;
                meshes[m]->mName = toAiString(stem + " " + meshes[m]->mName.C_Str());
            }
            count.push_back(unsigned(meshes.size() - first.back()));
            materialOffset += unsigned(pm->view.materials.size());
        }
    }
};

// A LOD's proxies as nodes; a proxy whose model is drawn holds that model's meshes and, below
// it, that model's own proxies (nested at most defaults::kProxyDepth: the resolver's bound).
void addProxyNodes(const LodView& lod, aiNode* parent, std::vector<aiNode*>& children, const ProxyMeshes& proxied,
                   SceneBudget& budget) {
    for (const ProxyView& proxy : lod.proxies) {
        aiNode* p = newNode(proxy.name, parent, budget);
        children.push_back(p);  // owned by the tree before its metadata's charge can throw
        p->mTransformation = toAi(proxy.transform);
        MetadataBuilder md;
        md.add("rv:proxy_path", proxy.path);
        md.add("rv:proxy_index", int32_t(proxy.index));
        p->mMetaData = md.build(budget);
        if (!proxied.models || proxy.model < 0) continue;
        const size_t m = size_t(proxy.model);
        if (proxied.count[m]) {
            p->mMeshes = new unsigned[proxied.count[m]];
            p->mNumMeshes = proxied.count[m];
            for (unsigned i = 0; i < p->mNumMeshes; ++i) p->mMeshes[i] = proxied.first[m] + i;
        }
        const ModelView& placed = proxied.models->models[m]->view;
        if (placed.lods.empty()) continue;
        std::vector<aiNode*> inner;
        DeleteAll<aiNode> guard{inner};
        addProxyNodes(placed.lods[0], p, inner, proxied, budget);
        p->mChildren = releaseArray(inner, p->mNumChildren);
    }
}

void addNamedPointNodes(const LodView& lod, aiNode* parent, std::vector<aiNode*>& children, SceneBudget& budget) {
    for (const NamedPoint& point : lod.namedPoints) {
        aiNode* p = newNode(point.name, parent, budget);
        children.push_back(p);  // owned by the tree before its metadata's charge can throw
        const Vec3& at = point.position;
        p->mTransformation = aiMatrix4x4(1, 0, 0, at.x, 0, 1, 0, at.y, 0, 0, 1, at.z, 0, 0, 0, 1);
        MetadataBuilder md;
        md.add("rv:point_count", int32_t(point.pointCount));
        p->mMetaData = md.build(budget);
    }
}

// Scene nodes under construction, owned here until the scene takes them.
struct NodeTree {
    std::vector<aiNode*> lods;
    std::vector<std::vector<aiNode*>> children;  // per LOD node
    std::vector<size_t> boneLod;                 // per created bone: its LOD slot
    ~NodeTree() {
        for (aiNode* n : lods) delete n;
        for (auto& list : children)
            for (aiNode* n : list) delete n;
    }
};

// Exporters find a bone's node with a depth-first search by name, so the first node of that
// name in tree order defines its pose; the offset matrix undoes that pose, so the skin leaves
// every vertex where it is. Selections without a node get an identity node under their LOD.
void attachBones(aiNode* root, NodeTree& tree, const std::vector<aiBone*>& bones, const ModelView& view,
                 const SkeletonPlan& skeleton, SceneBudget& budget) {
    std::set<std::string> named{root->mName.C_Str()};
    std::unordered_map<std::string, aiMatrix4x4> firstPose;  // root and LOD nodes are identity
    if (skeleton.active) {  // first in the tree: the skeleton node, then its bones (global T(head))
        named.insert(skeleton.nodeName);
        firstPose.emplace(skeleton.nodeName, aiMatrix4x4());
        for (size_t b = 0; b < skeleton.names.size(); ++b) {
            const Vec3 h = view.skeleton.bones[b].head;
            named.insert(skeleton.names[b]);
            firstPose.emplace(skeleton.names[b], aiMatrix4x4(1, 0, 0, h.x, 0, 1, 0, h.y, 0, 0, 1, h.z, 0, 0, 0, 1));
        }
    }
    for (size_t slot = 0; slot < tree.lods.size(); ++slot) {
        named.insert(tree.lods[slot]->mName.C_Str());
        for (const aiNode* c : tree.children[slot]) named.insert(c->mName.C_Str());
    }
    for (size_t b = 0; b < bones.size(); ++b)
        if (named.insert(bones[b]->mName.C_Str()).second)
            tree.children[tree.boneLod[b]].push_back(
                newNode(bones[b]->mName.C_Str(), tree.lods[tree.boneLod[b]], budget));
    auto note = [&](const aiNode* n) { firstPose.emplace(n->mName.C_Str(), n->mTransformation); };
    note(root);
    for (size_t slot = 0; slot < tree.lods.size(); ++slot) {
        note(tree.lods[slot]);
        for (const aiNode* c : tree.children[slot]) note(c);
    }
    for (aiBone* bone : bones) bone->mOffsetMatrix = aiMatrix4x4(firstPose.at(bone->mName.C_Str())).Inverse();
}

// The view's materials, then each proxied model's, in ProxyModels order (as ProxyMeshes and the
// importer's textures count them).
void addMaterials(const ModelView& view, const ProxyModels* proxies, SceneBudget& budget, aiScene* scene) {
    std::vector<const ModelView*> views{&view};
    if (proxies)
        for (const std::unique_ptr<ProxyModel>& pm : proxies->models) views.push_back(&pm->view);
    std::vector<aiMaterial*> materials;
    DeleteAll<aiMaterial> guard{materials};
    for (const ModelView* v : views) {
        budget.charge(cost::materials(*v),
                      "building the scene's " + std::to_string(v->materials.size()) + " materials");
        for (aiMaterial* m : makeMaterials(*v)) materials.push_back(m);
    }
    scene->mMaterials = releaseArray(materials, scene->mNumMaterials);  // the scene owns them now
}

void addAnimations(const ModelView& view, const SkeletonPlan& skeleton, const std::vector<AnimationView>& animations,
                   float animationFps, const std::string& rootName, SceneBudget& budget, aiScene* scene) {
    std::vector<aiAnimation*> built;
    DeleteAll<aiAnimation> animationGuard{built};
    std::vector<std::string> warnings;
    for (const AnimationView& animation : animations) {
        warnings.clear();
        aiAnimation* a = buildAnimation(view, skeleton, animation, animationFps, budget, warnings);
        if (a) built.push_back(a);
        for (const std::string& w : warnings) assimp::logWarning(rootName, w);
    }
    scene->mAnimations = releaseArray(built, scene->mNumAnimations);
}

// One node per picked LOD with its meshes (and their bones), proxies and named points.
void addLodNodes(const ModelView& view, aiNode* root, const MeshBones& with, const ProxyMeshes& proxied,
                 SceneBudget& budget, NodeTree& tree, std::vector<aiMesh*>& meshes, std::vector<aiBone*>& bones,
                 uint64_t& bonesLeftOut) {
    tree.children.resize(view.lods.size());
    for (size_t slot = 0; slot < view.lods.size(); ++slot) {
        const LodView& lod = view.lods[slot];
        aiNode* node = newNode(lod.name, root, budget);
        tree.lods.push_back(node);
        addLodMetadata(node, lod, budget);
        const size_t firstMesh = meshes.size();
        appendLodMeshes(view, slot, with, budget, meshes, bones, bonesLeftOut);
        tree.boneLod.resize(bones.size(), slot);
        node->mNumMeshes = unsigned(meshes.size() - firstMesh);
        if (node->mNumMeshes) {
            node->mMeshes = new unsigned[node->mNumMeshes];
            for (unsigned i = 0; i < node->mNumMeshes; ++i) node->mMeshes[i] = unsigned(firstMesh + i);
        }
        addProxyNodes(lod, node, tree.children[slot], proxied, budget);
        addNamedPointNodes(lod, node, tree.children[slot], budget);
    }
}

}  // namespace

void buildOdolScene(const OdolModel& model, const ModelView& view, const ProxyModels* proxies,
                    const std::string& rootName, bool selectionsAsBones, const std::vector<AnimationView>& animations,
                    float animationFps, SceneBudget& budget, aiScene* scene) {
    addMaterials(view, proxies, budget, scene);
    budget.charge(cost::kNode, "the root node");
    auto* root = new aiNode;
    scene->mRootNode = root;
    root->mName = toAiString(rootName);
    addModelMetadata(root, scene, model, view, budget);

    std::vector<aiMesh*> meshes;
    DeleteAll<aiMesh> meshGuard{meshes};
    std::vector<std::string> warnings;
    const SkeletonPlan skeleton = planSkeleton(view, rootName, warnings);
    for (const std::string& w : warnings) assimp::logWarning(rootName, w);
    MeshBones with;
    with.skeleton = skeleton.active;
    with.skeletonNames = &skeleton.names;
    with.boneSet = &skeleton.boneSet;
    with.selections = selectionsAsBones;
    std::vector<aiBone*> bones;
    uint64_t bonesLeftOut = 0;
    NodeTree tree;
    ProxyMeshes proxied;
    if (proxies && !proxies->models.empty()) {
        proxied.models = proxies;
        proxied.append(budget, meshes, unsigned(view.materials.size()));
    }
    addLodNodes(view, root, with, proxied, budget, tree, meshes, bones, bonesLeftOut);
    if (!bones.empty()) attachBones(root, tree, bones, view, skeleton, budget);
    if (bonesLeftOut)
        assimp::logWarning(rootName, std::to_string(bonesLeftOut) +
                                         " selections left out as bones of their meshes: a scene holds at most " +
                                         std::to_string(kMaxSelectionBones) +
                                         " (Assimp's FBX writer slows quadratically with bones)");

    if (skeleton.active) tree.lods.insert(tree.lods.begin(), buildSkeletonNodes(view, skeleton, root, budget));
    if (!animations.empty() && !skeleton.active)
        assimp::logWarning(
            rootName, std::to_string(animations.size()) + " animations left out: no picked LOD is bound to a skeleton");

    for (size_t slot = 0; slot < tree.children.size(); ++slot) {
        aiNode* lod = tree.lods[slot + (skeleton.active ? 1 : 0)];
        lod->mChildren = releaseArray(tree.children[slot], lod->mNumChildren);
    }
    root->mChildren = releaseArray(tree.lods, root->mNumChildren);
    scene->mMeshes = releaseArray(meshes, scene->mNumMeshes);
    if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    if (skeleton.active) addAnimations(view, skeleton, animations, animationFps, rootName, budget, scene);
}

}  // namespace rv::assimp
