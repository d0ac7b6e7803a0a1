// A terrain's layer materials as textures for outputs: which image colours each layer and how a
// point of the world maps to its UVs.
//
//   rv::TerrainLayers layers(terrain, &root, options);
//   const rv::TerrainLayer& l = layers.layer(group.material);
//   if (l.mapped()) uv = l.uvAt(east, height, north, frame.uvBottomLeft);
//
// Two kinds of layer (WrpTerrain::materials):
//  - Arma (OPRW v10+): a .rvmat per terrain segment. Its Stage0 is the segment's satellite
//    picture (`s_###_###_lco`), mapped by world position (`texGen` -> class TexGenN
//    { uvSource = "worldPos"; uvTransform }), so one picture spans the whole segment; the other
//    stages (mask, detail layers) are blended by the engine's terrain shader and are left out.
//  - OFP (4WVR, OPRW v2/v3): a .pac/.paa per land cell, drawn once per cell (repeated).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/material_textures.hpp"
#include "rv/view.hpp"
#include "rv/wrp.hpp"

namespace rv {

struct TerrainLayer {
    std::string material;  // as stored in the terrain
    MaterialImage colour;  // the satellite / cell texture; image null when it could not be had
    // uv = east * aside + height * up + north * dir + pos (rows as the rvmat stores them; east,
    // height and north in metres from the map's south-west corner); u, v with a top-left origin.
    Mat43 worldToUv{};
    // true: the picture covers its area once (an Arma satellite segment: the cells of its layer
    // map inside it), so outputs clamp it to its edge (glTF CLAMP_TO_EDGE, Assimp's clamp,
    // Blender's Extend) and its border texels are never blended with the opposite border. false:
    // it repeats (OFP's cell textures, drawn once per land cell).
    bool clampToEdge = false;
    bool mapped() const { return colour.image != nullptr; }
    Vec2 uvAt(float east, float height, float north, bool bottomLeft) const;
};

class TerrainLayers {
public:
    // `root` may be null: no layer is textured then.
    TerrainLayers(const WrpTerrain& terrain, const DataRoot* root, const Options& options);
    // The layer of WrpTerrain::materials[material]; an unmapped one past the end.
    const TerrainLayer& layer(uint32_t material) const { return material < layers_.size() ? layers_[material] : none_; }
    size_t size() const { return layers_.size(); }
    // One warning per texture or material that could not be had.
    const std::vector<Warning>& warnings() const { return warnings_; }

private:
    std::vector<TerrainLayer> layers_;
    TerrainLayer none_;
    std::vector<Warning> warnings_;
};

// Which picture of a layer: Stage0, the satellite picture (`s_###_###_lco`), or Stage1, the mask
// that weights the layer's surfaces (`m_###_###_lca`), each mapped by world position. OFP's cell
// textures are satellite pictures drawn once per land cell; OFP has no masks.
enum class LayerPicture { Satellite, Mask };

// Where a layer's picture comes from and how the world maps onto it, read without decoding the
// picture (what TerrainLayer holds, less the pixels). `texture` is empty when the layer has no
// such picture; `problem` then says why, when the layer material could not be read.
struct LayerPictureSource {
    std::string texture;
    Mat43 worldToUv{};
    bool clampToEdge = false;
    std::string problem;
    DiagKind problemKind = DiagKind::BadValue;
    bool missingMaterial = false;  // the layer .rvmat is not in the data root (counted, not warned each)
};
LayerPictureSource layerPictureSource(const WrpTerrain& terrain, const std::string& material, const DataRoot& root,
                                      LayerPicture which, const Options& options);

// ---- what every adapter shows of a layer (one rule each, code/view/terrain_layers.cpp) ----

// The name of cells without a layer material (an empty name, or a terrain with none).
inline constexpr const char* kNoLayerName = "terrain (no layer)";

// The name of layer material `material` in outputs: its file name ("p_000-000_l00.rvmat",
// "pisek.pac"), or kNoLayerName for an empty or missing one. The full path goes beside it
// (Assimp's $mat.rv.rvmat, glTF's extras.rvmat, Blender's rv_rvmat).
std::string layerMaterialName(const WrpTerrain& terrain, uint32_t material);

// The base colour (linear RGBA) of a layer that has no picture: a muted grass-and-soil green.
inline constexpr std::array<float, 4> kUntexturedLayerColour{0.42f, 0.45f, 0.33f, 1.0f};
// A layer material's base colour: white under its picture (the picture is the colour), else
// kUntexturedLayerColour. `layer` may be null (no data root).
std::array<float, 4> layerBaseColour(const TerrainLayer* layer);

// UVs into `layer`'s picture of vertex `vertex` of `tile` (a tile of `view`): the layer mapping
// of the vertex's stored sample (east, stored height, north in metres), origin by the view's
// frame. {0, 0} for a layer without a picture.
Vec2 tileLayerUv(const TerrainLayer& layer, const TerrainView& view, const TerrainTile& tile, uint32_t vertex);

}  // namespace rv
