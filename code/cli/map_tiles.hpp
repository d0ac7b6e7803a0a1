// `rvimport map --tiles` (map_tiles.cpp): XYZ pyramids of 256-pixel PNG tiles of the satellite
// mosaic and a hillshade, and an index.html that shows them with a bundled Leaflet, offline.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cli/map_gdal.hpp"
#include "rv/memory_budget.hpp"
#include "rv/terrain_map.hpp"

namespace rv::cli {

struct EmbeddedFile {
    const char* name;  // "leaflet/leaflet.js"
    const unsigned char* data;
    size_t size;
};
// npm's Leaflet, embedded at build time (cmake/embed_leaflet.cmake); empty in a build without it.
const std::vector<EmbeddedFile>& leafletFiles();

// The grid every tile pyramid of one map shares: the map's extent, north-west corner first.
struct TileGrid {
    uint32_t width = 0, height = 0;  // pixels at the deepest zoom
    double pixelSize = 0;            // metres per pixel there
    uint32_t maxZoom = 0;            // 256 << maxZoom covers the larger side
};
TileGrid tileGridFor(uint32_t width, uint32_t height, double pixelSize);

// tiles/<name>/{z}/{x}/{y}.png below `dir` from `raster` (already on the grid's pixels).
std::string writeTilePyramid(const std::string& dir, const std::string& name, const MapRaster& raster,
                             const TileGrid& grid, MemoryBudget& budget);
// The hillshade of the heights on the grid's pixels (each pixel's centre sampled between the
// height samples, which are points), grey and opaque. `shade` is GDAL's hillshade at the samples.
MapRaster hillshadeOnGrid(const std::vector<uint8_t>& shade, uint32_t samplesX, uint32_t samplesY, double cellSize,
                          const TileGrid& grid);
// index.html and leaflet/ below `dir`, for the pyramids `names` (the first is shown first).
std::string writeTilePage(const std::string& dir, const std::vector<std::string>& names, const TileGrid& grid,
                          const MapGeoreference& geo, const std::string& title);

}  // namespace rv::cli
