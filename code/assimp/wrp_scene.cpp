// TerrainView -> aiScene.
//
// Layout (docs/assimp.md, "Terrains"): root named after the file, with children
//   "terrain": the view's tiles, one mesh per (tile, layer material), sharing one vertex per
//              height sample inside each mesh;
//   "objects": one node per placed object, named by its model path, world transform;
//   "roads":   one node per road link (named by its model when stored).
// The view converts into Assimp's frame (x east, y up, -z north), so objects stand on the ground.
#include "assimp/wrp_scene.hpp"

#include <assimp/material.h>

#include <algorithm>
#include <limits>

#include "assimp/odol_materials.hpp"
#include "assimp/odol_meshes.hpp"
#include "assimp/odol_textures.hpp"
#include "assimp/scene_util.hpp"

namespace rv::assimp {
namespace {

// A layer's material; with its texture (the satellite picture or OFP's cell texture) as the
// diffuse map, sampled through UV channel 0 (tileGroupMesh fills it from world positions).
aiMaterial* layerMaterial(const WrpTerrain& t, uint32_t material, const TerrainLayer* layer,
                          EmbeddedTextures& textures) {
    auto* mat = new aiMaterial;
    const std::string reference = layer && layer->mapped() ? textures.reference(layer->colour) : std::string();
    if (!reference.empty()) {
        aiString ref = toAiString(reference);
        mat->AddProperty(&ref, AI_MATKEY_TEXTURE_DIFFUSE(0));  // sampled through UV channel 0
        if (layer->clampToEdge) {  // a satellite segment covers its cells once (TerrainLayer::clampToEdge)
            const int clamp = aiTextureMapMode_Clamp;
            mat->AddProperty(&clamp, 1, AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0));
            mat->AddProperty(&clamp, 1, AI_MATKEY_MAPPINGMODE_V_DIFFUSE(0));
        }
        const float metallic = 0, roughness = 1;  // ground: no metal, no highlight
        mat->AddProperty(&metallic, 1, AI_MATKEY_METALLIC_FACTOR);
        mat->AddProperty(&roughness, 1, AI_MATKEY_ROUGHNESS_FACTOR);
    }
    aiString s = toAiString(layerMaterialName(t, material));
    mat->AddProperty(&s, AI_MATKEY_NAME);
    if (material < t.materials.size() && !t.materials[material].empty()) {
        s = toAiString(t.materials[material]);
        mat->AddProperty(&s, "$mat.rv.rvmat", 0, 0);
    }
    const std::array<float, 4> c = layerBaseColour(layer);
    aiColor4D colour(c[0], c[1], c[2], c[3]);
    mat->AddProperty(&colour, 1, AI_MATKEY_COLOR_DIFFUSE);
    return mat;
}

// One mesh of a tile: the cells of group `g`, with only the samples they use; UV channel 0 holds
// the layer texture's coordinates when the layer has one (then the whole-map UVs are channel 1).
aiMesh* tileGroupMesh(const TerrainView& view, const TerrainTile& tile, const TileGroup& g, const TerrainLayer& layer,
                      std::vector<uint32_t>& remap) {
    std::fill(remap.begin(), remap.end(), kNone);
    std::vector<uint32_t> order;  // mesh vertex -> tile vertex
    auto vertex = [&](uint32_t v) {
        if (remap[v] == kNone) {
            remap[v] = uint32_t(order.size());
            order.push_back(v);
        }
        return remap[v];
    };
    auto* mesh = new aiMesh;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumFaces = g.cellCount * 2;
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    const uint32_t* tri = tile.cellTriangles.data() + size_t(g.firstCell) * 6;
    for (unsigned f = 0; f < mesh->mNumFaces; ++f, tri += 3) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{vertex(tri[0]), vertex(tri[1]), vertex(tri[2])};
    }
    mesh->mNumVertices = unsigned(order.size());
    mesh->mVertices = new aiVector3D[order.size()];
    mesh->mNormals = new aiVector3D[order.size()];
    mesh->mTextureCoords[0] = new aiVector3D[order.size()];
    mesh->mNumUVComponents[0] = 2;
    for (size_t i = 0; i < order.size(); ++i) {
        mesh->mVertices[i] = toAi(tile.positions[order[i]]);
        mesh->mNormals[i] = toAi(tile.normals[order[i]]);
        mesh->mTextureCoords[0][i] = aiVector3D(tile.uvs[order[i]].u, tile.uvs[order[i]].v, 0);
    }
    if (layer.mapped()) {
        // Channel 0 becomes the layer texture's (every exporter samples channel 0: Assimp 5.2.5's
        // glTF writer ignores a texture's UV channel), the whole-map UVs move to channel 1.
        mesh->mTextureCoords[1] = mesh->mTextureCoords[0];
        mesh->mNumUVComponents[1] = 2;
        mesh->mTextureCoords[0] = new aiVector3D[order.size()];
        for (size_t i = 0; i < order.size(); ++i) {
            const Vec2 uv = tileLayerUv(layer, view, tile, order[i]);
            mesh->mTextureCoords[0][i] = aiVector3D(uv.u, uv.v, 0);
        }
    }
    mesh->mName = toAiString("tile " + std::to_string(tile.column) + "," + std::to_string(tile.row));
    return mesh;
}

// Every tile's meshes, and the layer materials they use in first-use order.
void addTerrainMeshes(const TerrainView& view, const TerrainLayers* layers, EmbeddedTextures& textures,
                      std::vector<aiMesh*>& meshes, std::vector<aiMaterial*>& materials) {
    static const TerrainLayer kNoLayer;
    const WrpTerrain& t = view.terrain();
    std::vector<uint32_t> materialSlot(std::max<size_t>(t.materials.size(), 1), kNone);
    std::vector<uint32_t> remap;
    for (uint32_t i = 0; i < view.tileCount(); ++i) {
        const TerrainTile tile = view.tile(i);
        remap.resize(tile.positions.size());
        for (const TileGroup& g : tile.groups) {
            const TerrainLayer& layer = layers ? layers->layer(g.material) : kNoLayer;
            aiMesh* mesh = tileGroupMesh(view, tile, g, layer, remap);
            meshes.push_back(mesh);
            uint32_t& slot = materialSlot[g.material < materialSlot.size() ? g.material : 0];
            if (slot == kNone) {
                slot = uint32_t(materials.size());
                materials.push_back(layerMaterial(t, g.material, layers ? &layer : nullptr, textures));
            }
            mesh->mMaterialIndex = slot;
        }
    }
    if (materials.empty()) materials.push_back(layerMaterial(t, UINT32_MAX, nullptr, textures));
}

// Object models from the data root: each model's meshes once, shared by all the nodes that
// place it (Assimp nodes may reference the same mesh).
std::map<std::string, std::vector<unsigned>> addObjectMeshes(const ObjectModels& models, SceneBudget& budget,
                                                             std::vector<aiMesh*>& meshes,
                                                             std::vector<aiMaterial*>& materials,
                                                             EmbeddedTextures& textures) {
    std::map<std::string, std::vector<unsigned>> meshesOfModel;
    for (const auto& [path, object] : models) {
        const unsigned materialBase = unsigned(materials.size());
        budget.charge(cost::materials(*object->view), "the materials of " + path);
        for (aiMaterial* m : makeMaterials(*object->view)) {
            const size_t i = materials.size() - materialBase;
            if (i < object->textures.size()) applyTextures(m, object->textures[i], textures);
            materials.push_back(m);
        }
        std::vector<aiMesh*> parts;
        std::vector<aiBone*> bones;  // none: no selections as bones here
        uint64_t bonesLeftOut = 0;
        for (size_t slot = 0; slot < object->view->lods.size(); ++slot)
            appendLodMeshes(*object->view, slot, MeshBones{}, budget, parts, bones, bonesLeftOut);
        std::vector<unsigned>& indices = meshesOfModel[path];
        for (aiMesh* m : parts) {
            m->mMaterialIndex += materialBase;
            indices.push_back(unsigned(meshes.size()));
            meshes.push_back(m);
        }
    }
    return meshesOfModel;
}

void addTerrainMetadata(const WrpTerrain& t, aiNode* root, aiScene* scene, SceneBudget& budget) {
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
    root->mMetaData = md.build(budget);
    scene->mMetaData = sceneMetadata(t.signature + " " + std::to_string(t.version), budget);
}

aiNode* objectNodes(const TerrainView& view, const std::map<std::string, std::vector<unsigned>>& meshesOfModel,
                    aiNode* root, SceneBudget& budget) {
    const WrpTerrain& t = view.terrain();
    aiNode* objects = newNode("objects", root, budget);
    std::vector<aiNode*> children;
    children.reserve(t.objects.size());
    for (uint32_t i = 0; i < t.objects.size(); ++i) {
        const WrpObject& o = t.objects[i];
        if (!isPlaceable(o)) continue;  // the view warned
        aiNode* n = newNode(o.model, objects, budget);
        children.push_back(n);
        n->mTransformation = toAi(view.objectTransform(i));
        auto placed = meshesOfModel.find(o.model);
        if (placed != meshesOfModel.end() && !placed->second.empty()) {
            n->mNumMeshes = unsigned(placed->second.size());
            n->mMeshes = new unsigned[n->mNumMeshes];
            std::copy(placed->second.begin(), placed->second.end(), n->mMeshes);
        }
        MetadataBuilder omd;
        omd.add("rv:object_id", int32_t(o.id));
        omd.add("rv:model", o.model);
        n->mMetaData = omd.build(budget);
    }
    objects->mChildren = releaseArray(children, objects->mNumChildren);
    return objects;
}

aiNode* roadNodes(const TerrainView& view, aiNode* root, SceneBudget& budget) {
    const Axes axes = view.frame().axes;
    aiNode* roads = newNode("roads", root, budget);
    std::vector<aiNode*> children;
    for (const WrpRoadLink& r : view.terrain().roads) {
        aiNode* n = newNode(r.model.empty() ? "road " + std::to_string(r.objectId) : r.model, roads, budget);
        children.push_back(n);
        if (!r.model.empty()) n->mTransformation = toAi(toFrame(axes, r.transform));
        MetadataBuilder rmd;
        rmd.add("rv:object_id", r.objectId);
        rmd.add("rv:connection_count", int32_t(r.connections.size()));
        for (size_t i = 0; i < r.connections.size() && i < 8; ++i)
            rmd.add("rv:connection_" + std::to_string(i), toAi(toFrame(axes, r.connections[i])));
        n->mMetaData = rmd.build(budget);
    }
    roads->mChildren = releaseArray(children, roads->mNumChildren);
    return roads;
}

// Upper bounds of the terrain's part of the scene. Each tile mesh keeps only the samples its
// cells use: with one layer material that is every sample of the tile once; with several, a
// sample can be repeated in up to four meshes (one per cell around it).
struct TerrainCost {
    uint64_t meshes = 0;  // tile meshes and the tile being built
    uint64_t nodes = 0;   // object and road nodes with their metadata
};

TerrainCost terrainCost(const TerrainView& view) {
    const WrpTerrain& t = view.terrain();
    const uint64_t cells = uint64_t(t.mapSizeX > 0 ? t.mapSizeX - 1 : 0) * (t.mapSizeY > 0 ? t.mapSizeY - 1 : 0);
    const uint64_t tileSamples = (uint64_t(t.mapSizeX) + view.tileColumns()) * (uint64_t(t.mapSizeY) + view.tileRows());
    const uint64_t layers = std::max<uint64_t>(t.materials.size(), 1);
    const uint64_t vertices = layers == 1 ? tileSamples : std::min(tileSamples * layers, 4 * cells);
    const uint64_t meshCount = std::min<uint64_t>(uint64_t(view.tileCount()) * layers, std::max<uint64_t>(cells, 1));
    const uint64_t tileSide = uint64_t(view.tileCells()) + 1;
    TerrainCost c;
    c.meshes = meshCount * cost::mesh(0, 0, 1) + vertices * sizeof(aiVector3D) * 3 + cells * 2 * cost::kFace +
               tileSide * tileSide * (32 + 8 + 40);  // the tile being built, and its remap
    c.nodes = 3 * cost::kNode + t.objects.size() * (cost::kNode + 2 * cost::kMetadataEntry);
    for (const WrpRoadLink& r : t.roads)  // as roadNodes: two entries and up to 8 connections
        c.nodes += cost::kNode + (2 + std::min<uint64_t>(r.connections.size(), 8)) * cost::kMetadataEntry;
    return c;
}

std::string mib(uint64_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

}  // namespace

void chargeTerrainScene(const TerrainView& view, SceneBudget& budget) {
    const WrpTerrain& t = view.terrain();
    const TerrainCost c = terrainCost(view);
    const MemoryBudget& b = budget.budget();
    if (c.meshes + c.nodes > b.left())
        throw ImportError(
            budget.file() + ": the terrain's " + std::to_string(t.mapSizeX) + " x " + std::to_string(t.mapSizeY) +
                " height grid needs about " + mib(c.meshes) + " as meshes, and its " +
                std::to_string(t.objects.size()) + " objects and " + std::to_string(t.roads.size()) +
                " road links about " + mib(c.nodes) + " as nodes, over the memory limit of " + formatBytes(b.limit()) +
                " (" + std::to_string(b.used()) +
                " bytes in use by the decoded terrain); what fits: its heights "
                "as an ESRI grid (rvimport export " +
                budget.file() +
                " OUT.asc), its objects as a "
                "Terrain Builder list (OUT.txt), or a higher limit (--max-memory, RV_IMPORT_MEMORY_BUDGET_MB)",
            DiagKind::MemoryLimit);
    budget.charge(c.meshes, "the terrain's meshes");
}

void buildWrpScene(const TerrainView& view, const std::string& rootName, const ObjectModels* objectModels,
                   const TerrainLayers* layers, SceneBudget& budget, aiScene* scene) {
    EmbeddedTextures textures(&budget.budget());
    budget.charge(cost::kNode, "the root node");
    auto* root = new aiNode;
    scene->mRootNode = root;
    root->mName = toAiString(rootName);
    addTerrainMetadata(view.terrain(), root, scene, budget);

    std::vector<aiMesh*> meshes;
    std::vector<aiMaterial*> materials;
    std::vector<aiNode*> top;
    struct Guard {
        std::vector<aiMesh*>& meshes;
        std::vector<aiMaterial*>& materials;
        std::vector<aiNode*>& nodes;
        ~Guard() {
            for (aiMesh* m : meshes) delete m;
            for (aiMaterial* m : materials) delete m;
            for (aiNode* n : nodes) delete n;
        }
    } guard{meshes, materials, top};

    aiNode* terrain = newNode("terrain", root, budget);
    top.push_back(terrain);
    addTerrainMeshes(view, layers, textures, meshes, materials);
    terrain->mNumMeshes = unsigned(meshes.size());
    if (!meshes.empty()) {
        terrain->mMeshes = new unsigned[meshes.size()];
        for (unsigned i = 0; i < meshes.size(); ++i) terrain->mMeshes[i] = i;
    }
    std::map<std::string, std::vector<unsigned>> meshesOfModel;
    if (objectModels) meshesOfModel = addObjectMeshes(*objectModels, budget, meshes, materials, textures);
    top.push_back(objectNodes(view, meshesOfModel, root, budget));
    top.push_back(roadNodes(view, root, budget));

    scene->mMaterials = releaseArray(materials, scene->mNumMaterials);
    textures.moveInto(scene);
    root->mChildren = releaseArray(top, root->mNumChildren);
    scene->mMeshes = releaseArray(meshes, scene->mNumMeshes);
    if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
}

}  // namespace rv::assimp
