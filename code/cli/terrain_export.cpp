// Terrain exports that Assimp has no format for: the elevation as an ESRI ASCII grid (GIS tools,
// Terrain Builder) and the object placements as a Terrain Builder object list. No Assimp here:
// they work in an Assimp-free build too.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "rv/file_bytes.hpp"

namespace rv::cli {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Bilinear height at world (x, z) metres, clamped to the grid.
double heightAt(const WrpTerrain& t, double x, double z) {
    const double cell = t.cellSize();
    const double gx = std::clamp(x / cell, 0.0, double(t.mapSizeX - 1));
    const double gz = std::clamp(z / cell, 0.0, double(t.mapSizeY - 1));
    const uint32_t x0 = uint32_t(gx), z0 = uint32_t(gz);
    const uint32_t x1 = std::min(x0 + 1, t.mapSizeX - 1), z1 = std::min(z0 + 1, t.mapSizeY - 1);
    const double fx = gx - x0, fz = gz - z0;
    auto h = [&](uint32_t xi, uint32_t zi) { return double(t.elevation[size_t(zi) * t.mapSizeX + xi]); };
    return (h(x0, z0) * (1 - fx) + h(x1, z0) * fx) * (1 - fz) + (h(x0, z1) * (1 - fx) + h(x1, z1) * fx) * fz;
}

std::string libraryName(const std::string& model) {
    size_t slash = model.find_last_of("\\/");
    std::string name = slash == std::string::npos ? model : model.substr(slash + 1);
    size_t dot = name.rfind('.');
    if (dot != std::string::npos) name.erase(dot);
    return name;
}

}  // namespace

// ESRI ASCII grid: rows from north to south. The lower-left sample (world 0, 0) sits at
// (easting, northing), the corner Terrain Builder places a terrain's mapframe at.
bool writeEsriAscii(std::FILE* out, const WrpTerrain& t, double easting, double northing) {
    if (t.mapSizeX == 0 || t.elevation.size() != size_t(t.mapSizeX) * t.mapSizeY) return false;
    std::fprintf(out, "ncols %u\nnrows %u\nxllcorner %.6f\nyllcorner %.6f\ncellsize %.9g\nNODATA_value -9999\n",
                 t.mapSizeX, t.mapSizeY, easting, northing, double(t.cellSize()));
    for (uint32_t row = 0; row < t.mapSizeY; ++row) {
        const uint32_t z = t.mapSizeY - 1 - row;
        for (uint32_t x = 0; x < t.mapSizeX; ++x)
            std::fprintf(out, x ? " %.9g" : "%.9g", double(t.elevation[size_t(z) * t.mapSizeX + x]));
        std::fputc('\n', out);
    }
    return std::ferror(out) == 0;
}

// Terrain Builder object list, one line per object:
//   "name";x;y;yaw;pitch;roll;scale;z;
// name: the model's file name without folder or extension (Terrain Builder's library name);
// x, y: easting + world x, northing + world z; yaw: degrees clockwise from north of the model's
// forward (+z) axis; pitch: degrees the forward axis rises; roll: degrees the right (+x) axis
// drops; scale: length of the right axis; z: height above the terrain surface (the object's
// stored height minus the bilinear terrain height under it).
bool writeTerrainBuilderObjects(std::FILE* out, const WrpTerrain& t, double easting, double northing) {
    for (const WrpObject& o : t.objects) {
        const Vec3 a = o.transform.aside(), d = o.transform.dir(), p = o.transform.position();
        const double scale = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
        const double dlen = std::sqrt(double(d.x) * d.x + double(d.y) * d.y + double(d.z) * d.z);
        double yaw = std::atan2(double(d.x), double(d.z)) * 180.0 / kPi;
        if (yaw < 0) yaw += 360.0;
        const double pitch = dlen > 0 ? std::asin(std::clamp(double(d.y) / dlen, -1.0, 1.0)) * 180.0 / kPi : 0.0;
        const double roll = scale > 0 ? -std::asin(std::clamp(double(a.y) / scale, -1.0, 1.0)) * 180.0 / kPi : 0.0;
        const double ground = t.elevation.empty() ? 0.0 : heightAt(t, p.x, p.z);
        // + 0.0 turns -0 into 0 so flat objects print "0.000000".
        std::fprintf(out, "\"%s\";%.6f;%.6f;%.6f;%.6f;%.6f;%.6f;%.6f;\n", libraryName(o.model).c_str(), easting + p.x,
                     northing + p.z, yaw + 0.0, pitch + 0.0, roll + 0.0, scale, double(p.y) - ground + 0.0);
    }
    return std::ferror(out) == 0;
}

// The two terrain exports Assimp has no writer for, chosen by -f asc / -f tbobjects or by the
// extensions .asc / .txt; returns -1 when the request is not one of them.
int exportTerrainSpecial(const CliOptions& opt, const std::string& in, const std::string& out) {
    std::string kind = lower(opt.format);
    if (kind.empty()) {
        const std::string ext = lower(std::filesystem::path(out).extension().string());
        kind = ext == ".asc" ? "asc" : ext == ".txt" ? "tbobjects" : "";
    }
    if (kind != "asc" && kind != "tbobjects") return -1;
    auto bytes = readFileBytes(in);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", bytes.error().message.c_str());
        return kExitDecode;
    }
    const FileFormat format = sniffFormat(bytes->data(), bytes->size());
    if (!isTerrain(format)) {
        std::fprintf(stderr, "rvimport export: %s exports need a terrain (.wrp); %s is %s\n", kind.c_str(),
                     fileNameOf(in).c_str(), formatName(format));
        return kExitUsage;
    }
    auto terrain = decodeWrp(bytes->data(), bytes->size(), fileNameOf(in), opt.decode);
    if (!terrain) {
        std::fprintf(stderr, "%s\n", terrain.error().message.c_str());
        return kExitDecode;
    }
    printWarnings(terrain->warnings);
    std::FILE* f = openFile(out, "wb");
    if (!f) {
        std::fprintf(stderr, "rvimport export: cannot write %s\n", out.c_str());
        return kExitDecode;
    }
    const bool ok = kind == "asc" ? writeEsriAscii(f, terrain.value(), opt.easting, opt.northing)
                                  : writeTerrainBuilderObjects(f, terrain.value(), opt.easting, opt.northing);
    if (std::fclose(f) != 0 || !ok) {
        std::fprintf(stderr, "rvimport export: writing %s failed\n", out.c_str());
        return kExitDecode;
    }
    return kExitOk;
}

}  // namespace rv::cli
