// The roads of an Arma 3 map's own `data\roads\roads.shp` (map_gdal.hpp, readMapRoads). Arma 3
// draws its ordinary roads from this shapefile and `RoadsLib.cfg` beside it, not from the world's
// road links (which hold bridges and runways). The shapefile is read by GDAL's own driver, from
// memory (/vsimem), so a file on disk and one inside a PBO of the data root take one path.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_vsi.h>
#include <gdal.h>
#include <ogr_api.h>

#include "cli/map_gdal.hpp"
#include "rv/config.hpp"
#include "rv/file_bytes.hpp"

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

// The bytes of one of the shapefile's parts, from disk or the data root; empty when absent.
using PartReader = std::function<std::vector<uint8_t>(const std::string& name)>;

// Holds the parts in /vsimem while GDAL reads them; removed on every path.
struct MemoryFiles {
    std::string dir;
    std::vector<std::string> names;
    std::vector<std::vector<uint8_t>> bytes;  // GDAL reads them in place
    ~MemoryFiles() {
        for (const std::string& n : names) VSIUnlink((dir + n).c_str());
    }
};

std::string readShapefile(const PartReader& part, std::vector<ShapeRoad>& roads, const std::string& shown) {
    MemoryFiles mem;
    mem.dir = "/vsimem/rvimport_roads/";
    mem.bytes.reserve(3);
    for (const char* ext : {"shp", "shx", "dbf"}) {
        mem.bytes.push_back(part(std::string("roads.") + ext));
        if (mem.bytes.back().empty()) continue;
        const std::string name = std::string("roads.") + ext;
        VSILFILE* f = VSIFileFromMemBuffer((mem.dir + name).c_str(), mem.bytes.back().data(),
                                           vsi_l_offset(mem.bytes.back().size()), FALSE);
        if (f) VSIFCloseL(f), mem.names.push_back(name);
    }
    CPLErrorReset();
    CPLSetThreadLocalConfigOption("SHAPE_RESTORE_SHX", "YES");  // a missing .shx is rebuilt, not fatal
    GDALDatasetH ds = GDALOpenEx((mem.dir + "roads.shp").c_str(), GDAL_OF_VECTOR, nullptr, nullptr, nullptr);
    CPLSetThreadLocalConfigOption("SHAPE_RESTORE_SHX", nullptr);
    if (!ds || GDALDatasetGetLayerCount(ds) < 1) {
        const std::string why = gdalFailure(shown + " cannot be read");
        if (ds) GDALClose(ds);
        return why;
    }
    OGRLayerH layer = GDALDatasetGetLayer(ds, 0);
    const int idField = OGR_FD_GetFieldIndex(OGR_L_GetLayerDefn(layer), "ID");
    OGR_L_ResetReading(layer);
    while (OGRFeatureH feature = OGR_L_GetNextFeature(layer)) {
        OGRGeometryH g = OGR_F_GetGeometryRef(feature);
        const int64_t id = idField >= 0 ? OGR_F_GetFieldAsInteger64(feature, idField) : 0;
        // A line, or each part of a multi-line, is one road.
        const int parts = g && OGR_G_GetGeometryCount(g) > 0 ? OGR_G_GetGeometryCount(g) : 1;
        for (int k = 0; g && k < parts; ++k) {
            OGRGeometryH line = OGR_G_GetGeometryCount(g) > 0 ? OGR_G_GetGeometryRef(g, k) : g;
            ShapeRoad road;
            road.id = id;
            for (int i = 0; i < OGR_G_GetPointCount(line); ++i)
                road.points.push_back({OGR_G_GetX(line, i), OGR_G_GetY(line, i)});
            roads.push_back(std::move(road));
        }
        OGR_F_Destroy(feature);
    }
    GDALClose(ds);
    return {};
}

std::vector<uint8_t> diskBytes(const fs::path& path, MemoryBudget& budget) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return {};
    auto bytes = readFileBytes(path.u8string(), budget.left());
    return bytes ? std::move(bytes.value()) : std::vector<uint8_t>();
}

}  // namespace

std::string readMapRoads(const std::string& input, const DataRoot* root, MemoryBudget& budget, MapRoads& out) {
    // Where the map's unpacked folder is: beside the world, or the world's folder inside the data root.
    const fs::path beside = fs::u8path(input).parent_path() / "data" / "roads";
    std::string rootFolderKey;
    if (root) {
        std::error_code ec;
        const fs::path rel = fs::relative(fs::u8path(input).parent_path(), fs::u8path(root->folder()), ec);
        if (!ec && !rel.empty() && rel.native()[0] != '.') rootFolderKey = rel.generic_u8string() + "/data/roads/";
        if (!ec && rel == ".") rootFolderKey = "data/roads/";
    }
    PartReader fromDisk = [&](const std::string& name) { return diskBytes(beside / name, budget); };
    PartReader fromRoot = [&](const std::string& name) {
        if (rootFolderKey.empty()) return std::vector<uint8_t>();
        const ResolvedRef ref = root->resolve(rootFolderKey + name);
        if (ref.kind != ResolvedRef::Kind::File && ref.kind != ResolvedRef::Kind::PboEntry)
            return std::vector<uint8_t>();
        auto bytes = root->read(ref);
        return bytes ? std::move(bytes.value()) : std::vector<uint8_t>();
    };
    const PartReader* use = nullptr;
    if (!fromDisk("roads.shp").empty()) {
        use = &fromDisk, out.source = (beside / "roads.shp").u8string();
    } else if (!fromRoot("roads.shp").empty()) {
        use = &fromRoot, out.source = rootFolderKey + "roads.shp";
    } else {
        return {};  // the map has none: its roads are the road links alone
    }
    // Each part read from disk or the PBO once, whoever asks for it again.
    std::map<std::string, std::vector<uint8_t>> parts;
    const PartReader& source = *use;
    const PartReader once = [&](const std::string& name) {
        auto it = parts.find(name);
        if (it == parts.end()) it = parts.emplace(name, source(name)).first;
        return it->second;
    };
    use = &once;
    uint64_t charged = 0;
    for (const char* n : {"roads.shp", "roads.shx", "roads.dbf"}) charged += once(n).size() * 3;
    if (!budget.tryCharge(charged)) return budget.overMessage(out.source, charged);
    std::string e = readShapefile(once, out.roads, out.source);
    std::vector<uint8_t> lib = (*use)("RoadsLib.cfg");
    if (lib.empty()) lib = (*use)("roadslib.cfg");
    if (e.empty() && !lib.empty()) {
        auto tree = decodeConfig(lib.data(), lib.size(), "RoadsLib.cfg");
        if (tree)
            out.library = std::move(tree.value());
        else
            out.warnings.push_back(diagnosticLine(tree.error()) + "; the roads keep no width or type");
    }
    return e;
}

}  // namespace rv::cli
