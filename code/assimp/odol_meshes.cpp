// LodView -> aiMeshes: one per material group, plus one of point faces for the loose points.
// Each mesh holds only the vertices it uses; selections optionally become its bones.
#include "assimp/odol_meshes.hpp"

#include <algorithm>
#include <limits>
#include <set>

#include "assimp/scene_util.hpp"

namespace rv::assimp {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// Compacts the LOD's vertices into one mesh's: remap_ is LOD vertex -> mesh vertex.
class VertexPacker {
public:
    explicit VertexPacker(const LodView& lod) : lod_(lod), remap_(lod.positions.size(), kNone) {}

    unsigned map(uint32_t v) {
        if (remap_[v] == kNone) {
            remap_[v] = uint32_t(order_.size());
            order_.push_back(v);
        }
        return remap_[v];
    }
    uint32_t meshVertex(uint32_t v) const { return remap_[v]; }

    void fill(aiMesh* mesh) const {
        const size_t n = order_.size();
        mesh->mNumVertices = unsigned(n);
        mesh->mVertices = new aiVector3D[n];
        for (size_t i = 0; i < n; ++i) mesh->mVertices[i] = toAi(lod_.positions[order_[i]]);
        if (!lod_.normals.empty()) {
            mesh->mNormals = new aiVector3D[n];
            for (size_t i = 0; i < n; ++i) mesh->mNormals[i] = toAi(lod_.normals[order_[i]]);
        }
        for (size_t set = 0; set < lod_.uvSets.size() && set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
            mesh->mNumUVComponents[set] = 2;
            aiVector3D* out = mesh->mTextureCoords[set] = new aiVector3D[n];
            for (size_t i = 0; i < n; ++i)
                out[i] = aiVector3D(lod_.uvSets[set][order_[i]].u, lod_.uvSets[set][order_[i]].v, 0);
        }
    }

    void reset() {
        for (uint32_t v : order_) remap_[v] = kNone;
        order_.clear();
    }

private:
    const LodView& lod_;
    std::vector<uint32_t> remap_;
    std::vector<uint32_t> order_;
};

// aiFace copies deeply and has no move: faces are allocated once all corners are known.
aiMesh* newMesh(const std::vector<unsigned>& corners, const std::vector<unsigned>& sizes, unsigned types) {
    auto* mesh = new aiMesh;
    mesh->mPrimitiveTypes = types;
    mesh->mNumFaces = unsigned(sizes.size());
    mesh->mFaces = new aiFace[sizes.size()];
    for (size_t i = 0, c = 0; i < sizes.size(); c += sizes[i], ++i) {
        mesh->mFaces[i].mNumIndices = sizes[i];
        mesh->mFaces[i].mIndices = new unsigned[sizes[i]];
        std::copy(corners.begin() + long(c), corners.begin() + long(c + sizes[i]), mesh->mFaces[i].mIndices);
    }
    return mesh;
}

// A mesh holds at most one vertex per corner, and never more than the LOD has.
uint64_t meshBytes(const LodView& lod, uint64_t faces, uint64_t corners) {
    return cost::mesh(std::min<uint64_t>(corners, lod.positions.size()), faces, lod.uvSets.size());
}

aiMesh* groupMesh(const LodView& lod, const MaterialGroup& g, VertexPacker& packer, SceneBudget& budget) {
    const uint64_t faces = uint64_t(g.triangleCount) + g.polygonCount;
    budget.charge(meshBytes(lod, faces, 3 * faces), "a mesh of LOD " + lod.name);
    std::vector<unsigned> corners, sizes;
    unsigned types = 0;
    for (uint32_t t = g.firstTriangle; t < g.firstTriangle + g.triangleCount; ++t) {
        for (int k = 0; k < 3; ++k) corners.push_back(packer.map(lod.triangles[3 * t + k]));
        sizes.push_back(3);
        types |= aiPrimitiveType_TRIANGLE;
    }
    // Polygons of one or two corners (rare, OFP) have no triangles: points and lines.
    for (uint32_t p = g.firstPolygon; p < g.firstPolygon + g.polygonCount; ++p) {
        const uint32_t begin = lod.polygonStart[p], n = lod.polygonStart[p + 1] - begin;
        if (n == 0 || n >= 3) continue;
        for (uint32_t k = 0; k < n; ++k) corners.push_back(packer.map(lod.corners[begin + k]));
        sizes.push_back(n);
        types |= n == 1 ? aiPrimitiveType_POINT : aiPrimitiveType_LINE;
    }
    if (sizes.empty()) return nullptr;
    aiMesh* mesh = newMesh(corners, sizes, types);
    packer.fill(mesh);
    mesh->mName = toAiString(lod.name);
    return mesh;
}

aiMesh* pointMesh(const LodView& lod, VertexPacker& packer, SceneBudget& budget) {
    budget.charge(meshBytes(lod, lod.loosePoints.size(), lod.loosePoints.size()), "the points of LOD " + lod.name);
    std::vector<unsigned> corners, sizes(lod.loosePoints.size(), 1);
    for (uint32_t v : lod.loosePoints) corners.push_back(packer.map(v));
    aiMesh* mesh = newMesh(corners, sizes, aiPrimitiveType_POINT);
    packer.fill(mesh);
    mesh->mName = toAiString(lod.name + " points");
    return mesh;
}

// Every selection touching the mesh as a bone with the view's weights. aiBone names must be
// unique per mesh; a bone without weights says nothing.
void addBones(aiMesh* mesh, const LodView& lod, const VertexPacker& packer, SceneBudget& budget,
              std::vector<aiBone*>& created) {
    std::vector<aiBone*> bones;
    std::set<std::string> names;
    for (const SelectionView& sel : lod.selections) {
        std::vector<aiVertexWeight> weights;
        for (size_t i = 0; i < sel.vertices.size(); ++i) {
            const uint32_t v = packer.meshVertex(sel.vertices[i]);
            if (v != kNone) weights.emplace_back(v, sel.weights[i]);
        }
        if (weights.empty() || !names.insert(sel.name).second) continue;
        // Every selection touching a mesh is a bone of it: the cost is per (mesh, selection).
        budget.charge(cost::kBone + weights.size() * sizeof(aiVertexWeight), "bone '" + sel.name.substr(0, 64) + "'");
        auto* bone = new aiBone;
        bone->mName = toAiString(sel.name);
        bone->mNumWeights = unsigned(weights.size());
        bone->mWeights = new aiVertexWeight[weights.size()];
        std::copy(weights.begin(), weights.end(), bone->mWeights);
        bones.push_back(bone);
        created.push_back(bone);
    }
    mesh->mBones = releaseArray(bones, mesh->mNumBones);
}

}  // namespace

void appendLodMeshes(const ModelView& view, size_t lodSlot, bool selectionsAsBones, SceneBudget& budget,
                     std::vector<aiMesh*>& meshes, std::vector<aiBone*>& bones) {
    const LodView& lod = view.lods[lodSlot];
    budget.charge(lod.positions.size() * 8, "vertex maps of LOD " + lod.name);  // the packer's remap and order
    VertexPacker packer(lod);
    auto finish = [&](aiMesh* mesh, unsigned material) {
        mesh->mMaterialIndex = material;
        if (selectionsAsBones) addBones(mesh, lod, packer, budget, bones);
        meshes.push_back(mesh);
        packer.reset();
    };
    for (const MaterialGroup& g : lod.groups) {
        if (aiMesh* mesh = groupMesh(lod, g, packer, budget))
            finish(mesh, g.material);
        else
            packer.reset();
    }
    if (lod.drawLoosePoints) finish(pointMesh(lod, packer, budget), view.pointMaterial);
}

}  // namespace rv::assimp
