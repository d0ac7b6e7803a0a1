// readRvmat: a material's keys read from a config tree (notes §5: PixelShaderID,
// VertexShaderID, the colour arrays, specularPower, and class StageN { texture; uvSource;
// class uvTransform { aside[]; up[]; dir[]; pos[]; } }). Keys are case-insensitive. Warnings go
// through the project's one formatter, placed at the offending entry's offset by an empty
// ByteReader there.
#include "rv/rvmat.hpp"
#include "config/config_internal.hpp"
#include "core/work_meter.hpp"

#include <array>

namespace rv {
namespace {

// "an int", "a string": the type of a value for messages.
std::string aType(ConfigValueType t) {
    const char* name = configValueTypeName(t);
    return std::string(name[0] == 'a' || name[0] == 'e' || name[0] == 'i' ? "an " : "a ") + name;
}

class RvmatReader {
public:
    explicit RvmatReader(const ConfigTree& tree) : tree_(tree) {}

    RvMaterial read() {
        const ConfigEntry& root = tree_.root;
        RvMaterial m;
        m.pixelShader = text(root, "PixelShaderID");
        m.vertexShader = text(root, "VertexShaderID");
        m.surfaceInfo = text(root, "surfaceInfo");
        m.ambient = colour(root, "ambient");
        m.diffuse = colour(root, "diffuse");
        m.forcedDiffuse = colour(root, "forcedDiffuse");
        // "emmisive" is the engine's spelling (every sample uses it); "emissive" is accepted too.
        m.emissive = colour(root, root.find("emmisive") ? "emmisive" : "emissive");
        m.specular = colour(root, "specular");
        m.specularPower = number(root, "specularPower");
        indexTexGens();
        for (const ConfigEntry& e : root.entries)
            if (e.isClass() && e.name.size() >= 5 && configNameEquals(std::string_view(e.name).substr(0, 5), "stage"))
                m.stages.push_back(stage(e));
        m.warnings = warnings_.finish(tree_.sourceName);
        return m;
    }

private:
    void warn(const ConfigEntry& at, DiagKind kind, const std::string& detail) {
        ByteReader here(nullptr, nullptr, at.offset, context_);
        warnings_.add(here, kind, detail);
    }

    // The entry `key` of `cls` when it holds a value (a class of that name is not one).
    const ConfigEntry* valued(const ConfigEntry& cls, const char* key) {
        const ConfigEntry* e = cls.find(key);
        if (!e || e->kind == ConfigEntryKind::Value || e->kind == ConfigEntryKind::Array) return e;
        warn(*e, DiagKind::UnknownRecord,
             std::string(key) + " is " +
                 (e->kind == ConfigEntryKind::ArrayAppend || e->kind == ConfigEntryKind::External ? "an " : "a ") +
                 configEntryKindName(e->kind) + ", not a value; skipped");
        return nullptr;
    }

    std::string text(const ConfigEntry& cls, const char* key) {
        const ConfigEntry* e = valued(cls, key);
        if (!e) return "";
        if (e->value.isString()) return e->value.text;
        warn(*e, DiagKind::UnknownRecord, std::string(key) + " is " + aType(e->value.type) + ", not a string; skipped");
        return "";
    }

    std::optional<float> number(const ConfigEntry& cls, const char* key) {
        const ConfigEntry* e = valued(cls, key);
        if (!e) return std::nullopt;
        ConfigValue v = e->value;
        if (v.isString() && !config::parseConfigNumber(v.text, v)) v = e->value;  // "40" quoted
        if (v.isNumber()) return float(v.number());
        warn(*e, DiagKind::UnknownRecord, std::string(key) + " is " + aType(v.type) + ", not a number; skipped");
        return std::nullopt;
    }

    // `n` numbers of an array entry; false (after a warning) when it has another shape.
    bool numbers(const ConfigEntry& e, const char* key, size_t n, float* out) {
        const std::vector<ConfigValue>& items = e.value.items;
        if (e.value.type != ConfigValueType::Array) {
            warn(e, DiagKind::UnknownRecord,
                 std::string(key) + " is " + aType(e.value.type) + ", not an array; skipped");
            return false;
        }
        for (size_t i = 0; i < items.size() && i < n; ++i) {
            if (!items[i].isNumber()) {
                warn(e, DiagKind::UnknownRecord,
                     std::string(key) + " item " + std::to_string(i) + " is " + aType(items[i].type) +
                         ", not a number; skipped");
                return false;
            }
            out[i] = float(items[i].number());
        }
        if (items.size() == n) return true;
        warn(e, DiagKind::SizeMismatch,
             std::string(key) + " has " + std::to_string(items.size()) + " numbers, not " + std::to_string(n) +
                 (items.size() > n ? "; the first ones used" : "; skipped"));
        return items.size() > n;
    }

    // r, g, b, a. Three numbers are taken as r, g, b with a = 1 (a warning says so).
    std::optional<Rgba> colour(const ConfigEntry& cls, const char* key) {
        const ConfigEntry* e = valued(cls, key);
        if (!e) return std::nullopt;
        Rgba c{0, 0, 0, 1};
        if (e->value.type == ConfigValueType::Array && e->value.items.size() == 3) {
            if (!numbers(*e, key, 3, c.data())) return std::nullopt;
            warn(*e, DiagKind::SizeMismatch, std::string(key) + " has 3 numbers; alpha taken as 1");
            return c;
        }
        if (!numbers(*e, key, 4, c.data())) return std::nullopt;
        return c;
    }

    void row(const ConfigEntry& cls, const char* key, float* out) {
        const ConfigEntry* e = valued(cls, key);
        float v[3];
        if (e && numbers(*e, key, 3, v)) out[0] = v[0], out[1] = v[1], out[2] = v[2];
    }

    RvMatStage stage(const ConfigEntry& cls) {
        RvMatStage s;
        s.className = cls.name;
        const std::string suffix = cls.name.substr(5);
        if (configNameEquals(suffix, "TI")) {
            s.thermal = true;
        } else if (!suffix.empty() && suffix.size() <= 4 &&
                   suffix.find_first_not_of("0123456789") == std::string::npos) {
            s.index = std::stoi(suffix);
        }
        const std::string label = "class " + cls.name;
        ContextScope scope(context_, label.c_str());
        s.texture = text(cls, "texture");
        mapping(cls, s);
        // `texGen = N` (terrain layers, Multi, newer Super materials): the UV source and transform
        // live in the top-level class TexGenN, shared by several stages; the stage's own win.
        if (cls.find("texGen")) {
            if (std::optional<float> n = number(cls, "texGen"); n && *n >= 0 && *n < 64) {
                s.texGen = int(*n);
                if (const ConfigEntry* g = texGens_[size_t(s.texGen)]) {
                    RvMatStage shared;
                    mapping(*g, shared);
                    if (s.uvSource.empty()) s.uvSource = shared.uvSource;
                    if (!s.hasUvTransform && shared.hasUvTransform) {
                        s.hasUvTransform = true;
                        s.uvTransform = shared.uvTransform;
                    }
                } else {
                    warn(*cls.find("texGen"), DiagKind::IndexOutOfRange,
                         "texGen " + std::to_string(s.texGen) + " names no class TexGen" + std::to_string(s.texGen));
                }
            }
        }
        return s;
    }

    // The top-level classes TexGen0 to TexGen63 by number, in one pass over the root: looking one
    // up for each stage scanned the whole root (9-19 s on a 2 MB rvmat, issue 29). As findClass,
    // the first class of a name wins; "TexGen01" is no texGen's.
    void indexTexGens() {
        for (const ConfigEntry& e : tree_.root.entries) {
            if (!e.isClass() || e.name.size() < 7 || e.name.size() > 8 ||
                !configNameEquals(std::string_view(e.name).substr(0, 6), "TexGen"))
                continue;
            const std::string digits = e.name.substr(6);
            if (digits.find_first_not_of("0123456789") != std::string::npos || (digits.size() > 1 && digits[0] == '0'))
                continue;
            const size_t n = size_t(std::stoi(digits));
            if (n < texGens_.size() && !texGens_[n]) texGens_[n] = &e;
        }
        work::count(tree_.root.entries.size());
    }

    // uvSource and class uvTransform of a stage or a TexGen class.
    void mapping(const ConfigEntry& cls, RvMatStage& s) {
        s.uvSource = text(cls, "uvSource");
        if (const ConfigEntry* t = cls.findClass("uvTransform")) {
            s.hasUvTransform = true;
            const std::string inner = "class " + t->name;
            ContextScope innerScope(context_, inner.c_str());
            row(*t, "aside", &s.uvTransform.m[0]);
            row(*t, "up", &s.uvTransform.m[3]);
            row(*t, "dir", &s.uvTransform.m[6]);
            row(*t, "pos", &s.uvTransform.m[9]);
        }
    }

    const ConfigTree& tree_;
    std::array<const ConfigEntry*, 64> texGens_{};  // by number (indexTexGens)
    ParseContext context_;
    WarningList warnings_;
};

}  // namespace

const RvMatStage* RvMaterial::stage(int index) const {
    for (const RvMatStage& s : stages)
        if (s.index == index) return &s;
    return nullptr;
}

const RvMatStage* RvMaterial::thermalStage() const {
    for (const RvMatStage& s : stages)
        if (s.thermal) return &s;
    return nullptr;
}

RvMaterial readRvmat(const ConfigTree& tree) {
    RvmatReader reader(tree);
    return reader.read();
}

Result<RvMaterial> decodeRvmat(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                               const PreprocessOptions& pp) {
    Result<ConfigTree> tree = decodeConfig(data, size, sourceName, options, pp);
    if (!tree) return tree.error();
    RvMaterial m = readRvmat(tree.value());
    m.warnings.insert(m.warnings.begin(), tree->warnings.begin(), tree->warnings.end());
    return m;
}

}  // namespace rv
