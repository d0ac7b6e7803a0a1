// A config class's hiddenSelections retexturing (include/rv/retexture.hpp).
#include "rv/retexture.hpp"

#include "rv/paths.hpp"

namespace rv {
namespace {

// The value `name` of `cls` or of the classes it inherits from, looked up among `parent`'s
// classes. The walk is bounded: a base chain longer than the deepest nesting a config may have
// is a cycle (`class A: B {}; class B: A {};`).
const ConfigValue* inherited(const ConfigEntry& parent, const ConfigEntry& cls, std::string_view name,
                             std::string& unresolvedBase) {
    const ConfigEntry* at = &cls;
    for (int step = 0; at && step < kConfigMaxDepth; ++step) {
        if (const ConfigValue* v = at->findValue(name)) return v;
        if (at->base.empty()) return nullptr;
        const ConfigEntry* base = parent.findClass(at->base);
        if (!base) unresolvedBase = at->base;
        at = base;
    }
    return nullptr;
}

std::vector<std::string> stringsOf(const ConfigValue* v) {
    std::vector<std::string> out;
    if (!v || v->type != ConfigValueType::Array) return out;
    for (const ConfigValue& item : v->items) out.push_back(item.isString() ? item.text : std::string());
    return out;
}

}  // namespace

bool configModelNames(std::string_view configModel, std::string_view modelFile) {
    std::string a = asciiLower(fileNameOf(std::string(configModel)));
    std::string b = asciiLower(fileNameOf(std::string(modelFile)));
    if (extensionOf(a).empty()) a += ".p3d";
    if (extensionOf(b).empty()) b += ".p3d";
    return !a.empty() && a == b;
}

Result<Retexture> findRetexture(const ConfigTree& tree, std::string_view className) {
    // CfgVehicles and CfgWeapons first (vehicles, units, uniforms; weapons, headgear, vests), then
    // any other top-level class (CfgGlasses, CfgAmmo...).
    const ConfigEntry* parent = nullptr;
    const ConfigEntry* cls = nullptr;
    for (int pass = 0; pass < 2 && !cls; ++pass)
        for (const ConfigEntry& top : tree.root.entries) {
            if (!top.isClass()) continue;
            const bool preferred =
                configNameEquals(top.name, "CfgVehicles") || configNameEquals(top.name, "CfgWeapons");
            if (preferred != (pass == 0)) continue;
            if (const ConfigEntry* c = top.findClass(className)) {
                parent = &top, cls = c;
                break;
            }
        }
    if (!cls)
        return withSource(
            makeError(DiagKind::InvalidArgument,
                      "no class " + std::string(className) + " in CfgVehicles, CfgWeapons or another top-level class"),
            tree.sourceName);
    Retexture out;
    out.className = cls->name;
    out.parent = parent->name;
    std::string unresolved;
    if (const ConfigValue* model = inherited(*parent, *cls, "model", unresolved); model && model->isString())
        out.model = model->text;
    const std::vector<std::string> names = stringsOf(inherited(*parent, *cls, "hiddenSelections", unresolved));
    const std::vector<std::string> textures =
        stringsOf(inherited(*parent, *cls, "hiddenSelectionsTextures", unresolved));
    const std::vector<std::string> materials =
        stringsOf(inherited(*parent, *cls, "hiddenSelectionsMaterials", unresolved));
    for (size_t i = 0; i < names.size(); ++i) {
        SelectionRetexture s;
        s.selection = names[i];
        if (i < textures.size()) {
            s.texture = textures[i];
            s.hidden = textures[i].empty();
        }
        if (i < materials.size()) s.material = materials[i];
        out.selections.push_back(std::move(s));
    }
    const std::string where = tree.sourceName + ": class " + out.className;
    if (!unresolved.empty() && (names.empty() || textures.empty()))
        out.warnings.push_back(makeWarning(DiagKind::MissingReference,
                                           where + " inherits from " + unresolved +
                                               ", which this config does not define: what it inherits is not known"));
    if (names.empty())
        out.warnings.push_back(
            makeWarning(DiagKind::MissingReference, where + " has no hiddenSelections: the model is shown as it is"));
    if (textures.size() > names.size() || materials.size() > names.size())
        out.warnings.push_back(makeWarning(DiagKind::BadValue, where +
                                                                   " lists more hiddenSelectionsTextures or "
                                                                   "hiddenSelectionsMaterials than hiddenSelections: "
                                                                   "the extra ones name no selection"));
    return out;
}

}  // namespace rv
