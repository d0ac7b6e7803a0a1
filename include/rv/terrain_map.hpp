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
    std::vector<Warning> warnings;  // one per missing or unreadable picture: its area stays transparent
};

// The map as the pictures of `which` paint it, no side larger than `maxSize` (0: the pictures'
// own resolution; rv::defaults::kMosaicSize is the CLI's default): each picture decoded at the
// smallest of its mips that is not coarser than the mosaic, one at a time. Cells without a
// layer picture stay transparent (alpha 0). The raster is charged to options.budget.
[[nodiscard]] Result<LayerMosaic> layerMosaic(const WrpTerrain& terrain, const DataRoot& root, LayerPicture which,
                                              uint32_t maxSize, const Options& options);

}  // namespace rv
