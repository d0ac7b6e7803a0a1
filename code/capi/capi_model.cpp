// The model half of the C ABI (include/rvimport.h): a handle owns the decoded model and its view;
// every getter copies from the view. Entry points are noexcept by construction: they only index
// vectors after checking the index.
#include <algorithm>

#include "capi/capi_model_handle.hpp"
#include "rv/model.hpp"
#include "rv/open.hpp"

using namespace rv;
using namespace rv::capi;

namespace {

const LodView* lodOf(const rv_model* m, uint32_t lod) {
    return m && lod < m->view.lods.size() ? &m->view.lods[lod] : nullptr;
}

void resolveTextures(rv_model& h, const DataRoot& root, const Options& options, const std::string& name);

// `path`: the file on disk, so that an editable model finds its model.cfg as rv::openFile's
// callers do; "" for memory.
int32_t openModel(const std::vector<uint8_t>& bytes, const std::string& name, const std::string& path,
                  const rv_options* options, rv_model** out, rv_error* error) {
    return rv::capi::openModelIn(bytes, name, options, nullptr, out, error, path);
}

}  // namespace

namespace {

// One handle per model drawn at a proxy, each with its textures; all index the opened model's list.
void addProxyHandles(rv_model& h, std::unique_ptr<ProxyModels> proxies, const DataRoot* root, const Options& options,
                     const std::string& name) {
    h.placed = &h.proxyHandles;
    if (!proxies) return;
    for (const std::unique_ptr<ProxyModel>& pm : proxies->models) {
        auto& placed = h.proxyHandles.emplace_back(std::make_unique<rv_model>(*pm->model, pm->view));
        placed->placed = &h.proxyHandles;
        if (root) resolveTextures(*placed, *root, options, name);
        for (const Warning& w : placed->warnings) h.warnings.push_back(w);  // the opened model says them
    }
    h.proxyModels = std::move(proxies);
}

// Hands the decoded model, its view, the models drawn at its proxies and the textures of all to a
// new handle.
int32_t finishModel(std::unique_ptr<OdolModel> model, std::unique_ptr<ModelView> view,
                    std::unique_ptr<ProxyModels> proxies, std::vector<Warning> warnings, const std::string& name,
                    const Settings& s, const DataRoot* root, rv_model** out, rv_error* error) {
    auto handle = std::make_unique<rv_model>(std::move(model), std::move(view));
    handle->warnings = std::move(warnings);
    if (root) resolveTextures(*handle, *root, s.options, name);
    addProxyHandles(*handle, std::move(proxies), root, s.options, name);
    toLines(handle->warnings);
    for (const std::unique_ptr<rv_model>& placed : handle->proxyHandles) toLines(placed->warnings);
    handle->memoryInUse = s.options.budget ? s.options.budget->used() : 0;
    *out = handle.release();
    clearError(error);
    return RV_OK;
}

}  // namespace

// `root`: the data root textures come from (a terrain's); null: the front door opens
// options->data_root or RV_IMPORT_DATA_ROOT, as every front end does.
int32_t rv::capi::openModelIn(const std::vector<uint8_t>& bytes, const std::string& name, const rv_options* options,
                              const DataRoot* root, rv_model** out, rv_error* error, const std::string& sourcePath) {
    Settings s;
    if (!readOptions(options, s, error)) return error ? error->code : RV_ERROR_INVALID_ARGUMENT;
    OpenRequest request = accepting(kAcceptModel);
    request.viewFrame = s.frame;
    request.wantsDataRoot = root == nullptr;
    request.sourcePath = sourcePath;
    Result<OpenedFile> opened = open(bytes.data(), bytes.size(), name, s.options, request);
    if (!opened) {
        setError(error, opened.error());
        return int32_t(opened.error().kind);
    }
    OpenedFile& f = opened.value();
    const DataRoot* textures = root ? root : f.dataRoot.get();
    return finishModel(std::move(f.model), std::move(f.modelView), std::move(f.proxyModels), std::move(f.warnings),
                       name, s, textures, out, error);
}

namespace {

// Each material's resolved textures, what became of each image, and the resolver's warnings.
void recordTextures(rv_model& h, std::vector<ResolvedMaterial> textures, const std::vector<Warning>& warnings,
                    const std::string& name) {
    h.textures = std::move(textures);
    for (const ResolvedMaterial& t : h.textures) {
        std::vector<std::string>& st = h.status.emplace_back();
        for (const MaterialImage& img : t.images)
            st.push_back(img.image ? resolvedKindName(img.where.kind) : img.problem);
    }
    for (const Warning& w : warnings) h.warnings.push_back(underSource(w, name));
}

// Finds and decodes every material's textures; what cannot be had becomes a warning.
void resolveTextures(rv_model& h, const DataRoot& root, const Options& options, const std::string& name) {
    TextureResolver resolver(&root, options);
    std::vector<ResolvedMaterial> textures;
    for (const ViewMaterial& m : h.view.materials) textures.push_back(resolver.resolve(m));
    recordTextures(h, std::move(textures), resolver.warnings(), name);
}

}  // namespace

int32_t rv::capi::placedModelHandle(PlacedModel placed, const std::vector<Warning>& textureWarnings, const Settings& s,
                                    rv_model** out, rv_error* error) {
    auto handle = std::make_unique<rv_model>(std::move(placed.model), std::move(placed.view));
    handle->warnings = std::move(placed.warnings);
    handle->placed = &handle->proxyHandles;
    recordTextures(*handle, std::move(placed.textures), textureWarnings, placed.name);
    toLines(handle->warnings);
    handle->memoryInUse = s.options.budget ? s.options.budget->used() : 0;
    *out = handle.release();
    clearError(error);
    return RV_OK;
}

extern "C" {

int32_t rv_model_open(const char* path, const rv_options* options, rv_model** out, rv_error* error) {
    return openFromPath(path, options, out, error,
                        [&](const std::vector<uint8_t>& bytes, const std::string& name, rv_model** handle,
                            rv_error* e) { return openModel(bytes, name, path, options, handle, e); });
}

int32_t rv_model_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                             rv_model** out, rv_error* error) {
    return openFromMemory(data, size, name, options, out, error,
                          [&](const std::vector<uint8_t>& bytes, const std::string& n, rv_model** handle, rv_error* e) {
                              return openModel(bytes, n, "", options, handle, e);
                          });
}

void rv_model_close(rv_model* m) {
    if (m && m->ownModel) delete m;  // a proxy's model is its opened model's, closed with it
}
uint32_t rv_model_version(const rv_model* m) { return m ? m->model.version : 0; }
int32_t rv_model_first_visual_lod(const rv_model* m) { return m ? firstVisualLod(m->model) : -1; }
uint32_t rv_model_warning_count(const rv_model* m) { return m ? uint32_t(m->warnings.size()) : 0; }
uint64_t rv_model_memory_in_use(const rv_model* m) { return m ? m->memoryInUse : 0; }
int32_t rv_model_warning_kind(const rv_model* m, uint32_t i) {
    return i < rv_model_warning_count(m) ? int32_t(m->warnings[i].kind) : 0;
}
uint64_t rv_model_warning_offset(const rv_model* m, uint32_t i) {
    return i < rv_model_warning_count(m) ? m->warnings[i].offset : 0;
}
const char* rv_model_warning(const rv_model* m, uint32_t i) {
    return i < rv_model_warning_count(m) ? m->warnings[i].message.c_str() : kEmpty;
}
void rv_model_center(const rv_model* m, float* out3) {
    if (m && out3) std::memcpy(out3, &m->view.centerOffset, 12);
}

uint32_t rv_model_material_count(const rv_model* m) { return m ? uint32_t(m->view.materials.size()) : 0; }
const char* rv_material_name(const rv_model* m, uint32_t i) {
    return i < rv_model_material_count(m) ? m->view.materials[i].name.c_str() : kEmpty;
}
const char* rv_material_texture(const rv_model* m, uint32_t i) {
    return i < rv_model_material_count(m) ? m->view.materials[i].texture.c_str() : kEmpty;
}
const char* rv_material_rvmat(const rv_model* m, uint32_t i) {
    return i < rv_model_material_count(m) ? m->view.materials[i].rvmat.c_str() : kEmpty;
}

uint32_t rv_model_lod_count(const rv_model* m) { return m ? uint32_t(m->view.lods.size()) : 0; }
uint32_t rv_lod_file_index(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? l->lodIndex : 0;
}
const char* rv_lod_name(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? l->name.c_str() : kEmpty;
}
float rv_lod_resolution(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? l->resolution : 0;
}
const char* rv_lod_kind(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? lodKindName(l->kind) : kEmpty;
}

uint32_t rv_lod_vertex_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->positions.size()) : 0;
}
void rv_lod_positions(const rv_model* m, uint32_t lod, float* out) {
    if (auto* l = lodOf(m, lod); l && out && !l->positions.empty())
        std::memcpy(out, l->positions.data(), l->positions.size() * 12);
}
int32_t rv_lod_has_normals(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l && !l->normals.empty();
}
void rv_lod_normals(const rv_model* m, uint32_t lod, float* out) {
    if (auto* l = lodOf(m, lod); l && out && !l->normals.empty())
        std::memcpy(out, l->normals.data(), l->normals.size() * 12);
}
uint32_t rv_lod_uv_set_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->uvSets.size()) : 0;
}
void rv_lod_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out) {
    auto* l = lodOf(m, lod);
    if (l && out && set < l->uvSets.size() && !l->uvSets[set].empty())
        std::memcpy(out, l->uvSets[set].data(), l->uvSets[set].size() * 8);
}
void rv_lod_corner_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out) {
    auto* l = lodOf(m, lod);
    if (!l || !out || set >= l->uvSets.size()) return;
    const std::vector<Vec2>& uv = l->uvSets[set];
    for (size_t c = 0; c < l->corners.size(); ++c) std::memcpy(out + 2 * c, &uv[l->corners[c]], 8);
}

uint32_t rv_lod_polygon_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->polygonCount()) : 0;
}
uint32_t rv_lod_corner_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->corners.size()) : 0;
}
void rv_lod_polygons(const rv_model* m, uint32_t lod, uint32_t* start, uint32_t* size, uint32_t* corners) {
    auto* l = lodOf(m, lod);
    if (!l) return;
    for (size_t p = 0; p < l->polygonCount(); ++p) {
        if (start) start[p] = l->polygonStart[p];
        if (size) size[p] = l->polygonStart[p + 1] - l->polygonStart[p];
    }
    copyOut(corners, l->corners);
}
void rv_lod_polygon_groups(const rv_model* m, uint32_t lod, uint32_t* out) {
    auto* l = lodOf(m, lod);
    if (!l || !out) return;
    for (uint32_t g = 0; g < l->groups.size(); ++g)
        for (uint32_t p = 0; p < l->groups[g].polygonCount; ++p) out[l->groups[g].firstPolygon + p] = g;
}
uint32_t rv_lod_triangle_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->triangleFace.size()) : 0;
}
void rv_lod_triangles(const rv_model* m, uint32_t lod, uint32_t* out) {
    if (auto* l = lodOf(m, lod)) copyOut(out, l->triangles);
}
uint32_t rv_lod_group_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->groups.size()) : 0;
}
void rv_lod_group(const rv_model* m, uint32_t lod, uint32_t group, uint32_t* out5) {
    auto* l = lodOf(m, lod);
    if (!l || !out5 || group >= l->groups.size()) return;
    const MaterialGroup& g = l->groups[group];
    const uint32_t v[5] = {g.material, g.firstPolygon, g.polygonCount, g.firstTriangle, g.triangleCount};
    std::memcpy(out5, v, sizeof v);
}
uint32_t rv_lod_loose_point_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->loosePoints.size()) : 0;
}
void rv_lod_loose_points(const rv_model* m, uint32_t lod, uint32_t* out) {
    if (auto* l = lodOf(m, lod)) copyOut(out, l->loosePoints);
}

uint32_t rv_lod_selection_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->selections.size()) : 0;
}
const char* rv_lod_selection_name(const rv_model* m, uint32_t lod, uint32_t sel) {
    return sel < rv_lod_selection_count(m, lod) ? m->view.lods[lod].selections[sel].name.c_str() : kEmpty;
}
uint32_t rv_lod_selection_vertex_count(const rv_model* m, uint32_t lod, uint32_t sel) {
    return sel < rv_lod_selection_count(m, lod) ? uint32_t(m->view.lods[lod].selections[sel].vertices.size()) : 0;
}
void rv_lod_selection_vertices(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices, float* weights) {
    if (sel >= rv_lod_selection_count(m, lod)) return;
    const SelectionView& s = m->view.lods[lod].selections[sel];
    copyOut(vertices, s.vertices);
    copyOut(weights, s.weights);
}
uint32_t rv_lod_selection_weight_runs(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices,
                                      float* runWeight, uint32_t* runEnd) {
    if (sel >= rv_lod_selection_count(m, lod)) return 0;
    const SelectionView& s = m->view.lods[lod].selections[sel];
    std::vector<uint32_t> order(s.vertices.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return s.weights[a] < s.weights[b]; });
    uint32_t runs = 0;
    for (uint32_t i = 0; i < order.size(); ++i) {
        if (vertices) vertices[i] = s.vertices[order[i]];
        const bool last = i + 1 == order.size() || s.weights[order[i + 1]] != s.weights[order[i]];
        if (!last) continue;
        if (runWeight) runWeight[runs] = s.weights[order[i]];
        if (runEnd) runEnd[runs] = i + 1;
        ++runs;
    }
    return runs;
}

uint32_t rv_lod_named_point_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->namedPoints.size()) : 0;
}
const char* rv_lod_named_point_name(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_named_point_count(m, lod) ? m->view.lods[lod].namedPoints[i].name.c_str() : kEmpty;
}
void rv_lod_named_point_position(const rv_model* m, uint32_t lod, uint32_t i, float* out3) {
    if (out3 && i < rv_lod_named_point_count(m, lod)) std::memcpy(out3, &m->view.lods[lod].namedPoints[i].position, 12);
}

uint32_t rv_lod_property_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->properties->size()) : 0;
}
const char* rv_lod_property_name(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_property_count(m, lod) ? (*m->view.lods[lod].properties)[i].name.c_str() : kEmpty;
}
const char* rv_lod_property_value(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_property_count(m, lod) ? (*m->view.lods[lod].properties)[i].value.c_str() : kEmpty;
}

uint32_t rv_lod_proxy_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l ? uint32_t(l->proxies.size()) : 0;
}
const char* rv_lod_proxy_name(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_proxy_count(m, lod) ? m->view.lods[lod].proxies[i].name.c_str() : kEmpty;
}
const char* rv_lod_proxy_path(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_proxy_count(m, lod) ? m->view.lods[lod].proxies[i].path.c_str() : kEmpty;
}
int32_t rv_lod_proxy_index(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_proxy_count(m, lod) ? m->view.lods[lod].proxies[i].index : -1;
}
void rv_lod_proxy_transform(const rv_model* m, uint32_t lod, uint32_t i, float* out16) {
    if (out16 && i < rv_lod_proxy_count(m, lod))
        std::memcpy(out16, m->view.lods[lod].proxies[i].transform.m.data(), 64);
}
const rv_model* rv_lod_proxy_model(const rv_model* m, uint32_t lod, uint32_t i) {
    if (i >= rv_lod_proxy_count(m, lod) || !m->placed) return nullptr;
    const int32_t k = m->view.lods[lod].proxies[i].model;
    return k >= 0 && size_t(k) < m->placed->size() ? (*m->placed)[size_t(k)].get() : nullptr;
}

int32_t rv_lod_has_mass(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l && !l->vertexMass.empty();
}
void rv_lod_vertex_masses(const rv_model* m, uint32_t lod, float* out) {
    if (auto* l = lodOf(m, lod)) copyOut(out, l->vertexMass);
}

}  // extern "C"
