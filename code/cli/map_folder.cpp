// writeMapFolder (map_stage.hpp): the files of `rvimport map`, in the order a failure is
// cheapest: heights first, then the pictures, the vectors and meta.json.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <thread>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/map_stage.hpp"
#include "cli/map_tiles.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"
#include "rv/version.hpp"

namespace rv::cli {
namespace {

struct HeightRange {
    float min = 0, max = 0;
};

HeightRange finiteRange(const std::vector<float>& h) {
    HeightRange r{std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest()};
    for (const float v : h)
        if (std::isfinite(v)) r.min = std::min(r.min, v), r.max = std::max(r.max, v);
    if (r.min > r.max) r = {0, 0};
    return r;
}

// A text or binary file of the stage, written by `fill`; "" or why not.
std::string writeStaged(const MapStage& stage, const std::string& name, const std::function<bool(std::FILE*)>& fill) {
    std::FILE* f = openFile(stage.path(name), "wb");  // UTF-8 on Windows too
    if (!f) return "cannot write " + name + ": " + errnoText(errno);
    if (const int failed = fillFile(f, fill, SyncMode::Later)) return "cannot write " + name + ": " + errnoText(failed);
    return {};
}

// height.png (16-bit), height.r16 (the same values, little-endian) and height.json: the heights
// scaled to 0..65535 between the lowest and the highest, rows north first, at a size `engine`'s
// editor takes (rv::engineHeights), as the engines' terrain importers read them.
std::string writeEngineHeights(const MapStage& stage, const WrpTerrain& t, HeightEngine engine, MemoryBudget& budget,
                               std::string& change) {
    auto grid = engineHeights(t, engine, budget);
    if (!grid) return diagnosticLine(grid.error());
    const uint32_t w = grid->width, h = grid->height;
    const uint64_t bytes = uint64_t(w) * h * 2 * 2;  // ours and GDAL's in-memory copy
    if (!budget.tryCharge(bytes)) return budget.overMessage("the 16-bit heightmap", bytes);
    const HeightRange r = finiteRange(grid->rows);
    const double span = double(r.max) - double(r.min);
    std::vector<uint16_t> q(size_t(w) * h);
    for (size_t i = 0; i < q.size(); ++i) {
        const float v = grid->rows[i];
        const double s = std::isfinite(v) && span > 0 ? (double(v) - r.min) / span * 65535.0 : 0.0;
        q[i] = uint16_t(std::lround(std::clamp(s, 0.0, 65535.0)));
    }
    budget.release(grid->rows.size() * sizeof(float));
    std::vector<float>().swap(grid->rows);
    std::string e = writePng16(stage.path("height.png"), q, w, h);
    if (e.empty())
        e = writeStaged(stage, "height.r16", [&](std::FILE* f) {
            for (const uint16_t v : q) {
                const unsigned char le[2] = {uint8_t(v & 0xFF), uint8_t(v >> 8)};
                if (std::fwrite(le, 1, 2, f) != 2) return false;
            }
            return true;
        });
    budget.release(bytes);
    if (!e.empty()) return e;
    change = grid->change;
    return writeStaged(stage, "height.json", [&](std::FILE* f) {
        JsonWriter j(f, true);
        j.beginObject();
        j.field("width", w);
        j.field("height", h);
        j.field("min", r.min);
        j.field("max", r.max);
        j.key("cell_size");
        j.fixed(grid->cellSize);
        j.field("rows", "north first");
        j.field("encoding", "height = min + (max - min) * value / 65535; height.r16: unsigned 16-bit little-endian");
        if (!grid->change.empty()) j.field("change", grid->change);
        j.endObject();
        j.flush();
        return std::ferror(f) == 0;
    });
}

// What --tiles asked for and what has been made so far: the shared grid and the pyramids.
struct TilesWanted {
    bool wanted = false;
    TileGrid grid;
    std::vector<std::string> names;
};

// satellite.tif or mask.tif (and with tiles, the satellite's pyramid, which fixes the grid); a
// warning and no file when the map has none of those pictures.
// With `keep`, a drawn mosaic is moved there, still charged, for the caller to release.
std::string writeMosaic(const MapStage& stage, OpenedFile& file, const std::string& input, LayerPicture which,
                        uint32_t mosaicSize, const MapGeoreference& geo, std::vector<std::string>& written,
                        TilesWanted& tiles, LayerMosaic* keep) {
    const char* name = which == LayerPicture::Satellite ? "satellite.tif" : "mask.tif";
    auto mosaic = layerMosaic(*file.terrain, *file.dataRoot, which, mosaicSize, file.options);
    if (!mosaic) return std::string(name) + ": " + diagnosticLine(mosaic.error());
    printWarnings(input, file.name, mosaic->warnings);
    const uint64_t bytes = mosaic->raster.rgba.size();
    std::string e;
    if (mosaic->layersDrawn == 0) {
        std::fprintf(stderr, "warning: %s\n",
                     printable(input + ": no layer picture was found for " + name + "; not written").c_str());
    } else {
        const MapRaster& r = mosaic->raster;
        e = writeRgbaTiff(stage.path(name), r, geo);
        if (e.empty()) written.push_back(name);
        if (e.empty() && tiles.wanted && which == LayerPicture::Satellite) {
            tiles.grid = tileGridFor(r.width, r.height, r.pixelSize);
            e = writeTilePyramid(stage.dir(), "satellite", r, tiles.grid, *file.budget);
            tiles.names.push_back("satellite");
        }
    }
    if (keep && e.empty() && mosaic->layersDrawn) {
        *keep = std::move(mosaic.value());
        return e;
    }
    std::vector<uint8_t>().swap(mosaic->raster.rgba);  // freed before the next mosaic is made
    file.budget->release(bytes);
    return e;
}

}  // namespace
namespace {

std::string writeMeta(const MapStage& stage, const WrpTerrain& t, const std::string& input, const MapGeoreference& geo,
                      const MapFeatures& features, const std::vector<SurfaceFile>& surfaces,
                      const std::vector<std::string>& written) {
    return writeStaged(stage, "meta.json", [&](std::FILE* f) {
        JsonWriter j(f, true);
        j.beginObject();
        j.field("source", fileNameOf(input));
        j.field("format", t.signature);
        j.field("format_version", t.version);
        j.field("rvimport", versionString());
        j.field("crs", "EPSG:" + std::to_string(geo.epsg));
        j.key("origin");  // where world (0, 0), the south-west height sample, lies
        j.beginArray();
        j.fixed(geo.easting);
        j.fixed(geo.northing);
        j.endArray();
        j.field("world_size", double(t.layerSizeX) * t.layerCellSize);
        j.key("height_grid");
        j.beginArray();
        j.value(t.mapSizeX);
        j.value(t.mapSizeY);
        j.endArray();
        j.field("cell_size", t.cellSize());
        j.key("land_grid");
        j.beginArray();
        j.value(t.layerSizeX);
        j.value(t.layerSizeY);
        j.endArray();
        j.field("land_cell_size", t.layerCellSize);
        j.field("layers", uint64_t(t.materials.size()));
        j.key("vector_layers");
        j.beginObject();
        for (const MapLayer& l : features.layers) j.field(l.name, uint64_t(l.features.size()));
        j.endObject();
        j.key("surfaces");  // surfaces/<name>.png, with the textures the layers name
        j.beginArray();
        for (const SurfaceFile& s : surfaces) {
            j.beginObject();
            j.field("name", s.name);
            j.field("file", "surfaces/" + s.name + ".png");
            j.field("texture", s.texture);
            j.field("normal", s.normal);
            j.field("share", s.share);
            j.endObject();
        }
        j.endArray();
        j.key("files");
        j.beginArray();
        for (const std::string& w : written) j.value(w);
        j.endArray();
        j.endObject();
        j.flush();
        return std::ferror(f) == 0;
    });
}

// dem.tif and dem.asc: the heights as decoded, registered at their sample points.
std::string writeDem(const MapStage& stage, const WrpTerrain& t, const MapGeoreference& geo,
                     std::vector<std::string>& notes) {
    std::string e = writeDemTiff(stage.path("dem.tif"), t, geo);
    if (!e.empty()) return e;
    return writeStaged(stage, "dem.asc",
                       [&](std::FILE* f) { return writeEsriAscii(f, t, geo.easting, geo.northing, notes); });
}

// The hillshade pyramid on the satellite's grid (or, without one, a pixel per height cell), and
// the page that shows them.
std::string writeTiles(const MapStage& stage, OpenedFile& file, const std::string& input, const MapGeoreference& geo,
                       TilesWanted& tiles, std::vector<std::string>& written) {
    const WrpTerrain& t = *file.terrain;
    if (tiles.names.empty()) tiles.grid = tileGridFor(t.mapSizeX, t.mapSizeY, t.cellSize());
    const uint64_t bytes = uint64_t(t.mapSizeX) * t.mapSizeY * 5 + uint64_t(tiles.grid.width) * tiles.grid.height * 4;
    if (!file.budget->tryCharge(bytes)) return file.budget->overMessage("the hillshade", bytes);
    std::vector<uint8_t> shade;
    std::string e = hillshadeSamples(t, shade);
    if (e.empty()) {
        const MapRaster r = hillshadeOnGrid(shade, t.mapSizeX, t.mapSizeY, t.cellSize(), tiles.grid);
        std::vector<uint8_t>().swap(shade);
        e = writeTilePyramid(stage.dir(), "hillshade", r, tiles.grid, *file.budget);
    }
    file.budget->release(bytes);
    if (!e.empty()) return e;
    tiles.names.push_back("hillshade");
    e = writeTilePage(stage.dir(), tiles.names, tiles.grid, geo, fileNameOf(input));
    if (e.empty()) written.insert(written.end(), {"tiles", "leaflet", "index.html"});
    return e;
}

// map.gpkg on a thread of its own (its spatial index is the slowest file of a big map), joined
// on every path, so no return leaves it writing into a staging folder being removed.
class GeoPackageWriter {
public:
    GeoPackageWriter(const std::string& path, const MapFeatures& features, const MapGeoreference& geo)
        : thread_([this, path, &features, &geo] { result_ = writeGeoPackage(path, features, geo); }) {}
    ~GeoPackageWriter() { join(); }
    std::string join() {
        if (thread_.joinable()) thread_.join();
        return result_;
    }

private:
    std::string result_;
    std::thread thread_;
};

}  // namespace

int writeMapFolder(OpenedFile& file, const std::string& input, const std::string& outDir, const MapGeoreference& geo,
                   uint32_t mosaicSize, bool tiles, HeightEngine engine) {
    const WrpTerrain& t = *file.terrain;
    if (t.mapSizeX == 0 || t.elevation.size() != size_t(t.mapSizeX) * t.mapSizeY ||
        !(std::isfinite(t.cellSize()) && t.cellSize() > 0)) {
        std::fprintf(stderr, "rvimport map: %s has no height grid with a usable cell size\n",
                     fileNameOf(input).c_str());
        return kExitDecode;
    }
    auto fail = [&](const std::string& why) {
        std::fprintf(stderr, "rvimport map: %s; nothing was written to %s\n", printable(why).c_str(), outDir.c_str());
        return kExitDecode;
    };
    const uint64_t featureBytes = uint64_t(t.objects.size() + t.roads.size() + t.mapInfo.size()) * 320;
    if (!file.budget->tryCharge(featureBytes)) return fail(file.budget->overMessage("the vector data", featureBytes));
    MapFeatures features = mapFeatures(t);
    MapRoads shapeRoads;
    if (std::string e = readMapRoads(input, file.dataRoot.get(), *file.budget, shapeRoads); !e.empty())
        std::fprintf(stderr, "warning: %s\n", printable(input + ": " + e + "; its roads are left out").c_str());
    for (const std::string& w : shapeRoads.warnings)
        std::fprintf(stderr, "warning: %s\n", printable(input + ": " + w).c_str());
    if (!shapeRoads.source.empty()) {
        const uint64_t roadBytes = uint64_t(shapeRoads.roads.size()) * 320;
        if (!file.budget->tryCharge(roadBytes)) return fail(file.budget->overMessage("the road list", roadBytes));
        addShapeRoads(features, t, shapeRoads.roads, shapeRoads.library ? &*shapeRoads.library : nullptr,
                      shapeRoads.source);
    }
    printWarnings(input, file.name, features.warnings);
    MapStage stage(outDir);
    if (!stage.error().empty()) return fail(stage.error());
    GeoPackageWriter gpkg(stage.path("map.gpkg"), features, geo);
    std::vector<std::string> written{"dem.tif", "dem.asc", "height.png", "height.r16", "height.json"}, notes;
    if (std::string e = writeDem(stage, t, geo, notes); !e.empty()) return fail(e);
    for (const std::string& n : notes) std::fprintf(stderr, "warning: %s\n", printable(input + ": " + n).c_str());
    std::string heightChange;
    if (std::string e = writeEngineHeights(stage, t, engine, *file.budget, heightChange); !e.empty()) return fail(e);
    if (!heightChange.empty()) std::fprintf(stderr, "rvimport map: height.png: %s\n", heightChange.c_str());
    TilesWanted tileState;
    tileState.wanted = tiles;
    LayerMosaic mask;
    if (file.dataRoot) {
        for (LayerPicture which : {LayerPicture::Satellite, LayerPicture::Mask})
            if (std::string e = writeMosaic(stage, file, input, which, mosaicSize, geo, written, tileState,
                                            which == LayerPicture::Mask ? &mask : nullptr);
                !e.empty())
                return fail(e);
    }
    std::vector<SurfaceFile> surfaces;
    std::string surfacesFailed = writeSurfaces(stage, file, input, geo, mask.layersDrawn ? &mask : nullptr, surfaces);
    file.budget->release(mask.raster.rgba.size());
    std::vector<uint8_t>().swap(mask.raster.rgba);
    if (!surfacesFailed.empty()) return fail(surfacesFailed);
    if (!surfaces.empty()) written.push_back("surfaces");
    if (tiles)
        if (std::string e = writeTiles(stage, file, input, geo, tileState, written); !e.empty()) return fail(e);
    for (const MapLayer& l : features.layers) {
        if (std::string e = writeGeoJsonLayer(stage.path(l.name + ".geojson"), l, geo); !e.empty()) return fail(e);
        written.push_back(l.name + ".geojson");
    }
    if (std::string e = gpkg.join(); !e.empty()) return fail(e);
    written.push_back("map.gpkg");
    written.push_back("meta.json");
    if (std::string e = writeMeta(stage, t, input, geo, features, surfaces, written); !e.empty()) return fail(e);
    if (std::string e = stage.commit(input); !e.empty()) return fail(e);
    std::printf("wrote %zu files to %s\n", stage.committed(), outDir.c_str());
    return kExitOk;
}

}  // namespace rv::cli
