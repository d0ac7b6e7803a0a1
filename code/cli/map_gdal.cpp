// GDAL writers of `rvimport map` (map_gdal.hpp). GDAL's C API: stable across the 3.x releases
// Debian ships and the one cross-built for Windows.
#include "cli/map_gdal.hpp"

#include <cmath>
#include <mutex>

#include <cpl_conv.h>
#include <cpl_error.h>
#include <gdal.h>
#include <gdal_utils.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>

#ifdef _WIN32
#include <windows.h>
#endif

#include "rv/file_bytes.hpp"

namespace rv::cli {
// GDAL reports through CPLError; the last message says what went wrong in its words.
std::string gdalFailure(const std::string& what) {
    const char* msg = CPLGetLastErrorMsg();
    return what + (msg && *msg ? std::string(": ") + msg : std::string());
}

namespace {

// A dataset closed on every path; GDALClose flushes, so a failure there is a failed write.
struct Dataset {
    GDALDatasetH h = nullptr;
    ~Dataset() {
        if (h) GDALClose(h);
    }
    std::string close(const std::string& path) {
        CPLErrorReset();
        GDALClose(h);
        h = nullptr;
        return CPLGetLastErrorType() >= CE_Failure ? gdalFailure("cannot finish " + path) : std::string();
    }
};

struct SpatialRef {
    OGRSpatialReferenceH h = OSRNewSpatialReference(nullptr);
    ~SpatialRef() { OSRDestroySpatialReference(h); }
};

std::string create(Dataset& ds, const char* driverName, const std::string& path, int w, int h, int bands,
                   GDALDataType type, const std::vector<const char*>& options) {
    GDALDriverH driver = GDALGetDriverByName(driverName);
    if (!driver) return std::string("this build's GDAL has no ") + driverName + " driver";
    std::vector<char*> opts;
    for (const char* o : options) opts.push_back(const_cast<char*>(o));
    opts.push_back(nullptr);
    ds.h = GDALCreate(driver, path.c_str(), w, h, bands, type, opts.data());
    return ds.h ? std::string() : gdalFailure("cannot create " + path);
}

std::string georeference(GDALDatasetH ds, const MapGeoreference& geo, double west, double north, double pixel) {
    double gt[6] = {west, pixel, 0, north, 0, -pixel};
    if (GDALSetGeoTransform(ds, gt) != CE_None) return gdalFailure("cannot set the georeference");
    if (GDALSetProjection(ds, geo.wkt.c_str()) != CE_None) return gdalFailure("cannot set the CRS");
    return {};
}

#ifdef _WIN32
// rvimport.exe carries PROJ's EPSG database, proj.db, in proj\ beside it (scripts/mingw_gdal.sh
// builds it with the PROJ linked in). That folder is searched instead of PROJ_DATA / PROJ_LIB:
// OSGeo4W, QGIS and PostGIS installers set those machine-wide, to the proj.db of another PROJ
// release, which this PROJ may refuse ("DATABASE.LAYOUT.VERSION") or read differently.
void useOwnProjDatabase() {
    std::wstring exe(32768, L'\0');
    const DWORD n = GetModuleFileNameW(nullptr, exe.data(), DWORD(exe.size()));
    if (n == 0 || n >= exe.size()) return;  // then PROJ's own search, and its error names the file
    exe.resize(n);
    exe.resize(exe.find_last_of(L"\\/") + 1);
    exe += L"proj";
    const std::string dir = utf8FromWide(exe.c_str());
    const char* const paths[] = {dir.c_str(), nullptr};  // PROJ takes UTF-8 paths on Windows
    OSRSetPROJSearchPaths(paths);
}
#endif

}  // namespace

void startGdal(uint64_t cacheBytes) {
    static std::once_flag once;
    std::call_once(once, [] {
        // Every thread's messages kept, not printed: each writer reports CPLGetLastErrorMsg, which
        // GDAL keeps per thread.
        CPLSetErrorHandler(CPLQuietErrorHandler);
        // GDAL's built-in drivers only: GDALAllRegister would also load every gdal_*.dll/.so in
        // GDAL_DRIVER_PATH or the plugin folder, so an environment (the OSGeo4W shell sets that
        // variable) could put another GDAL's plugins, built against another ABI, into this
        // process. Seen under Wine: a DLL in GDAL_DRIVER_PATH was loaded.
        CPLSetConfigOption("GDAL_DRIVER_PATH", "disable");
        GDALAllRegister();
#ifdef _WIN32
        useOwnProjDatabase();
#endif
    });
    GDALSetCacheMax64(int64_t(cacheBytes));
}

std::string checkEpsg(MapGeoreference& geo) {
    SpatialRef srs;
    CPLErrorReset();
    if (OSRImportFromEPSG(srs.h, geo.epsg) != OGRERR_NONE) {
        // Without its database PROJ knows no code at all: say that, not that the code is unknown.
        const std::string why = CPLGetLastErrorMsg();
        if (why.find("proj.db") != std::string::npos) {
#ifdef _WIN32
            return "cannot read PROJ's EPSG database, which belongs in proj\\proj.db beside rvimport.exe (" + why + ")";
#else
            return "cannot read PROJ's EPSG database (" + why + ")";
#endif
        }
        return "EPSG:" + std::to_string(geo.epsg) + " is not a coordinate system GDAL's EPSG database knows";
    }
    char* wkt = nullptr;
    const char* const options[] = {"FORMAT=WKT2_2018", nullptr};
    if (OSRExportToWktEx(srs.h, &wkt, options) != OGRERR_NONE || !wkt)
        return gdalFailure("cannot describe EPSG:" + std::to_string(geo.epsg));
    geo.wkt = wkt;
    CPLFree(wkt);
    return {};
}

std::string writeDemTiff(const std::string& path, const WrpTerrain& t, const MapGeoreference& geo) {
    const int w = int(t.mapSizeX), h = int(t.mapSizeY);
    Dataset ds;
    // PREDICTOR=3: the floating-point predictor, which lets deflate find the heights' smoothness.
    std::string e = create(ds, "GTiff", path, w, h, 1, GDT_Float32,
                           {"COMPRESS=DEFLATE", "PREDICTOR=3", "TILED=YES", "BIGTIFF=IF_SAFER"});
    if (!e.empty()) return e;
    // PixelIsPoint: GDAL's transform still names the top-left pixel's corner, half a cell west
    // and north of the sample; the GeoTIFF stores the sample's own position (GDAL #1505).
    GDALSetMetadataItem(ds.h, "AREA_OR_POINT", "Point", nullptr);
    const double c = t.cellSize();
    e = georeference(ds.h, geo, geo.easting - c / 2, geo.northing + (h - 1) * c + c / 2, c);
    if (!e.empty()) return e;
    GDALRasterBandH band = GDALGetRasterBand(ds.h, 1);
    bool anyNan = false;
    for (int row = 0; row < h; ++row) {
        float* samples = const_cast<float*>(t.elevation.data()) + size_t(h - 1 - row) * size_t(w);
        for (int x = 0; x < w && !anyNan; ++x) anyNan = std::isnan(samples[x]);
        if (GDALRasterIO(band, GF_Write, 0, row, w, 1, samples, w, 1, GDT_Float32, 0, 0) != CE_None)
            return gdalFailure("cannot write " + path);
    }
    if (anyNan) GDALSetRasterNoDataValue(band, std::nan(""));
    return ds.close(path);
}

std::string writeRgbaTiff(const std::string& path, const MapRaster& r, const MapGeoreference& geo) {
    Dataset ds;
    std::string e = create(ds, "GTiff", path, int(r.width), int(r.height), 4, GDT_Byte,
                           {"COMPRESS=DEFLATE", "TILED=YES", "PHOTOMETRIC=RGB", "ALPHA=UNASSOCIATED",
                            "INTERLEAVE=PIXEL", "BIGTIFF=IF_SAFER"});
    if (!e.empty()) return e;
    GDALSetMetadataItem(ds.h, "AREA_OR_POINT", "Area", nullptr);
    // Said outright: readers that guess from ExtraSamples alone may take band 4 for a colour.
    GDALSetRasterColorInterpretation(GDALGetRasterBand(ds.h, 4), GCI_AlphaBand);
    e = georeference(ds.h, geo, geo.easting, geo.northing + r.height * r.pixelSize, r.pixelSize);
    if (!e.empty()) return e;
    int bands[4] = {1, 2, 3, 4};
    if (GDALDatasetRasterIO(ds.h, GF_Write, 0, 0, int(r.width), int(r.height), const_cast<uint8_t*>(r.rgba.data()),
                            int(r.width), int(r.height), GDT_Byte, 4, bands, 4, 4 * int(r.width), 1) != CE_None)
        return gdalFailure("cannot write " + path);
    return ds.close(path);
}

std::string hillshadeSamples(const WrpTerrain& t, std::vector<uint8_t>& shade) {
    const int w = int(t.mapSizeX), h = int(t.mapSizeY);
    Dataset mem;
    std::string e = create(mem, "MEM", "", w, h, 1, GDT_Float32, {});
    if (!e.empty()) return e;
    const double c = t.cellSize();
    double gt[6] = {0, c, 0, h * c, 0, -c};  // metres, so the slopes are true
    GDALSetGeoTransform(mem.h, gt);
    GDALRasterBandH band = GDALGetRasterBand(mem.h, 1);
    for (int row = 0; row < h; ++row)
        if (GDALRasterIO(band, GF_Write, 0, row, w, 1,
                         const_cast<float*>(t.elevation.data()) + size_t(h - 1 - row) * size_t(w), w, 1, GDT_Float32, 0,
                         0) != CE_None)
            return gdalFailure("cannot hold the heights for the hillshade");
    char* args[] = {const_cast<char*>("-of"), const_cast<char*>("MEM"), const_cast<char*>("-compute_edges"), nullptr};
    GDALDEMProcessingOptions* options = GDALDEMProcessingOptionsNew(args, nullptr);
    Dataset out;
    out.h = GDALDEMProcessing("", mem.h, "hillshade", nullptr, options, nullptr);
    GDALDEMProcessingOptionsFree(options);
    if (!out.h) return gdalFailure("cannot compute the hillshade");
    shade.resize(size_t(w) * h);
    if (GDALRasterIO(GDALGetRasterBand(out.h, 1), GF_Read, 0, 0, w, h, shade.data(), w, h, GDT_Byte, 0, 0) != CE_None)
        return gdalFailure("cannot read the hillshade");
    return {};
}

std::string writePng16(const std::string& path, const std::vector<uint16_t>& values, uint32_t width, uint32_t height) {
    // The PNG driver only copies: a MEM dataset holds the rows first.
    Dataset mem;
    std::string e = create(mem, "MEM", "", int(width), int(height), 1, GDT_UInt16, {});
    if (!e.empty()) return e;
    if (GDALRasterIO(GDALGetRasterBand(mem.h, 1), GF_Write, 0, 0, int(width), int(height),
                     const_cast<uint16_t*>(values.data()), int(width), int(height), GDT_UInt16, 0, 0) != CE_None)
        return gdalFailure("cannot fill " + path);
    GDALDriverH png = GDALGetDriverByName("PNG");
    if (!png) return "this build's GDAL has no PNG driver";
    Dataset out;
    char* opts[] = {const_cast<char*>("WORLDFILE=NO"), nullptr};
    out.h = GDALCreateCopy(png, path.c_str(), mem.h, TRUE, opts, nullptr, nullptr);
    if (!out.h) return gdalFailure("cannot write " + path);
    return out.close(path);
}

std::string writeGreyPng(const std::string& path, const uint8_t* values, uint32_t width, uint32_t height,
                         double pixelSize, const MapGeoreference& geo) {
    Dataset mem;
    std::string e = create(mem, "MEM", "", int(width), int(height), 1, GDT_Byte, {});
    if (!e.empty()) return e;
    e = georeference(mem.h, geo, geo.easting, geo.northing + height * pixelSize, pixelSize);
    if (!e.empty()) return e;
    if (GDALRasterIO(GDALGetRasterBand(mem.h, 1), GF_Write, 0, 0, int(width), int(height), const_cast<uint8_t*>(values),
                     int(width), int(height), GDT_Byte, 0, 0) != CE_None)
        return gdalFailure("cannot fill " + path);
    GDALDriverH png = GDALGetDriverByName("PNG");
    if (!png) return "this build's GDAL has no PNG driver";
    Dataset out;
    char* opts[] = {const_cast<char*>("WORLDFILE=YES"), nullptr};
    out.h = GDALCreateCopy(png, path.c_str(), mem.h, TRUE, opts, nullptr, nullptr);
    if (!out.h) return gdalFailure("cannot write " + path);
    return out.close(path);
}

}  // namespace rv::cli
