// Importer properties -> rv::Options (include/rv/assimp_importer.hpp lists them).
//
// Each option comes from the importer's property when the host set one, else from the
// environment variable of the same name (RV_IMPORT_DATA_ROOT, RV_IMPORT_LODS,
// RV_IMPORT_MEMORY_BUDGET_MB), else the default. Hosts that set no property, such as the stock
// assimp tool running our importers through the preloaded plugin (code/plugin), are configured
// from the environment; a host's property always wins.
#include <assimp/Importer.hpp>

#include <climits>
#include <cmath>
#include <cstdlib>

#include "rv/assimp_importer.hpp"

namespace rv {

namespace {

const char* kUnset = "\x01rv-unset";  // no property can hold this by accident

// The property (even empty), else a non-empty environment variable named like it, else `fallback`.
std::string stringOption(const Assimp::Importer* importer, const char* name, const std::string& fallback) {
    std::string v = importer->GetPropertyString(name, kUnset);
    if (v != kUnset) return v;
    const char* env = std::getenv(name);
    return env && *env ? env : fallback;
}

// The property, else a whole decimal number in the environment variable, else `fallback`.
int intOption(const Assimp::Importer* importer, const char* name, int fallback) {
    const int v = importer->GetPropertyInteger(name, INT_MIN);
    if (v != INT_MIN) return v;
    const char* env = std::getenv(name);
    if (!env || !*env) return fallback;
    char* end = nullptr;
    const long n = std::strtol(env, &end, 10);
    if (*end != '\0' || n < INT_MIN + 1L || n > INT_MAX) return fallback;
    return int(n);
}

}  // namespace

Options optionsFromProperties(const Assimp::Importer* importer) {
    Options o;
    o.lods = stringOption(importer, kPropertyLods, o.lods);
    o.autocenter = importer->GetPropertyInteger(kPropertyAutocenter, 1) != 0;
    const int budgetMb = intOption(importer, kPropertyMemoryBudgetMb, 2048);
    o.memoryLimit = uint64_t(budgetMb > 0 ? budgetMb : 2048) << 20;
    const float cell = importer->GetPropertyFloat(kPropertyWrpCellSize, 50.0f);
    o.defaultCellSize = std::isfinite(cell) && cell > 0 ? cell : 50.0f;
    // The data root: the property, its old name, then the environment (hosts that set no
    // property, such as the stock assimp tool, still find a modder's P: drive).
    o.dataRoot = importer->GetPropertyString(kPropertyDataRoot, "");
    if (o.dataRoot.empty()) o.dataRoot = importer->GetPropertyString(kPropertyDataFolder, "");
    if (o.dataRoot.empty())
        if (const char* env = std::getenv(kPropertyDataRoot)) o.dataRoot = env;
    return o;
}

}  // namespace rv
