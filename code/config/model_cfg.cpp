// Skeletons from a model.cfg (include/rv/model_cfg.hpp): CfgModels names the skeleton,
// CfgSkeletons lists its bones.
#include "rv/model_cfg.hpp"

#include "core/diagnostics.hpp"

#include <algorithm>
#include <unordered_set>

#include "rv/paths.hpp"

namespace rv {
namespace {

bool isValueEntry(const ConfigEntry& e) {
    return e.kind == ConfigEntryKind::Value || e.kind == ConfigEntryKind::Array ||
           e.kind == ConfigEntryKind::ArrayAppend;
}

// The value entry `name` of `cls`, else of the first of its bases that has one; bases are looked
// up among `scope`'s classes, and an unresolved base (`class Default;` only declared) ends the
// walk. False when the chain of bases is deeper than kConfigMaxDepth: that is a cycle
// (`class A: B {}; class B: A {};`), and the bound keeps the walk finite whatever the file says.
bool findInherited(const ConfigEntry& scope, const ConfigEntry& cls, std::string_view name, const ConfigEntry*& found) {
    found = nullptr;
    const ConfigEntry* at = &cls;
    for (int step = 0; at; ++step) {
        if (step >= kConfigMaxDepth) return false;
        for (const ConfigEntry& e : at->entries)
            if (isValueEntry(e) && configNameEquals(e.name, name)) {
                found = &e;
                return true;
            }
        at = at->base.empty() ? nullptr : scope.findClass(at->base);
    }
    return true;
}

std::string classPath(const char* top, const ConfigEntry& cls) { return std::string(top) + " class " + cls.name; }

DecodeError badValue(const std::string& source, const std::string& where, const std::string& what,
                     uint64_t offset = 0) {
    return makeError(DiagKind::BadValue, source + ": " + where + ": " + what, offset, where);
}

DecodeError tooDeep(const std::string& source, const std::string& where) {
    return badValue(source, where,
                    "its base classes nest deeper than " + std::to_string(kConfigMaxDepth) + " (a cycle of bases?)");
}

// A string entry looked up through the bases: "" when absent, false (with `error`) when the
// entry is not a string or the bases do not end.
bool inheritedString(const std::string& source, const char* top, const ConfigEntry& scope, const ConfigEntry& cls,
                     const char* name, std::string& out, DecodeError& error) {
    const ConfigEntry* e = nullptr;
    out.clear();
    if (!findInherited(scope, cls, name, e)) {
        error = tooDeep(source, classPath(top, cls));
        return false;
    }
    if (!e) return true;
    if (e->kind != ConfigEntryKind::Value || !e->value.isString()) {
        error = badValue(source, classPath(top, cls),
                         std::string(name) + " is " +
                             (e->kind == ConfigEntryKind::Value ? configValueTypeName(e->value.type) : "an array") +
                             ", not a string",
                         e->offset);
        return false;
    }
    out = e->value.text;
    return true;
}

// Appends the pairs of `cls`'s skeletonBones[] (looked up through its bases) to `bones`.
bool appendBones(const std::string& source, const ConfigEntry& scope, const ConfigEntry& cls,
                 std::vector<OdolBone>& bones, DecodeError& error) {
    const ConfigEntry* e = nullptr;
    const std::string where = classPath("CfgSkeletons", cls);
    if (!findInherited(scope, cls, "skeletonBones", e)) {
        error = tooDeep(source, where);
        return false;
    }
    if (!e) return true;  // a skeleton without bones of its own (one that only inherits)
    if (e->kind == ConfigEntryKind::Value) {
        error = badValue(source, where,
                         std::string("skeletonBones is ") + configValueTypeName(e->value.type) + ", not an array",
                         e->offset);
        return false;
    }
    const std::vector<ConfigValue>& items = e->value.items;
    for (size_t i = 0; i < items.size(); ++i)
        if (!items[i].isString()) {
            error = badValue(source, where,
                             "skeletonBones[] item " + std::to_string(i + 1) + " of " + std::to_string(items.size()) +
                                 " is " + configValueTypeName(items[i].type) + ", not a string",
                             e->offset);
            return false;
        }
    if (items.size() % 2 != 0) {
        error = badValue(source, where,
                         "skeletonBones[] has " + std::to_string(items.size()) +
                             " items, not (bone, parent) pairs: bone \"" + items.back().text + "\" has no parent",
                         e->offset);
        return false;
    }
    bones.reserve(bones.size() + items.size() / 2);
    for (size_t i = 0; i < items.size(); i += 2) bones.push_back({items[i].text, items[i + 1].text});
    return true;
}

// Duplicates and unknown parents: warnings, the first of a name kept (model_cfg.hpp).
std::vector<OdolBone> checkedBones(const std::string& source, const std::string& skeleton, std::vector<OdolBone> bones,
                                   std::vector<Warning>* warnings) {
    std::unordered_set<std::string> names;
    std::vector<OdolBone> kept;
    kept.reserve(bones.size());
    const std::string where = source + ": CfgSkeletons class " + skeleton + ": ";
    const size_t firstWarning = warnings ? warnings->size() : 0;
    for (OdolBone& b : bones) {
        if (!names.insert(asciiLower(b.name)).second) {
            if (warnings)
                warnings->push_back(makeWarning(DiagKind::NameProblem,
                                                where + "bone \"" + b.name + "\" is listed twice; the first is kept"));
            continue;
        }
        kept.push_back(std::move(b));
    }
    // A parent that is no bone is kept as the file says: the view makes the bone a root and
    // says so (rv::skeletonView), for model.cfg and ODOL skeletons alike.
    if (warnings) capAppendedWarnings(*warnings, firstWarning);
    return kept;
}

}  // namespace

Result<OdolSkeleton> readCfgSkeleton(const ConfigTree& cfg, const std::string& skeletonName,
                                     const std::string& sourceName, std::vector<Warning>* warnings) {
    const ConfigEntry* skeletons = cfg.root.findClass("CfgSkeletons");
    if (!skeletons)
        return withSource(makeError(DiagKind::BadValue,
                                    "skeleton " + skeletonName + " is wanted, but there is no class CfgSkeletons"),
                          sourceName);
    // The skeletonInherit chain, from the named skeleton to the one it ends at. Each class may be
    // in it once (a repeat is a cycle) and the chain is bounded, so the work is at most the
    // file's own arrays once each.
    std::vector<const ConfigEntry*> chain;
    std::unordered_set<std::string> seen;
    std::string next = skeletonName, referrer = "skeletonName";
    DecodeError error;
    while (!next.empty()) {
        const ConfigEntry* cls = skeletons->findClass(next);
        if (!cls)
            return withSource(
                makeError(DiagKind::BadValue, referrer + " \"" + next + "\" names no class in CfgSkeletons"),
                sourceName);
        if (!seen.insert(asciiLower(cls->name)).second) {
            std::string cycle;
            for (const ConfigEntry* c : chain) cycle += c->name + " -> ";
            return badValue(sourceName, "CfgSkeletons", "skeletonInherit cycle " + cycle + cls->name);
        }
        if (chain.size() >= size_t(kConfigMaxDepth))
            return badValue(sourceName, classPath("CfgSkeletons", *cls),
                            "skeletonInherit chain longer than " + std::to_string(kConfigMaxDepth));
        chain.push_back(cls);
        if (!inheritedString(sourceName, "CfgSkeletons", *skeletons, *cls, "skeletonInherit", next, error))
            return error;
        referrer = classPath("CfgSkeletons", *cls) + "'s skeletonInherit";
    }

    OdolSkeleton out;
    const ConfigEntry& named = *chain.front();
    out.name = named.name;
    std::vector<OdolBone> bones;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)  // inherited bones first
        if (!appendBones(sourceName, *skeletons, **it, bones, error)) return error;
    out.bones = checkedBones(sourceName, named.name, std::move(bones), warnings);

    const ConfigEntry* discrete = nullptr;
    if (!findInherited(*skeletons, named, "isDiscrete", discrete))
        return tooDeep(sourceName, classPath("CfgSkeletons", named));
    out.isDiscrete = discrete && discrete->kind == ConfigEntryKind::Value && discrete->value.number() != 0;
    if (!inheritedString(sourceName, "CfgSkeletons", *skeletons, named, "pivotsModel", out.pivotsName, error))
        return error;
    return out;
}

Result<OdolSkeleton> skeletonForModel(const ConfigTree& cfg, const std::string& modelFileName,
                                      const std::string& sourceName, std::vector<Warning>* warnings) {
    const ConfigEntry* models = cfg.root.findClass("CfgModels");
    if (!models) return OdolSkeleton{};
    const ConfigEntry* cls = models->findClass(stemOf(fileNameOf(modelFileName)));
    if (!cls) cls = models->findClass("Default");
    if (!cls) return OdolSkeleton{};
    std::string name;
    DecodeError error;
    if (!inheritedString(sourceName, "CfgModels", *models, *cls, "skeletonName", name, error)) return error;
    if (name.empty()) return OdolSkeleton{};
    return readCfgSkeleton(cfg, name, sourceName, warnings);
}

}  // namespace rv
