// A terrain's placements and map annotations as GIS features: what `rvimport map` writes as
// vector layers (map.gpkg, *.geojson), and what the Terrain Builder object list writes.
// Coordinates are world metres from the map's south-west corner (x east, z north); a front end
// adds its projected origin. No GIS library here: the writers are front ends (code/map).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/wrp.hpp"

namespace rv {

// An object as a map places it. yaw: degrees clockwise from north of the model's forward (+z)
// axis, 0..360; pitch: degrees the forward axis rises; roll: degrees the right (+x) axis drops;
// scale: length of the right axis; heightAboveGround: the object's stored height minus the
// surface the view draws under it (rv::groundHeight), so every output agrees.
struct ObjectPlacement {
    double x = 0, z = 0, height = 0;
    double yaw = 0, pitch = 0, roll = 0, scale = 1, heightAboveGround = 0;
};

// Why `object` has no placement (a transform or the ground under it that is not finite), or
// nullptr after filling `out`.
[[nodiscard]] const char* placeObject(const WrpTerrain& terrain, const WrpObject& object, ObjectPlacement& out);

enum class FeatureGeometry : uint8_t { Point, Line, Polygon };

struct MapFeature {
    std::vector<std::array<double, 2>> points;  // world x, z; a polygon's ring is not repeated closed
    int64_t objectId = -1;                      // -1: none
    std::string kind;                           // the map type ("House", "MainRoad") or "object"
    std::string model;                          // objects and road links: the model path as stored
    ObjectPlacement placement;                  // objects only
    std::string source;                         // roads: which data the line came from
    double width = 0;                           // roads from roads.shp: RoadsLib.cfg's width; 0 unknown
};

struct MapLayer {
    std::string name;  // "objects", "roads", "forests", "houses", ...
    FeatureGeometry geometry = FeatureGeometry::Point;
    std::vector<MapFeature> features;
};

struct MapFeatures {
    std::vector<MapLayer> layers;   // the fixed layers first (objects, roads, forests, rocks, houses,
                                    // powerlines, rivers), present even when empty, then others the file has
    std::vector<Warning> warnings;  // what was left out, counted per reason
};

// The map-info type name (notes §2.9: "Tree", "House", "PowerLines"), or "type N".
std::string mapTypeName(uint32_t type);

// Every placeable object as a point, every OPRW road link as a line through its connections,
// every map-info record as the geometry its kind has (notes §3.10). Records whose numbers are
// not finite or lie beyond 100 km of the map are left out with a warning.
[[nodiscard]] MapFeatures mapFeatures(const WrpTerrain& terrain);

// A road of an Arma 3 map's own `data\roads\roads.shp`, as the shapefile stores it: Terrain
// Builder's projected metres (easting offset 200000) and the row's ID column.
struct ShapeRoad {
    std::vector<std::array<double, 2>> points;
    int64_t id = 0;
};
struct ConfigTree;
// Adds `roads` to the "roads" layer: each at world x = X - 200000, z = Y (the engine's own rule),
// with the width and map type of `RoadTypesLibrary >> Road%04d` (ID) in `roadsLib` (RoadsLib.cfg;
// null: none found). `source` names the shapefile in the features and in the warnings: a road
// with fewer than two usable points is left out, and an ID the library lacks gets the engine's
// default type ("main road"), each counted in one warning.
void addShapeRoads(MapFeatures& features, const WrpTerrain& terrain, const std::vector<ShapeRoad>& roads,
                   const ConfigTree* roadsLib, const std::string& source);

}  // namespace rv
