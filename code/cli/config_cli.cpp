// `rvimport info` and `rvimport dump --json` for configs: .rvmat materials, config.cpp /
// config.bin, .bisurf, mission.sqm, description.ext (text or rapified). A .rvmat's info is the
// material (shaders, colours, stages); any other config's is a summary of its tree. The dump is
// the whole tree: a class is {"base", "entries": {name: entry}}, a value its JSON scalar, an array
// a JSON array, `class X;` {"external": true}, `delete X;` {"delete": true}, and `x[] += {...}`
// the array under the key "x+="; a .rvmat adds "material", the interpretation info prints.
#include <algorithm>
#include <cctype>
#include <optional>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "rv/config.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"
#include "rv/rvmat.hpp"

namespace rv::cli {
namespace {

// ---- JSON ----
void valueJson(JsonWriter& j, const ConfigValue& v) {
    switch (v.type) {
        case ConfigValueType::String:
        case ConfigValueType::Expression:
            j.value(v.text);
            break;
        case ConfigValueType::Float:
            j.value(v.real);
            break;
        case ConfigValueType::Int:
        case ConfigValueType::Int64:
            j.value(int64_t(v.integer));
            break;
        case ConfigValueType::Array:
            j.beginArray();
            for (const ConfigValue& item : v.items) valueJson(j, item);
            j.endArray();
            break;
    }
}

void classJson(JsonWriter& j, const ConfigEntry& cls) {
    j.beginObject();
    j.field("base", cls.base);
    j.key("entries");
    j.beginObject();
    for (const ConfigEntry& e : cls.entries) {
        // "x+=" cannot be a config name, so an append never collides with the array it extends.
        j.key(e.kind == ConfigEntryKind::ArrayAppend ? e.name + "+=" : e.name);
        switch (e.kind) {
            case ConfigEntryKind::Value:
            case ConfigEntryKind::Array:
            case ConfigEntryKind::ArrayAppend:
                valueJson(j, e.value);
                break;
            case ConfigEntryKind::Class:
                classJson(j, e);
                break;
            case ConfigEntryKind::External:
            case ConfigEntryKind::Delete:
                j.beginObject();
                j.field(e.kind == ConfigEntryKind::External ? "external" : "delete", true);
                j.endObject();
                break;
        }
    }
    j.endObject();
    j.endObject();
}

void colourJson(JsonWriter& j, const char* key, const std::optional<Rgba>& c) {
    j.key(key);
    if (c)
        j.floats(c->begin(), c->end());
    else
        j.null();
}

void materialJson(JsonWriter& j, const RvMaterial& m) {
    j.key("material");
    j.beginObject();
    j.field("pixel_shader", m.pixelShader);
    j.field("vertex_shader", m.vertexShader);
    colourJson(j, "ambient", m.ambient);
    colourJson(j, "diffuse", m.diffuse);
    colourJson(j, "forced_diffuse", m.forcedDiffuse);
    colourJson(j, "emissive", m.emissive);
    colourJson(j, "specular", m.specular);
    j.key("specular_power");
    if (m.specularPower)
        j.value(*m.specularPower);
    else
        j.null();
    j.field("surface_info", m.surfaceInfo);
    j.key("stages");
    j.beginArray();
    for (const RvMatStage& s : m.stages) {
        j.beginObject();
        j.field("class", s.className);
        j.field("index", int64_t(s.index));
        j.field("texture", s.texture);
        j.field("uv_source", s.uvSource);
        j.key("uv_transform");
        if (s.hasUvTransform)
            j.floats(s.uvTransform.m.begin(), s.uvTransform.m.end());
        else
            j.null();
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

void writeConfigJson(const ConfigTree& t, const RvMaterial* material, bool pretty) {
    JsonWriter j(stdout, pretty);
    j.beginObject();
    j.field("source", t.sourceName);
    j.field("format", t.format == ConfigFormat::Rapified ? "rapified" : "text");
    j.key("root");
    classJson(j, t.root);
    j.key("enums");
    j.beginArray();
    for (const auto& [name, value] : t.enums) {
        j.beginObject();
        j.field("name", name);
        j.field("value", value);
        j.endObject();
    }
    j.endArray();
    if (material) materialJson(j, *material);
    std::vector<Warning> all = t.warnings;
    if (material) all.insert(all.end(), material->warnings.begin(), material->warnings.end());
    warnings(j, all);
    j.endObject();
}

// ---- info ----
const char* formatLine(const ConfigTree& t) {
    return t.format == ConfigFormat::Rapified ? "rapified config (raP)" : "text config";
}

void printColour(const char* key, const std::optional<Rgba>& c) {
    if (c)
        std::printf("%-14s %g %g %g %g\n", key, (*c)[0], (*c)[1], (*c)[2], (*c)[3]);
    else
        std::printf("%-14s -\n", key);
}

// What a procedural texture makes: its constant, or the generator rvimport does not run.
std::string proceduralNote(const std::string& texture) {
    if (!isProceduralTexture(texture)) return "";
    auto p = parseProcedural(texture);
    if (!p) return "procedural, unreadable: " + diagnosticLine(p.error());
    if (!p->supported) return "procedural " + p->function + "(): not generated";
    char buf[128];
    std::snprintf(buf, sizeof buf, "procedural colour %g %g %g %g", p->color[0], p->color[1], p->color[2], p->color[3]);
    return buf + (p->tag.empty() ? std::string() : " (" + p->tag + ")");
}

void writeMaterialInfo(const ConfigTree& t, const RvMaterial& m) {
    std::printf("format         rvmat material, %s\n", formatLine(t));
    std::printf("pixel shader   %s\n", m.pixelShader.empty() ? "-" : printable(m.pixelShader).c_str());
    std::printf("vertex shader  %s\n", m.vertexShader.empty() ? "-" : printable(m.vertexShader).c_str());
    printColour("ambient", m.ambient);
    printColour("diffuse", m.diffuse);
    printColour("forcedDiffuse", m.forcedDiffuse);
    printColour("emmisive", m.emissive);
    printColour("specular", m.specular);
    if (m.specularPower)
        std::printf("specularPower  %g\n", *m.specularPower);
    else
        std::printf("specularPower  -\n");
    if (!m.surfaceInfo.empty()) std::printf("surfaceInfo    %s\n", printable(m.surfaceInfo).c_str());
    std::printf("stages (%zu)\n", m.stages.size());
    for (const RvMatStage& s : m.stages) {
        std::printf("  %-8s %-6s %s\n", s.className.c_str(), s.uvSource.empty() ? "-" : s.uvSource.c_str(),
                    s.texture.empty() ? "-" : s.texture.c_str());
        const std::string note = proceduralNote(s.texture);
        if (!note.empty()) std::printf("  %-8s %-6s %s\n", "", "", printable(note).c_str());
        if (s.hasUvTransform) {
            const auto& u = s.uvTransform.m;
            std::printf("  %-8s %-6s uvTransform aside %g %g %g, up %g %g %g, dir %g %g %g, pos %g %g %g\n", "", "",
                        u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11]);
        }
    }
}

void countKinds(const ConfigEntry& cls, size_t counts[6]) {
    for (const ConfigEntry& e : cls.entries) {
        ++counts[size_t(e.kind)];
        if (e.isClass()) countKinds(e, counts);
    }
}

void writeTreeInfo(const ConfigTree& t) {
    size_t counts[6] = {};
    countKinds(t.root, counts);
    std::printf("format         %s\n", formatLine(t));
    std::printf("entries        %zu classes, %zu values, %zu arrays, %zu array appends, %zu external, %zu deletes\n",
                counts[size_t(ConfigEntryKind::Class)], counts[size_t(ConfigEntryKind::Value)],
                counts[size_t(ConfigEntryKind::Array)], counts[size_t(ConfigEntryKind::ArrayAppend)],
                counts[size_t(ConfigEntryKind::External)], counts[size_t(ConfigEntryKind::Delete)]);
    if (t.format == ConfigFormat::Rapified) std::printf("enums          %zu\n", t.enums.size());
    std::printf("top level (%zu)\n", t.root.entries.size());
    for (const ConfigEntry& e : t.root.entries) {
        std::printf("  %-14s %s", configEntryKindName(e.kind), printable(e.name).c_str());
        if (!e.base.empty()) std::printf(": %s", printable(e.base).c_str());
        if (e.isClass()) std::printf(" (%zu entries)", e.entries.size());
        std::printf("\n");
    }
}

void printWarningList(const std::vector<Warning>& list) {
    std::printf("warnings (%zu)\n", list.size());
    for (const Warning& w : list) std::printf("  %s\n", printable(diagnosticLine(w)).c_str());
}

}  // namespace

bool describeConfig(const OpenedFile& file, bool json, bool pretty) {
    const auto& tree = file.config;
    const std::string& path = file.name;
    const bool isMaterial = asciiLower(extensionOf(path)) == ".rvmat";
    const RvMaterial material = isMaterial ? readRvmat(tree.value()) : RvMaterial{};
    if (json) {
        writeConfigJson(tree.value(), isMaterial ? &material : nullptr, pretty);
        return true;
    }
    std::vector<Warning> all = tree->warnings;
    if (isMaterial) {
        writeMaterialInfo(tree.value(), material);
        all.insert(all.end(), material.warnings.begin(), material.warnings.end());
    } else {
        writeTreeInfo(tree.value());
    }
    printWarningList(all);
    return true;
}

}  // namespace rv::cli
