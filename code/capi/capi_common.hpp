// Internal: what the model and terrain halves of the C ABI share: option and error
// translation, and the open path that keeps every C++ exception inside.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "rv/defaults.hpp"
#include "rv/error.hpp"
#include "rv/file_bytes.hpp"
#include "rv/image.hpp"
#include "rv/memory_budget.hpp"
#include "rv/options.hpp"
#include "rv/view.hpp"
#include "rvimport.h"

namespace rv::capi {

inline const char* kEmpty = "";

inline void setError(rv_error* e, int32_t code, const std::string& message, uint64_t offset = 0,
                     const std::string& where = {}) {
    if (!e) return;
    e->code = code;
    e->offset = offset;
    std::snprintf(e->where, sizeof e->where, "%s", where.c_str());
    std::snprintf(e->message, sizeof e->message, "%s", message.c_str());
}

inline void clearError(rv_error* e) { setError(e, RV_OK, ""); }

inline void setError(rv_error* e, const DecodeError& d) {
    setError(e, int32_t(d.kind), diagnosticLine(d), d.offset, d.where);
}

// The ABI hands out each warning as its user's line (rv_*_warning): made once, when a handle is done.
inline void toLines(std::vector<Warning>& warnings) {
    for (Warning& w : warnings) {
        w.message = diagnosticLine(w);
        w.source.clear();
    }
}

// Opens with rv_options.session read through its data root and texture cache (capi_session.cpp).
void applySession(const rv_session* session, Options& options);

struct Settings {
    Options options;
    // One budget for an open call: the decode, the view and the textures share memory_limit.
    std::unique_ptr<MemoryBudget> budget;
    Frame frame;
    TerrainGrid grid;  // tile cells, terrain step, region
};

// rv_options -> Options + Frame; NULL means the defaults. Fails on an ABI mismatch or bad axes.
inline bool readOptions(const rv_options* in, Settings& out, rv_error* error) {
    rv_options defaults;
    rv_options_init(&defaults);
    const rv_options& o = in ? *in : defaults;
    if (o.abi_version != RV_ABI_VERSION) {
        setError(error, RV_ERROR_ABI_MISMATCH,
                 "rv_options built for ABI " + std::to_string(o.abi_version) + ", this library is ABI " +
                     std::to_string(RV_ABI_VERSION));
        return false;
    }
    if (o.proxies < RV_PROXIES_RESOLVE || o.proxies > RV_PROXIES_NODES) {
        setError(error, RV_ERROR_INVALID_ARGUMENT,
                 "rv_options.proxies " + std::to_string(o.proxies) + " is not an RV_PROXIES_* value");
        return false;
    }
    if (o.axes < RV_AXES_STORED || o.axes > RV_AXES_Z_UP) {
        setError(error, RV_ERROR_INVALID_ARGUMENT,
                 "rv_options.axes " + std::to_string(o.axes) + " is not an RV_AXES_* value");
        return false;
    }
    out.options.memoryLimit = o.memory_limit ? o.memory_limit : Options{}.memoryLimit;
    out.budget = std::make_unique<MemoryBudget>(out.options.memoryLimit);
    out.options.budget = out.budget.get();
    out.options.lods = o.lods && *o.lods ? o.lods : defaults::kCapiLods;
    out.options.autocenter = o.autocenter != 0;
    out.options.defaultCellSize = o.default_cell_size > 0 ? o.default_cell_size : defaults::kCellSize;
    out.frame.axes = Axes(o.axes);
    out.frame.uvBottomLeft = o.uv_bottom_left != 0;
    out.frame.splitFoldedQuads = o.split_folded_quads != 0;
    out.grid.tileCells = o.tile_cells ? o.tile_cells : TerrainView::kDefaultTileCells;
    out.grid.step = o.terrain_step ? o.terrain_step : 1;
    // A region with a non-finite edge is none (the comparisons below are false for NaN).
    out.grid.west = o.region[0], out.grid.south = o.region[1], out.grid.east = o.region[2],
    out.grid.north = o.region[3];
    if (!(std::isfinite(o.region[0]) && std::isfinite(o.region[1]) && std::isfinite(o.region[2]) &&
          std::isfinite(o.region[3])))
        out.grid.west = out.grid.east = 0;
    out.options.dataRoot = o.data_root ? o.data_root : "";
    out.options.retextureConfig = o.config ? o.config : "";
    out.options.retextureClass = o.config_class ? o.config_class : "";
    out.options.maxTextureSize = o.max_texture_size;
    out.options.modelConfig = o.model_config ? o.model_config : "";
    out.options.proxies = o.proxies == RV_PROXIES_NODES ? ProxyMode::Nodes
                          : o.proxies == RV_PROXIES_ALL ? ProxyMode::All
                                                        : ProxyMode::Drawn;
    applySession(o.session, out.options);
    return true;
}

// Runs `open(bytes, name, settings)` (which returns 0 or an rv_result and fills its handle)
// with every exception turned into an error code.
template <class Open>
int32_t guarded(rv_error* error, Open open) {
    try {
        return open();
    } catch (const std::bad_alloc&) {
        setError(error, RV_ERROR_OUT_OF_MEMORY, "out of memory");
        return RV_ERROR_OUT_OF_MEMORY;
    } catch (const std::exception& e) {
        setError(error, RV_ERROR_BAD_VALUE, e.what());
        return RV_ERROR_BAD_VALUE;
    }
}

// Reads `path` into `bytes`; false (with `error` filled) when it cannot.
// The memory limit an open call will decode under (readOptions'), known before the file is read:
// the file's bytes are the first thing charged, so a file past the limit is never read (issue 40).
// Options of another ABI are refused later by readOptions; the default stands in until then.
inline uint64_t memoryLimitOf(const rv_options* o) {
    return o && o->abi_version == RV_ABI_VERSION && o->memory_limit ? o->memory_limit : Options{}.memoryLimit;
}

inline bool readPath(const char* path, uint64_t limit, std::vector<uint8_t>& bytes, std::string& name,
                     rv_error* error) {
    if (!path) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, "null path");
        return false;
    }
    auto read = readFileBytes(path, limit);
    if (!read) {
        setError(error, read.error());
        return false;
    }
    bytes = std::move(read.value());
    name = fileNameOf(path);
    return true;
}

// The open functions' common shape: a scratch rv_error when the caller passes none (codes are
// read back from it), a NULL out refused, *out NULL until success, no exception escaping.
// `open(bytes, name, out, error)` decodes and fills *out.
template <class Handle, class Open>
int32_t openFromPath(const char* path, const rv_options* options, Handle** out, rv_error* error, Open open) {
    rv_error scratch;
    if (!error) error = &scratch;
    if (out) *out = nullptr;
    if (!out) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, "null output handle");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(error, [&] {
        std::vector<uint8_t> bytes;
        std::string name;
        if (!readPath(path, memoryLimitOf(options), bytes, name, error)) return error->code;
        return open(bytes, name, out, error);
    });
}

template <class Handle, class Open>
int32_t openFromMemory(const void* data, uint64_t size, const char* name, const rv_options* options, Handle** out,
                       rv_error* error, Open open) {
    rv_error scratch;
    if (!error) error = &scratch;
    if (out) *out = nullptr;
    if (!out || (!data && size)) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, out ? "null data" : "null output handle");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    if (size > memoryLimitOf(options)) {  // the copy below would be the first charge
        setError(error, RV_ERROR_MEMORY_LIMIT,
                 std::string(name ? name : "memory") + ": " + std::to_string(size) +
                     " bytes, over the memory limit of " + formatBytes(memoryLimitOf(options)));
        return RV_ERROR_MEMORY_LIMIT;
    }
    return guarded(error, [&] {
        const auto* p = static_cast<const uint8_t*>(data);
        return open(std::vector<uint8_t>(p, p + size), name ? name : "memory", out, error);
    });
}

template <class T>
void copyOut(T* out, const std::vector<T>& v) {
    if (out && !v.empty()) std::memcpy(out, v.data(), v.size() * sizeof(T));
}

// RGBA8 top row first -> floats 0..1, bottom row first (Blender's Image.pixels).
inline void copyFloatBottomUp(const Image& img, float* out) {
    const size_t row = size_t(img.width) * 4;
    for (uint32_t y = 0; y < img.height; ++y) {
        const uint8_t* src = img.rgba.data() + size_t(img.height - 1 - y) * row;
        float* dst = out + size_t(y) * row;
        for (size_t x = 0; x < row; ++x) dst[x] = float(src[x]) / 255.0f;
    }
}

}  // namespace rv::capi
