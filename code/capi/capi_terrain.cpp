// The terrain half of the C ABI (include/rvimport_terrain.h): a handle owns the decoded terrain, its view
// and the one tile last loaded.
#include "capi/capi_common.hpp"
#include "capi/capi_model_handle.hpp"
#include "capi/capi_terrain_handle.hpp"
#include "rv/data_root.hpp"
#include "rv/decompose.hpp"
#include "rv/open.hpp"
#include "rv/placed_models.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/wrp.hpp"

using namespace rv;
using namespace rv::capi;

namespace {

int32_t openTerrain(const std::vector<uint8_t>& bytes, const std::string& name, const rv_options* options,
                    rv_terrain** out, rv_error* error) {
    Settings s;
    if (!readOptions(options, s, error)) return error ? error->code : RV_ERROR_INVALID_ARGUMENT;
    OpenRequest request = accepting(kAcceptTerrain);
    request.viewFrame = s.frame;
    request.grid = s.grid;
    Result<OpenedFile> opened = open(bytes.data(), bytes.size(), name, s.options, request);
    if (!opened) {
        setError(error, opened.error());
        return int32_t(opened.error().kind);
    }
    auto handle = std::make_unique<rv_terrain>(std::move(opened.value()));
    handle->file.ownBudget = std::move(s.budget);  // file.budget points at it: it lives as long as the handle
    handle->warnings = handle->file.warnings;
    for (uint32_t i = 0; i < handle->terrain.materials.size(); ++i)
        handle->layerNames.push_back(layerMaterialName(handle->terrain, i));
    if (handle->root) {
        handle->layers = std::make_unique<TerrainLayers>(handle->terrain, handle->root.get(), handle->file.options);
        for (Warning w : handle->layers->warnings()) {
            w.severity = Severity::Warning;
            handle->warnings.push_back(underSource(std::move(w), name));
        }
    }
    toLines(handle->warnings);
    *out = handle.release();
    clearError(error);
    return RV_OK;
}

}  // namespace

extern "C" {

int32_t rv_terrain_open(const char* path, const rv_options* options, rv_terrain** out, rv_error* error) {
    return openFromPath(path, options, out, error,
                        [&](const std::vector<uint8_t>& bytes, const std::string& name, rv_terrain** handle,
                            rv_error* e) { return openTerrain(bytes, name, options, handle, e); });
}

int32_t rv_terrain_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                               rv_terrain** out, rv_error* error) {
    return openFromMemory(data, size, name, options, out, error,
                          [&](const std::vector<uint8_t>& bytes, const std::string& n, rv_terrain** handle,
                              rv_error* e) { return openTerrain(bytes, n, options, handle, e); });
}

int32_t rv_terrain_placement_model_open(const rv_terrain* t, uint32_t i, const rv_options* options, rv_model** out,
                                        rv_error* error) {
    rv_error scratch;
    if (!error) error = &scratch;
    if (out) *out = nullptr;
    if (!t || !out || i >= t->view->placements().size()) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, !t || !out ? "null terrain or output handle" : "no such placement");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(error, [&] {
        const std::string& reference = t->view->placements()[i].model;
        if (!t->root) {
            setError(error, RV_ERROR_CANNOT_READ,
                     "model '" + reference + "': the terrain was opened without a data root");
            return int32_t(RV_ERROR_CANNOT_READ);
        }
        Settings s;
        if (!readOptions(options, s, error)) return error->code;
        // Found, read, viewed and textured by the view's rule for placed objects (".p3d" added when
        // absent; the first visual LOD, centred), as the Assimp importer and the glTF writer do.
        TextureResolver textures(t->root.get(), placedModelOptions(s.options));
        Result<PlacedModel> placed = openPlacedModel(*t->root, reference, s.options, s.frame, textures);
        if (!placed) {
            setError(error, placed.error());
            return int32_t(placed.error().kind);
        }
        return placedModelHandle(std::move(placed.value()), textures.warnings(), s, out, error);
    });
}

void rv_terrain_close(rv_terrain* t) { delete t; }
uint64_t rv_terrain_vertex_count(const rv_terrain* t) { return t ? t->view->vertexCount() : 0; }
const char* rv_terrain_signature(const rv_terrain* t) { return t ? t->terrain.signature.c_str() : kEmpty; }
uint32_t rv_terrain_version(const rv_terrain* t) { return t ? t->terrain.version : 0; }
uint32_t rv_terrain_warning_count(const rv_terrain* t) { return t ? uint32_t(t->warnings.size()) : 0; }
int32_t rv_terrain_warning_kind(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_warning_count(t) ? int32_t(t->warnings[i].kind) : 0;
}
const char* rv_terrain_warning(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_warning_count(t) ? t->warnings[i].message.c_str() : kEmpty;
}
void rv_terrain_map_size(const rv_terrain* t, uint32_t* x, uint32_t* y) {
    if (x) *x = t ? t->terrain.mapSizeX : 0;
    if (y) *y = t ? t->terrain.mapSizeY : 0;
}
void rv_terrain_layer_size(const rv_terrain* t, uint32_t* x, uint32_t* y) {
    if (x) *x = t ? t->terrain.layerSizeX : 0;
    if (y) *y = t ? t->terrain.layerSizeY : 0;
}
float rv_terrain_cell_size(const rv_terrain* t) { return t ? t->terrain.cellSize() : 0; }
void rv_terrain_elevation(const rv_terrain* t, float* out) {
    if (t) copyOut(out, t->terrain.elevation);
}
uint32_t rv_terrain_material_count(const rv_terrain* t) { return t ? uint32_t(t->terrain.materials.size()) : 0; }
const char* rv_terrain_material(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_material_count(t) ? t->terrain.materials[i].c_str() : kEmpty;
}

uint32_t rv_terrain_tile_count(const rv_terrain* t) { return t ? t->view->tileCount() : 0; }
int32_t rv_terrain_tile_load(rv_terrain* t, uint32_t i) {
    if (!t || i >= t->view->tileCount()) return 0;
    try {
        t->tile = t->view->tile(i);
        return 1;
    } catch (const std::exception&) {
        t->tile = TerrainTile{};
        return 0;
    }
}
void rv_tile_extent(const rv_terrain* t, uint32_t* out6) {
    if (!t || !out6) return;
    const TerrainTile& k = t->tile;
    const uint32_t v[6] = {k.column, k.row, k.x0, k.z0, k.x1, k.z1};
    std::memcpy(out6, v, sizeof v);
}
uint32_t rv_tile_vertex_count(const rv_terrain* t) { return t ? uint32_t(t->tile.positions.size()) : 0; }
void rv_tile_positions(const rv_terrain* t, float* out) {
    if (t) copyOut(reinterpret_cast<Vec3*>(out), t->tile.positions);
}
void rv_tile_normals(const rv_terrain* t, float* out) {
    if (t) copyOut(reinterpret_cast<Vec3*>(out), t->tile.normals);
}
void rv_tile_uvs(const rv_terrain* t, float* out) {
    if (t) copyOut(reinterpret_cast<Vec2*>(out), t->tile.uvs);
}
uint32_t rv_tile_cell_count(const rv_terrain* t) { return t ? uint32_t(t->tile.cellQuads.size() / 4) : 0; }
void rv_tile_quads(const rv_terrain* t, uint32_t* out) {
    if (t) copyOut(out, t->tile.cellQuads);
}
void rv_tile_triangles(const rv_terrain* t, uint32_t* out) {
    if (t) copyOut(out, t->tile.cellTriangles);
}
void rv_tile_corner_uvs(const rv_terrain* t, float* out) {
    if (!t || !out) return;
    const TerrainTile& k = t->tile;
    for (size_t c = 0; c < k.cellQuads.size(); ++c) std::memcpy(out + 2 * c, &k.uvs[k.cellQuads[c]], 8);
}
void rv_tile_corner_layer_uvs(const rv_terrain* t, float* out) {
    if (!t || !out) return;
    const TerrainTile& k = t->tile;
    for (const TileGroup& g : k.groups) {
        const TerrainLayer* layer = t->layers ? &t->layers->layer(g.material) : nullptr;
        for (size_t c = size_t(g.firstCell) * 4; c < size_t(g.firstCell + g.cellCount) * 4; ++c) {
            const Vec2 uv = layer ? tileLayerUv(*layer, *t->view, k, k.cellQuads[c]) : Vec2{0, 0};
            std::memcpy(out + 2 * c, &uv, 8);
        }
    }
}
void rv_tile_cell_materials(const rv_terrain* t, uint32_t* out) {
    if (!t || !out) return;
    for (const TileGroup& g : t->tile.groups)
        for (uint32_t c = 0; c < g.cellCount; ++c) out[g.firstCell + c] = g.material;
}

uint32_t rv_tile_group_count(const rv_terrain* t) { return t ? uint32_t(t->tile.groups.size()) : 0; }
void rv_tile_group(const rv_terrain* t, uint32_t group, uint32_t* out3) {
    if (!out3 || group >= rv_tile_group_count(t)) return;
    const TileGroup& g = t->tile.groups[group];
    const uint32_t v[3] = {g.material, g.firstCell, g.cellCount};
    std::memcpy(out3, v, sizeof v);
}
void rv_tile_cell_groups(const rv_terrain* t, uint32_t* out) {
    if (!t || !out) return;
    for (uint32_t g = 0; g < t->tile.groups.size(); ++g)
        for (uint32_t c = 0; c < t->tile.groups[g].cellCount; ++c) out[t->tile.groups[g].firstCell + c] = g;
}

uint32_t rv_terrain_object_count(const rv_terrain* t) { return t ? uint32_t(t->terrain.objects.size()) : 0; }
const char* rv_terrain_object_model(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_object_count(t) ? t->terrain.objects[i].model.c_str() : kEmpty;
}
uint32_t rv_terrain_object_id(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_object_count(t) ? t->terrain.objects[i].id : 0;
}
void rv_terrain_object_transforms(const rv_terrain* t, float* out) {
    if (!t || !out) return;
    for (uint32_t i = 0; i < t->terrain.objects.size(); ++i)
        std::memcpy(out + 16 * size_t(i), t->view->objectTransform(i).m.data(), 64);
}
uint64_t rv_transforms_decompose(const float* transforms, uint64_t count, float* out9, uint8_t* inexact) {
    if (!transforms || !out9) return 0;
    uint64_t notExact = 0;
    for (uint64_t i = 0; i < count; ++i) {
        Mat4 m;
        std::memcpy(m.m.data(), transforms + 16 * i, 64);
        const Decomposition d = decompose(m);
        const float v[9] = {d.translation.x, d.translation.y, d.translation.z, d.eulerXyz.x, d.eulerXyz.y,
                            d.eulerXyz.z,    d.scale.x,       d.scale.y,       d.scale.z};
        std::memcpy(out9 + 9 * i, v, sizeof v);
        if (inexact) inexact[i] = !d.exact();
        notExact += !d.exact();
    }
    return notExact;
}
uint32_t rv_terrain_placement_count(const rv_terrain* t) { return t ? uint32_t(t->view->placements().size()) : 0; }
const char* rv_terrain_placement_model(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_placement_count(t) ? t->view->placements()[i].model.c_str() : kEmpty;
}
uint32_t rv_terrain_placement_object_count(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_placement_count(t) ? uint32_t(t->view->placements()[i].objects.size()) : 0;
}
void rv_terrain_placement_objects(const rv_terrain* t, uint32_t i, uint32_t* out) {
    if (i < rv_terrain_placement_count(t)) copyOut(out, t->view->placements()[i].objects);
}

// Layer pictures (the terrain opened with a data root): satellite segments, OFP cell textures.
static const TerrainLayer* mappedLayer(const rv_terrain* t, uint32_t material) {
    if (!t || !t->layers || material >= t->terrain.materials.size()) return nullptr;
    const TerrainLayer& l = t->layers->layer(material);
    return l.mapped() ? &l : nullptr;
}
const char* rv_terrain_layer_name(const rv_terrain* t, uint32_t material) {
    return t && material < t->layerNames.size() ? t->layerNames[material].c_str() : kNoLayerName;
}
void rv_terrain_layer_colour(const rv_terrain* t, uint32_t material, float* out4) {
    if (!t || !out4) return;
    const std::array<float, 4> c = layerBaseColour(mappedLayer(t, material));
    std::memcpy(out4, c.data(), sizeof c);
}
const char* rv_terrain_layer_image_reference(const rv_terrain* t, uint32_t material) {
    const TerrainLayer* l = mappedLayer(t, material);
    return l ? l->colour.reference.c_str() : kEmpty;
}
int32_t rv_terrain_layer_image_size(const rv_terrain* t, uint32_t material, uint32_t* width, uint32_t* height) {
    const TerrainLayer* l = mappedLayer(t, material);
    if (width) *width = l ? l->colour.image->width : 0;
    if (height) *height = l ? l->colour.image->height : 0;
    return l ? 1 : 0;
}
void rv_terrain_layer_image_rgba8(const rv_terrain* t, uint32_t material, uint8_t* out) {
    if (const TerrainLayer* l = mappedLayer(t, material)) copyOut(out, l->colour.image->rgba);
}
void rv_terrain_layer_image_rgba_float_bottom_up(const rv_terrain* t, uint32_t material, float* out) {
    const TerrainLayer* l = mappedLayer(t, material);
    if (l && out) copyFloatBottomUp(*l->colour.image, out);
}
int32_t rv_terrain_layer_image_clamped(const rv_terrain* t, uint32_t material) {
    const TerrainLayer* l = mappedLayer(t, material);
    return l && l->clampToEdge ? 1 : 0;
}

}  // extern "C"
