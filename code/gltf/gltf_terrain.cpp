// A terrain as glTF: the height grid as tile meshes (written tile by tile), layer materials, and
// the placed objects instanced per model (gltf_objects.cpp).
#include <memory>

#include "gltf/gltf_materials.hpp"
#include "gltf/gltf_model.hpp"
#include "gltf/gltf_objects.hpp"
#include "gltf/gltf_state.hpp"
#include "gltf/gltf_tiles.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/terrain_map.hpp"

namespace rv {
namespace gltf {
namespace {

// The layer materials, each made when a tile first uses it.
class LayerMaterials {
public:
    LayerMaterials(const WrpTerrain& t, const TerrainLayers* layers)
        : t_(t), layers_(layers), made_(t.materials.size() + 1, -1) {}
    // Every cell in the one satellite material (--satellite) instead of its layer's.
    void useOnly(uint32_t material) { only_ = int32_t(material); }
    uint32_t get(Document& doc, uint32_t material) {
        if (only_ >= 0) return uint32_t(only_);
        const size_t slot = material < t_.materials.size() ? material : t_.materials.size();
        if (made_[slot] < 0) {
            const std::string name = layerMaterialName(t_, material);
            const std::string rvmat = slot < t_.materials.size() ? t_.materials[slot] : std::string();
            const TerrainLayer* layer = layers_ && slot < t_.materials.size() ? &layers_->layer(material) : nullptr;
            if (layer && layer->mapped()) {
                // The picture is sampled with the layer's own mapping (TEXCOORD_1, gltf_tiles.hpp).
                const Wrap wrap = layer->clampToEdge ? Wrap::ClampToEdge : Wrap::Repeat;
                made_[slot] = int32_t(addImageMaterial(doc, name, layer->colour, 1, wrap, rvmat));
            } else {
                const std::array<float, 4> c = layerBaseColour(layer);
                made_[slot] = int32_t(addPlainMaterial(doc, name, {c[0], c[1], c[2], c[3]}, rvmat));
            }
        }
        return uint32_t(made_[slot]);
    }

private:
    const WrpTerrain& t_;
    const TerrainLayers* layers_;
    std::vector<int32_t> made_;
    int32_t only_ = -1;
};

// --satellite: the mosaic of the layers' satellite pictures over what the mesh covers, sampled
// with the whole-map UVs (TEXCOORD_0). A warning, and the layer materials, when there is none.
void useSatellite(Document& doc, const WrpTerrain& t, const DataRoot* root, const Options& options, uint32_t size,
                  LayerMaterials& materials, std::vector<Warning>& warnings) {
    if (!root) {
        warnings.push_back(makeWarning(DiagKind::NoDataRoot,
                                       "--satellite needs the data root, where the layers' "
                                       "rvmats and pictures are; the layer materials are kept"));
        return;
    }
    auto mosaic = meshMosaic(t, *root, LayerPicture::Satellite, size, options);
    if (!mosaic || mosaic->layersDrawn == 0) {
        warnings.push_back(makeWarning(
            mosaic ? DiagKind::BadValue : mosaic.error().kind,
            "--satellite: " +
                (mosaic ? std::string("no layer has a satellite picture") : diagnosticLine(mosaic.error())) +
                "; the layer materials are kept"));
        return;
    }
    for (const Warning& w : mosaic->warnings) warnings.push_back(w);
    MaterialImage image;
    image.role = TextureRole::BaseColor;
    image.reference = "satellite mosaic";
    image.image = std::make_shared<const Image>(
        Image{mosaic->raster.width, mosaic->raster.height, std::move(mosaic->raster.rgba)});
    materials.useOnly(addImageMaterial(doc, "satellite", image, 0, Wrap::ClampToEdge));
}

// The tile's mesh: accessors into a piece the tile fills while the file is written.
uint32_t addTileMesh(Document& doc, const TerrainView& view, uint32_t index, const TerrainLayers* layers, bool quantize,
                     LayerMaterials& materials) {
    const TerrainTile tile = view.tile(index);
    std::vector<uint8_t> scratch;
    const TileLayout layout = encodeTile(tile, view, layers, quantize, scratch);
    const uint64_t base =
        doc.addPiece(layout.size, [&view, index, layers, quantize, size = layout.size](std::vector<uint8_t>& out) {
            encodeTile(view.tile(index), view, layers, quantize, out);
            return out.size() == size;
        });
    Json primitives = Json::array();
    for (const TileVertexSet& set : layout.sets) {
        const uint64_t n = set.vertexCount;
        Json attributes;
        attributes["POSITION"] = doc.addAccessor(doc.addView(base + set.positions, n * 12, kArrayBuffer), 0, kFloat, n,
                                                 "VEC3", false, vec3(set.min), vec3(set.max));
        attributes["NORMAL"] =
            quantize
                ? doc.addAccessor(doc.addView(base + set.normals, n * 4, kArrayBuffer, 4), 0, kByte, n, "VEC3", true)
                : doc.addAccessor(doc.addView(base + set.normals, n * 12, kArrayBuffer), 0, kFloat, n, "VEC3");
        attributes["TEXCOORD_0"] =
            quantize ? doc.addAccessor(doc.addView(base + set.mapUv, n * 4, kArrayBuffer), 0, kUShort, n, "VEC2", true)
                     : doc.addAccessor(doc.addView(base + set.mapUv, n * 8, kArrayBuffer), 0, kFloat, n, "VEC2");
        if (set.layerUv)
            attributes["TEXCOORD_1"] =
                doc.addAccessor(doc.addView(base + set.layerUvs, n * 8, kArrayBuffer), 0, kFloat, n, "VEC2");
        const uint32_t width = set.wideIndices ? 4 : 2;
        for (const TileRun& run : set.runs) {
            const uint32_t indexView =
                doc.addView(base + run.offset, uint64_t(run.indexCount) * width, kElementArrayBuffer);
            primitives.push_back({{"attributes", attributes},
                                  {"indices", doc.addAccessor(indexView, 0, set.wideIndices ? kUInt : kUShort,
                                                              run.indexCount, "SCALAR")},
                                  {"material", materials.get(doc, run.material)}});
        }
    }
    const std::string name = "tile " + std::to_string(tile.column) + "," + std::to_string(tile.row);
    const uint32_t mesh = doc.push("meshes", {{"name", name}, {"primitives", std::move(primitives)}});
    return doc.push("nodes", {{"name", name}, {"mesh", mesh}});
}

Json terrainExtras(const WrpTerrain& t, const TerrainView& view) {
    Json e = {{"format", t.signature},
              {"version", t.version},
              {"map_size", {t.mapSizeX, t.mapSizeY}},
              {"layer_size", {t.layerSizeX, t.layerSizeY}},
              {"cell_size", t.cellSize()},
              {"object_count", t.objects.size()},
              {"terrain_step", view.grid().step}};
    if (view.grid().hasRegion())
        e["region"] = {view.grid().west, view.grid().south, view.grid().east, view.grid().north};
    return e;
}

}  // namespace

Result<GltfOutput> terrainToGltf(const OpenedFile& file, const GltfOptions& gltfOptions) {
    const WrpTerrain& terrain = *file.terrain;
    const TerrainView& view = *file.terrainView;  // the door's, its warnings among the file's
    const Options& options = file.options;
    const std::string& name = file.name;
    const DataRoot* root = file.dataRoot.get();
    auto state = std::make_unique<GltfOutput::State>(options, name);
    Document& doc = state->doc;
    doc.setBinary(gltfOptions.binary, gltfOptions.stem);
    doc.shareImages(gltfOptions.sharedImageUri);
    addAsset(doc, terrain.signature);
    if (gltfOptions.quantize) doc.useExtension("KHR_mesh_quantization", true);

    // Layer pictures need the data root; they are kept by the state: tiles read them when written.
    std::unique_ptr<TerrainLayers> layers;
    if (root) {
        layers = std::make_unique<TerrainLayers>(terrain, root, options);
        for (const Warning& w : layers->warnings()) state->warnings.push_back(w);
    }
    LayerMaterials materials(terrain, layers.get());
    if (gltfOptions.satellite)
        useSatellite(doc, terrain, root, options, gltfOptions.satellite, materials, state->warnings);
    Json tiles = Json::array();
    for (uint32_t i = 0; i < view.tileCount() && !doc.overBudget(); ++i)
        tiles.push_back(addTileMesh(doc, view, i, layers.get(), gltfOptions.quantize, materials));
    state->stats.tiles = view.tileCount();
    Json top = {{"name", name}, {"extras", terrainExtras(terrain, view)}};
    Json terrainNode = {{"name", "Terrain"}};
    if (!tiles.empty()) terrainNode["children"] = std::move(tiles);  // glTF wants none rather than an empty list
    Json children = Json::array({doc.push("nodes", std::move(terrainNode))});
    Result<uint32_t> objects = addPlacedObjects(doc, view, root, options, gltfOptions, *state);
    if (!objects) return objects.error();
    children.push_back(objects.value());
    top["children"] = std::move(children);
    doc.json["scenes"][0]["nodes"].push_back(doc.push("nodes", std::move(top)));
    state->layers = std::move(layers);
    return finish(std::move(state), name, "; --region exports part of the world, --terrain-step N a lighter one");
}

}  // namespace gltf
}  // namespace rv
