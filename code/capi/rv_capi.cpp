// The C ABI (include/rvimport.h) over the decoders: handles own the decoded model or terrain plus
// the few tables the flat view needs. Every entry point is noexcept; out-of-range indices give
// empty results instead of undefined behaviour.
#include "rvimport.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "rv/file_bytes.hpp"
#include "rv/odol.hpp"
#include "rv/wrp.hpp"

namespace {

struct LodMaterials {
    std::vector<std::pair<std::string, std::string>> pairs;  // (texture, rvmat)
    std::vector<uint32_t> faceMaterial;
};

void fail(rv_error* e, int32_t code, const std::string& message, uint64_t offset) {
    if (!e) return;
    e->code = code;
    e->offset = offset;
    std::snprintf(e->message, sizeof e->message, "%s", message.c_str());
}

const char* kEmpty = "";

// Reads `path` and runs `decode(bytes, name)` (a Result<T>), reporting failures in `error`;
// nothing thrown inside escapes. Returns 0 and sets `out` on success.
template <class T, class Decode>
int32_t openWith(const char* path, rv_error* error, Decode decode, std::unique_ptr<T>& out) {
    if (!path) {
        fail(error, 1, "null path", 0);
        return 1;
    }
    try {
        auto bytes = rv::readFileBytes(path);
        if (!bytes) {
            fail(error, 1, bytes.error().message, bytes.error().offset);
            return 1;
        }
        auto decoded = decode(bytes.value(), rv::fileNameOf(path));
        if (!decoded) {
            fail(error, 2, decoded.error().message, decoded.error().offset);
            return 2;
        }
        out = std::make_unique<T>();
        out->set(std::move(decoded.value()));
        return 0;
    } catch (const std::bad_alloc&) {
        fail(error, 3, std::string(path) + ": out of memory", 0);
        return 3;
    } catch (const std::exception& e) {
        fail(error, 2, std::string(path) + ": " + e.what(), 0);
        return 2;
    }
}

LodMaterials materialsOf(const rv::OdolLod& lod);

}  // namespace

struct rv_model {
    rv::OdolModel model;
    std::vector<std::string> lodKinds;
    std::vector<LodMaterials> materials;
    void set(rv::OdolModel decoded) {
        model = std::move(decoded);
        for (const rv::OdolLod& lod : model.lods) {
            lodKinds.push_back(rv::lodKindName(rv::lodKind(lod.resolution)));
            materials.push_back(materialsOf(lod));
        }
    }
};

struct rv_terrain {
    rv::WrpTerrain terrain;
    void set(rv::WrpTerrain decoded) { terrain = std::move(decoded); }
};

namespace {

const rv::OdolLod* lodOf(const rv_model* m, uint32_t lod) {
    return m && lod < m->model.lods.size() ? &m->model.lods[lod] : nullptr;
}

LodMaterials materialsOf(const rv::OdolLod& lod) {
    LodMaterials out;
    std::map<std::pair<std::string, std::string>, uint32_t> index;
    auto slot = [&](const std::string& tex, const std::string& mat) {
        auto key = std::make_pair(tex, mat);
        auto it = index.find(key);
        if (it != index.end()) return it->second;
        const uint32_t i = uint32_t(out.pairs.size());
        out.pairs.push_back(key);
        index.emplace(key, i);
        return i;
    };
    out.faceMaterial.assign(lod.faceCount(), UINT32_MAX);
    for (const rv::OdolSection& s : lod.sections) {
        const std::string tex = s.textureIndex >= 0 && size_t(s.textureIndex) < lod.textures.size() ? lod.textures[size_t(s.textureIndex)] : "";
        const std::string mat = s.materialIndex >= 0 && size_t(s.materialIndex) < lod.materials.size()
                                    ? lod.materials[size_t(s.materialIndex)].name : s.materialName;
        const uint32_t i = slot(tex, mat);
        for (size_t f = s.firstFace; f < s.endFace && f < out.faceMaterial.size(); ++f) out.faceMaterial[f] = i;
    }
    for (uint32_t& f : out.faceMaterial)
        if (f == UINT32_MAX) f = slot("", "");
    return out;
}

}  // namespace

extern "C" {

int32_t rv_abi_version(void) { return RV_ABI_VERSION; }

int32_t rv_model_open(const char* path, rv_model** out, rv_error* error) {
    if (!out) return 1;
    std::unique_ptr<rv_model> m;
    const int32_t rc = openWith(path, error, [](const std::vector<uint8_t>& b, const std::string& name) {
        return rv::decodeOdol(b.data(), b.size(), name);
    }, m);
    *out = m.release();
    return rc;
}

void rv_model_close(rv_model* m) { delete m; }
uint32_t rv_model_version(const rv_model* m) { return m ? m->model.version : 0; }
uint32_t rv_model_warning_count(const rv_model* m) { return m ? uint32_t(m->model.warnings.size()) : 0; }
const char* rv_model_warning(const rv_model* m, uint32_t i) {
    return m && i < m->model.warnings.size() ? m->model.warnings[i].message.c_str() : kEmpty;
}

int32_t rv_model_mass_lod(const rv_model* m) {
    if (!m || m->model.info.mass.empty()) return -1;
    const int32_t g = m->model.info.specialLods[1];  // geometry
    if (g < 0 || size_t(g) >= m->model.lods.size() || m->model.lods[size_t(g)].positions.size() != m->model.info.mass.size())
        return -1;
    return g;
}
uint32_t rv_model_mass_count(const rv_model* m) { return rv_model_mass_lod(m) >= 0 ? uint32_t(m->model.info.mass.size()) : 0; }
void rv_model_masses(const rv_model* m, float* out) {
    if (out && rv_model_mass_lod(m) >= 0) std::memcpy(out, m->model.info.mass.data(), m->model.info.mass.size() * 4);
}

uint32_t rv_model_lod_count(const rv_model* m) { return m ? uint32_t(m->model.lods.size()) : 0; }
const char* rv_lod_name(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? l->name.c_str() : kEmpty; }
float rv_lod_resolution(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? l->resolution : 0; }
const char* rv_lod_kind(const rv_model* m, uint32_t lod) { return lodOf(m, lod) ? m->lodKinds[lod].c_str() : kEmpty; }

uint32_t rv_lod_vertex_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->positions.size()) : 0; }
void rv_lod_positions(const rv_model* m, uint32_t lod, float* out) {
    auto* l = lodOf(m, lod);
    if (l && out) std::memcpy(out, l->positions.data(), l->positions.size() * 12);
}
int32_t rv_lod_has_normals(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    return l && !l->normals.empty() && l->normals.size() == l->positions.size();
}
void rv_lod_normals(const rv_model* m, uint32_t lod, float* out) {
    if (rv_lod_has_normals(m, lod) && out) std::memcpy(out, m->model.lods[lod].normals.data(), m->model.lods[lod].normals.size() * 12);
}
uint32_t rv_lod_uv_set_count(const rv_model* m, uint32_t lod) {
    auto* l = lodOf(m, lod);
    if (!l) return 0;
    uint32_t n = 0;  // only complete sets (one UV per vertex)
    while (n < l->uvSets.size() && l->uvSets[n].size() == l->positions.size()) ++n;
    return n;
}
void rv_lod_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out) {
    if (out && set < rv_lod_uv_set_count(m, lod)) {
        const auto& uv = m->model.lods[lod].uvSets[set];
        std::memcpy(out, uv.data(), uv.size() * 8);
    }
}

uint32_t rv_lod_face_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->faceCount()) : 0; }
uint32_t rv_lod_corner_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->faceIndices.size()) : 0; }
void rv_lod_faces(const rv_model* m, uint32_t lod, uint32_t* start, uint32_t* count, uint32_t* corners) {
    auto* l = lodOf(m, lod);
    if (!l) return;
    for (size_t f = 0; f < l->faceCount(); ++f) {
        if (start) start[f] = l->faceStart[f];
        if (count) count[f] = l->faceStart[f + 1] - l->faceStart[f];
    }
    if (corners) std::memcpy(corners, l->faceIndices.data(), l->faceIndices.size() * 4);
}
uint32_t rv_lod_material_count(const rv_model* m, uint32_t lod) { return lodOf(m, lod) ? uint32_t(m->materials[lod].pairs.size()) : 0; }
const char* rv_lod_material_texture(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_material_count(m, lod) ? m->materials[lod].pairs[i].first.c_str() : kEmpty;
}
const char* rv_lod_material_rvmat(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_material_count(m, lod) ? m->materials[lod].pairs[i].second.c_str() : kEmpty;
}
void rv_lod_face_materials(const rv_model* m, uint32_t lod, uint32_t* out) {
    if (lodOf(m, lod) && out) std::memcpy(out, m->materials[lod].faceMaterial.data(), m->materials[lod].faceMaterial.size() * 4);
}

uint32_t rv_lod_selection_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->selections.size()) : 0; }
const char* rv_lod_selection_name(const rv_model* m, uint32_t lod, uint32_t sel) {
    return sel < rv_lod_selection_count(m, lod) ? m->model.lods[lod].selections[sel].name.c_str() : kEmpty;
}
uint32_t rv_lod_selection_vertex_count(const rv_model* m, uint32_t lod, uint32_t sel) {
    return sel < rv_lod_selection_count(m, lod) ? uint32_t(m->model.lods[lod].selections[sel].vertices.size()) : 0;
}
void rv_lod_selection_vertices(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices, float* weights) {
    if (sel >= rv_lod_selection_count(m, lod)) return;
    const rv::OdolSelection& s = m->model.lods[lod].selections[sel];
    for (size_t i = 0; i < s.vertices.size(); ++i) {
        if (vertices) vertices[i] = s.vertices[i];
        if (weights) {
            // MLOD byte encoding (notes §2.7.5): 0 and 1 mean full, else byte/255.
            const uint8_t b = s.vertexWeights.empty() ? 1 : s.vertexWeights[i];
            weights[i] = b <= 1 ? 1.0f : float(b) / 255.0f;
        }
    }
}

uint32_t rv_lod_property_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->properties.size()) : 0; }
const char* rv_lod_property_name(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_property_count(m, lod) ? m->model.lods[lod].properties[i].name.c_str() : kEmpty;
}
const char* rv_lod_property_value(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_property_count(m, lod) ? m->model.lods[lod].properties[i].value.c_str() : kEmpty;
}

uint32_t rv_lod_proxy_count(const rv_model* m, uint32_t lod) { auto* l = lodOf(m, lod); return l ? uint32_t(l->proxies.size()) : 0; }
const char* rv_lod_proxy_path(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_proxy_count(m, lod) ? m->model.lods[lod].proxies[i].model.c_str() : kEmpty;
}
int32_t rv_lod_proxy_index(const rv_model* m, uint32_t lod, uint32_t i) {
    return i < rv_lod_proxy_count(m, lod) ? m->model.lods[lod].proxies[i].sequenceId : -1;
}
void rv_lod_proxy_transform(const rv_model* m, uint32_t lod, uint32_t i, float* out12) {
    if (out12 && i < rv_lod_proxy_count(m, lod)) std::memcpy(out12, m->model.lods[lod].proxies[i].transform.m.data(), 48);
}

int32_t rv_terrain_open(const char* path, float defaultCellSize, rv_terrain** out, rv_error* error) {
    if (!out) return 1;
    std::unique_ptr<rv_terrain> t;
    const float cell = defaultCellSize > 0 ? defaultCellSize : 50.0f;
    const int32_t rc = openWith(path, error, [cell](const std::vector<uint8_t>& b, const std::string& name) {
        rv::Options options;
        options.defaultCellSize = cell;
        return rv::decodeWrp(b.data(), b.size(), name, options);
    }, t);
    *out = t.release();
    return rc;
}

void rv_terrain_close(rv_terrain* t) { delete t; }
const char* rv_terrain_signature(const rv_terrain* t) { return t ? t->terrain.signature.c_str() : kEmpty; }
uint32_t rv_terrain_version(const rv_terrain* t) { return t ? t->terrain.version : 0; }
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
    if (t && out) std::memcpy(out, t->terrain.elevation.data(), t->terrain.elevation.size() * 4);
}
uint32_t rv_terrain_material_count(const rv_terrain* t) { return t ? uint32_t(t->terrain.materials.size()) : 0; }
const char* rv_terrain_material(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_material_count(t) ? t->terrain.materials[i].c_str() : kEmpty;
}
void rv_terrain_material_index(const rv_terrain* t, uint16_t* out) {
    if (t && out) std::memcpy(out, t->terrain.materialIndex.data(), t->terrain.materialIndex.size() * 2);
}
uint32_t rv_terrain_object_count(const rv_terrain* t) { return t ? uint32_t(t->terrain.objects.size()) : 0; }
const char* rv_terrain_object_model(const rv_terrain* t, uint32_t i) {
    return i < rv_terrain_object_count(t) ? t->terrain.objects[i].model.c_str() : kEmpty;
}
uint32_t rv_terrain_object_id(const rv_terrain* t, uint32_t i) { return i < rv_terrain_object_count(t) ? t->terrain.objects[i].id : 0; }
void rv_terrain_object_transforms(const rv_terrain* t, float* out) {
    if (!t || !out) return;
    for (size_t i = 0; i < t->terrain.objects.size(); ++i) std::memcpy(out + 12 * i, t->terrain.objects[i].transform.m.data(), 48);
}

}  // extern "C"
