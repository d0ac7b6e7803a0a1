// OdolModel -> aiScene.
//
// Layout (README "Scene layout"): root node named after the file; one child per picked LOD named
// with its BI name; under a LOD, one mesh per (texture, material) pair, proxies as
// `proxy:<path>.<index>` nodes, and in point LODs one node per named selection at its centroid.
// Selections, properties and LOD facts go into node metadata; selections optionally as bones.
#include "assimp/odol_scene.hpp"

#include <assimp/material.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include "assimp/scene_util.hpp"

namespace rv::assimp {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

aiColor4D toColor(const Rgba& c) { return aiColor4D(c[0], c[1], c[2], c[3]); }

// One aiMaterial per (texture, material file) pair over the whole model.
class MaterialTable {
public:
    ~MaterialTable() {
        for (aiMaterial* m : materials_) delete m;
    }

    unsigned get(const std::string& texture, const std::string& rvmat, const OdolMaterial* embedded) {
        auto key = std::make_pair(texture, rvmat);
        auto it = index_.find(key);
        if (it != index_.end()) return it->second;
        const unsigned idx = unsigned(materials_.size());
        materials_.push_back(make(texture, rvmat, embedded));
        index_.emplace(std::move(key), idx);
        return idx;
    }

    void moveInto(aiScene* scene) { scene->mMaterials = releaseArray(materials_, scene->mNumMaterials); }
    std::vector<aiMaterial*> release() { return std::move(materials_); }

private:
    aiMaterial* make(const std::string& texture, const std::string& rvmat, const OdolMaterial* embedded) {
        auto* mat = new aiMaterial;
        std::string name;
        if (!texture.empty() && !rvmat.empty()) name = baseName(texture) + " :: " + baseName(rvmat);
        else if (!texture.empty()) name = baseName(texture);
        else if (!rvmat.empty()) name = ":: " + baseName(rvmat);
        else name = "default";
        // Different folders can hold the same file names: keep material names distinct.
        std::string unique = name;
        for (int n = 2; !names_.insert(unique).second; ++n) unique = name + " #" + std::to_string(n);
        aiString s = toAiString(unique);
        mat->AddProperty(&s, AI_MATKEY_NAME);

        if (!texture.empty()) {
            s = toAiString(texture);
            mat->AddProperty(&s, "$mat.rv.texture", 0, 0);
            // Procedural textures ("#(argb,8,8,3)color(...)") are not files; keep them only above.
            if (texture[0] != '#') {
                std::string path = texture;
                for (char& c : path)
                    if (c == '\\') c = '/';
                s = toAiString(path);
                mat->AddProperty(&s, AI_MATKEY_TEXTURE_DIFFUSE(0));
            }
        }
        if (!rvmat.empty()) {
            s = toAiString(rvmat);
            mat->AddProperty(&s, "$mat.rv.rvmat", 0, 0);
        }
        if (embedded) {
            aiColor4D c = toColor(embedded->diffuse);
            mat->AddProperty(&c, 1, AI_MATKEY_COLOR_DIFFUSE);
            c = toColor(embedded->ambient);
            mat->AddProperty(&c, 1, AI_MATKEY_COLOR_AMBIENT);
            c = toColor(embedded->emissive);
            mat->AddProperty(&c, 1, AI_MATKEY_COLOR_EMISSIVE);
            c = toColor(embedded->specular);
            mat->AddProperty(&c, 1, AI_MATKEY_COLOR_SPECULAR);
            float power = embedded->specularPower;
            mat->AddProperty(&power, 1, AI_MATKEY_SHININESS);
            if (!embedded->surfaceFile.empty()) {
                s = toAiString(embedded->surfaceFile);
                mat->AddProperty(&s, "$mat.rv.surface", 0, 0);
            }
            for (size_t i = 0; i < embedded->stages.size(); ++i) {
                s = toAiString(embedded->stages[i].texture);
                mat->AddProperty(&s, "$mat.rv.stage", 0, unsigned(i));
            }
        } else {
            aiColor4D white(1, 1, 1, 1);
            mat->AddProperty(&white, 1, AI_MATKEY_COLOR_DIFFUSE);
        }
        return mat;
    }

    std::map<std::pair<std::string, std::string>, unsigned> index_;
    std::vector<aiMaterial*> materials_;
    std::set<std::string> names_;
};

// LODs whose vertices mean something without faces: their loose vertices become point faces.
bool keepsLoosePoints(const OdolLod& lod) {
    const LodKind kind = lodKind(lod.resolution);
    return kind == LodKind::Memory || kind == LodKind::PointCloud || lod.faceCount() == 0;
}

// LODs whose named selections are places (memory points such as "usti hlavne"): one node each.
bool hasNamedPoints(const OdolLod& lod) {
    return lodKind(lod.resolution) == LodKind::Memory || lod.faceCount() == 0;
}

// Selection weight bytes (format notes §2.7.5, uncertain): 0 and 1 mean full weight as in MLOD,
// other values are taken as byte/255 like the skinning weights.
float selectionWeight(const OdolSelection& sel, size_t i) {
    if (sel.vertexWeights.empty()) return 1.0f;
    const uint8_t b = sel.vertexWeights[i];
    return b <= 1 ? 1.0f : float(b) / 255.0f;
}

struct PendingBone {
    aiBone* bone;
    size_t lod;  // position in the picked-LOD list
};

class LodBuilder {
public:
    LodBuilder(const OdolLod& lod, MaterialTable& materials, const OdolSceneOptions& options)
        : lod_(lod), materials_(materials), options_(options), remap_(lod.positions.size(), kNone) {}

    // Appends this LOD's meshes to `meshes`.
    void build(std::vector<aiMesh*>& meshes, std::vector<PendingBone>& bones, size_t lodSlot) {
        const size_t faceCount = lod_.faceCount();
        std::vector<uint32_t> faceMaterial(faceCount, kNone);
        for (const OdolSection& sec : lod_.sections) {
            const std::string texture =
                sec.textureIndex >= 0 && size_t(sec.textureIndex) < lod_.textures.size() ? lod_.textures[size_t(sec.textureIndex)] : "";
            const OdolMaterial* embedded = sec.materialIndex >= 0 && size_t(sec.materialIndex) < lod_.materials.size()
                                               ? &lod_.materials[size_t(sec.materialIndex)] : nullptr;
            const std::string rvmat = embedded ? embedded->name : sec.materialName;
            const unsigned mat = materials_.get(texture, rvmat, embedded);
            for (size_t f = sec.firstFace; f < sec.endFace && f < faceCount; ++f) faceMaterial[f] = mat;
        }
        // Group faces by material in order of first appearance (v7 interleaves textures).
        std::vector<unsigned> groupMaterial;
        std::vector<std::vector<uint32_t>> groups;
        std::unordered_map<unsigned, size_t> groupOf;
        for (size_t f = 0; f < faceCount; ++f) {
            if (faceMaterial[f] == kNone) faceMaterial[f] = materials_.get("", "", nullptr);
            auto [it, fresh] = groupOf.emplace(faceMaterial[f], groups.size());
            if (fresh) {
                groups.emplace_back();
                groupMaterial.push_back(faceMaterial[f]);
            }
            groups[it->second].push_back(uint32_t(f));
        }
        std::vector<bool> used(lod_.positions.size(), false);
        for (size_t g = 0; g < groups.size(); ++g) {
            aiMesh* mesh = faceMesh(groups[g], used);
            if (!mesh) continue;
            mesh->mMaterialIndex = groupMaterial[g];
            addBones(mesh, bones, lodSlot);
            meshes.push_back(mesh);
        }
        if (keepsLoosePoints(lod_)) {
            std::vector<uint32_t> loose;
            for (size_t v = 0; v < used.size(); ++v)
                if (!used[v]) loose.push_back(uint32_t(v));
            if (!loose.empty()) {
                aiMesh* mesh = pointMesh(loose);
                mesh->mMaterialIndex = materials_.get("", "", nullptr);
                addBones(mesh, bones, lodSlot);
                meshes.push_back(mesh);
            }
        }
    }

private:
    uint32_t mapVertex(uint32_t v) {
        if (remap_[v] == kNone) {
            remap_[v] = uint32_t(order_.size());
            order_.push_back(v);
        }
        return remap_[v];
    }

    void fillVertices(aiMesh* mesh) {
        const size_t n = order_.size();
        mesh->mNumVertices = unsigned(n);
        mesh->mVertices = new aiVector3D[n];
        for (size_t i = 0; i < n; ++i) mesh->mVertices[i] = toAssimp(lod_.positions[order_[i]]);
        if (lod_.normals.size() == lod_.positions.size()) {
            mesh->mNormals = new aiVector3D[n];
            for (size_t i = 0; i < n; ++i) mesh->mNormals[i] = toAssimp(lod_.normals[order_[i]]);
        }
        unsigned channel = 0;
        for (const auto& uvs : lod_.uvSets) {
            if (channel == AI_MAX_NUMBER_OF_TEXTURECOORDS) break;
            if (uvs.size() != lod_.positions.size()) continue;
            mesh->mNumUVComponents[channel] = 2;
            aiVector3D* out = mesh->mTextureCoords[channel++] = new aiVector3D[n];
            // BI UVs have a top-left origin, Assimp's is bottom-left.
            for (size_t i = 0; i < n; ++i) out[i] = aiVector3D(uvs[order_[i]].u, 1.0f - uvs[order_[i]].v, 0);
        }
    }

    void finishMesh() {
        for (uint32_t v : order_) remap_[v] = kNone;
        order_.clear();
    }

    aiMesh* faceMesh(const std::vector<uint32_t>& faces, std::vector<bool>& used) {
        const uint32_t* idx = lod_.faceIndices.data();
        // Corners first, into flat arrays; aiFace copies deeply and has no move, so the
        // aiFace array is only allocated once every face is known.
        std::vector<unsigned> corners, sizes;
        unsigned types = 0;
        for (uint32_t f : faces) {
            const uint32_t begin = lod_.faceStart[f], n = lod_.faceStart[f + 1] - begin;
            if (n == 0) continue;
            for (uint32_t k = 0; k < n; ++k) used[idx[begin + k]] = true;
            // Polygons become the triangle fan the engine draws: (0,1,2), (0,2,3), ...; each
            // triangle is reversed because mirroring z turned the file's front faces around.
            if (n >= 3) {
                types |= aiPrimitiveType_TRIANGLE;
                for (uint32_t k = 1; k + 1 < n; ++k) {
                    corners.push_back(mapVertex(idx[begin + k + 1]));
                    corners.push_back(mapVertex(idx[begin + k]));
                    corners.push_back(mapVertex(idx[begin]));
                    sizes.push_back(3);
                }
            } else {
                types |= n == 1 ? aiPrimitiveType_POINT : aiPrimitiveType_LINE;
                for (uint32_t k = 0; k < n; ++k) corners.push_back(mapVertex(idx[begin + n - 1 - k]));
                sizes.push_back(n);
            }
        }
        if (sizes.empty()) {
            finishMesh();
            return nullptr;
        }
        auto* mesh = new aiMesh;
        mesh->mPrimitiveTypes = types;
        mesh->mNumFaces = unsigned(sizes.size());
        mesh->mFaces = new aiFace[sizes.size()];
        for (size_t i = 0, c = 0; i < sizes.size(); c += sizes[i], ++i) {
            mesh->mFaces[i].mNumIndices = sizes[i];
            mesh->mFaces[i].mIndices = new unsigned[sizes[i]];
            std::copy(corners.begin() + long(c), corners.begin() + long(c + sizes[i]), mesh->mFaces[i].mIndices);
        }
        fillVertices(mesh);
        mesh->mName = toAiString(lod_.name);
        return mesh;  // finishMesh() runs after addBones, which still needs the remap
    }

    aiMesh* pointMesh(const std::vector<uint32_t>& vertices) {
        auto* mesh = new aiMesh;
        mesh->mPrimitiveTypes = aiPrimitiveType_POINT;
        mesh->mNumFaces = unsigned(vertices.size());
        mesh->mFaces = new aiFace[vertices.size()];
        for (size_t i = 0; i < vertices.size(); ++i) {
            mesh->mFaces[i].mNumIndices = 1;
            mesh->mFaces[i].mIndices = new unsigned[1]{mapVertex(vertices[i])};
        }
        fillVertices(mesh);
        mesh->mName = toAiString(lod_.name + " points");
        return mesh;
    }

    void addBones(aiMesh* mesh, std::vector<PendingBone>& pending, size_t lodSlot) {
        if (options_.selectionsAsBones) {
            std::vector<aiBone*> bones;
            std::set<std::string> names;
            for (const OdolSelection& sel : lod_.selections) {
                std::vector<aiVertexWeight> weights;
                for (size_t i = 0; i < sel.vertices.size(); ++i) {
                    const uint32_t v = sel.vertices[i];
                    if (v < remap_.size() && remap_[v] != kNone) weights.emplace_back(remap_[v], selectionWeight(sel, i));
                }
                // aiBone names must be unique per mesh; a bone without weights says nothing.
                if (weights.empty() || !names.insert(sel.name).second) continue;
                auto* bone = new aiBone;
                bone->mName = toAiString(sel.name);
                bone->mNumWeights = unsigned(weights.size());
                bone->mWeights = new aiVertexWeight[weights.size()];
                std::copy(weights.begin(), weights.end(), bone->mWeights);
                bones.push_back(bone);
                pending.push_back({bone, lodSlot});
            }
            mesh->mBones = releaseArray(bones, mesh->mNumBones);
        }
        finishMesh();
    }

    const OdolLod& lod_;
    MaterialTable& materials_;
    const OdolSceneOptions& options_;
    std::vector<uint32_t> remap_;  // LOD vertex -> mesh vertex, kNone outside the current mesh
    std::vector<uint32_t> order_;  // mesh vertex -> LOD vertex
};

aiNode* newNode(const std::string& name, aiNode* parent) {
    auto* node = new aiNode;
    node->mName = toAiString(name);
    node->mParent = parent;
    return node;
}

void addLodMetadata(aiNode* node, const OdolLod& lod, size_t lodIndex) {
    MetadataBuilder md;
    md.add("rv:lod_index", int32_t(lodIndex));
    md.add("rv:lod_resolution", lod.resolution);
    md.add("rv:lod_kind", std::string(lodKindName(lodKind(lod.resolution))));
    md.add("rv:vertex_count", int32_t(lod.positions.size()));
    md.add("rv:face_count", int32_t(lod.faceCount()));
    for (const OdolSelection& sel : lod.selections) md.add("selection:" + sel.name, int32_t(sel.vertices.size()));
    for (const OdolProperty& p : lod.properties) md.add("property:" + p.name, p.value);
    node->mMetaData = md.build();
}

void addModelMetadata(aiNode* root, aiScene* scene, const OdolModel& model) {
    MetadataBuilder md;
    md.add("rv:format", std::string("ODOL"));
    md.add("rv:version", int32_t(model.version));
    md.add("rv:lod_count", int32_t(model.lods.size()));
    if (!model.prefix.empty()) md.add("rv:prefix", model.prefix);
    md.add("rv:mass", model.info.totalMass);
    md.add("rv:bounding_center", toAssimp(model.info.boundingCenter));
    md.add("rv:bounding_sphere", model.info.boundingSphere);
    md.add("rv:bbox_min", toAssimp(model.info.bboxMin));
    md.add("rv:bbox_max", toAssimp(model.info.bboxMax));
    md.add("rv:map_type", int32_t(model.info.mapType));
    if (!model.info.propertyClass.empty()) md.add("rv:class", model.info.propertyClass);
    if (!model.info.propertyDamage.empty()) md.add("rv:damage", model.info.propertyDamage);
    if (!model.skeleton.name.empty()) md.add("rv:skeleton", model.skeleton.name);
    root->mMetaData = md.build();

    MetadataBuilder smd;
    smd.add("SourceAsset_FormatVersion", "ODOL " + std::to_string(model.version));
    smd.add("SourceAsset_Generator", std::string("rvimport"));
    scene->mMetaData = smd.build();
}

}  // namespace

std::vector<size_t> pickLods(const OdolModel& model, const std::string& spec, std::string& error) {
    std::vector<size_t> picked;
    const auto& lods = model.lods;
    if (spec.empty() || spec == "all") {
        for (size_t i = 0; i < lods.size(); ++i) picked.push_back(i);
        return picked;
    }
    if (spec == "visual" || spec == "first") {
        for (size_t i = 0; i < lods.size(); ++i) {
            if (lodKind(lods[i].resolution) != LodKind::Visual) continue;
            picked.push_back(i);
            if (spec == "first") break;
        }
        if (picked.empty()) error = "the model has no visual LOD";
        return picked;
    }
    // One LOD, by its BI name (case-insensitive) or by resolution ("1", "1e15").
    auto lower = [](std::string s) {
        for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    char* end = nullptr;
    const double asNumber = std::strtod(spec.c_str(), &end);
    const bool numeric = end && *end == '\0' && end != spec.c_str();
    for (size_t i = 0; i < lods.size(); ++i) {
        const bool byName = lower(lods[i].name) == lower(spec);
        const bool byValue = numeric && std::fabs(double(lods[i].resolution) - asNumber) <=
                                            std::max(1e-6, std::fabs(asNumber) * 1e-6);
        if (byName || byValue) {
            picked.push_back(i);
            return picked;
        }
    }
    error = "no LOD matches '" + spec + "'; the model has:";
    for (const OdolLod& lod : lods) error += " '" + lod.name + "'";
    return picked;
}

LodMeshes buildLodMeshes(const OdolModel& model, size_t lodIndex) {
    MaterialTable materials;
    OdolSceneOptions options;
    std::vector<PendingBone> bones;  // stays empty: no bones without selectionsAsBones
    LodMeshes out;
    LodBuilder(model.lods.at(lodIndex), materials, options).build(out.meshes, bones, 0);
    out.materials = materials.release();
    return out;
}

void buildOdolScene(const OdolModel& model, const std::string& rootName, const std::vector<size_t>& lodIndices,
                    const OdolSceneOptions& options, aiScene* scene) {
    MaterialTable materials;
    std::vector<aiMesh*> meshes;
    std::vector<PendingBone> bones;
    std::vector<aiNode*> lodNodes;
    std::vector<std::vector<aiNode*>> lodChildren(lodIndices.size());
    // Own everything in locals until the scene takes it, so an exception leaks nothing.
    struct Guard {
        std::vector<aiMesh*>& meshes;
        std::vector<aiNode*>& nodes;
        std::vector<std::vector<aiNode*>>& children;
        ~Guard() {
            for (aiMesh* m : meshes) delete m;
            for (aiNode* n : nodes) delete n;
            for (auto& list : children)
                for (aiNode* n : list) delete n;
        }
    } guard{meshes, lodNodes, lodChildren};

    auto* root = new aiNode;
    scene->mRootNode = root;  // the scene owns the root from here on
    root->mName = toAiString(rootName);
    addModelMetadata(root, scene, model);

    for (size_t slot = 0; slot < lodIndices.size(); ++slot) {
        const OdolLod& lod = model.lods[lodIndices[slot]];
        aiNode* node = newNode(lod.name, root);
        lodNodes.push_back(node);
        addLodMetadata(node, lod, lodIndices[slot]);

        const size_t firstMesh = meshes.size();
        LodBuilder(lod, materials, options).build(meshes, bones, slot);
        node->mNumMeshes = unsigned(meshes.size() - firstMesh);
        if (node->mNumMeshes) {
            node->mMeshes = new unsigned[node->mNumMeshes];
            for (unsigned i = 0; i < node->mNumMeshes; ++i) node->mMeshes[i] = unsigned(firstMesh + i);
        }

        for (const OdolProxy& proxy : lod.proxies) {
            char index[16];
            std::snprintf(index, sizeof index, ".%03d", int(proxy.sequenceId));
            aiNode* p = newNode("proxy:" + proxy.model + index, node);
            p->mTransformation = toAssimp(proxy.transform);
            MetadataBuilder md;
            md.add("rv:proxy_path", proxy.model);
            md.add("rv:proxy_index", int32_t(proxy.sequenceId));
            p->mMetaData = md.build();
            lodChildren[slot].push_back(p);
        }
        // Named points (memory points such as "usti hlavne") as nodes at their selection's centroid.
        if (hasNamedPoints(lod)) {
            for (const OdolSelection& sel : lod.selections) {
                double sum[3] = {0, 0, 0};
                size_t n = 0;
                for (uint32_t v : sel.vertices) {
                    if (v >= lod.positions.size()) continue;
                    const aiVector3D p = toAssimp(lod.positions[v]);
                    sum[0] += p.x, sum[1] += p.y, sum[2] += p.z, ++n;
                }
                if (n == 0) continue;
                aiNode* p = newNode(sel.name, node);
                p->mTransformation = aiMatrix4x4(1, 0, 0, float(sum[0] / n), 0, 1, 0, float(sum[1] / n), 0, 0, 1,
                                                 float(sum[2] / n), 0, 0, 0, 1);
                MetadataBuilder md;
                md.add("rv:point_count", int32_t(n));
                p->mMetaData = md.build();
                lodChildren[slot].push_back(p);
            }
        }
    }

    // Bones: exporters find a bone's node with a depth-first search by name, so the first node
    // of that name in tree order defines its pose; the offset matrix undoes that pose, so the skin
    // leaves every vertex where it is. Selections without a node get an identity node.
    if (!bones.empty()) {
        std::set<std::string> named;
        named.insert(root->mName.C_Str());
        for (size_t slot = 0; slot < lodNodes.size(); ++slot) {
            named.insert(lodNodes[slot]->mName.C_Str());
            for (const aiNode* c : lodChildren[slot]) named.insert(c->mName.C_Str());
        }
        for (const PendingBone& pb : bones)
            if (named.insert(pb.bone->mName.C_Str()).second)
                lodChildren[pb.lod].push_back(newNode(pb.bone->mName.C_Str(), lodNodes[pb.lod]));
        std::unordered_map<std::string, aiMatrix4x4> firstPose;  // root and LOD nodes are identity
        auto note = [&](const aiNode* n) { firstPose.emplace(n->mName.C_Str(), n->mTransformation); };
        note(root);
        for (size_t slot = 0; slot < lodNodes.size(); ++slot) {
            note(lodNodes[slot]);
            for (const aiNode* c : lodChildren[slot]) note(c);
        }
        for (const PendingBone& pb : bones)
            pb.bone->mOffsetMatrix = aiMatrix4x4(firstPose.at(pb.bone->mName.C_Str())).Inverse();
    }

    for (size_t slot = 0; slot < lodNodes.size(); ++slot)
        lodNodes[slot]->mChildren = releaseArray(lodChildren[slot], lodNodes[slot]->mNumChildren);
    root->mChildren = releaseArray(lodNodes, root->mNumChildren);
    scene->mMeshes = releaseArray(meshes, scene->mNumMeshes);
    materials.moveInto(scene);
    if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
}

}  // namespace rv::assimp
