// Internal: the model handle of the C ABI, shared by capi_model.cpp and capi_material.cpp.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "capi/capi_common.hpp"
#include "rv/data_root.hpp"
#include "rv/material_textures.hpp"
#include "rv/odol.hpp"
#include "rv/placed_models.hpp"
#include "rv/proxy_models.hpp"

struct rv_model {
    // Behind pointers so the view's pointers into the model stay valid.
    rv_model(std::unique_ptr<rv::OdolModel> m, std::unique_ptr<rv::ModelView> v)
        : ownModel(std::move(m)), ownView(std::move(v)), model(*ownModel), view(*ownView) {}
    // A model drawn at a proxy: owned by the opened model's proxyModels.
    rv_model(const rv::OdolModel& m, const rv::ModelView& v) : model(m), view(v) {}
    std::unique_ptr<rv::OdolModel> ownModel;  // null: a proxy's model, owned by the model opened
    std::unique_ptr<rv::ModelView> ownView;
    const rv::OdolModel& model;
    const rv::ModelView& view;
    // The opened model's: the models drawn at proxies and their handles, which every handle of
    // the tree indexes with ProxyView::model.
    std::unique_ptr<rv::ProxyModels> proxyModels;
    std::vector<std::unique_ptr<rv_model>> proxyHandles;
    const std::vector<std::unique_ptr<rv_model>>* placed = nullptr;
    std::vector<rv::ResolvedMaterial> textures;    // one per view material (empty without a data root)
    std::vector<rv::Warning> warnings;             // the decoder's, then the textures'
    std::vector<std::vector<std::string>> status;  // per material, per image
    uint64_t memoryInUse = 0;                      // the open's budget when it was done (rv_model_memory_in_use)
};

namespace rv::capi {

// Opens a model from its bytes (the work behind rv_model_open*), its textures from `root` when it
// is given (a terrain's data root, indexed once for all its object models). `sourcePath`: where
// the bytes were read from ("" for memory): an editable model looks for its model.cfg from there.
int32_t openModelIn(const std::vector<uint8_t>& bytes, const std::string& name, const rv_options* options,
                    const DataRoot* root, rv_model** out, rv_error* error, const std::string& sourcePath = "");
// A terrain's object model as rv::openPlacedModel opened, viewed and textured it (`textureWarnings`:
// its resolver's), with options read by readOptions.
int32_t placedModelHandle(PlacedModel placed, const std::vector<Warning>& textureWarnings, const Settings& settings,
                          rv_model** out, rv_error* error);

inline const ResolvedMaterial* texturesOf(const rv_model* m, uint32_t mat) {
    return m && mat < m->textures.size() ? &m->textures[mat] : nullptr;
}
inline const MaterialImage* imageOf(const rv_model* m, uint32_t mat, uint32_t k) {
    auto* t = texturesOf(m, mat);
    return t && k < t->images.size() ? &t->images[k] : nullptr;
}

}  // namespace rv::capi
