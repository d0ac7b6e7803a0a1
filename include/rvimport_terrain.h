/* rvimport C ABI, terrains: included by rvimport.h, never on its own. Terrain handles, their
 * tiles, layer pictures and placed objects; and what `rvimport map` writes, for hosts that draw a
 * terrain themselves (the Blender add-on): the satellite mosaic and the vector layers. The rules
 * of rvimport.h hold here: NULL handles and out-of-range indices give 0 / "" / nothing. */
#ifndef RVIMPORT_TERRAIN_H
#define RVIMPORT_TERRAIN_H

#ifndef RVIMPORT_H
#error "include rvimport.h, which includes this header"
#endif

RV_API int32_t rv_terrain_open(const char* path, const rv_options* options, rv_terrain** out, rv_error* error);
RV_API int32_t rv_terrain_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                                      rv_terrain** out, rv_error* error);
RV_API void rv_terrain_close(rv_terrain* t);
RV_API const char* rv_terrain_signature(const rv_terrain* t);
RV_API uint32_t rv_terrain_version(const rv_terrain* t);
RV_API uint32_t rv_terrain_warning_count(const rv_terrain* t);
RV_API int32_t rv_terrain_warning_kind(const rv_terrain* t, uint32_t i);
RV_API const char* rv_terrain_warning(const rv_terrain* t, uint32_t i);
RV_API void rv_terrain_map_size(const rv_terrain* t, uint32_t* x, uint32_t* y);   /* height samples */
RV_API void rv_terrain_layer_size(const rv_terrain* t, uint32_t* x, uint32_t* y); /* land cells */
RV_API float rv_terrain_cell_size(const rv_terrain* t);                           /* metres between samples */
RV_API void rv_terrain_elevation(const rv_terrain* t, float* out);                /* x fastest, row 0 south */
RV_API uint32_t rv_terrain_material_count(const rv_terrain* t);
RV_API const char* rv_terrain_material(const rv_terrain* t, uint32_t i);

/* Tiles of the height grid (rv_options.tile_cells cells a side). rv_terrain_tile_load builds
 * one tile (returns 0, keeping the tile loaded before, when i is out of range); the rv_tile_*
 * getters read the loaded tile. A handle holds one loaded tile: use one handle per thread. */
RV_API uint32_t rv_terrain_tile_count(const rv_terrain* t);
RV_API uint64_t rv_terrain_vertex_count(const rv_terrain* t); /* of all tiles together, before loading any */
RV_API int32_t rv_terrain_tile_load(rv_terrain* t, uint32_t i);
RV_API void rv_tile_extent(const rv_terrain* t, uint32_t* out6); /* column, row, x0, z0, x1, z1 */
RV_API uint32_t rv_tile_vertex_count(const rv_terrain* t);
RV_API void rv_tile_positions(const rv_terrain* t, float* out); /* 3 per sample, metres, in the frame */
RV_API void rv_tile_normals(const rv_terrain* t, float* out);   /* 3 per sample */
RV_API void rv_tile_uvs(const rv_terrain* t, float* out);       /* 2 per sample, over the whole map */
RV_API uint32_t rv_tile_cell_count(const rv_terrain* t);
RV_API void rv_tile_quads(const rv_terrain* t, uint32_t* out);          /* 4 per cell, upward, grouped by material */
RV_API void rv_tile_triangles(const rv_terrain* t, uint32_t* out);      /* 6 per cell: the engine's split */
RV_API void rv_tile_corner_uvs(const rv_terrain* t, float* out);        /* 8 per cell, the quads' corners */
RV_API void rv_tile_cell_materials(const rv_terrain* t, uint32_t* out); /* terrain material of each cell */
/* 8 per cell, the quads' corners: UVs into the cell's layer picture (its rvmat's TexGen world
 * mapping, or an OFP texture repeated per land cell); 0 where the layer has no picture. */
RV_API void rv_tile_corner_layer_uvs(const rv_terrain* t, float* out);
/* The loaded tile's cells are grouped by material: out3 = material, first cell, cell count. */
RV_API uint32_t rv_tile_group_count(const rv_terrain* t);
RV_API void rv_tile_group(const rv_terrain* t, uint32_t group, uint32_t* out3);
RV_API void rv_tile_cell_groups(const rv_terrain* t, uint32_t* out); /* group of each cell */

/* A layer material's picture (opened with a data root): the satellite segment of an Arma layer
 * .rvmat (its Stage0), or an OFP cell texture. size returns 0 (and 0 x 0) when it has none. */
RV_API const char* rv_terrain_layer_image_reference(const rv_terrain* t, uint32_t material);
RV_API int32_t rv_terrain_layer_image_size(const rv_terrain* t, uint32_t material, uint32_t* width, uint32_t* height);
RV_API void rv_terrain_layer_image_rgba8(const rv_terrain* t, uint32_t material, uint8_t* out); /* top row first */
RV_API void rv_terrain_layer_image_rgba_float_bottom_up(const rv_terrain* t, uint32_t material, float* out);
/* 1: the picture covers its cells once (an Arma satellite segment): sample it clamped to its edge
 * (glTF CLAMP_TO_EDGE, Blender's Extend), so its border is never blended with the opposite one;
 * 0: it repeats (an OFP cell texture), or the layer has no picture (ABI 4). */
RV_API int32_t rv_terrain_layer_image_clamped(const rv_terrain* t, uint32_t material);
/* What every output shows for a layer material: its name, the path's file name ("p_000-000_l00.rvmat";
 * "terrain (no layer)" when empty or out of range), and its linear RGBA base colour: white under a
 * picture (it multiplies it), else the untextured ground 0.42, 0.45, 0.33, 1 (NULL handle: none). */
RV_API const char* rv_terrain_layer_name(const rv_terrain* t, uint32_t material);
RV_API void rv_terrain_layer_colour(const rv_terrain* t, uint32_t material, float* out4);

/* Placed objects, in file order, and grouped by model (placements). */
RV_API uint32_t rv_terrain_object_count(const rv_terrain* t);
RV_API const char* rv_terrain_object_model(const rv_terrain* t, uint32_t i);
RV_API uint32_t rv_terrain_object_id(const rv_terrain* t, uint32_t i);
RV_API void rv_terrain_object_transforms(const rv_terrain* t, float* out); /* 16 per object, row-major */
/* `count` row-major 4x4 transforms (16 floats each, e.g. rv_terrain_object_transforms) as 9 floats
 * each: translation x, y, z; rotation as XYZ Euler angles in radians (R = Rz Ry Rx, Blender's
 * "XYZ"); scale x, y, z (a mirror is a negative z scale). inexact (optional, one byte each) is 1
 * where the transform is sheared (its axes' cosine over 1e-4: the shear is dropped) or degenerate
 * (a zero axis: translation only). Returns how many are inexact. The view's one decomposition. */
RV_API uint64_t rv_transforms_decompose(const float* transforms, uint64_t count, float* out9, uint8_t* inexact);
RV_API uint32_t rv_terrain_placement_count(const rv_terrain* t);
RV_API const char* rv_terrain_placement_model(const rv_terrain* t, uint32_t i);
RV_API uint32_t rv_terrain_placement_object_count(const rv_terrain* t, uint32_t i);
RV_API void rv_terrain_placement_objects(const rv_terrain* t, uint32_t i, uint32_t* out);
/* Opens placement i's model from the terrain's data root (its textures too) as the game places it:
 * first visual LOD, centred (`options` gives the rest). RV_ERROR_CANNOT_READ naming the reference
 * when the model is not there (the normal case: keep an empty). Close it with rv_model_close. */
RV_API int32_t rv_terrain_placement_model_open(const rv_terrain* t, uint32_t i, const rv_options* options,
                                               rv_model** out, rv_error* error);

/* ---- the map: mosaics and vector layers (ABI 7; rv/terrain_map.hpp, rv/terrain_features.hpp) ---- */

/* The map as its layers' pictures paint it (`which`: RV_MOSAIC_SATELLITE, each layer .rvmat's
 * Stage0 or OFP's cell textures; RV_MOSAIC_MASK, the surface masks), cut to what the tiles cover,
 * so rv_tile_uvs put each pixel where it lies: the far view as the game draws it, the picture
 * `rvimport export --satellite` lays on a terrain. Needs the data root. max_size caps the longer
 * side in pixels (0: the pictures' own resolution). Each land cell is painted from its own
 * layer's picture, so no seam or border shows; a missing picture is a warning, and its cells show
 * the untextured ground colour (satellite: rv_terrain_layer_colour's, in sRGB) or are transparent
 * (mask). The handle holds one mosaic, charged to its memory limit, until the next build or
 * rv_terrain_mosaic_release. Returns RV_OK, or an error with `error` filled (no data root:
 * RV_ERROR_CANNOT_READ; the memory limit: RV_ERROR_MEMORY_LIMIT). */
#define RV_MOSAIC_SATELLITE 0
#define RV_MOSAIC_MASK 1
RV_API int32_t rv_terrain_mosaic_build(rv_terrain* t, int32_t which, uint32_t max_size, rv_error* error);
RV_API void rv_terrain_mosaic_release(rv_terrain* t);
RV_API void rv_terrain_mosaic_size(const rv_terrain* t, uint32_t* width, uint32_t* height); /* 0 x 0: none */
RV_API double rv_terrain_mosaic_pixel_size(const rv_terrain* t);                            /* metres */
RV_API uint32_t rv_terrain_mosaic_layers_drawn(const rv_terrain* t);    /* layers whose picture was painted */
RV_API void rv_terrain_mosaic_rgba8(const rv_terrain* t, uint8_t* out); /* north row first */
RV_API void rv_terrain_mosaic_rgba_float_bottom_up(const rv_terrain* t, float* out); /* Image.pixels */
RV_API uint32_t rv_terrain_mosaic_warning_count(const rv_terrain* t);
RV_API const char* rv_terrain_mosaic_warning(const rv_terrain* t, uint32_t i);

/* The map's vector layers, as `rvimport map` writes them to map.gpkg: "objects" (points), "roads"
 * (the OPRW road links), "forests", "rocks", "houses", "powerlines", "rivers" (present even when
 * empty), then the other map-info kinds the file has. The map's own roads.shp is read by
 * `rvimport map` only. Built on first use. Points are in the frame (rv_options.axes), in metres
 * like rv_tile_positions, each at the height of the ground the tiles draw there (0 where that is not
 * a number); a polygon's ring is not repeated closed. */
#define RV_GEOMETRY_POINT 0
#define RV_GEOMETRY_LINE 1
#define RV_GEOMETRY_POLYGON 2
RV_API uint32_t rv_terrain_map_layer_count(const rv_terrain* t);
RV_API const char* rv_terrain_map_layer_name(const rv_terrain* t, uint32_t layer);
RV_API int32_t rv_terrain_map_layer_geometry(const rv_terrain* t, uint32_t layer); /* RV_GEOMETRY_* */
RV_API uint32_t rv_terrain_map_feature_count(const rv_terrain* t, uint32_t layer);
RV_API uint32_t rv_terrain_map_feature_point_count(const rv_terrain* t, uint32_t layer, uint32_t feature);
RV_API void rv_terrain_map_feature_points(const rv_terrain* t, uint32_t layer, uint32_t feature, float* out3);
RV_API const char* rv_terrain_map_feature_kind(const rv_terrain* t, uint32_t layer, uint32_t feature); /* "House" */
RV_API const char* rv_terrain_map_feature_model(const rv_terrain* t, uint32_t layer, uint32_t feature);
RV_API int64_t rv_terrain_map_feature_object_id(const rv_terrain* t, uint32_t layer, uint32_t feature); /* -1: none */
RV_API uint32_t rv_terrain_map_warning_count(const rv_terrain* t); /* records left out, counted per reason */
RV_API const char* rv_terrain_map_warning(const rv_terrain* t, uint32_t i);

#endif
