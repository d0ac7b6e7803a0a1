// The model view: LOD choice, the material table, and every picked LOD (view.hpp).
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "view/view_budget.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

// One LOD by its BI name (case-insensitive) or its resolution ("1", "1.000", "1e15").
int32_t findLod(const OdolModel& model, const std::string& spec) {
    char* end = nullptr;
    const double asNumber = std::strtod(spec.c_str(), &end);
    const bool numeric = end && *end == '\0' && end != spec.c_str();
    const std::string wanted = asciiLower(spec);
    for (size_t i = 0; i < model.lods.size(); ++i) {
        const OdolLod& lod = model.lods[i];
        const bool byName = asciiLower(lod.name) == wanted;
        const bool byValue =
            numeric && std::fabs(double(lod.resolution) - asNumber) <= std::max(1e-6, std::fabs(asNumber) * 1e-6);
        if (byName || byValue) return int32_t(i);
    }
    return -1;
}

DecodeError pickError(const std::string& text) { return makeError(DiagKind::InvalidArgument, text); }

}  // namespace

int32_t firstVisualLod(const OdolModel& model) {
    int32_t best = -1;
    for (size_t i = 0; i < model.lods.size(); ++i) {
        if (lodKind(model.lods[i].resolution) != LodKind::Visual) continue;
        if (best < 0 || model.lods[i].resolution < model.lods[size_t(best)].resolution) best = int32_t(i);
    }
    if (best >= 0) return best;
    for (size_t i = 0; i < model.lods.size(); ++i)
        if (lodKind(model.lods[i].resolution) == LodKind::View) return int32_t(i);
    // Models that are never drawn (invisible targets, collision-only objects) still have a
    // shape: their first LOD with faces, else their first LOD.
    for (size_t i = 0; i < model.lods.size(); ++i)
        if (model.lods[i].faceCount() > 0) return int32_t(i);
    return model.lods.empty() ? -1 : 0;
}

Result<std::vector<uint32_t>> pickLods(const OdolModel& model, const std::string& spec) {
    std::vector<uint32_t> picked;
    if (spec.empty() || spec == "all") {
        for (uint32_t i = 0; i < model.lods.size(); ++i) picked.push_back(i);
        return picked;
    }
    if (spec == "first") {
        const int32_t first = firstVisualLod(model);
        if (first < 0) return pickError("the model has no LOD");
        picked.push_back(uint32_t(first));
        return picked;
    }
    if (spec == "visual") {
        for (uint32_t i = 0; i < model.lods.size(); ++i)
            if (isRendered(lodKind(model.lods[i].resolution))) picked.push_back(i);
        if (picked.empty()) return pickError("the model has no visual LOD");
        return picked;
    }
    const int32_t one = findLod(model, spec);
    if (one >= 0) {
        picked.push_back(uint32_t(one));
        return picked;
    }
    std::string text = "no LOD matches '" + spec + "'; the model has:";
    for (const OdolLod& lod : model.lods) text += " '" + lod.name + "'";
    return pickError(text);
}

// Drops the materials no face uses any more (a retexturing replaced them everywhere, or only proxy
// markers used them), so that no
// output carries a material nothing draws; renumbers the groups and polygons.
static void dropUnusedMaterials(ModelView& view) {
    std::vector<uint32_t> renumber(view.materials.size(), UINT32_MAX);
    for (const LodView& lod : view.lods)
        for (const MaterialGroup& g : lod.groups) renumber[g.material] = 0;
    if (view.pointMaterial != UINT32_MAX) renumber[view.pointMaterial] = 0;
    std::vector<ViewMaterial> kept;
    for (size_t i = 0; i < view.materials.size(); ++i)
        if (renumber[i] == 0) {
            renumber[i] = uint32_t(kept.size());
            kept.push_back(std::move(view.materials[i]));
        }
    view.materials = std::move(kept);
    for (LodView& lod : view.lods) {
        for (MaterialGroup& g : lod.groups) g.material = renumber[g.material];
        for (uint32_t& m : lod.polygonMaterial) m = renumber[m];
    }
    if (view.pointMaterial != UINT32_MAX) view.pointMaterial = renumber[view.pointMaterial];
}

Result<ModelView> buildModelView(const OdolModel& model, const Options& options, const Frame& frame,
                                 const Retexture* retexture) {
    Result<std::vector<uint32_t>> picked = pickLods(model, options.lods);
    if (!picked) return picked.error();
    ModelView view;
    view.frame = frame;
    view.centerOffset = toFrame(frame.axes, model.info.boundingCenter);
    view.centerApplied = !options.autocenter;
    view::MaterialTable table;
    BudgetScope budget(options.budget, options.memoryLimit);
    for (uint32_t lod : picked.value()) {
        const uint64_t bytes = view::lodViewBytes(model.lods[lod], frame);
        if (!budget->tryCharge(bytes))
            return makeError(DiagKind::MemoryLimit,
                             budget->overMessage("the view of LOD " + model.lods[lod].name, bytes));
        std::vector<uint32_t> faceMaterial = view::faceMaterials(model.lods[lod], table);
        if (retexture) view::retextureFaces(model.lods[lod], *retexture, table, faceMaterial);
        const std::vector<uint32_t> markers = proxyMarkerFaces(model, model.lods[lod]);
        for (uint32_t f : markers) faceMaterial[f] = view::kHiddenFace;
        view.lods.push_back(view::buildLod(model, lod, faceMaterial, markers, options, frame));
        view.lods.back().markerFaces = uint32_t(markers.size());
        if (view.lods.back().drawLoosePoints && view.pointMaterial == UINT32_MAX)
            view.pointMaterial = table.get("", "", nullptr);
    }
    view.materials = table.release();
    dropUnusedMaterials(view);  // a retexturing or the proxy markers may leave some unused
    if (!model.skeleton.bones.empty()) {
        const uint64_t bytes = view::skinBytes(model, picked.value());
        if (!budget->tryCharge(bytes))
            return makeError(DiagKind::MemoryLimit, budget->overMessage("the skeleton's weights", bytes));
        view::skinModel(model, view, view.warnings);
    }
    // Nothing to show is an error, not an empty output that opens blank in every viewer. A LOD of
    // proxies alone (a pylon: its marker triangles only) shows the models they name.
    std::string empty;
    for (const LodView& lod : view.lods) {
        if (!lod.positions.empty() || !lod.proxies.empty()) return view;
        empty += (empty.empty() ? "" : ", ") + lod.name;
    }
    return makeError(DiagKind::BadValue, std::string(view.lods.size() == 1 ? "LOD " : "LODs ") + empty +
                                             (view.lods.size() == 1 ? " is" : " are") +
                                             " empty (no points, no faces): nothing to show; pick another LOD");
}

}  // namespace rv
