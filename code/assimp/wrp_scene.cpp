// WrpTerrain -> aiScene.
//
// Layout (README "Terrains in Assimp"): root named after the file, with children
//   "terrain": the height grid as tiles of at most 128 x 128 cells, one mesh per (tile, layer
//              material), sharing one vertex per height sample inside each mesh;
//   "objects": one node per placed object, named by its model path, world transform;
//   "roads":   one node per road link (named by its model when stored).
// Coordinates are converted like models: BI world (x east, y up, z north, left-handed) ->
// (x, y, -z), so objects stand on the ground and north is -z.
#include "assimp/wrp_scene.hpp"

#include <assimp/material.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "assimp/odol_scene.hpp"
#include "assimp/scene_util.hpp"

namespace rv::assimp {
namespace {

aiMaterial* layerMaterial(const std::string& path) {
    auto* mat = new aiMaterial;
    aiString s = toAiString(path.empty() ? std::string("terrain (no layer)") : baseName(path));
    mat->AddProperty(&s, AI_MATKEY_NAME);
    if (!path.empty()) {
        s = toAiString(path);
        mat->AddProperty(&s, "$mat.rv.rvmat", 0, 0);
    }
    aiColor4D green(0.35f, 0.45f, 0.25f, 1.0f);  // a neutral ground colour; layers are rvmats
    mat->AddProperty(&green, 1, AI_MATKEY_COLOR_DIFFUSE);
    return mat;
}

class TerrainMeshes {
public:
    explicit TerrainMeshes(const WrpTerrain& t) : t_(t), cell_(t.cellSize()) {}

    float height(uint32_t x, uint32_t z) const { return t_.elevation[size_t(z) * t_.mapSizeX + x]; }

    // The land-grid material of height cell (x, z) (the land grid may be coarser or finer).
    uint32_t materialOf(uint32_t x, uint32_t z) const {
        if (t_.materialIndex.empty() || t_.layerSizeX == 0) return 0;
        const uint64_t lx = std::min<uint64_t>(t_.layerSizeX - 1, uint64_t(x) * t_.layerSizeX / t_.mapSizeX);
        const uint64_t lz = std::min<uint64_t>(t_.layerSizeY - 1, uint64_t(z) * t_.layerSizeY / t_.mapSizeY);
        const uint32_t m = t_.materialIndex[size_t(lz * t_.layerSizeX + lx)];
        return m < t_.materials.size() ? m : 0;
    }

    aiVector3D position(uint32_t x, uint32_t z) const {
        return toAssimp(Vec3{float(x) * cell_, height(x, z), float(z) * cell_});
    }

    // Central differences in file space, then the same mirror as positions.
    aiVector3D normal(uint32_t x, uint32_t z) const {
        const uint32_t x0 = x ? x - 1 : x, x1 = x + 1 < t_.mapSizeX ? x + 1 : x;
        const uint32_t z0 = z ? z - 1 : z, z1 = z + 1 < t_.mapSizeY ? z + 1 : z;
        const float dx = (height(x1, z) - height(x0, z)) / (float(x1 - x0) * cell_);
        const float dz = (height(x, z1) - height(x, z0)) / (float(z1 - z0) * cell_);
        aiVector3D n = toAssimp(Vec3{-dx, 1.0f, -dz});
        return n.Normalize();
    }

    // Appends the meshes of the tile [x0, x1) x [z0, z1) (cells), one per material used.
    void tile(uint32_t x0, uint32_t z0, uint32_t x1, uint32_t z1, std::vector<aiMesh*>& meshes,
              std::vector<unsigned>& materialOfMesh) {
        std::map<uint32_t, std::vector<uint32_t>> cellsByMaterial;  // cell = (z - z0) * w + (x - x0)
        const uint32_t w = x1 - x0;
        for (uint32_t z = z0; z < z1; ++z)
            for (uint32_t x = x0; x < x1; ++x) cellsByMaterial[materialOf(x, z)].push_back((z - z0) * w + (x - x0));
        const uint32_t vw = w + 1, vh = z1 - z0 + 1;
        std::vector<uint32_t> remap(size_t(vw) * vh);
        for (auto& [material, cells] : cellsByMaterial) {
            std::fill(remap.begin(), remap.end(), UINT32_MAX);
            std::vector<uint32_t> order;  // local vertex -> grid vertex (within the tile)
            auto vertex = [&](uint32_t lx, uint32_t lz) {
                uint32_t& slot = remap[size_t(lz) * vw + lx];
                if (slot == UINT32_MAX) {
                    slot = uint32_t(order.size());
                    order.push_back(lz * vw + lx);
                }
                return slot;
            };
            auto* mesh = new aiMesh;
            mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
            mesh->mNumFaces = unsigned(cells.size() * 2);
            mesh->mFaces = new aiFace[mesh->mNumFaces];
            unsigned f = 0;
            for (uint32_t c : cells) {
                const uint32_t lx = c % w, lz = c / w;
                const uint32_t a = vertex(lx, lz), b = vertex(lx + 1, lz), cc = vertex(lx, lz + 1),
                               d = vertex(lx + 1, lz + 1);
                // (a, b, c) and (b, d, c) are counter-clockwise seen from above after the mirror.
                for (const auto& tri : {std::array<uint32_t, 3>{a, b, cc}, std::array<uint32_t, 3>{b, d, cc}}) {
                    aiFace& face = mesh->mFaces[f++];
                    face.mNumIndices = 3;
                    face.mIndices = new unsigned[3]{tri[0], tri[1], tri[2]};
                }
            }
            mesh->mNumVertices = unsigned(order.size());
            mesh->mVertices = new aiVector3D[order.size()];
            mesh->mNormals = new aiVector3D[order.size()];
            mesh->mTextureCoords[0] = new aiVector3D[order.size()];
            mesh->mNumUVComponents[0] = 2;
            const float uScale = t_.mapSizeX > 1 ? 1.0f / float(t_.mapSizeX - 1) : 0.0f;
            const float vScale = t_.mapSizeY > 1 ? 1.0f / float(t_.mapSizeY - 1) : 0.0f;
            for (size_t i = 0; i < order.size(); ++i) {
                const uint32_t gx = x0 + order[i] % vw, gz = z0 + order[i] / vw;
                mesh->mVertices[i] = position(gx, gz);
                mesh->mNormals[i] = normal(gx, gz);
                // One UV over the whole map: u east, v north (Assimp's origin is bottom-left = south-west).
                mesh->mTextureCoords[0][i] = aiVector3D(float(gx) * uScale, float(gz) * vScale, 0);
            }
            mesh->mName = toAiString("tile " + std::to_string(x0 / kTerrainTileCells) + "," +
                                     std::to_string(z0 / kTerrainTileCells));
            meshes.push_back(mesh);
            materialOfMesh.push_back(material);
        }
    }

private:
    const WrpTerrain& t_;
    float cell_;
};

aiNode* newNode(const std::string& name, aiNode* parent) {
    auto* node = new aiNode;
    node->mName = toAiString(name);
    node->mParent = parent;
    return node;
}

}  // namespace

void buildWrpScene(const WrpTerrain& t, const std::string& rootName,
                   const std::map<std::string, OdolModel>* objectModels, aiScene* scene) {
    auto* root = new aiNode;
    scene->mRootNode = root;
    root->mName = toAiString(rootName);
    MetadataBuilder md;
    md.add("rv:format", t.signature);
    md.add("rv:version", int32_t(t.version));
    md.add("rv:map_size_x", int32_t(t.mapSizeX));
    md.add("rv:map_size_y", int32_t(t.mapSizeY));
    md.add("rv:layer_size_x", int32_t(t.layerSizeX));
    md.add("rv:layer_size_y", int32_t(t.layerSizeY));
    md.add("rv:cell_size", t.cellSize());
    md.add("rv:layer_cell_size", t.layerCellSize);
    md.add("rv:object_count", int32_t(t.objects.size()));
    root->mMetaData = md.build();
    MetadataBuilder smd;
    smd.add("SourceAsset_FormatVersion", t.signature + " " + std::to_string(t.version));
    smd.add("SourceAsset_Generator", std::string("rvimport"));
    scene->mMetaData = smd.build();

    std::vector<aiMesh*> meshes;
    std::vector<unsigned> materialOfMesh;
    std::vector<aiNode*> top;
    struct Guard {
        std::vector<aiMesh*>& meshes;
        std::vector<aiNode*>& nodes;
        ~Guard() {
            for (aiMesh* m : meshes) delete m;
            for (aiNode* n : nodes) delete n;
        }
    } guard{meshes, top};

    aiNode* terrain = newNode("terrain", root);
    top.push_back(terrain);
    if (t.mapSizeX >= 2 && t.mapSizeY >= 2 && t.elevation.size() == size_t(t.mapSizeX) * t.mapSizeY) {
        TerrainMeshes builder(t);
        const uint32_t cellsX = t.mapSizeX - 1, cellsZ = t.mapSizeY - 1;
        for (uint32_t z0 = 0; z0 < cellsZ; z0 += kTerrainTileCells)
            for (uint32_t x0 = 0; x0 < cellsX; x0 += kTerrainTileCells)
                builder.tile(x0, z0, std::min(cellsX, x0 + kTerrainTileCells), std::min(cellsZ, z0 + kTerrainTileCells),
                             meshes, materialOfMesh);
    }
    terrain->mNumMeshes = unsigned(meshes.size());
    if (!meshes.empty()) {
        terrain->mMeshes = new unsigned[meshes.size()];
        for (unsigned i = 0; i < meshes.size(); ++i) terrain->mMeshes[i] = i;
    }

    // Only the materials meshes use, in first-use order.
    std::map<unsigned, unsigned> used;
    std::vector<aiMaterial*> materials;
    for (size_t i = 0; i < meshes.size(); ++i) {
        auto [it, fresh] = used.emplace(materialOfMesh[i], unsigned(materials.size()));
        if (fresh) materials.push_back(layerMaterial(materialOfMesh[i] < t.materials.size() ? t.materials[materialOfMesh[i]] : ""));
        meshes[i]->mMaterialIndex = it->second;
    }
    if (materials.empty()) materials.push_back(layerMaterial(""));

    // Object models from the data folder: each model's first visual LOD once, shared by all
    // the nodes that place it (Assimp nodes may reference the same mesh).
    std::map<std::string, std::vector<unsigned>> meshesOfModel;
    if (objectModels) {
        for (const auto& [path, model] : *objectModels) {
            std::string error;
            const std::vector<size_t> lod = pickLods(model, "first", error);
            if (lod.empty()) continue;
            LodMeshes parts = buildLodMeshes(model, lod[0]);
            const unsigned materialBase = unsigned(materials.size());
            materials.insert(materials.end(), parts.materials.begin(), parts.materials.end());
            std::vector<unsigned>& indices = meshesOfModel[path];
            for (aiMesh* m : parts.meshes) {
                m->mMaterialIndex += materialBase;
                indices.push_back(unsigned(meshes.size()));
                meshes.push_back(m);
            }
        }
    }
    scene->mMaterials = releaseArray(materials, scene->mNumMaterials);

    aiNode* objects = newNode("objects", root);
    top.push_back(objects);
    {
        std::vector<aiNode*> children;
        children.reserve(t.objects.size());
        for (const WrpObject& o : t.objects) {
            aiNode* n = newNode(o.model, objects);
            n->mTransformation = toAssimp(o.transform);
            auto placed = meshesOfModel.find(o.model);
            if (placed != meshesOfModel.end() && !placed->second.empty()) {
                n->mNumMeshes = unsigned(placed->second.size());
                n->mMeshes = new unsigned[n->mNumMeshes];
                std::copy(placed->second.begin(), placed->second.end(), n->mMeshes);
            }
            MetadataBuilder omd;
            omd.add("rv:object_id", int32_t(o.id));
            omd.add("rv:model", o.model);
            n->mMetaData = omd.build();
            children.push_back(n);
        }
        objects->mChildren = releaseArray(children, objects->mNumChildren);
    }
    aiNode* roads = newNode("roads", root);
    top.push_back(roads);
    {
        std::vector<aiNode*> children;
        for (const WrpRoadLink& r : t.roads) {
            aiNode* n = newNode(r.model.empty() ? "road " + std::to_string(r.objectId) : r.model, roads);
            if (!r.model.empty()) n->mTransformation = toAssimp(r.transform);
            MetadataBuilder rmd;
            rmd.add("rv:object_id", r.objectId);
            rmd.add("rv:connection_count", int32_t(r.connections.size()));
            for (size_t i = 0; i < r.connections.size() && i < 8; ++i)
                rmd.add("rv:connection_" + std::to_string(i), toAssimp(r.connections[i]));
            n->mMetaData = rmd.build();
            children.push_back(n);
        }
        roads->mChildren = releaseArray(children, roads->mNumChildren);
    }
    root->mChildren = releaseArray(top, root->mNumChildren);
    scene->mMeshes = releaseArray(meshes, scene->mNumMeshes);
    if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
}

}  // namespace rv::assimp
