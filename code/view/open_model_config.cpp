// The front door's model.cfg (rv/open.hpp): an editable model's skeleton, from the config given
// or the first model.cfg found from the model's folder up.
#include <filesystem>

#include "rv/file_bytes.hpp"
#include "rv/include_root.hpp"
#include "rv/model_cfg.hpp"
#include "rv/paths.hpp"
#include "view/open_parts.hpp"

namespace rv {
namespace {

// The skeleton of `path`'s model.cfg for the model; charged while read, given back after (only
// the bones stay).
Result<OdolSkeleton> cfgSkeleton(const std::string& path, const OpenedFile& f, std::vector<Warning>& warnings) {
    MemoryBudget& budget = *f.budget;
    Result<std::vector<uint8_t>> bytes = readFileBytes(path, budget.left() / (1 + detail::kConfigTreePerByte));
    if (!bytes) return bytes.error();
    const uint64_t charge = uint64_t(bytes->size()) * (1 + detail::kConfigTreePerByte);
    if (!budget.tryCharge(charge))
        return makeError(DiagKind::MemoryLimit, budget.overMessage(path + ": the config and its tree", charge));
    IncludeRoot includes = IncludeRoot::around(path, f.options);  // a skeleton shared through #include
    Result<ConfigTree> tree = decodeConfig(bytes->data(), bytes->size(), path, f.options, includes.preprocessing());
    Result<OdolSkeleton> skeleton =
        tree ? skeletonForModel(tree.value(), f.name, path, &warnings) : Result<OdolSkeleton>(tree.error());
    if (tree) warnings.insert(warnings.begin(), tree->warnings.begin(), tree->warnings.end());
    budget.release(charge);
    return skeleton;
}

// An editable model's skeleton from its model.cfg (rv/open.hpp): never a failure of the import.
}  // namespace

void detail::readModelSkeleton(OpenedFile& f, const std::string& sourcePath) {
    if (!f.model || !f.model->editable || !f.model->skeleton.name.empty()) return;
    const bool given = !f.options.modelConfig.empty();
    const std::string path = given ? f.options.modelConfig : sourcePath.empty() ? "" : findModelConfig(sourcePath);
    if (path.empty()) return;
    std::vector<Warning> notes;
    Result<OdolSkeleton> skeleton = cfgSkeleton(path, f, notes);
    if (skeleton && skeleton->name.empty() && given)
        skeleton =
            withSource(makeError(DiagKind::MissingReference,
                                 "CfgModels gives " + stemOf(f.name) + " no skeletonName (nor does its class Default)"),
                       path);
    uint64_t bytes = 0;
    if (skeleton)
        for (const OdolBone& b : skeleton->bones) bytes += sizeof(OdolBone) + b.name.size() + b.parent.size();
    if (skeleton && !f.budget->tryCharge(bytes))
        skeleton = withSource(makeError(DiagKind::MemoryLimit, f.budget->overMessage("the skeleton", bytes)), path);
    if (!skeleton)
        notes.push_back(
            makeWarning(skeleton.error().kind, "the skeleton is left empty: " + diagnosticLine(skeleton.error())));
    for (Warning& w : notes) {
        w = underSource(std::move(w), f.name);
        f.model->warnings.push_back(w);
        f.warnings.push_back(std::move(w));
    }
    if (!skeleton || skeleton->name.empty()) return;
    f.model->skeleton = std::move(skeleton.value());
    f.modelConfig = path;
}

std::string findModelConfig(const std::string& modelPath) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path dir = fs::absolute(fs::u8path(modelPath), ec).parent_path();
    if (ec) return "";
    for (int i = 0; i < defaults::kModelConfigFolders && !dir.empty(); ++i) {
        const fs::path candidate = dir / "model.cfg";
        if (fs::is_regular_file(candidate, ec)) return candidate.u8string();
        const fs::path up = dir.parent_path();
        if (up == dir) break;  // the root
        dir = up;
    }
    return "";
}

}  // namespace rv
