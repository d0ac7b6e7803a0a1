// Tile pyramids and the offline Leaflet page of `rvimport map --tiles` (map_tiles.hpp).
#include "cli/map_tiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"
#include "rv/file_bytes.hpp"
#include "rv/png.hpp"

namespace rv::cli {
namespace {

namespace fs = std::filesystem;
constexpr uint32_t kTile = 256;

std::string writeBytes(const fs::path& path, const uint8_t* data, size_t size) {
    std::FILE* f = openFile(path.u8string(), "wb");  // UTF-8 on Windows too
    if (!f) return "cannot write " + path.u8string() + ": " + errnoText(errno);
    const int failed = fillFile(
        f, [&](std::FILE* out) { return std::fwrite(data, 1, size, out) == size; }, SyncMode::Later);
    return failed ? "cannot write " + path.u8string() + ": " + errnoText(failed) : std::string();
}

// Half the size, each pixel the average of four weighted by their alpha, so that transparent
// pixels (no picture) do not darken the colours beside them.
MapRaster halve(const MapRaster& r) {
    MapRaster h;
    h.width = (r.width + 1) / 2, h.height = (r.height + 1) / 2, h.pixelSize = r.pixelSize * 2;
    h.rgba.assign(size_t(h.width) * h.height * 4, 0);
    for (uint32_t y = 0; y < h.height; ++y)
        for (uint32_t x = 0; x < h.width; ++x) {
            uint32_t sum[4] = {0, 0, 0, 0};
            for (uint32_t k = 0; k < 4; ++k) {
                const uint32_t sx = 2 * x + (k & 1), sy = 2 * y + (k >> 1);
                if (sx >= r.width || sy >= r.height) continue;
                const uint8_t* p = &r.rgba[(size_t(sy) * r.width + sx) * 4];
                for (int c = 0; c < 3; ++c) sum[c] += uint32_t(p[c]) * p[3];
                sum[3] += p[3];
            }
            uint8_t* q = &h.rgba[(size_t(y) * h.width + x) * 4];
            for (int c = 0; c < 3 && sum[3]; ++c) q[c] = uint8_t((sum[c] + sum[3] / 2) / sum[3]);
            q[3] = uint8_t((sum[3] + 2) / 4);
        }
    return h;
}

// `stage` is the map's temporary folder, which the tile folders are made under but never remade.
std::string writeLevel(const fs::path& stage, const fs::path& root, uint32_t z, const MapRaster& level,
                       MemoryBudget& budget) {
    Image tile;
    tile.width = tile.height = kTile;
    for (uint32_t tx = 0; tx * kTile < level.width; ++tx) {
        const fs::path column = root / std::to_string(z) / std::to_string(tx);
        if (const std::error_code ec = makeFoldersBelow(stage, column))
            return "cannot make " + column.u8string() + ": " + ec.message();
        for (uint32_t ty = 0; ty * kTile < level.height; ++ty) {
            tile.rgba.assign(size_t(kTile) * kTile * 4, 0);
            const uint32_t w = std::min(kTile, level.width - tx * kTile),
                           h = std::min(kTile, level.height - ty * kTile);
            for (uint32_t y = 0; y < h; ++y)
                std::copy_n(&level.rgba[((size_t(ty) * kTile + y) * level.width + size_t(tx) * kTile) * 4],
                            size_t(w) * 4, &tile.rgba[size_t(y) * kTile * 4]);
            auto png = encodePng(tile, &budget);
            if (!png) return "a tile of " + root.u8string() + ": " + diagnosticLine(png.error());
            const std::string e = writeBytes(column / (std::to_string(ty) + ".png"), png->data(), png->size());
            if (!e.empty()) return e;
        }
    }
    return {};
}

}  // namespace

TileGrid tileGridFor(uint32_t width, uint32_t height, double pixelSize) {
    TileGrid g{width, height, pixelSize, 0};
    while ((uint64_t(kTile) << g.maxZoom) < std::max(width, height)) ++g.maxZoom;
    return g;
}

std::string writeTilePyramid(const std::string& dir, const std::string& name, const MapRaster& raster,
                             const TileGrid& grid, MemoryBudget& budget) {
    const fs::path root = fs::u8path(dir) / "tiles" / name;
    // The halved levels together are a third of the full one; charged before they exist.
    const uint64_t bytes = raster.rgba.size() / 3 + 4096;
    if (!budget.tryCharge(bytes)) return budget.overMessage("the smaller tile levels", bytes);
    std::string e = writeLevel(fs::u8path(dir), root, grid.maxZoom, raster, budget);
    MapRaster level;
    for (uint32_t z = grid.maxZoom; e.empty() && z-- > 0;) {
        level = halve(z + 1 == grid.maxZoom ? raster : level);
        e = writeLevel(fs::u8path(dir), root, z, level, budget);
    }
    budget.release(bytes);
    return e;
}

MapRaster hillshadeOnGrid(const std::vector<uint8_t>& shade, uint32_t nx, uint32_t ny, double cell, const TileGrid& g) {
    MapRaster r;
    r.width = g.width, r.height = g.height, r.pixelSize = g.pixelSize;
    r.rgba.assign(size_t(r.width) * r.height * 4, 255);
    for (uint32_t y = 0; y < r.height; ++y)
        for (uint32_t x = 0; x < r.width; ++x) {
            // The pixel's centre in sample units; `shade` rows run north first like the DEM.
            const double sx = std::clamp((x + 0.5) * g.pixelSize / cell, 0.0, double(nx - 1));
            const double sy =
                std::clamp(double(ny - 1) - (g.height - y - 0.5) * g.pixelSize / cell, 0.0, double(ny - 1));
            const uint32_t x0 = uint32_t(sx), y0 = uint32_t(sy);
            const uint32_t x1 = std::min(x0 + 1, nx - 1), y1 = std::min(y0 + 1, ny - 1);
            const double fx = sx - x0, fy = sy - y0;
            auto at = [&](uint32_t a, uint32_t b) { return double(shade[size_t(b) * nx + a]); };
            const double v =
                (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
            uint8_t* p = &r.rgba[(size_t(y) * r.width + x) * 4];
            p[0] = p[1] = p[2] = uint8_t(std::lround(v));
        }
    return r;
}

std::string writeTilePage(const std::string& dir, const std::vector<std::string>& names, const TileGrid& g,
                          const MapGeoreference& geo, const std::string& title) {
    for (const EmbeddedFile& f : leafletFiles()) {
        const fs::path path = fs::u8path(dir) / fs::u8path(f.name);
        (void)makeFoldersBelow(fs::u8path(dir), path.parent_path());  // a failure shows up in the write
        if (std::string e = writeBytes(path, f.data, f.size); !e.empty()) return e;
    }
    const double scale = 1.0 / (g.pixelSize * double(1u << g.maxZoom)), top = g.height * g.pixelSize;
    char numbers[512];
    std::snprintf(numbers, sizeof numbers,
                  "const maxZoom = %u, scale = %.17g, northEdge = %.17g, east0 = %.17g, north0 = %.17g, epsg = %d;\n"
                  "const extent = [[0, 0], [northEdge, %.17g]];\n",
                  g.maxZoom, scale, top, geo.easting, geo.northing, geo.epsg, g.width * g.pixelSize);
    std::string layers;
    for (const std::string& n : names)
        layers +=
            "  \"" + n + "\": L.tileLayer(\"tiles/" + n +
            "/{z}/{x}/{y}.png\", {maxNativeZoom: maxZoom, maxZoom: maxZoom + 5, bounds: extent, noWrap: true}),\n";
    std::string html =
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + title +
        "</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<link rel=\"stylesheet\" href=\"leaflet/leaflet.css\">\n<script src=\"leaflet/leaflet.js\"></script>\n"
        "<style>html, body, #map { height: 100%; margin: 0; background: #222; }</style></head>\n"
        "<body><div id=\"map\"></div><script>\n// Written by rvimport map --tiles: world metres from the map's "
        "south-west corner as (lat, lng) = (north, east).\n" +
        std::string(numbers) +
        "const crs = L.extend({}, L.CRS.Simple, {transformation: new L.Transformation(scale, 0, -scale, "
        "scale * northEdge)});\nconst map = L.map(\"map\", {crs: crs, minZoom: 0, maxZoom: maxZoom + 5, "
        "attributionControl: false});\nconst layers = {\n" +
        layers +
        "};\n(layers[location.hash.slice(1)] || Object.values(layers)[0]).addTo(map);  // "
        "index.html#hillshade\n\nL.control.layers(layers).addTo(map);\n"
        "map.fitBounds(extent);\nconst where = L.control({position: \"bottomleft\"});\n"
        "where.onAdd = () => L.DomUtil.create(\"div\", \"leaflet-control-attribution\");\nwhere.addTo(map);\n"
        "map.on(\"mousemove\", e => where.getContainer().textContent = \"E \" + (east0 + e.latlng.lng).toFixed(1) "
        "+ \"  N \" + (north0 + e.latlng.lat).toFixed(1) + \"  (EPSG:\" + epsg + \")\");\n"
        "</script></body></html>\n";
    return writeBytes(fs::u8path(dir) / "index.html", reinterpret_cast<const uint8_t*>(html.data()), html.size());
}

}  // namespace rv::cli
