// Terrain exports that Assimp has no format for: the elevation as an ESRI ASCII grid (GIS tools,
// Terrain Builder) and the object placements as a Terrain Builder object list. No Assimp here:
// they work in an Assimp-free build too.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/placed_models.hpp"
#include "rv/printable.hpp"
#include "rv/terrain_features.hpp"
#include "rv/view.hpp"

namespace rv::cli {
namespace {

// Why a library name cannot stand between the quotes of a Terrain Builder line: a quote would
// end it, a ';' reads as the next field in tools that split first, CR / LF / other control
// bytes would start or break a line. Such names are refused rather than escaped: Terrain
// Builder documents no escape, and a real model's file name never holds them.
const char* badNameReason(const std::string& name) {
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"') return "a quote";
        if (c == ';') return "a ';'";
        if (c == '\r' || c == '\n') return "a line break";
        if (u < 0x20 || u == 0x7F) return "a control character";
    }
    return nullptr;
}

std::string describeObject(size_t index, const WrpObject& o) {
    return "object " + std::to_string(index) + " (id " + std::to_string(o.id) + ", " + printable(o.model) + ")";
}

}  // namespace

// ESRI ASCII grid: rows from north to south. Heights are samples at grid nodes, so the grid is
// registered by its centres (xllcenter/yllcenter, ESRI's point form): the lower-left sample
// (world 0, 0) sits exactly at (easting, northing), the corner Terrain Builder places a
// terrain's mapframe at. dem.tif says the same with PixelIsPoint. An `xllcorner` there would
// move every height half a cell in GDAL and QGIS. Samples that are not finite are written as
// NODATA_value (-9999) and counted in `notes`.
bool writeEsriAscii(std::FILE* out, const WrpTerrain& t, double easting, double northing,
                    std::vector<std::string>& notes) {
    if (t.mapSizeX == 0 || t.elevation.size() != size_t(t.mapSizeX) * t.mapSizeY) return false;
    std::fprintf(out, "ncols %u\nnrows %u\nxllcenter %.6f\nyllcenter %.6f\ncellsize %.9g\nNODATA_value -9999\n",
                 t.mapSizeX, t.mapSizeY, easting, northing, double(t.cellSize()));
    size_t noData = 0;
    // std::to_chars gives the shortest text that reads back as the same float, many times faster
    // than printf (an 8192^2 grid is 67 million numbers), and the same on every platform.
    std::vector<char> line(size_t(t.mapSizeX) * 18 + 2);
    for (uint32_t row = 0; row < t.mapSizeY; ++row) {
        const uint32_t z = t.mapSizeY - 1 - row;
        char* p = line.data();
        char* const end = line.data() + line.size();
        for (uint32_t x = 0; x < t.mapSizeX; ++x) {
            float h = t.elevation[size_t(z) * t.mapSizeX + x];
            if (!std::isfinite(h)) {
                h = -9999;
                ++noData;
            }
            if (x) *p++ = ' ';
            p = std::to_chars(p, end, h + 0.0f).ptr;  // + 0 writes -0 as 0
        }
        *p++ = '\n';
        if (std::fwrite(line.data(), 1, size_t(p - line.data()), out) != size_t(p - line.data())) return false;
    }
    if (noData)
        notes.push_back(std::to_string(noData) + " of " + std::to_string(t.elevation.size()) +
                        " height samples are not finite numbers; written as NODATA_value -9999");
    return std::ferror(out) == 0;
}

// Terrain Builder object list, one line per object:
//   "name";x;y;yaw;pitch;roll;scale;z;
// name: the model's file name without folder or extension (Terrain Builder's library name);
// x, y: easting + world x, northing + world z; yaw: degrees clockwise from north of the model's
// forward (+z) axis; pitch: degrees the forward axis rises; roll: degrees the right (+x) axis
// drops; scale: length of the right axis; z: height above the terrain surface (the object's
// stored height minus the height of the view's terrain surface under it, rv::groundHeight).
// Objects that cannot be written faithfully are skipped, each with a line in `notes`: a
// transform with a NaN or infinite number, ground under it that is not finite, a name that
// cannot stand between quotes (badNameReason).
bool writeTerrainBuilderObjects(std::FILE* out, const WrpTerrain& t, double easting, double northing,
                                std::vector<std::string>& notes) {
    for (size_t i = 0; i < t.objects.size(); ++i) {
        const WrpObject& o = t.objects[i];
        const std::string name = stemOf(o.model);
        if (const char* why = badNameReason(name)) {
            notes.push_back(describeObject(i, o) + ": its name holds " + why +
                            ", which a Terrain Builder list cannot hold; skipped");
            continue;
        }
        ObjectPlacement at;
        if (const char* why = placeObject(t, o, at)) {
            notes.push_back(describeObject(i, o) + ": " + why + "; skipped");
            continue;
        }
        std::fprintf(out, "\"%s\";%.6f;%.6f;%.6f;%.6f;%.6f;%.6f;%.6f;\n", name.c_str(), easting + at.x, northing + at.z,
                     at.yaw, at.pitch, at.roll, at.scale, at.heightAboveGround);
    }
    return std::ferror(out) == 0;
}

// The two terrain exports Assimp has no writer for, chosen by -f asc / -f tbobjects or by the
// extensions .asc / .txt; returns -1 when the request is not one of them. The file is written
// through writeFileSafely: complete under its name, or not there at all.
int exportTerrainSpecial(const CliOptions& opt, const std::string& in, const std::string& out) {
    std::string kind = asciiLower(opt.format);
    if (kind.empty()) {
        const std::string ext = asciiLower(std::filesystem::path(out).extension().string());
        kind = ext == ".asc" ? "asc" : ext == ".txt" ? "tbobjects" : "";
    }
    if (kind != "asc" && kind != "tbobjects") return -1;
    auto bytes = readFileBytes(in, opt.decode.memoryLimit);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(bytes.error())).c_str());
        return kExitDecode;
    }
    const FileKind fileKind = sniffKind(bytes->data(), bytes->size(), in);
    if (fileKind != FileKind::Terrain) {
        std::fprintf(stderr, "rvimport export: %s exports need a terrain (.wrp); %s is %s\n", kind.c_str(),
                     fileNameOf(in).c_str(), fileKindName(fileKind));
        return kExitUsage;
    }
    OpenRequest request = accepting(kAcceptTerrain);
    request.wantsDataRoot = false;  // heights and placements only: no models, no pictures
    auto file = open(bytes->data(), bytes->size(), fileNameOf(in), opt.decode, request);
    if (!file) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(file.error())).c_str());
        return kExitDecode;
    }
    printWarnings(in, file->name, file->warnings);
    const WrpTerrain& t = *file->terrain;
    if (kind == "asc" && (t.mapSizeX == 0 || t.elevation.size() != size_t(t.mapSizeX) * t.mapSizeY)) {
        std::fprintf(stderr, "rvimport export: %s has no height grid\n", fileNameOf(in).c_str());
        return kExitDecode;
    }
    if (kind == "asc" && !(std::isfinite(t.cellSize()) && t.cellSize() > 0)) {
        std::fprintf(stderr, "rvimport export: %s has no usable cell size (%g); give --cell-size M\n",
                     fileNameOf(in).c_str(), double(t.cellSize()));
        return kExitDecode;
    }
    std::vector<std::string> notes;
    const std::string failure = writeFileSafely(out, [&](std::FILE* f) {
        return kind == "asc" ? writeEsriAscii(f, t, opt.easting, opt.northing, notes)
                             : writeTerrainBuilderObjects(f, t, opt.easting, opt.northing, notes);
    });
    for (const std::string& n : notes) std::fprintf(stderr, "warning: %s\n", printable(in + ": " + n).c_str());
    if (!failure.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", failure.c_str());
        return kExitDecode;
    }
    if (kind == "tbobjects" && !notes.empty())
        std::fprintf(stderr, "rvimport export: wrote %zu of %zu objects to %s (%zu skipped, see the warnings)\n",
                     t.objects.size() - notes.size(), t.objects.size(), out.c_str(), notes.size());
    printExportSummary(opt, out, "", notes.size());
    return kExitOk;
}

}  // namespace rv::cli
