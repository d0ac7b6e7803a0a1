// `rvimport dump --json` and `rvimport info` for terrains (rv::WrpTerrain).
#include <algorithm>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "rv/printable.hpp"

namespace rv::cli {
namespace {

void pair(JsonWriter& j, const char* k, uint32_t a, uint32_t b) {
    j.key(k);
    j.beginArray();
    j.value(a);
    j.value(b);
    j.endArray();
}

void classedModels(JsonWriter& j, const WrpTerrain& t) {
    j.key("classed_models");
    j.beginArray();
    for (const WrpClassedModel& c : t.classedModels) {
        j.beginObject();
        j.field("class", c.className);
        j.field("model", c.model);
        j.key("position");
        vec3(j, c.position);
        j.field("id", c.objectId);
        j.endObject();
    }
    j.endArray();
}

// World transforms as stored: 12 floats, rows aside, up, dir, position.
void objects(JsonWriter& j, const WrpTerrain& t) {
    j.key("objects");
    j.beginArray();
    for (const WrpObject& o : t.objects) {
        j.beginObject();
        j.field("id", o.id);
        j.field("model", o.model);
        j.key("transform");
        j.floats(o.transform.m.begin(), o.transform.m.end());
        j.endObject();
    }
    j.endArray();
}

void roads(JsonWriter& j, const WrpTerrain& t) {
    j.key("roads");
    j.beginArray();
    for (const WrpRoadLink& r : t.roads) {
        j.beginObject();
        j.field("cell", r.cell);
        vec3s(j, "connections", r.connections);
        uints(j, "connection_types", r.connectionTypes);
        j.field("id", r.objectId);
        j.field("model", r.model);
        j.key("transform");
        j.floats(r.transform.m.begin(), r.transform.m.end());
        j.endObject();
    }
    j.endArray();
}

void mapInfo(JsonWriter& j, const WrpTerrain& t) {
    j.key("map_info");
    j.beginArray();
    for (const WrpMapInfo& m : t.mapInfo) {
        j.beginObject();
        j.field("type", m.type);
        j.field("id", m.objectId);
        j.key("values");
        j.floats(m.values.begin(), m.values.end());
        uints(j, "bytes", m.bytes);
        j.endObject();
    }
    j.endArray();
}

}  // namespace

void writeWrpJson(std::FILE* out, const WrpTerrain& t, bool pretty) {
    JsonWriter j(out, pretty);
    j.beginObject();
    j.field("signature", t.signature);
    j.field("version", t.version);
    if (t.signature == "OPRW" && t.version >= 25) j.field("app_id", t.appId);
    pair(j, "layer_size", t.layerSizeX, t.layerSizeY);
    pair(j, "map_size", t.mapSizeX, t.mapSizeY);
    j.field("layer_cell_size", t.layerCellSize);
    j.field("cell_size", t.cellSize());
    j.field("cell_size_stored", t.cellSizeStored);
    j.key("elevation");
    j.floats(t.elevation.begin(), t.elevation.end());
    strings(j, "materials", t.materials);
    uints(j, "material_index", t.materialIndex);
    uints(j, "geography", t.geography);
    vec3s(j, "peaks", t.peaks);
    strings(j, "models", t.models);
    classedModels(j, t);
    objects(j, t);
    roads(j, t);
    mapInfo(j, t);
    j.field("max_object_id", t.maxObjectId);
    warnings(j, t.warnings);
    j.endObject();
    j.flush();
    std::fputc('\n', out);
}

void writeWrpInfo(std::FILE* out, const WrpTerrain& t) {
    std::fprintf(out, "format     %s version %u (terrain)\n", printable(t.signature).c_str(), t.version);
    std::fprintf(out, "land grid  %u x %u cells of %g m%s\n", t.layerSizeX, t.layerSizeY, double(t.layerCellSize),
                 t.cellSizeStored ? "" : " (not stored: the config's default)");
    std::fprintf(out, "heights    %u x %u samples, %g m apart\n", t.mapSizeX, t.mapSizeY, double(t.cellSize()));
    if (!t.elevation.empty()) {
        const auto [lo, hi] = std::minmax_element(t.elevation.begin(), t.elevation.end());
        std::fprintf(out, "elevation  %g .. %g m\n", double(*lo), double(*hi));
    }
    std::fprintf(out, "materials  %zu\nmodels     %zu\nobjects    %zu\nroads      %zu links\nmap info   %zu records\n",
                 t.materials.size(), t.models.size(), t.objects.size(), t.roads.size(), t.mapInfo.size());
    std::fprintf(out, "\nwarnings (%zu)\n", t.warnings.size());  // listed on stderr (info.cpp)
}

}  // namespace rv::cli
