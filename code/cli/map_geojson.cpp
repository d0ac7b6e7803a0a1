// The GeoJSON layers of `rvimport map` (map_gdal.hpp). Written here rather than through GDAL's
// GeoJSON driver, which formats every number through printf and builds a JSON object per
// feature: a million objects took 23 s there and take about 1 s here. The text is plain
// RFC 7946 structure with the pre-RFC "crs" member (the coordinates are projected metres, which
// RFC 7946 does not allow); GDAL, QGIS and Leaflet's readers are the tests' judges.
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <string>

#include "cli/json_writer.hpp"
#include "cli/map_gdal.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"

namespace rv::cli {
namespace {

class Text {
public:
    void raw(std::string_view s) { out_.append(s); }
    // Shortest text that reads back as the same double.
    void number(double v) {
        char b[32];
        out_.append(b, size_t(std::to_chars(b, b + sizeof b, v + 0.0).ptr - b));
    }
    // Projected metres to the millimetre: what objects are placed to, and a third of the bytes.
    void metres(double v) {
        char b[48];
        out_.append(b, size_t(std::to_chars(b, b + sizeof b, v + 0.0, std::chars_format::fixed, 3).ptr - b));
    }
    void string(std::string_view bytes) {
        out_ += '"';
        for (const char c : utf8FromBytes(bytes)) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\') {
                out_ += '\\';
                out_ += c;
            } else if (u < 0x20) {
                char b[8];
                std::snprintf(b, sizeof b, "\\u%04x", u);
                out_ += b;
            } else {
                out_ += c;
            }
        }
        out_ += '"';
    }
    std::string& buffer() { return out_; }

private:
    std::string out_;
};

void coordinates(Text& t, const MapFeature& f, FeatureGeometry g, const MapGeoreference& geo) {
    auto point = [&](const std::array<double, 2>& p) {
        t.raw("[");
        t.metres(geo.easting + p[0]);
        t.raw(",");
        t.metres(geo.northing + p[1]);
        t.raw("]");
    };
    if (g == FeatureGeometry::Point) return point(f.points[0]);
    t.raw(g == FeatureGeometry::Polygon ? "[[" : "[");
    for (size_t i = 0; i < f.points.size(); ++i) {
        if (i) t.raw(",");
        point(f.points[i]);
    }
    if (g == FeatureGeometry::Polygon) {  // a GeoJSON ring repeats its first position
        t.raw(",");
        point(f.points[0]);
    }
    t.raw(g == FeatureGeometry::Polygon ? "]]" : "]");
}

void feature(Text& t, const MapLayer& l, const MapFeature& f, const MapGeoreference& geo) {
    t.raw("{\"type\":\"Feature\",\"properties\":{\"object_id\":");
    t.number(double(f.objectId));
    if (l.name == "objects") {
        const ObjectPlacement& p = f.placement;
        const std::pair<const char*, double> values[] = {
            {"yaw", p.yaw},     {"pitch", p.pitch},   {"roll", p.roll},
            {"scale", p.scale}, {"height", p.height}, {"height_above_ground", p.heightAboveGround}};
        for (const auto& [name, v] : values) {
            t.raw(",\"");
            t.raw(name);
            t.raw("\":");
            t.number(v);
        }
    } else {
        t.raw(",\"kind\":");
        t.string(f.kind);
    }
    if (l.name == "objects" || l.name == "roads") {
        t.raw(",\"model\":");
        t.string(f.model);
    }
    if (l.name == "roads") {
        t.raw(",\"source\":");
        t.string(f.source);
        t.raw(",\"width\":");
        if (f.width > 0)
            t.number(f.width);
        else
            t.raw("null");  // not known: a road link, or a type RoadsLib.cfg does not describe
    }
    static const char* const kType[] = {"Point", "LineString", "Polygon"};
    t.raw("},\"geometry\":{\"type\":\"");
    t.raw(kType[int(l.geometry)]);
    t.raw("\",\"coordinates\":");
    coordinates(t, f, l.geometry, geo);
    t.raw("}}");
}

}  // namespace

std::string writeGeoJsonLayer(const std::string& path, const MapLayer& l, const MapGeoreference& geo) {
    std::FILE* file = openFile(path, "wb");  // UTF-8 on Windows too
    if (!file) return "cannot write " + path + ": " + errnoText(errno);
    const int failed = fillFile(
        file,
        [&](std::FILE* f) {
            Text t;
            t.raw("{\"type\":\"FeatureCollection\",\"name\":");
            t.string(l.name);
            t.raw(",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"urn:ogc:def:crs:EPSG::");
            t.raw(std::to_string(geo.epsg));
            t.raw("\"}},\"features\":[\n");
            for (size_t i = 0; i < l.features.size(); ++i) {
                feature(t, l, l.features[i], geo);
                t.raw(i + 1 < l.features.size() ? ",\n" : "\n");
                if (t.buffer().size() > (1u << 20)) {  // written a megabyte at a time
                    if (std::fwrite(t.buffer().data(), 1, t.buffer().size(), f) != t.buffer().size()) return false;
                    t.buffer().clear();
                }
            }
            t.raw("]}\n");
            return std::fwrite(t.buffer().data(), 1, t.buffer().size(), f) == t.buffer().size();
        },
        SyncMode::Later);
    return failed ? "cannot write " + path + ": " + errnoText(failed) : std::string();
}

}  // namespace rv::cli
