// Importer properties -> rv::Options (include/rv/assimp_importer.hpp lists them).
//
// Each option comes from the importer's property when the host set one, else from the
// environment variable of the same name (RV_IMPORT_DATA_ROOT, RV_IMPORT_LODS,
// RV_IMPORT_MEMORY_BUDGET_MB, RV_IMPORT_VERBOSE, RV_IMPORT_MAX_TEXTURE_SIZE, RV_IMPORT_ANIMATIONS,
// RV_IMPORT_ANIMATION_FPS, RV_IMPORT_PROXIES), else the default.
// Hosts that set no property, such as the stock assimp tool running our importers through the
// preloaded plugin (code/plugin), are configured from the environment; a host's property always
// wins.
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <string>

#include "rv/assimp_importer.hpp"
#include "rv/defaults.hpp"

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

std::vector<std::string> animationsFromProperties(const Assimp::Importer* importer) {
    const std::string list = stringOption(importer, kPropertyAnimations, "");
    std::vector<std::string> out;
    for (size_t begin = 0; begin <= list.size();) {
        size_t end = list.find(';', begin);
        if (end == std::string::npos) end = list.size();
        if (end > begin) out.push_back(list.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

float animationFpsFromProperties(const Assimp::Importer* importer) {
    constexpr float kUnsetFps = -1.0f;
    float fps = importer->GetPropertyFloat(kPropertyAnimationFps, kUnsetFps);
    if (fps == kUnsetFps) {
        const char* env = std::getenv(kPropertyAnimationFps);
        char* end = nullptr;
        if (env && *env) {
            const float v = std::strtof(env, &end);
            if (*end == '\0') fps = v;
        }
    }
    if (fps == kUnsetFps || defaults::animationFpsInRange(fps)) return fps == kUnsetFps ? defaults::kAnimationFps : fps;
    Assimp::DefaultLogger::get()->warn(std::string(kPropertyAnimationFps) + " is " + std::to_string(fps) +
                                       ": outside 0.1 to 1000 frames per second; animations play at " +
                                       std::to_string(int(defaults::kAnimationFps)));
    return defaults::kAnimationFps;
}

Options optionsFromProperties(const Assimp::Importer* importer) {
    Options o;
    o.lods = stringOption(importer, kPropertyLods, o.lods);
    o.autocenter = importer->GetPropertyInteger(kPropertyAutocenter, defaults::kAutocenter ? 1 : 0) != 0;
    const int defaultMb = int(defaults::kMemoryLimit >> 20);
    const int budgetMb = intOption(importer, kPropertyMemoryBudgetMb, defaultMb);
    o.memoryLimit = uint64_t(budgetMb > 0 ? budgetMb : defaultMb) << 20;
    const float cell = importer->GetPropertyFloat(kPropertyWrpCellSize, defaults::kCellSize);
    o.defaultCellSize = std::isfinite(cell) && cell > 0 ? cell : defaults::kCellSize;
    o.verbose = intOption(importer, kPropertyVerbose, 0) != 0;
    const int maxTexture = intOption(importer, kPropertyMaxTextureSize, int(defaults::kMaxTextureSize));
    o.maxTextureSize = maxTexture > 0 ? uint32_t(maxTexture) : 0;
    // The data root: the property, its old name, then the environment (hosts that set no
    // property, such as the stock assimp tool, still find a modder's P: drive).
    o.dataRoot = importer->GetPropertyString(kPropertyDataRoot, "");
    if (o.dataRoot.empty()) o.dataRoot = importer->GetPropertyString(kPropertyDataFolder, "");
    if (const void* shared = importer->GetPropertyPointer(kPropertySharedDataRoot, nullptr))  // not owned: no deleter
        o.sharedDataRoot =
            std::shared_ptr<const DataRoot>(std::shared_ptr<const DataRoot>(), static_cast<const DataRoot*>(shared));
    if (void* cache = importer->GetPropertyPointer(kPropertySharedTextureCache, nullptr))  // not owned
        o.textureCache =
            std::shared_ptr<TextureCache>(std::shared_ptr<TextureCache>(), static_cast<TextureCache*>(cache));
    o.retextureConfig = importer->GetPropertyString(kPropertyConfig, "");
    o.retextureClass = importer->GetPropertyString(kPropertyConfigClass, "");
    o.modelConfig = importer->GetPropertyString(kPropertyModelConfig, "");
    const std::string proxies = stringOption(importer, kPropertyProxies, "");  // anything else: the default
    if (proxies == "nodes") o.proxies = ProxyMode::Nodes;
    if (proxies == "all") o.proxies = ProxyMode::All;
    return o;  // an empty data root: rv::open takes RV_IMPORT_DATA_ROOT from the environment
}

}  // namespace rv
