// The terrain's vector features (rv/terrain_features.hpp): objects as points, OPRW road links as
// lines, map-info records as the geometry their kind has.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "rv/config.hpp"
#include "rv/terrain_features.hpp"
#include "rv/view.hpp"

namespace rv {
namespace {

constexpr double kPi = 3.14159265358979323846;
// Map-info numbers beyond this many metres outside the map are not positions (a damaged record).
constexpr double kFarOutside = 100000.0;

// Where a map-info record goes: its geometry follows from the body the decoder read
// (code/wrp/wrp_map_info.cpp, notes §3.10: one (x, z), a line of two or three, four corners, or a
// river's list), its layer from its type where the type says more. The two- and three-point
// shapes follow the wiki's `float line[2][2]` (forest, rocks, 41-43) and `line[3][2]` (railway,
// 35); the real samples hold no map info, so they stay [uncertain] until a real OPRW file says more.
struct LayerOf {
    const char* layer;
    FeatureGeometry geometry;
};

LayerOf layerOfMapInfo(const WrpMapInfo& m) {
    const uint32_t t = m.type;
    if (t == 44) return {"rivers", FeatureGeometry::Polygon};
    switch (m.values.size()) {
        case 2:
            return {t <= 1 ? "trees" : t == 2 ? "bushes" : "landmarks", FeatureGeometry::Point};
        case 4:
            return {t == 25   ? "forests"
                    : t == 33 ? "rocks"
                    : t == 34 ? "powerlines"
                              : "other_lines",
                    FeatureGeometry::Line};
        case 6:
            return {"railways", FeatureGeometry::Line};
        default:  // four corners: buildings, walls and fences, road pieces
            return {t == 20 || t == 21              ? "walls"
                    : t == 24 || t == 31 || t == 32 ? "road_areas"
                                                    : "houses",
                    FeatureGeometry::Polygon};
    }
}

const char* const kFixedLayers[] = {"objects", "roads", "forests", "rocks", "houses", "powerlines", "rivers"};

MapLayer& layerNamed(MapFeatures& out, const std::string& name, FeatureGeometry geometry) {
    for (MapLayer& l : out.layers)
        if (l.name == name) return l;
    out.layers.push_back(MapLayer{name, geometry, {}});
    return out.layers.back();
}

bool usablePoint(const WrpTerrain& t, double x, double z) {
    const double extent = double(t.layerSizeX) * double(t.layerCellSize);
    const double far = (std::isfinite(extent) ? extent : 0.0) + kFarOutside;
    return std::isfinite(x) && std::isfinite(z) && std::fabs(x) <= far && std::fabs(z) <= far;
}

// Enough points for the geometry (a point, two for a line, three for a ring), each a usable place.
bool usableShape(const WrpTerrain& t, const std::vector<std::array<double, 2>>& points, FeatureGeometry g) {
    const size_t least = g == FeatureGeometry::Polygon ? 3 : g == FeatureGeometry::Line ? 2 : 1;
    return points.size() >= least &&
           std::all_of(points.begin(), points.end(), [&](const auto& p) { return usablePoint(t, p[0], p[1]); });
}

void addObjects(const WrpTerrain& t, MapFeatures& out) {
    MapLayer& layer = layerNamed(out, "objects", FeatureGeometry::Point);
    layer.features.reserve(t.objects.size());
    size_t skipped = 0;
    for (const WrpObject& o : t.objects) {
        MapFeature f;
        if (placeObject(t, o, f.placement) != nullptr) {
            ++skipped;
            continue;
        }
        f.points.push_back({f.placement.x, f.placement.z});
        f.objectId = o.id;
        f.kind = "object";
        f.model = o.model;
        layer.features.push_back(std::move(f));
    }
    if (skipped)
        out.warnings.push_back(makeWarning(DiagKind::BadValue, std::to_string(skipped) + " of " +
                                                                   std::to_string(t.objects.size()) +
                                                                   " objects have a transform or ground that is not "
                                                                   "a finite number; left out of the objects layer"));
}

void addRoadLinks(const WrpTerrain& t, MapFeatures& out) {
    MapLayer& layer = layerNamed(out, "roads", FeatureGeometry::Line);
    size_t skipped = 0;
    for (const WrpRoadLink& link : t.roads) {
        MapFeature f;
        for (const Vec3& c : link.connections) f.points.push_back({double(c.x), double(c.z)});
        if (!usableShape(t, f.points, FeatureGeometry::Line)) {
            ++skipped;
            continue;
        }
        f.objectId = link.objectId;
        f.kind = "road link";
        f.model = link.model;
        f.source = "OPRW road link";
        layer.features.push_back(std::move(f));
    }
    if (skipped)
        out.warnings.push_back(makeWarning(DiagKind::BadValue, std::to_string(skipped) + " of " +
                                                                   std::to_string(t.roads.size()) +
                                                                   " road links have fewer than two connections or "
                                                                   "coordinates that are not usable; left out"));
}

void addMapInfo(const WrpTerrain& t, MapFeatures& out) {
    std::map<uint32_t, size_t> skippedByType;
    for (const WrpMapInfo& m : t.mapInfo) {
        const LayerOf where = layerOfMapInfo(m);
        MapFeature f;
        for (size_t i = 0; i + 1 < m.values.size(); i += 2) f.points.push_back({m.values[i], m.values[i + 1]});
        if (!usableShape(t, f.points, where.geometry)) {
            ++skippedByType[m.type];
            continue;
        }
        f.objectId = m.objectId;
        f.kind = mapTypeName(m.type);
        layerNamed(out, where.layer, where.geometry).features.push_back(std::move(f));
    }
    for (const auto& [type, n] : skippedByType)
        out.warnings.push_back(
            makeWarning(DiagKind::BadValue, "map info: " + std::to_string(n) + " " + mapTypeName(type) +
                                                " record(s) have coordinates that are not finite, "
                                                "lie over 100 km off the map or are too few; left out"));
}

}  // namespace

const char* placeObject(const WrpTerrain& t, const WrpObject& o, ObjectPlacement& out) {
    if (!isPlaceable(o)) return "its transform holds a NaN or infinite number";
    const Vec3 a = o.transform.aside(), d = o.transform.dir(), p = o.transform.position();
    const double ground = t.elevation.empty() ? 0.0 : groundHeight(t, p.x, p.z);
    out.x = p.x;
    out.z = p.z;
    out.height = p.y;
    out.heightAboveGround = double(p.y) - ground;
    if (!std::isfinite(out.heightAboveGround)) return "the terrain height under it is not a finite number";
    out.scale = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
    const double dlen = std::sqrt(double(d.x) * d.x + double(d.y) * d.y + double(d.z) * d.z);
    out.yaw = std::atan2(double(d.x), double(d.z)) * 180.0 / kPi;
    if (out.yaw < 0) out.yaw += 360.0;
    out.pitch = dlen > 0 ? std::asin(std::clamp(double(d.y) / dlen, -1.0, 1.0)) * 180.0 / kPi : 0.0;
    out.roll = out.scale > 0 ? -std::asin(std::clamp(double(a.y) / out.scale, -1.0, 1.0)) * 180.0 / kPi : 0.0;
    // + 0.0 turns -0 into 0, so flat objects print "0".
    out.yaw += 0.0, out.pitch += 0.0, out.roll += 0.0, out.heightAboveGround += 0.0;
    return nullptr;
}

std::string mapTypeName(uint32_t type) {
    static const char* const names[] = {
        "Tree",           "SmallTree",    "Bush",        "Building",  "House",      "ForestBorder",
        "ForestTriangle", "ForestSquare", "Church",      "Chapel",    "Cross",      "Rock",
        "Bunker",         "Fortress",     "Fountain",    "ViewTower", "Lighthouse", "Quay",
        "Fuelstation",    "Hospital",     "Fence",       "Wall",      "Hide",       "BusStop",
        "Road",           "Forest",       "Transmitter", "Stack",     "Ruin",       "Tourism",
        "Watertower",     "Track",        "MainRoad",    "Rocks",     "PowerLines", "RailWay"};
    if (type < sizeof(names) / sizeof(names[0])) return names[type];
    if (type == 44) return "River";
    return "type " + std::to_string(type);
}

MapFeatures mapFeatures(const WrpTerrain& terrain) {
    MapFeatures out;
    for (const char* name : kFixedLayers) {
        const FeatureGeometry g = std::string(name) == "objects" ? FeatureGeometry::Point
                                  : std::string(name) == "houses" || std::string(name) == "rivers"
                                      ? FeatureGeometry::Polygon
                                      : FeatureGeometry::Line;
        out.layers.push_back(MapLayer{name, g, {}});
    }
    addObjects(terrain, out);
    addRoadLinks(terrain, out);
    addMapInfo(terrain, out);
    return out;
}

void addShapeRoads(MapFeatures& out, const WrpTerrain& t, const std::vector<ShapeRoad>& roads,
                   const ConfigTree* roadsLib, const std::string& source) {
    // The engine's shapefile roads sit at Terrain Builder's mapframe, whatever the map's origin.
    constexpr double kShapeEasting = 200000.0;
    const ConfigEntry* library = roadsLib ? roadsLib->root.findClass("RoadTypesLibrary") : nullptr;
    MapLayer& layer = layerNamed(out, "roads", FeatureGeometry::Line);
    size_t unusable = 0, unknownType = 0;
    for (const ShapeRoad& road : roads) {
        MapFeature f;
        for (const auto& p : road.points) f.points.push_back({p[0] - kShapeEasting, p[1]});
        if (!usableShape(t, f.points, FeatureGeometry::Line)) {
            ++unusable;
            continue;
        }
        char name[32];
        std::snprintf(name, sizeof name, "Road%04lld", static_cast<long long>(road.id));
        const ConfigEntry* type = library ? library->findClass(name) : nullptr;
        const ConfigValue* width = type ? type->findValue("width") : nullptr;
        const ConfigValue* map = type ? type->findValue("map") : nullptr;
        if (!type) ++unknownType;
        f.objectId = road.id;
        f.kind = map && !map->text.empty() ? map->text : "main road";
        f.width = width ? width->number() : 0.0;
        if (!std::isfinite(f.width) || f.width < 0) f.width = 0;
        f.source = source;
        layer.features.push_back(std::move(f));
    }
    if (unusable)
        out.warnings.push_back(makeWarning(DiagKind::BadValue, source + ": " + std::to_string(unusable) + " of " +
                                                                   std::to_string(roads.size()) +
                                                                   " roads have fewer than two points or coordinates "
                                                                   "that are not usable; left out"));
    if (unknownType)
        out.warnings.push_back(
            makeWarning(DiagKind::BadValue,
                        source + ": " + std::to_string(unknownType) + " roads have an ID " +
                            (roadsLib ? "with no class RoadNNNN in RoadsLib.cfg" : "and no RoadsLib.cfg beside them") +
                            "; typed \"main road\" as the engine does, width unknown"));
}

}  // namespace rv
