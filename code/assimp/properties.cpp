// Importer properties -> rv::Options (include/rv/assimp_importer.hpp lists them).
#include <assimp/Importer.hpp>

#include <cmath>
#include <cstdlib>

#include "rv/assimp_importer.hpp"

namespace rv {

Options optionsFromProperties(const Assimp::Importer* importer) {
    Options o;
    o.lods = importer->GetPropertyString(kPropertyLods, o.lods);
    o.autocenter = importer->GetPropertyInteger(kPropertyAutocenter, 1) != 0;
    const int budgetMb = importer->GetPropertyInteger(kPropertyMemoryBudgetMb, 2048);
    o.memoryLimit = uint64_t(budgetMb > 0 ? budgetMb : 2048) << 20;
    const float cell = importer->GetPropertyFloat(kPropertyWrpCellSize, 50.0f);
    o.defaultCellSize = std::isfinite(cell) && cell > 0 ? cell : 50.0f;
    // The data root: the property, its old name, then the environment (hosts that set no
    // property, such as the stock assimp tool, still find a modder's P: drive).
    o.dataRoot = importer->GetPropertyString(kPropertyDataRoot, "");
    if (o.dataRoot.empty()) o.dataRoot = importer->GetPropertyString(kPropertyDataFolder, "");
    if (o.dataRoot.empty())
        if (const char* env = std::getenv("RV_IMPORT_DATA_ROOT")) o.dataRoot = env;
    return o;
}

}  // namespace rv
