// LodView -> aiMeshes: one per material group, plus one of point faces for the loose points.
// Each mesh holds only the vertices it uses; selections optionally become its bones.
#include "assimp/odol_meshes.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <set>

#include "assimp/scene_util.hpp"
#include "core/work_meter.hpp"
#include "rv/assimp_importer.hpp"

namespace rv::assimp {
namespace {

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
    const std::vector<uint32_t>& order() const { return order_; }  // mesh vertex -> LOD vertex

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

// Per LOD vertex, the selections holding it: (selection, index of the vertex in it), in rows.
// Built once per LOD, so a mesh visits only its own vertices' selections: visiting every
// selection for every mesh cost meshes x selection size (102 s on a 925 KB model, issue 29).
struct VertexSelections {
    std::vector<uint32_t> rowStart;                      // per LOD vertex + 1
    std::vector<std::pair<uint32_t, uint32_t>> entries;  // (selection, index in its vertices)

    VertexSelections(const LodView& lod, SceneBudget& budget) : rowStart(lod.positions.size() + 1, 0) {
        uint64_t total = 0;
        for (const SelectionView& sel : lod.selections) total += sel.vertices.size();
        // the rows, and one mesh's triples at a time (meshSelections)
        budget.charge(rowStart.size() * 4 + total * (8 + 12), "the selections of LOD " + lod.name);
        for (const SelectionView& sel : lod.selections)
            for (uint32_t v : sel.vertices) ++rowStart[v + 1];
        for (size_t v = 1; v < rowStart.size(); ++v) rowStart[v] += rowStart[v - 1];
        entries.resize(total);
        std::vector<uint32_t> fill(rowStart.begin(), rowStart.end() - 1);
        for (uint32_t s = 0; s < lod.selections.size(); ++s)
            for (uint32_t i = 0; i < lod.selections[s].vertices.size(); ++i)
                entries[fill[lod.selections[s].vertices[i]]++] = {s, i};
        work::count(total + rowStart.size());
    }
};

// The mesh's (selection, index, mesh vertex) triples in selection order, then vertex order: the
// bones' order and their weights' order.
std::vector<std::array<uint32_t, 3>> meshSelections(const VertexPacker& packer, const VertexSelections& rows) {
    std::vector<std::array<uint32_t, 3>> hits;
    const std::vector<uint32_t>& order = packer.order();
    for (uint32_t m = 0; m < order.size(); ++m)
        for (uint32_t k = rows.rowStart[order[m]]; k < rows.rowStart[order[m] + 1]; ++k)
            hits.push_back({rows.entries[k].first, rows.entries[k].second, m});
    work::count(order.size() + hits.size());
    std::sort(hits.begin(), hits.end());
    return hits;
}

// Whether `name` names a bone of the skeleton, case-insensitively (bone names are lower-case).
bool skeletonBoneNamed(const std::string& name, const MeshBones& with) {
    std::string lower = name;
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return with.boneSet && with.boneSet->count(lower) != 0;
}

// Bones under construction for one mesh, owned here until the mesh takes them.
struct MeshBoneList {
    std::vector<aiBone*> bones;
    ~MeshBoneList() {
        for (aiBone* b : bones) delete b;
    }
    aiBone* add(const std::string& name, size_t weights, SceneBudget& budget) {
        budget.charge(cost::kBone + weights * sizeof(aiVertexWeight), "bone '" + name.substr(0, 64) + "'");
        bones.push_back(new aiBone);
        aiBone* bone = bones.back();
        bone->mName = toAiString(name);
        bone->mNumWeights = unsigned(weights);
        bone->mWeights = new aiVertexWeight[weights];
        return bone;
    }
};

// The skeleton's bones that move some vertex of the mesh, in skeleton order, each with its
// weights > 0 in mesh vertex order. A bone named twice in one vertex's four slots (the view
// never does that) is given the sum. Offsets: T(-head), the inverse of the bone node's rest.
void addSkeletonBones(const ModelView& view, const LodView& lod, const VertexPacker& packer, const MeshBones& with,
                      SceneBudget& budget, MeshBoneList& out) {
    const std::vector<uint32_t>& order = packer.order();
    std::vector<std::array<uint32_t, 2>> hits;  // (bone, mesh vertex)
    std::vector<float> weightOf;                // per hit
    budget.charge(order.size() * 4 * 16, "the bone weights of a mesh of LOD " + lod.name);
    for (uint32_t m = 0; m < order.size(); ++m) {
        const auto& joints = lod.joints[order[m]];
        const auto& weights = lod.jointWeights[order[m]];
        for (size_t k = 0; k < 4; ++k)
            if (weights[k] > 0 && joints[k] < view.skeleton.bones.size()) hits.push_back({joints[k], m});
    }
    std::sort(hits.begin(), hits.end());
    hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
    work::count(order.size() + hits.size());
    auto weight = [&](uint32_t bone, uint32_t m) {
        float sum = 0;
        for (size_t k = 0; k < 4; ++k)
            if (lod.joints[order[m]][k] == bone && lod.jointWeights[order[m]][k] > 0)
                sum += lod.jointWeights[order[m]][k];
        return sum;
    };
    for (size_t begin = 0, end = 0; begin < hits.size(); begin = end) {
        const uint32_t b = hits[begin][0];
        while (end < hits.size() && hits[end][0] == b) ++end;
        aiBone* bone = out.add((*with.skeletonNames)[b], end - begin, budget);
        const Vec3 head = view.skeleton.bones[b].head;
        bone->mOffsetMatrix = aiMatrix4x4(1, 0, 0, -head.x, 0, 1, 0, -head.y, 0, 0, 1, -head.z, 0, 0, 0, 1);
        for (size_t h = begin; h < end; ++h)
            bone->mWeights[h - begin] = aiVertexWeight(hits[h][1], weight(b, hits[h][1]));
    }
}

// Every selection touching the mesh as a bone with the view's weights, while the scene holds
// fewer than kMaxSelectionBones (the others are counted in `leftOut`). aiBone names must be
// unique per mesh; a bone without weights says nothing. With the skeleton's bones on the
// meshes, a selection named like a skeleton bone is not a bone (the skeleton's wins).
void addSelectionBones(const LodView& lod, const VertexPacker& packer, const VertexSelections& rows,
                       const MeshBones& with, SceneBudget& budget, MeshBoneList& out, std::vector<aiBone*>& created,
                       uint64_t& leftOut) {
    const std::vector<std::array<uint32_t, 3>> hits = meshSelections(packer, rows);
    std::set<std::string> names;
    for (const aiBone* b : out.bones) names.insert(b->mName.C_Str());
    for (size_t begin = 0, end = 0; begin < hits.size(); begin = end) {
        const SelectionView& sel = lod.selections[hits[begin][0]];
        while (end < hits.size() && hits[end][0] == hits[begin][0]) ++end;
        if (with.skeleton && skeletonBoneNamed(sel.name, with)) continue;
        if (!names.insert(sel.name).second) continue;
        if (created.size() >= kMaxSelectionBones) {
            ++leftOut;
            continue;
        }
        // Every selection touching a mesh is a bone of it: the cost is per (mesh, selection).
        aiBone* bone = out.add(sel.name, end - begin, budget);
        for (size_t h = begin; h < end; ++h)
            bone->mWeights[h - begin] = aiVertexWeight(hits[h][2], sel.weights[hits[h][1]]);
        created.push_back(bone);
    }
}

}  // namespace

void appendLodMeshes(const ModelView& view, size_t lodSlot, const MeshBones& with, SceneBudget& budget,
                     std::vector<aiMesh*>& meshes, std::vector<aiBone*>& selectionBones, uint64_t& bonesLeftOut) {
    const LodView& lod = view.lods[lodSlot];
    budget.charge(lod.positions.size() * 8, "vertex maps of LOD " + lod.name);  // the packer's remap and order
    VertexPacker packer(lod);
    std::optional<VertexSelections> rows;
    if (with.selections) rows.emplace(lod, budget);
    const bool skinned = with.skeleton && with.skeletonNames && lod.skinned() &&
                         lod.joints.size() == lod.positions.size() && lod.jointWeights.size() == lod.positions.size();
    auto finish = [&](aiMesh* mesh, unsigned material) {
        meshes.push_back(mesh);  // owned by the caller's list before a bone's charge can throw
        mesh->mMaterialIndex = material;
        MeshBoneList list;
        if (skinned) addSkeletonBones(view, lod, packer, with, budget, list);
        if (rows) addSelectionBones(lod, packer, *rows, with, budget, list, selectionBones, bonesLeftOut);
        mesh->mBones = releaseArray(list.bones, mesh->mNumBones);
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
