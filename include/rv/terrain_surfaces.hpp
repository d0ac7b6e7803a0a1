// A terrain's surfaces (the detail textures its layers blend: grass, sand, rock...) and how much
// of each lies where: one weight raster per surface, as the game's terrain shader weighs them.
//
//   rv::SurfaceTable table = rv::terrainSurfaces(terrain, &root, options);
//   rv::SurfaceWeights weights(terrain, table, &maskMosaic);  // null: no layer blends two
//   std::vector<uint8_t> w(weights.width() * weights.height());
//   weights.fill(0, w.data());  // 0..255, north row first; every surface's weights sum to 255
//
// Where they come from:
//  - Arma (OPRW v10+): each layer .rvmat names up to six surfaces, as stage pairs after the
//    satellite (Stage0), the mask (Stage1) and the mid-detail (Stage2): slot k is Stage(3+2k),
//    its `_nopx` normal map, and Stage(4+2k), its `_co` colour. The layer's mask picture
//    (`m_###_###_lca`) says per texel which slot shows (code/view/terrain_surfaces.cpp).
//  - OFP (4WVR, OPRW v2/v3): each land cell shows one texture; it is that cell's one surface.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/options.hpp"
#include "rv/terrain_map.hpp"
#include "rv/wrp.hpp"

namespace rv {

// The name of the pseudo-surface that holds the weight no known surface has (never a surface's).
inline constexpr const char* kUnknownSurfaceName = "_unknown";

// The most surfaces one layer blends (Arma 3's TerrainX shader; TerrainSNX has five).
inline constexpr uint32_t kMaskSlots = 6;

struct TerrainSurface {
    std::string name;     // safe as a file name, unique in its table without regard to case: "gdt_beach"
    std::string texture;  // the colour texture as the layer names it: "a3\map_data\gdt_beach_co.paa"
    std::string normal;   // its normal map (`_nopx`); "" when the layer names none (OFP)
};

// The surface (an index into SurfaceTable::surfaces) of each mask slot of a layer; -1: empty.
using LayerSlots = std::array<int32_t, kMaskSlots>;

struct SurfaceTable {
    std::vector<TerrainSurface> surfaces;
    // Per WrpTerrain::materials. A layer whose slots are all empty has surfaces no one knows: its
    // material is missing from the data root, unreadable, or names none.
    std::vector<LayerSlots> layers;
    bool blends = false;            // some layer has two surfaces or more: the weights need its mask
    std::vector<Warning> warnings;  // unreadable layer materials; missing ones counted in one
};

// The surfaces of every layer of `terrain`. `root` may be null: OFP's cell textures need none,
// Arma's layer materials are read there.
SurfaceTable terrainSurfaces(const WrpTerrain& terrain, const DataRoot* root, const Options& options);

// The weight (0..255, summing to 255) of each slot of `slots` under one texel of the mask
// (RGBA8): the first filled slot is the base, and each later one covers what is before it by
// saturate(3 * its channel): red, green, blue, blue where alpha < 1/2 ... (see the .cpp).
std::array<uint8_t, kMaskSlots> slotWeights(const uint8_t rgba[4], const LayerSlots& slots);

// The weight rasters of a table's surfaces over the map, on the mask mosaic's pixels, or with
// none, one pixel per land cell. Each pixel takes the layer of the land cell its centre lies in,
// the rule the mosaics are painted by. Surfaces unknown in a pixel (no layer, a layer whose
// surfaces are unknown, or whose mask is missing while it blends two or more) weigh nothing
// there; the pseudo-surface `unknown()` holds their 255.
class SurfaceWeights {
public:
    // `mask` may be null (no layer needs one); else it outlives this object.
    SurfaceWeights(const WrpTerrain& terrain, const SurfaceTable& table, const LayerMosaic* mask);
    uint32_t width() const { return width_; }
    uint32_t height() const { return height_; }
    double pixelSize() const { return pixelSize_; }  // metres; pixel (0, 0) at the map's north-west corner
    size_t unknown() const { return table_.surfaces.size(); }
    bool anyUnknown() const { return anyUnknown_; }
    // Writes width() * height() weights of surface `surface` (or unknown()) to `out`, rows north
    // first.
    void fill(size_t surface, uint8_t* out) const;

private:
    bool layerKnown(uint32_t material) const;
    const WrpTerrain& terrain_;
    const SurfaceTable& table_;
    const LayerMosaic* mask_;
    uint32_t width_ = 0, height_ = 0;
    double pixelSize_ = 0;
    // The pixel columns of land-cell column x are [columnEdge_[x], columnEdge_[x + 1]); the
    // pixel rows of land-cell row z (counted from the south) [rowEdge_[z + 1], rowEdge_[z]).
    std::vector<uint32_t> columnEdge_, rowEdge_;
    bool anyUnknown_ = false;
};

}  // namespace rv
