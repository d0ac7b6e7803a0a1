// The map half of the terrain C ABI (include/rvimport_terrain.h): the view's mosaics and vector
// layers, as `rvimport map` writes them, for hosts that draw the terrain themselves.
#include <cmath>

#include "capi/capi_common.hpp"
#include "capi/capi_terrain_handle.hpp"
#include "rv/memory_budget.hpp"
#include "rv/view.hpp"

using namespace rv;
using namespace rv::capi;

namespace {

const MapFeatures& featuresOf(const rv_terrain* t) {
    if (!t->features) {
        t->features = std::make_unique<MapFeatures>(mapFeatures(t->terrain));
        std::vector<Warning> w = t->features->warnings;
        toLines(w);
        for (const Warning& line : w) t->featureWarnings.push_back(line.message);
    }
    return *t->features;
}

const MapFeature* featureAt(const rv_terrain* t, uint32_t layer, uint32_t feature) {
    if (!t) return nullptr;
    try {
        const MapFeatures& f = featuresOf(t);
        if (layer >= f.layers.size() || feature >= f.layers[layer].features.size()) return nullptr;
        return &f.layers[layer].features[feature];
    } catch (const std::exception&) {  // out of memory building them: no layers
        return nullptr;
    }
}

const MapLayer* layerAt(const rv_terrain* t, uint32_t layer) {
    if (!t) return nullptr;
    try {
        const MapFeatures& f = featuresOf(t);
        return layer < f.layers.size() ? &f.layers[layer] : nullptr;
    } catch (const std::exception&) {
        return nullptr;
    }
}

}  // namespace

extern "C" {

void rv_terrain_mosaic_release(rv_terrain* t) {
    if (!t || !t->mosaic) return;
    t->mosaic.reset();
    t->mosaicWarnings.clear();
    t->file.budget->release(t->mosaicCharged);
    t->mosaicCharged = 0;
}

int32_t rv_terrain_mosaic_build(rv_terrain* t, int32_t which, uint32_t max_size, rv_error* error) {
    rv_error scratch;
    if (!error) error = &scratch;
    if (!t || (which != RV_MOSAIC_SATELLITE && which != RV_MOSAIC_MASK)) {
        setError(error, RV_ERROR_INVALID_ARGUMENT,
                 !t ? "null terrain"
                    : "no such mosaic: give RV_MOSAIC_SATELLITE or "
                      "RV_MOSAIC_MASK");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    rv_terrain_mosaic_release(t);
    if (!t->root) {
        setError(error, RV_ERROR_CANNOT_READ,
                 "the terrain was opened without a data root, where its layer pictures are found");
        return RV_ERROR_CANNOT_READ;
    }
    return guarded(error, [&] {
        // What the mosaic keeps charged: the budget's growth over the call (the pictures decoded
        // on the way are given back inside it; a handle is one thread's at a time).
        const uint64_t before = t->file.budget->used();
        const LayerPicture picture = which == RV_MOSAIC_MASK ? LayerPicture::Mask : LayerPicture::Satellite;
        auto m = meshMosaic(t->terrain, *t->root, picture, max_size, t->file.options);
        if (!m) {
            setError(error, m.error());
            return int32_t(m.error().kind);
        }
        t->mosaicCharged = t->file.budget->used() - before;
        std::vector<Warning> warnings = m->warnings;
        toLines(warnings);
        for (const Warning& w : warnings) t->mosaicWarnings.push_back(w.message);
        t->mosaic = std::move(m.value());
        clearError(error);
        return int32_t(RV_OK);
    });
}

void rv_terrain_mosaic_size(const rv_terrain* t, uint32_t* width, uint32_t* height) {
    if (width) *width = t && t->mosaic ? t->mosaic->raster.width : 0;
    if (height) *height = t && t->mosaic ? t->mosaic->raster.height : 0;
}
double rv_terrain_mosaic_pixel_size(const rv_terrain* t) { return t && t->mosaic ? t->mosaic->raster.pixelSize : 0; }
uint32_t rv_terrain_mosaic_layers_drawn(const rv_terrain* t) { return t && t->mosaic ? t->mosaic->layersDrawn : 0; }
void rv_terrain_mosaic_rgba8(const rv_terrain* t, uint8_t* out) {
    if (t && t->mosaic) copyOut(out, t->mosaic->raster.rgba);
}
void rv_terrain_mosaic_rgba_float_bottom_up(const rv_terrain* t, float* out) {
    if (!t || !t->mosaic || !out) return;
    const MapRaster& r = t->mosaic->raster;
    const size_t row = size_t(r.width) * 4;
    for (uint32_t y = 0; y < r.height; ++y) {
        const uint8_t* src = r.rgba.data() + size_t(r.height - 1 - y) * row;
        float* dst = out + size_t(y) * row;
        for (size_t x = 0; x < row; ++x) dst[x] = float(src[x]) / 255.0f;
    }
}
uint32_t rv_terrain_mosaic_warning_count(const rv_terrain* t) { return t ? uint32_t(t->mosaicWarnings.size()) : 0; }
const char* rv_terrain_mosaic_warning(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_mosaic_warning_count(t) ? t->mosaicWarnings[i].c_str() : kEmpty;
}

uint32_t rv_terrain_map_layer_count(const rv_terrain* t) {
    return layerAt(t, 0) ? uint32_t(t->features->layers.size()) : 0;
}
const char* rv_terrain_map_layer_name(const rv_terrain* t, uint32_t layer) {
    const MapLayer* l = layerAt(t, layer);
    return l ? l->name.c_str() : kEmpty;
}
int32_t rv_terrain_map_layer_geometry(const rv_terrain* t, uint32_t layer) {
    const MapLayer* l = layerAt(t, layer);
    return l ? int32_t(l->geometry) : 0;
}
uint32_t rv_terrain_map_feature_count(const rv_terrain* t, uint32_t layer) {
    const MapLayer* l = layerAt(t, layer);
    return l ? uint32_t(l->features.size()) : 0;
}
uint32_t rv_terrain_map_feature_point_count(const rv_terrain* t, uint32_t layer, uint32_t feature) {
    const MapFeature* f = featureAt(t, layer, feature);
    return f ? uint32_t(f->points.size()) : 0;
}
void rv_terrain_map_feature_points(const rv_terrain* t, uint32_t layer, uint32_t feature, float* out3) {
    const MapFeature* f = featureAt(t, layer, feature);
    if (!f || !out3) return;
    // On the ground the tiles draw, in the tiles' frame: east, height, north as stored, then the axes.
    const Axes axes = t->view->frame().axes;
    for (size_t i = 0; i < f->points.size(); ++i) {
        const double east = f->points[i][0], north = f->points[i][1];
        const double h = groundHeight(t->terrain, east, north);  // a height that is not a number: 0, never NaN
        const Vec3 p = toFrame(axes, Vec3{float(east), std::isfinite(h) ? float(h) : 0.0f, float(north)});
        out3[3 * i] = p.x, out3[3 * i + 1] = p.y, out3[3 * i + 2] = p.z;
    }
}
const char* rv_terrain_map_feature_kind(const rv_terrain* t, uint32_t layer, uint32_t feature) {
    const MapFeature* f = featureAt(t, layer, feature);
    return f ? f->kind.c_str() : kEmpty;
}
const char* rv_terrain_map_feature_model(const rv_terrain* t, uint32_t layer, uint32_t feature) {
    const MapFeature* f = featureAt(t, layer, feature);
    return f ? f->model.c_str() : kEmpty;
}
int64_t rv_terrain_map_feature_object_id(const rv_terrain* t, uint32_t layer, uint32_t feature) {
    const MapFeature* f = featureAt(t, layer, feature);
    return f ? f->objectId : -1;
}
uint32_t rv_terrain_map_warning_count(const rv_terrain* t) {
    if (!t || !layerAt(t, 0)) return 0;
    return uint32_t(t->featureWarnings.size());
}
const char* rv_terrain_map_warning(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_map_warning_count(t) ? t->featureWarnings[i].c_str() : kEmpty;
}

}  // extern "C"
