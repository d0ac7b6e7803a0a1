// A terrain as terrain makers' tools take it: whole-map rasters of its layer pictures, placed
// where the game draws them. `rvimport map` writes them as georeferenced files; the C ABI gives
// them to the Blender add-on.
//
//   auto sat = rv::layerMosaic(terrain, root, rv::LayerPicture::Satellite, 4096, options);
//   // sat->raster: RGBA8, north row first, sat->raster.pixelSize metres per pixel
//
// Each land cell is painted from its own layer's picture through that layer's TexGen transform
// (rv/terrain_layers.hpp), so the overlap that neighbouring segments' pictures share is trimmed
// to the cells each layer owns: no seam, no border.
#pragma once

#include <cstdint>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/options.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/wrp.hpp"

namespace rv {

// An RGBA8 raster over the whole map, rows from north to south. Pixels are areas: pixel (0, 0)
// has its north-west corner at the map's north-west corner, and width * pixelSize is the map's
// east-west extent (land cells * their size).
struct MapRaster {
    uint32_t width = 0, height = 0;
    double pixelSize = 0;  // metres
    std::vector<uint8_t> rgba;
};

struct LayerMosaic {
    MapRaster raster;
    uint32_t layersDrawn = 0;       // layers whose picture was painted
    std::vector<uint8_t> drawn;     // per WrpTerrain::materials: 1 when its picture was painted
    std::vector<Warning> warnings;  // one per missing or unreadable picture: its area stays transparent
};

// The map as the pictures of `which` paint it, no side larger than `maxSize` (0: the pictures'
// own resolution; rv::defaults::kMosaicSize is the CLI's default): each picture decoded at the
// smallest of its mips that is not coarser than the mosaic, one at a time. Cells without a
// layer picture stay transparent (alpha 0). The raster is charged to options.budget.
[[nodiscard]] Result<LayerMosaic> layerMosaic(const WrpTerrain& terrain, const DataRoot& root, LayerPicture which,
                                              uint32_t maxSize, const Options& options);

// The mosaic cut to what the terrain mesh covers: from the first height sample to the last
// ((N - 1) cells east and north, where the whole map is N cells), so the mesh's whole-map UVs
// (u = x / (N - 1), glTF TEXCOORD_0, rv_tile_uvs) put each pixel where it lies, within half a
// pixel. The far strip, one cell wide, that no mesh covers is dropped. What the glTF writer and
// the Blender add-on texture a terrain with ("the far view as the game draws it"); so a satellite
// mosaic's cells without a picture are the untextured ground colour (kUntexturedLayerColour in
// sRGB), opaque, where layerMosaic leaves them transparent.
[[nodiscard]] Result<LayerMosaic> meshMosaic(const WrpTerrain& terrain, const DataRoot& root, LayerPicture which,
                                             uint32_t maxSize, const Options& options);

}  // namespace rv

namespace rv {

// Which terrain editor a heightmap is made for (`rvimport map --engine`): each takes some sizes only.
enum class HeightEngine : uint8_t { AsIs, Godot, Unreal, Unity, Reforger };

// The height grid as an engine's importer takes it: samples north row first, sizes the editor
// accepts, and in `change` what was done to get them (empty when nothing was).
//   Godot: any size, unchanged.
//   Unity: 2^n + 1 samples a side, at most 4097: an N = 2^n grid gets its last row and column
//          repeated (N + 1), a larger one is resampled down to 4097.
//   Unreal: the landscape sizes of its docs (127, 253, 505, 1009, 2017, 4033, 8129): resampled to
//          the largest not above the grid's side, or padded up to 127.
//   Reforger: whole blocks of 32 faces, 32k + 1 samples a side, each side on its own: padded up
//          to the next (4096 -> 4097), never resampled.
// A resampled grid keeps its first and last samples where they were (the cell size changes);
// heights between samples are bilinear, the surface the view draws along its edges. The grid is
// charged to `budget`.
struct EngineHeights {
    uint32_t width = 0, height = 0;
    double cellSize = 0;      // metres between samples
    std::vector<float> rows;  // width * height, north row first
    std::string change;       // "resampled 4096 x 4096 to 4033 x 4033 (Unreal's landscape sizes)"
};
[[nodiscard]] Result<EngineHeights> engineHeights(const WrpTerrain& terrain, HeightEngine engine, MemoryBudget& budget);

}  // namespace rv
