/* rvimport C ABI: Real Virtuality models and terrains, interpreted once by rvimport's view layer
 * (rv/view.hpp), as flat arrays for hosts that are not C++ (the Blender add-on loads it with
 * ctypes). No C++ exception crosses it; every function accepts NULL handles and out-of-range
 * indices and then returns 0 / "" / an empty result.
 *
 * Use:
 *     rv_options o;  rv_options_init(&o);          // defaults; set the fields you need
 *     o.axes = RV_AXES_Z_UP; o.uv_bottom_left = 1;   // e.g. Blender's frame
 *     rv_model* m;  rv_error e;
 *     if (rv_model_open("m.p3d", &o, &m, &e) != RV_OK) puts(e.message);  // file, structure, offset
 *     ... rv_lod_vertex_count(m, 0), rv_lod_positions(m, 0, buffer) ...
 *     rv_model_close(m);
 *
 * Open functions return an rv_result; on failure `error` (when not NULL) is always filled and
 * `*out` is NULL. Strings stay valid until the handle is closed. Array getters copy into
 * caller-owned buffers sized from the matching count; a NULL buffer is skipped.
 *
 * Frames (rv_options.axes): RV_AXES_STORED keeps BI's left-handed space (x right, y up, z forward;
 * terrains x east, y up, z north), with faces in stored order (cross(v1-v0, v2-v0) points out).
 * RV_AXES_Y_UP is (x, y, -z) and RV_AXES_Z_UP is (x, z, y), both right-handed with the corners of
 * every polygon reversed at their first corner so faces stay outward and quads keep the engine's
 * diagonal. Normals point outward. UVs have a top-left origin unless uv_bottom_left is set.
 *
 * Threads (docs/c-abi.md, "Threads"): open calls may run on many threads at once; a model or
 * texture handle's getters too; a terrain handle is used from one thread at a time. */
#ifndef RVIMPORT_H
#define RVIMPORT_H

#include <stdint.h>

#if defined(RV_BUILDING_CAPI) && defined(_WIN32)
#define RV_API __declspec(dllexport)
#elif defined(RV_BUILDING_CAPI) && defined(__GNUC__)
#define RV_API __attribute__((visibility("default")))
#else
#define RV_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a signature or struct here changes. rv_options carries the version the caller
 * was compiled with; the open functions refuse a mismatch with RV_ERROR_ABI_MISMATCH. */
#define RV_ABI_VERSION 8

/* Result codes: the same numbers as rv::DiagKind's errors. */
typedef enum rv_result {
    RV_OK = 0,
    RV_ERROR_CANNOT_READ = 1,     /* the file could not be opened or read */
    RV_ERROR_NOT_RECOGNIZED = 2,  /* not a model / terrain */
    RV_ERROR_UNSUPPORTED = 3,     /* a known format or version rvimport refuses (DayZ, VBS, encrypted) */
    RV_ERROR_TRUNCATED = 4,       /* the data ends inside a structure */
    RV_ERROR_BAD_COUNT = 5,       /* a count exceeds the bytes left or the format's limits */
    RV_ERROR_BAD_VALUE = 6,       /* a field holds an impossible value */
    RV_ERROR_BAD_COMPRESSION = 7, /* a compressed stream is malformed */
    RV_ERROR_MEMORY_LIMIT = 8,    /* decoding would exceed rv_options.memory_limit */
    RV_ERROR_OUT_OF_MEMORY = 9,
    RV_ERROR_INVALID_ARGUMENT = 10, /* NULL out pointer, unknown LOD choice, bad option */
    RV_ERROR_ABI_MISMATCH = 11      /* rv_options.abi_version differs from this library's */
} rv_result;

/* Warning kinds (rv_model_warning_kind, rv_terrain_warning_kind): rv::DiagKind's warnings. */
#define RV_WARNING_UNREAD_BYTES 100
#define RV_WARNING_ENDS_EARLY 101
#define RV_WARNING_SIZE_MISMATCH 102
#define RV_WARNING_INDEX_OUT_OF_RANGE 103
#define RV_WARNING_UNKNOWN_RECORD 104
#define RV_WARNING_NAME_PROBLEM 105
#define RV_WARNING_MISSING_REFERENCE 106 /* a texture, material or model not in the data root */
#define RV_WARNING_NO_DATA_ROOT 107      /* references to resolve, and no data root given */

typedef struct rv_error {
    int32_t code;       /* an rv_result */
    uint64_t offset;    /* byte offset where decoding stopped */
    char where[256];    /* structure path, "LOD 3 faces" ("" at file level) */
    char message[1024]; /* the whole line: file, structure, what, offset */
} rv_error;

enum { RV_AXES_STORED = 0, RV_AXES_Y_UP = 1, RV_AXES_Z_UP = 2 };
/* rv_options.proxies: with a data root, the models drawn at proxies (rv_lod_proxy_model): those
 * the game draws (RESOLVE), also crew/cargo/flag/muzzle-flash places (ALL), or none (NODES). */
enum { RV_PROXIES_RESOLVE = 0, RV_PROXIES_ALL = 1, RV_PROXIES_NODES = 2 };

typedef struct rv_session rv_session; /* rv_session_open (ABI 8) */

typedef struct rv_options {
    int32_t abi_version;        /* RV_ABI_VERSION (rv_options_init sets it) */
    uint64_t memory_limit;      /* bytes one open may use for decode and view (default 2 GiB);
                                   each texture decode has the same limit of its own */
    const char* lods;           /* "all" (default here), "first", "visual", or a LOD name/resolution */
    int32_t autocenter;         /* 1 (default): as the game places the model; 0: editable coordinates */
    float default_cell_size;    /* metres, terrains that store none (default 50) */
    int32_t axes;               /* RV_AXES_* (default RV_AXES_STORED) */
    int32_t uv_bottom_left;     /* 1: v -> 1 - v (Blender); 0 (default): top-left origin */
    uint32_t tile_cells;        /* terrain tile size in cells (default 128) */
    int32_t split_folded_quads; /* 1: quads a host would re-split differently come as 2 triangles */
    const char* data_root;      /* a folder like the game's file system (PBOs mounted at their
                                   prefix) where textures are found and decoded; NULL: none */
    uint32_t terrain_step;      /* terrains: every Nth height sample as a tile vertex (0 or 1: all) */
    double region[4];           /* terrains: west, south, east, north in metres from the south-west
                                   corner: only the samples covering it and the objects standing in
                                   it; west >= east or south >= north (all 0, the default): all */
    const char* config;         /* models: a config.cpp / config.bin whose class `config_class` */
    const char* config_class;   /* retextures the model (hiddenSelectionsTextures/-Materials);
                                   both NULL (default): the model as it is (ABI 4) */
    uint32_t max_texture_size;  /* material and layer .paa textures: the largest own mip no wider or
                                   taller than this (the smallest when none is; never resampled);
                                   0 (default): full size. .png/.tga stand-ins as they are (ABI 4) */
    const char* model_config;   /* editable models: the model.cfg their skeleton comes from; NULL
                                   (default): model.cfg beside the model or in a parent folder (ABI 5) */
    int32_t proxies;            /* RV_PROXIES_* (default RV_PROXIES_RESOLVE) (ABI 6) */
    rv_session* session;        /* opens that share a data root and their textures: its data root
                                   stands in for data_root; NULL (default): none (ABI 8) */
} rv_options;

typedef struct rv_model rv_model;
typedef struct rv_terrain rv_terrain;

RV_API int32_t rv_abi_version(void);
RV_API const char* rv_version_string(void); /* "0.2.0" */
RV_API void rv_options_init(rv_options* options);
RV_API const char* rv_result_name(int32_t code); /* "truncated", "bad count"... */

/* ---- models ---- */
RV_API int32_t rv_model_open(const char* path, const rv_options* options, rv_model** out, rv_error* error);
RV_API int32_t rv_model_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                                    rv_model** out, rv_error* error);
RV_API void rv_model_close(rv_model* m);

/* A session (ABI 8): the files of one import (a multi-file import, a folder) sharing one data
 * root, indexed once, and each texture they share, read and decoded once. Opens with
 * rv_options.session set read through it; rv_material_image_key says which of their images are
 * the same pixels. It opens options->data_root (else RV_IMPORT_DATA_ROOT; a session without either
 * shares textures only) and keeps the decoded textures within half of options->memory_limit (at
 * most 512 MiB), the ones used longest ago let go first. Thread-safe. Close it when the import is
 * done, before or after its models: each keeps what it uses. */
RV_API int32_t rv_session_open(const rv_options* options, rv_session** out, rv_error* error);
RV_API void rv_session_close(rv_session* s);
/* The data root's own warnings (a damaged PBO) found so far: the root is indexed lazily (a
 * reference found as a loose file lists only its folders), so ask when the imports are done. */
RV_API uint32_t rv_session_warning_count(rv_session* s);
RV_API const char* rv_session_warning(rv_session* s, uint32_t i); /* valid until rv_session_close */
/* What the session's opens did: out2[0] textures read and decoded, out2[1] taken from another open. */
RV_API void rv_session_texture_counts(const rv_session* s, uint64_t* out2);
RV_API uint32_t rv_model_version(const rv_model* m);
/* The file index (rv_lod_file_index) of the LOD that shows the model as the game does: the
 * resolution LOD with the smallest resolution, else the first View LOD, else the first LOD with
 * faces; -1 for a model without LODs. The opened LODs (rv_options.lods) may leave it out. */
RV_API int32_t rv_model_first_visual_lod(const rv_model* m);
/* Bytes of rv_options.memory_limit the open model holds (its decoded arrays, view and images; for a
 * terrain's object model, the terrain open's total). A host that copies the images (the Blender
 * add-on makes float copies) keeps its copies within the rest of the limit. Thread-safe. */
RV_API uint64_t rv_model_memory_in_use(const rv_model* m);
RV_API uint32_t rv_model_warning_count(const rv_model* m);
RV_API int32_t rv_model_warning_kind(const rv_model* m, uint32_t i); /* RV_WARNING_* */
RV_API uint64_t rv_model_warning_offset(const rv_model* m, uint32_t i);
RV_API const char* rv_model_warning(const rv_model* m, uint32_t i); /* the message line */
RV_API void rv_model_center(const rv_model* m, float* out3);        /* bounding centre, in the frame */

/* Materials: (texture, rvmat) pairs of the opened LODs, with unique display names. */
RV_API uint32_t rv_model_material_count(const rv_model* m);
RV_API const char* rv_material_name(const rv_model* m, uint32_t i);
RV_API const char* rv_material_texture(const rv_model* m, uint32_t i);
RV_API const char* rv_material_rvmat(const rv_model* m, uint32_t i);

/* Material textures (with rv_options.data_root): the face texture, then the rvmat's stage
 * textures, each resolved and decoded once. Roles: "base color", "normal", "specular gloss",
 * "ambient shadow", "macro", "detail", "other". A texture that cannot be had keeps its reference
 * and says why (rv_material_image_status: "file", "pbo", or "missing: ...", "unsafe: ...", a
 * decode error); it is also one of the model's warnings. */
RV_API uint32_t rv_material_image_count(const rv_model* m, uint32_t mat);
RV_API const char* rv_material_image_role(const rv_model* m, uint32_t mat, uint32_t k);
RV_API const char* rv_material_image_reference(const rv_model* m, uint32_t mat, uint32_t k);
RV_API const char* rv_material_image_status(const rv_model* m, uint32_t mat, uint32_t k);
RV_API int32_t rv_material_image_stage(const rv_model* m, uint32_t mat, uint32_t k); /* -1: face texture */
/* Equal for equal pixels among the opens of one session (or one model): where the file was found,
 * how it was decoded and, for a derived map, how it was derived; "" without an image (ABI 8). */
RV_API const char* rv_material_image_key(const rv_model* m, uint32_t mat, uint32_t k);
/* 0 when the image could not be had. */
RV_API int32_t rv_material_image_size(const rv_model* m, uint32_t mat, uint32_t k, uint32_t* width, uint32_t* height);
RV_API void rv_material_image_rgba8(const rv_model* m, uint32_t mat, uint32_t k, uint8_t* out); /* top row first */
/* The same as floats 0..1, bottom row first (Blender's Image.pixels). */
RV_API void rv_material_image_rgba_float_bottom_up(const rv_model* m, uint32_t mat, uint32_t k, float* out);
/* Which image plays a role (-1 none), and the alpha mode ("opaque", "mask", "blend") from the
 * base colour's pixels. After the face and stage textures come the maps made for glTF-style
 * (metallic-roughness) outputs, each with rv_material_image_derived_from >= 0: the normal map
 * in glTF's and Blender's convention (green up, z rebuilt), metallic-roughness from _smdi
 * (roles "metallic roughness"; G roughness, B metallic 0) and occlusion from _as ("occlusion";
 * R). rv_material_normal_image gives the converted normal map. docs/materials.md has the rules. */
RV_API int32_t rv_material_base_color_image(const rv_model* m, uint32_t mat);
RV_API int32_t rv_material_normal_image(const rv_model* m, uint32_t mat);
RV_API int32_t rv_material_specular_gloss_image(const rv_model* m, uint32_t mat);
RV_API int32_t rv_material_metallic_roughness_image(const rv_model* m, uint32_t mat);
RV_API int32_t rv_material_occlusion_image(const rv_model* m, uint32_t mat);
RV_API int32_t rv_material_image_derived_from(const rv_model* m, uint32_t mat, uint32_t k); /* -1: as decoded */
/* The UV set (0-based) an image is sampled with: its rvmat stage's uvSource. */
RV_API uint32_t rv_material_image_uv_set(const rv_model* m, uint32_t mat, uint32_t k);
/* glTF-style factors: base colour = the material's diffuse x a procedural color() face texture;
 * emissive RGB from its emissive colour (clamped 0..1); metallic 0; roughness from specularPower
 * when no _smdi map carries it (else 1). Without a material: white, black, 0, 1. */
RV_API void rv_material_base_color_factor(const rv_model* m, uint32_t mat, float* out4);
RV_API void rv_material_emissive_factor(const rv_model* m, uint32_t mat, float* out3);
RV_API float rv_material_metallic_factor(const rv_model* m, uint32_t mat);
RV_API float rv_material_roughness_factor(const rv_model* m, uint32_t mat);
RV_API const char* rv_material_alpha_mode(const rv_model* m, uint32_t mat);

/* LODs: the ones rv_options.lods picked, in file order. */
RV_API uint32_t rv_model_lod_count(const rv_model* m);
RV_API uint32_t rv_lod_file_index(const rv_model* m, uint32_t lod); /* position in the file */
RV_API const char* rv_lod_name(const rv_model* m, uint32_t lod);    /* "1.000", "Geometry"... */
RV_API float rv_lod_resolution(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_kind(const rv_model* m, uint32_t lod); /* "visual", "view", "geometry"... */

RV_API uint32_t rv_lod_vertex_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_positions(const rv_model* m, uint32_t lod, float* out); /* 3 per vertex */
RV_API int32_t rv_lod_has_normals(const rv_model* m, uint32_t lod);
RV_API void rv_lod_normals(const rv_model* m, uint32_t lod, float* out); /* 3 per vertex */
RV_API uint32_t rv_lod_uv_set_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out);        /* 2 per vertex */
RV_API void rv_lod_corner_uvs(const rv_model* m, uint32_t lod, uint32_t set, float* out); /* 2 per corner */

/* Polygons (3 or 4 corners) ordered by material group, corners in the frame's winding. */
RV_API uint32_t rv_lod_polygon_count(const rv_model* m, uint32_t lod);
RV_API uint32_t rv_lod_corner_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_polygons(const rv_model* m, uint32_t lod, uint32_t* start, uint32_t* size, uint32_t* corners);
RV_API void rv_lod_polygon_groups(const rv_model* m, uint32_t lod, uint32_t* out); /* group of each */
/* Triangles: each polygon as the fan the engine draws, 3 vertex indices each. */
RV_API uint32_t rv_lod_triangle_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_triangles(const rv_model* m, uint32_t lod, uint32_t* out);
/* Material groups: out5 = material, first polygon, polygon count, first triangle, triangle count. */
RV_API uint32_t rv_lod_group_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_group(const rv_model* m, uint32_t lod, uint32_t group, uint32_t* out5);
/* Vertices no polygon uses (memory points, the centre of mass): kept, never dropped. */
RV_API uint32_t rv_lod_loose_point_count(const rv_model* m, uint32_t lod);
RV_API void rv_lod_loose_points(const rv_model* m, uint32_t lod, uint32_t* out);

RV_API uint32_t rv_lod_selection_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_selection_name(const rv_model* m, uint32_t lod, uint32_t sel);
RV_API uint32_t rv_lod_selection_vertex_count(const rv_model* m, uint32_t lod, uint32_t sel);
/* Vertex indices and weights (0..1, decoded from the stored bytes once). */
RV_API void rv_lod_selection_vertices(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices,
                                      float* weights);
/* The same vertices ordered by weight (stable), as runs of one weight: run r is
 * vertices[run_end[r-1] .. run_end[r]) with weight run_weight[r]. Returns the number of runs;
 * call with NULL buffers first to size them (at most the vertex count). */
RV_API uint32_t rv_lod_selection_weight_runs(const rv_model* m, uint32_t lod, uint32_t sel, uint32_t* vertices,
                                             float* run_weight, uint32_t* run_end);
/* Named points (Memory LODs and LODs without faces): each selection's centroid. */
RV_API uint32_t rv_lod_named_point_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_named_point_name(const rv_model* m, uint32_t lod, uint32_t i);
RV_API void rv_lod_named_point_position(const rv_model* m, uint32_t lod, uint32_t i, float* out3);

RV_API uint32_t rv_lod_property_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_property_name(const rv_model* m, uint32_t lod, uint32_t i);
RV_API const char* rv_lod_property_value(const rv_model* m, uint32_t lod, uint32_t i);

RV_API uint32_t rv_lod_proxy_count(const rv_model* m, uint32_t lod);
RV_API const char* rv_lod_proxy_name(const rv_model* m, uint32_t lod, uint32_t i); /* "proxy:<path>.001" */
RV_API const char* rv_lod_proxy_path(const rv_model* m, uint32_t lod, uint32_t i);
RV_API int32_t rv_lod_proxy_index(const rv_model* m, uint32_t lod, uint32_t i); /* -1 when out of range */
RV_API void rv_lod_proxy_transform(const rv_model* m, uint32_t lod, uint32_t i, float* out16); /* row-major 4x4 */
/* The model drawn at the proxy (one LOD, uncentred: place it with the proxy's transform; its proxies
 * nest), or NULL. Owned by m, never closed itself; proxies naming one model share its handle. */
RV_API const rv_model* rv_lod_proxy_model(const rv_model* m, uint32_t lod, uint32_t i);

/* Per-vertex masses (kg) of the geometry LOD; 0 elsewhere. */
RV_API int32_t rv_lod_has_mass(const rv_model* m, uint32_t lod);
RV_API void rv_lod_vertex_masses(const rv_model* m, uint32_t lod, float* out);

/* ---- skeletons (rv/skeleton.hpp) ----
 * The model's skeleton: bones in stored order, names lower-cased, parents by index (-1: root),
 * and a display head per bone in the frame (the weighted centre of the vertices it moves). Every
 * bone rests at the identity: an animation's matrix for a bone is what it does to the model. A
 * skinned LOD has, per vertex, 4 bone indices and 4 weights summing to 1 (all 0: bound to none). */
RV_API const char* rv_model_skeleton_name(const rv_model* m); /* "" when the model has none */
RV_API uint32_t rv_model_bone_count(const rv_model* m);
RV_API const char* rv_bone_name(const rv_model* m, uint32_t bone);
RV_API int32_t rv_bone_parent(const rv_model* m, uint32_t bone);
RV_API void rv_bone_head(const rv_model* m, uint32_t bone, float* out3);
RV_API int32_t rv_lod_is_skinned(const rv_model* m, uint32_t lod);
RV_API void rv_lod_vertex_bones(const rv_model* m, uint32_t lod, uint32_t* bones4, float* weights4);

/* ---- animations (.rtm: RTM_0101, RTM_MDAT + RTM_0101, BMTR v3-v5) ----
 * rv_animation_pose applies one to a skeleton given by its bone names (any case) and parent
 * indices, in the frame `axes` (RV_AXES_*). `center3`: the model's bounding centre in that frame
 * when its positions are relative to it (rv_options.autocenter 1, rv_model_center), else NULL.
 * `out` receives frame_count * bone_count row-major 4x4 matrices (frame-major): what each bone
 * does to the model in that frame, the step applied. `keyed` (bone_count bytes, may be NULL): 1
 * where the animation names the bone. Returns RV_OK, or an error (memory limit, bad arguments)
 * with `error` filled. Animation bones outside the skeleton are left out; `dropped` (may be NULL)
 * receives how many. The handle is read-only: poses may run on several threads at once. */
typedef struct rv_animation rv_animation;
RV_API int32_t rv_animation_open(const char* path, const rv_options* options, rv_animation** out, rv_error* error);
RV_API int32_t rv_animation_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                                        rv_animation** out, rv_error* error);
RV_API void rv_animation_close(rv_animation* a);
/* Outputs play a cycle of F frames in F / this (30) seconds: an RTM stores phases, not times. */
RV_API float rv_animation_default_fps(void);
RV_API const char* rv_animation_signature(const rv_animation* a); /* "RTM_0101", "RTM_MDAT+RTM_0101", "BMTR" */
RV_API uint32_t rv_animation_version(const rv_animation* a);
RV_API uint32_t rv_animation_frame_count(const rv_animation* a);
RV_API void rv_animation_phases(const rv_animation* a, float* out);            /* one per frame */
RV_API uint32_t rv_animation_key_frames(const rv_animation* a, uint32_t* out); /* the keyed frames (ABI 6) */
RV_API void rv_animation_step(const rv_animation* a, int32_t axes, float* out3);
RV_API uint32_t rv_animation_bone_count(const rv_animation* a);
RV_API const char* rv_animation_bone_name(const rv_animation* a, uint32_t i);
RV_API uint32_t rv_animation_warning_count(const rv_animation* a);
RV_API const char* rv_animation_warning(const rv_animation* a, uint32_t i);
RV_API int32_t rv_animation_pose(const rv_animation* a, uint32_t bone_count, const char* const* names,
                                 const int32_t* parents, int32_t axes, const float* center3, float* out, uint8_t* keyed,
                                 uint32_t* dropped, rv_error* error);

/* ---- terrains: rvimport_terrain.h (included here) ---- */
#include "rvimport_terrain.h"

/* ---- textures (.paa, .pac) ---- */

/* A texture's largest mip, decoded to RGBA8 (ZIWS swizzle undone, as `rvimport export X.paa
 * X.png` does) under rv_options.memory_limit; every type rvimport reads (DXT1-5, ARGB4444/1555/
 * 8888, AI88, P8, OFP's untyped files). The Blender add-on imports PAA/PAC files as images. */
typedef struct rv_texture rv_texture;
RV_API int32_t rv_texture_open(const char* path, const rv_options* options, rv_texture** out, rv_error* error);
/* The same from bytes in memory; `name` stands for the file in messages and its extension decides an
 * untyped OFP file (".pac": P8, else ARGB4444), as the engine does. */
RV_API int32_t rv_texture_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                                      rv_texture** out, rv_error* error);
RV_API void rv_texture_close(rv_texture* t);
RV_API const char* rv_texture_type(const rv_texture* t); /* "DXT1", "ARGB4444", "P8"... */
RV_API uint32_t rv_texture_mip_count(const rv_texture* t);
/* 1 when some decoded pixel is not opaque (the rule the view applies to a material's colour map) */
RV_API int32_t rv_texture_has_alpha(const rv_texture* t);
RV_API void rv_texture_size(const rv_texture* t, uint32_t* width, uint32_t* height);
RV_API void rv_texture_rgba8(const rv_texture* t, uint8_t* out);              /* 4 x width x height, top row first */
RV_API void rv_texture_rgba_float_bottom_up(const rv_texture* t, float* out); /* Blender's Image.pixels layout */
/* What the file name says it is for (the view's rule: _co colour, _nohq normal, _smdi specular gloss,
 * _as ambient shadow, _mc macro, _dt detail; "other"), and whether it holds sRGB colours, not data. */
RV_API const char* rv_texture_role(const rv_texture* t);
RV_API int32_t rv_texture_is_colour(const rv_texture* t);
RV_API uint32_t rv_texture_warning_count(const rv_texture* t);
RV_API const char* rv_texture_warning(const rv_texture* t, uint32_t i);

#ifdef __cplusplus
}
#endif

#endif
