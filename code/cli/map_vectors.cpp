// The vector layers of `rvimport map` (map_gdal.hpp): one GeoPackage holding every layer, and the
// same layers as GeoJSON, written through GDAL's GPKG and GeoJSON drivers.
#include <cstring>

#include <cpl_error.h>
#include <gdal.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>

#include "cli/json_writer.hpp"
#include "cli/map_gdal.hpp"

namespace rv::cli {
namespace {

OGRwkbGeometryType geometryType(FeatureGeometry g) {
    return g == FeatureGeometry::Point ? wkbPoint : g == FeatureGeometry::Line ? wkbLineString : wkbPolygon;
}

// The fields of a layer: objects carry their placement; every other layer its kind and id. The
// GeoJSON writer (map_geojson.cpp) writes the same fields in the same order.
bool addFields(OGRLayerH layer, const MapLayer& l) {
    auto field = [&](const char* name, OGRFieldType type) {
        OGRFieldDefnH d = OGR_Fld_Create(name, type);
        const bool ok = OGR_L_CreateField(layer, d, TRUE) == OGRERR_NONE;
        OGR_Fld_Destroy(d);
        return ok;
    };
    bool ok = field("object_id", OFTInteger64) && (l.name == "objects" || field("kind", OFTString));
    if (l.name == "objects") {
        for (const char* n : {"yaw", "pitch", "roll", "scale", "height", "height_above_ground"})
            ok = ok && field(n, OFTReal);
        ok = ok && field("model", OFTString);
    } else if (l.name == "roads") {
        ok = ok && field("model", OFTString) && field("source", OFTString) && field("width", OFTReal);
    }
    return ok;
}

OGRGeometryH makeGeometry(const MapFeature& f, FeatureGeometry g, const MapGeoreference& geo) {
    if (g == FeatureGeometry::Point) {
        OGRGeometryH p = OGR_G_CreateGeometry(wkbPoint);
        OGR_G_SetPoint_2D(p, 0, geo.easting + f.points[0][0], geo.northing + f.points[0][1]);
        return p;
    }
    OGRGeometryH line = OGR_G_CreateGeometry(g == FeatureGeometry::Line ? wkbLineString : wkbLinearRing);
    for (const auto& pt : f.points) OGR_G_AddPoint_2D(line, geo.easting + pt[0], geo.northing + pt[1]);
    if (g == FeatureGeometry::Line) return line;
    OGR_G_CloseRings(line);
    OGRGeometryH poly = OGR_G_CreateGeometry(wkbPolygon);
    OGR_G_AddGeometryDirectly(poly, line);
    return poly;
}

bool addFeature(OGRLayerH layer, const MapLayer& l, const MapFeature& f, const MapGeoreference& geo) {
    OGRFeatureH feature = OGR_F_Create(OGR_L_GetLayerDefn(layer));
    OGR_F_SetFieldInteger64(feature, 0, f.objectId);
    if (l.name == "objects") {
        const ObjectPlacement& p = f.placement;
        const double values[] = {p.yaw, p.pitch, p.roll, p.scale, p.height, p.heightAboveGround};
        for (int i = 0; i < 6; ++i) OGR_F_SetFieldDouble(feature, 1 + i, values[i]);
        OGR_F_SetFieldString(feature, 7, utf8FromBytes(f.model).c_str());
    } else {
        OGR_F_SetFieldString(feature, 1, f.kind.c_str());
    }
    if (l.name == "roads") {
        OGR_F_SetFieldString(feature, 2, utf8FromBytes(f.model).c_str());
        OGR_F_SetFieldString(feature, 3, utf8FromBytes(f.source).c_str());
        if (f.width > 0) OGR_F_SetFieldDouble(feature, 4, f.width);  // unset (null): not known
    }
    OGR_F_SetGeometryDirectly(feature, makeGeometry(f, l.geometry, geo));
    const bool ok = OGR_L_CreateFeature(layer, feature) == OGRERR_NONE;
    OGR_F_Destroy(feature);
    return ok;
}

}  // namespace

std::string writeGeoPackage(const std::string& path, const MapFeatures& features, const MapGeoreference& geo) {
    GDALDriverH driver = GDALGetDriverByName("GPKG");
    if (!driver) return "this build's GDAL has no GPKG driver";
    CPLErrorReset();
    GDALDatasetH ds = GDALCreate(driver, path.c_str(), 0, 0, 0, GDT_Unknown, nullptr);
    if (!ds) return gdalFailure("cannot create " + path);
    OGRSpatialReferenceH srs = OSRNewSpatialReference(geo.wkt.c_str());
    char* opts[] = {const_cast<char*>("SPATIAL_INDEX=YES"), nullptr};
    std::string failure;
    for (const MapLayer& layerData : features.layers) {
        const MapLayer* l = &layerData;
        OGRLayerH layer = GDALDatasetCreateLayer(ds, l->name.c_str(), srs, geometryType(l->geometry), opts);
        if (!layer || !addFields(layer, *l)) {
            failure = gdalFailure("cannot create the layer " + l->name + " in " + path);
            break;
        }
        // One transaction per layer: a GeoPackage commits once, not once per object.
        const bool inTransaction = GDALDatasetStartTransaction(ds, FALSE) == OGRERR_NONE;
        for (const MapFeature& f : l->features)
            if (!addFeature(layer, *l, f, geo)) {
                failure = gdalFailure("cannot write a feature of " + l->name + " to " + path);
                break;
            }
        if (inTransaction && GDALDatasetCommitTransaction(ds) != OGRERR_NONE && failure.empty())
            failure = gdalFailure("cannot commit the layer " + l->name + " to " + path);
        if (!failure.empty()) break;
    }
    OSRDestroySpatialReference(srs);
    CPLErrorReset();
    GDALClose(ds);
    if (failure.empty() && CPLGetLastErrorType() >= CE_Failure) failure = gdalFailure("cannot finish " + path);
    return failure;
}

}  // namespace rv::cli
