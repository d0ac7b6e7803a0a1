// The C ABI's library-level functions: versions, option defaults, result names.
#include "capi/capi_common.hpp"
#include "rv/defaults.hpp"
#include "rv/version.hpp"

extern "C" {

int32_t rv_abi_version(void) { return RV_ABI_VERSION; }
const char* rv_version_string(void) { return rv::versionString(); }

void rv_options_init(rv_options* o) {
    if (!o) return;
    std::memset(o, 0, sizeof *o);
    o->abi_version = RV_ABI_VERSION;
    o->memory_limit = rv::defaults::kMemoryLimit;
    o->lods = rv::defaults::kCapiLods;
    o->autocenter = rv::defaults::kAutocenter ? 1 : 0;
    o->default_cell_size = rv::defaults::kCellSize;
    o->axes = RV_AXES_STORED;
    o->uv_bottom_left = 0;
    o->tile_cells = rv::defaults::kTileCells;
    o->terrain_step = rv::defaults::kTerrainStep;
    o->max_texture_size = rv::defaults::kMaxTextureSize;
    o->model_config = nullptr;
    o->proxies = rv::defaults::kProxies == rv::ProxyMode::Nodes ? RV_PROXIES_NODES
                 : rv::defaults::kProxies == rv::ProxyMode::All ? RV_PROXIES_ALL
                                                                : RV_PROXIES_RESOLVE;
}

const char* rv_result_name(int32_t code) {
    if (code == RV_OK) return "ok";
    if (code == RV_ERROR_ABI_MISMATCH) return "ABI mismatch";
    return rv::diagKindName(rv::DiagKind(code));
}

}  // extern "C"
