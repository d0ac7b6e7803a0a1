/* rvimport C ABI: decoded Real Virtuality models and terrains as flat arrays, for hosts that are
 * not C++ (the Blender add-on loads it with ctypes). No C++ exception crosses it.
 *
 * Every open function returns 0 on success, or a non-zero code with `error` (when not NULL)
 * filled: a message naming the file, the structure and the byte offset, and the offset itself.
 * Strings returned stay valid until the handle is closed. Array getters copy into caller-owned
 * buffers sized from the matching count. Coordinates are as stored in the files: BI's
 * left-handed, y-up space (x right, y up, z forward); terrains in world metres (x east, y up,
 * z north). Model faces are in stored order with cross(v1-v0, v2-v0) pointing out of the model;
 * normals point outward; UVs have a top-left origin. */
#ifndef RVIMPORT_H
#define RVIMPORT_H

#include <stdint.h>

#if defined(RV_BUILDING_CAPI) && defined(__GNUC__)
#define RV_API __attribute__((visibility("default")))
#else
#define RV_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define RV_ABI_VERSION 1

typedef struct rv_error {
    int32_t code;      /* 0 ok, 1 cannot read the file, 2 cannot decode it, 3 out of memory */
    uint64_t offset;   /* byte offset where decoding stopped */
    char message[1024];
} rv_error;

typedef struct rv_model rv_model;
typedef struct rv_terrain rv_terrain;

RV_API int32_t rv_abi_version(void);

/* ---- models (ODOL) ---- */
RV_API int32_t rv_model_open(const char* path, rv_model** out, rv_error* error);
RV_API void rv_model_close(rv_model* model);
RV_API uint32_t rv_model_version(const rv_model* m);
RV_API uint32_t rv_model_warning_count(const rv_model* m);
RV_API const char* rv_model_warning(const rv_model* m, uint32_t i);
/* Per-point masses of the geometry LOD (rv_model_mass_lod, -1 when none). */
RV_API int32_t rv_model_mass_lod(const rv_model* m);
RV_API uint32_t rv_model_mass_count(const rv_model* m);
RV_API void rv_model_masses(const rv_model* m, float* out);

RV_API uint32_t rv_model_lod_count(const rv_model* m);
RV_API const char* rv_lod_name(const rv_model* m, uint32_t lod);        /* "1.000", "Geometry"... */
RV_API float rv_lod_resolution(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_kind(const rv_model* m, uint32_t lod);        /* "visual", "geometry", "memory"... */

RV_API uint32_t rv_lod_vertex_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_positions(const rv_model* m, uint32_t lod, float* out);   /* 3 per vertex */
RV_API int32_t rv_lod_has_normals(const rv_model* m, uint32_t lod);
RV_API void rv_lod_normals(const rv_model* m, uint32_t lod, float* out);     /* 3 per vertex */
RV_API uint32_t rv_lod_uv_set_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out); /* 2 per vertex */

RV_API uint32_t rv_lod_face_count(const rv_model* m, uint32_t lod);
RV_API uint32_t rv_lod_corner_count(const rv_model* m, uint32_t lod);
/* start[f], count[f] into corners[]; corners are vertex indices. */
RV_API void rv_lod_faces(const rv_model* m, uint32_t lod, uint32_t* start, uint32_t* count, uint32_t* corners);
/* Materials of a LOD: (texture, rvmat) pairs; per face, an index into them. */
RV_API uint32_t rv_lod_material_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_material_texture(const rv_model* m, uint32_t lod, uint32_t i);
RV_API const char* rv_lod_material_rvmat(const rv_model* m, uint32_t lod, uint32_t i);
RV_API void rv_lod_face_materials(const rv_model* m, uint32_t lod, uint32_t* out);

RV_API uint32_t rv_lod_selection_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_selection_name(const rv_model* m, uint32_t lod, uint32_t sel);
RV_API uint32_t rv_lod_selection_vertex_count(const rv_model* m, uint32_t lod, uint32_t sel);
/* Vertex indices and weights (0..1; 1 when the file stores none). */
RV_API void rv_lod_selection_vertices(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices, float* weights);

RV_API uint32_t rv_lod_property_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_property_name(const rv_model* m, uint32_t lod, uint32_t i);
RV_API const char* rv_lod_property_value(const rv_model* m, uint32_t lod, uint32_t i);

RV_API uint32_t rv_lod_proxy_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_proxy_path(const rv_model* m, uint32_t lod, uint32_t i);
RV_API int32_t rv_lod_proxy_index(const rv_model* m, uint32_t lod, uint32_t i);
RV_API void rv_lod_proxy_transform(const rv_model* m, uint32_t lod, uint32_t i, float* out12); /* aside, up, dir, pos */

/* ---- terrains (WRP) ---- */
RV_API int32_t rv_terrain_open(const char* path, float defaultCellSize, rv_terrain** out, rv_error* error);
RV_API void rv_terrain_close(rv_terrain* t);
RV_API const char* rv_terrain_signature(const rv_terrain* t);
RV_API uint32_t rv_terrain_version(const rv_terrain* t);
RV_API void rv_terrain_map_size(const rv_terrain* t, uint32_t* x, uint32_t* y);    /* height samples */
RV_API void rv_terrain_layer_size(const rv_terrain* t, uint32_t* x, uint32_t* y);  /* land cells */
RV_API float rv_terrain_cell_size(const rv_terrain* t);                            /* metres between samples */
RV_API void rv_terrain_elevation(const rv_terrain* t, float* out);                 /* x fastest, row 0 south */
RV_API uint32_t rv_terrain_material_count(const rv_terrain* t);
RV_API const char* rv_terrain_material(const rv_terrain* t, uint32_t i);
RV_API void rv_terrain_material_index(const rv_terrain* t, uint16_t* out);         /* per land cell */
RV_API uint32_t rv_terrain_object_count(const rv_terrain* t);
RV_API const char* rv_terrain_object_model(const rv_terrain* t, uint32_t i);
RV_API uint32_t rv_terrain_object_id(const rv_terrain* t, uint32_t i);
RV_API void rv_terrain_object_transforms(const rv_terrain* t, float* out);         /* 12 per object */

#ifdef __cplusplus
}
#endif

#endif
