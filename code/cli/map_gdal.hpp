// `rvimport map`'s GIS files, written through GDAL (Debian's libgdal-dev): the field's own
// writers for GeoTIFF, GeoPackage, GeoJSON and 16-bit PNG, so no TIFF or GeoPackage writer of
// ours. Every function returns "" or the reason it failed, in words; GDAL's own message is kept.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <optional>

#include "rv/config.hpp"
#include "rv/data_root.hpp"
#include "rv/memory_budget.hpp"
#include "rv/terrain_features.hpp"
#include "rv/terrain_map.hpp"
#include "rv/wrp.hpp"

namespace rv::cli {

// "<what>: <GDAL's last message on this thread>", or `what` alone when GDAL said nothing.
std::string gdalFailure(const std::string& what);

// Where world (0, 0) lands in the projected CRS, and the CRS.
struct MapGeoreference {
    int epsg = 0;
    double easting = 0, northing = 0;
    std::string wkt;  // the CRS as GDAL knows it (filled by checkEpsg)
};

// Registers GDAL's drivers once, with its messages captured (not printed) and its block cache
// held to `cacheBytes`, which the caller has charged to the budget.
void startGdal(uint64_t cacheBytes);
// "" when GDAL's EPSG database knows `epsg` (and `geo.wkt` is set), else why not.
std::string checkEpsg(MapGeoreference& geo);

// dem.tif: float32 heights, rows north first, PixelIsPoint: sample (0, 0) at exactly
// (easting, northing). Values as decoded, bit for bit; NaN is the no-data value when present.
std::string writeDemTiff(const std::string& path, const WrpTerrain& terrain, const MapGeoreference& geo);
// satellite.tif / mask.tif: RGBA, unassociated alpha, pixels as areas from the map's north-west corner.
std::string writeRgbaTiff(const std::string& path, const MapRaster& raster, const MapGeoreference& geo);
// GDAL's hillshade of the heights (sun from the north-west, 45 degrees up, edges computed), one
// byte per sample, rows north first like dem.tif.
std::string hillshadeSamples(const WrpTerrain& terrain, std::vector<uint8_t>& shade);
// A 16-bit greyscale PNG of `values`, rows as given.
std::string writePng16(const std::string& path, const std::vector<uint16_t>& values, uint32_t width, uint32_t height);
// An 8-bit greyscale PNG of `values` (width * height, rows north first), pixels as areas from
// the map's north-west corner: a world file (`.wld`) beside it places it and GDAL's `.aux.xml`
// holds the CRS, so GDAL and QGIS open it where it lies.
std::string writeGreyPng(const std::string& path, const uint8_t* values, uint32_t width, uint32_t height,
                         double pixelSize, const MapGeoreference& geo);
// map.gpkg with every layer, each with a spatial index; coordinates are world metres plus the
// origin. Safe to run on a thread of its own beside the other writers (GDAL datasets are).
std::string writeGeoPackage(const std::string& path, const MapFeatures& features, const MapGeoreference& geo);
// One layer as GeoJSON (map_geojson.cpp: ours, not GDAL's), the same fields as the GeoPackage.
std::string writeGeoJsonLayer(const std::string& path, const MapLayer& layer, const MapGeoreference& geo);

// An Arma 3 map's own roads: `data\roads\roads.shp` beside the world (its unpacked folder), else
// below the world's folder in the data root (files and PBOs), with `RoadsLib.cfg` beside it.
struct MapRoads {
    std::string source;  // where the shapefile was found; empty when the map has none
    std::vector<ShapeRoad> roads;
    std::optional<ConfigTree> library;
    std::vector<std::string> warnings;
};
// "" (found or not: `out.source` says) or why the shapefile that is there cannot be read.
std::string readMapRoads(const std::string& input, const DataRoot* root, MemoryBudget& budget, MapRoads& out);

}  // namespace rv::cli
