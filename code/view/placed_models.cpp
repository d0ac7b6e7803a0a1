// A terrain's object models from the data root (rv/placed_models.hpp).
#include "rv/placed_models.hpp"

#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"

namespace rv {

std::string modelStem(const std::string& reference) {
    const size_t slash = reference.find_last_of("\\/");
    std::string name = slash == std::string::npos ? reference : reference.substr(slash + 1);
    const size_t dot = name.rfind('.');
    if (dot != std::string::npos) name.erase(dot);
    return name;
}

Options placedModelOptions(const Options& terrainOptions) {
    Options o = terrainOptions;
    o.lods = "first";
    o.autocenter = true;
    return o;
}

Result<OdolModel> readPlacedModel(const DataRoot& root, const std::string& reference, const Options& options,
                                  ResolvedRef* resolved) {
    // Terrains sometimes store model paths without ".p3d"; the game adds it.
    std::string path = reference;
    const size_t slash = path.find_last_of("\\/"), dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) path += ".p3d";
    const ResolvedRef where = root.resolve(path);
    if (resolved) *resolved = where;
    if (where.kind != ResolvedRef::Kind::File && where.kind != ResolvedRef::Kind::PboEntry) {
        const std::string why = where.kind == ResolvedRef::Kind::Unsafe       ? "refused: " + where.reason
                                : where.kind == ResolvedRef::Kind::Procedural ? std::string("not a model file")
                                                                              : "not in the data root " + root.folder();
        return makeError(DiagKind::CannotRead, "model '" + reference + "': " + why);
    }
    Result<std::vector<uint8_t>> bytes = root.read(where);
    if (!bytes) return bytes.error();
    MemoryBudget own(options.memoryLimit);
    MemoryBudget& budget = options.budget ? *options.budget : own;
    if (!budget.tryCharge(bytes->size()))
        return makeError(DiagKind::MemoryLimit, budget.overMessage(path, bytes->size()));
    const std::string name = fileNameOf(where.entry.empty() ? where.path : where.entry);
    Result<OdolModel> model = decodeModel(bytes->data(), bytes->size(), name, options);
    budget.release(bytes->size());
    return model;
}

}  // namespace rv
