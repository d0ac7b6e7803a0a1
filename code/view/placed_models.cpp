// A terrain's object models from the data root (rv/placed_models.hpp).
#include "rv/placed_models.hpp"

#include "rv/defaults.hpp"
#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"

namespace rv {

Options placedModelOptions(const Options& terrainOptions) {
    Options o = terrainOptions;
    o.lods = defaults::kLods;  // a placed object shows what the game shows
    o.autocenter = true;
    return o;
}

Result<OdolModel> readPlacedModel(const DataRoot& root, const std::string& reference, const Options& options,
                                  ResolvedRef* resolved) {
    // Terrains sometimes store model paths without ".p3d"; the game adds it.
    const std::string path = extensionOf(reference).empty() ? reference + ".p3d" : reference;
    const ResolvedRef where = root.resolve(path);
    if (resolved) *resolved = where;
    if (where.kind != ResolvedRef::Kind::File && where.kind != ResolvedRef::Kind::PboEntry) {
        const std::string why = where.kind == ResolvedRef::Kind::Unsafe ? "refused: " + where.reason
                                : where.kind == ResolvedRef::Kind::Procedural
                                    ? std::string("not a model file")
                                    : "not in the data root " + root.description();
        return makeError(DiagKind::CannotRead, "model '" + reference + "': " + why);
    }
    BudgetScope budget(options.budget, options.memoryLimit);
    Result<std::vector<uint8_t>> bytes = root.read(where, budget->left());
    if (!bytes) return bytes.error();
    if (!budget->tryCharge(bytes->size()))
        return makeError(DiagKind::MemoryLimit, budget->overMessage(path, bytes->size()));
    const std::string name = fileNameOf(where.entry.empty() ? where.path : where.entry);
    Result<OdolModel> model = decodeModel(bytes->data(), bytes->size(), name, options);
    budget->release(bytes->size());
    return model;
}

Result<PlacedModel> openPlacedModel(const DataRoot& root, const std::string& reference, const Options& terrainOptions,
                                    const Frame& frame, TextureResolver& textures, ResolvedRef* where) {
    const Options options = placedModelOptions(terrainOptions);
    ResolvedRef found;
    Result<OdolModel> decoded = readPlacedModel(root, reference, options, &found);
    if (where) *where = found;
    if (!decoded) return decoded.error();
    PlacedModel placed;
    placed.name = fileNameOf(found.entry.empty() ? found.path : found.entry);
    placed.model = std::make_unique<OdolModel>(std::move(decoded.value()));
    Result<ModelView> view = buildModelView(*placed.model, options, frame);
    if (!view) return underSource(view.error(), placed.name);  // the view's messages name no file
    placed.view = std::make_unique<ModelView>(std::move(view.value()));
    placed.warnings = placed.model->warnings;
    for (const Warning& w : placed.view->warnings) placed.warnings.push_back(w);
    placed.textures.reserve(placed.view->materials.size());
    for (const ViewMaterial& m : placed.view->materials) placed.textures.push_back(textures.resolve(m));
    return placed;
}

namespace {
std::string placedList(const std::vector<std::pair<std::string, size_t>>& models) {
    std::string list;
    for (size_t i = 0; i < models.size() && i < 50; ++i)
        list += (i ? ", " : "") + models[i].first + " (" + std::to_string(models[i].second) + ")";
    if (models.size() > 50) list += ", and " + std::to_string(models.size() - 50) + " more";
    return list;
}
}  // namespace

Warning missingPlacedModels(const std::vector<std::pair<std::string, size_t>>& models, bool withRoot,
                            const std::string& shownAs) {
    return makeWarning(DiagKind::IndexOutOfRange,
                       std::to_string(models.size()) + " placed model(s) " +
                           (withRoot ? "not in the data root, " + shownAs : shownAs + ", as no data root was given") +
                           " (objects): " + placedList(models));
}

Warning brokenPlacedModels(const std::vector<std::pair<std::string, size_t>>& models, const std::string& shownAs) {
    return makeWarning(DiagKind::BadValue, std::to_string(models.size()) + " placed model(s) could not be read, " +
                                               shownAs + ": " + placedList(models));
}

}  // namespace rv
