// libFuzzer: the C ABI (librvimport, include/rvimport.h) as a host drives it. The first byte picks
// the options (axes = b % 3; bit 2 uv_bottom_left and split_folded_quads, Blender's pair; bit 3
// autocenter off; tile cells 128/16/1/7 from bits 4-5; LODs all/first/visual/Geometry from bits
// 6-7); the rest is handed to both
// rv_model_open_memory, rv_terrain_open_memory and rv_texture_open_memory (as a .paa, and as a
// .pac when the selector's bit 0 is set) with a 64 MiB memory limit. On success every
// getter is called with heap buffers of exactly the size the counts give (so one element too many
// trips AddressSanitizer), the first tiles and the last are loaded and read, and the handle is
// closed. A broken contract (an index past its array, an error without a message) traps.
//
// Seeds: scripts/fuzz.sh prefixes each .p3d / .wrp seed with the selector bytes 0, 1 and 2.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "rvimport.h"

namespace {

constexpr uint32_t kMaxTiles = 4;  // tiles touched per terrain: the first three and the last

// Exactly n elements on the heap, never NULL (a zero-size allocation is a real pointer too).
template <class T>
std::unique_ptr<T[]> buffer(size_t n) {
    return std::unique_ptr<T[]>(new T[n]);
}

void require(bool ok) {
    if (!ok) __builtin_trap();
}

void checkError(int32_t r, const void* handle, const rv_error& e, size_t size) {
    require(r != RV_OK);
    require(handle == nullptr);
    require(e.code == r);
    require(e.message[0] != '\0');
    require(r == RV_ERROR_MEMORY_LIMIT || r == RV_ERROR_OUT_OF_MEMORY || e.offset <= size);
}

void walkModel(const rv_model* m) {
    float c3[3];
    rv_model_center(m, c3);
    (void)rv_model_version(m);
    for (uint32_t i = 0; i < rv_model_warning_count(m); ++i) {
        (void)rv_model_warning_kind(m, i);
        (void)rv_model_warning_offset(m, i);
        require(rv_model_warning(m, i) != nullptr);
    }
    const uint32_t materials = rv_model_material_count(m);
    for (uint32_t i = 0; i < materials; ++i) {
        require(rv_material_name(m, i)[0] != '\0');
        (void)rv_material_texture(m, i);
        (void)rv_material_rvmat(m, i);
    }
    for (uint32_t lod = 0; lod < rv_model_lod_count(m); ++lod) {
        (void)rv_lod_file_index(m, lod);
        (void)rv_lod_name(m, lod);
        (void)rv_lod_resolution(m, lod);
        (void)rv_lod_kind(m, lod);
        const uint32_t nv = rv_lod_vertex_count(m, lod), np = rv_lod_polygon_count(m, lod);
        const uint32_t nc = rv_lod_corner_count(m, lod), nt = rv_lod_triangle_count(m, lod);
        const uint32_t ng = rv_lod_group_count(m, lod), nl = rv_lod_loose_point_count(m, lod);

        auto positions = buffer<float>(3 * size_t(nv));
        rv_lod_positions(m, lod, positions.get());
        if (rv_lod_has_normals(m, lod)) {
            auto normals = buffer<float>(3 * size_t(nv));
            rv_lod_normals(m, lod, normals.get());
        }
        for (uint32_t set = 0; set < rv_lod_uv_set_count(m, lod); ++set) {
            auto uv = buffer<float>(2 * size_t(nv));
            rv_lod_uvs(m, lod, set, uv.get());
            auto cornerUv = buffer<float>(2 * size_t(nc));
            rv_lod_corner_uvs(m, lod, set, cornerUv.get());
        }
        auto start = buffer<uint32_t>(np), size = buffer<uint32_t>(np), corners = buffer<uint32_t>(nc);
        rv_lod_polygons(m, lod, start.get(), size.get(), corners.get());
        uint64_t cornerSum = 0, fan = 0;
        for (uint32_t p = 0; p < np; ++p) {
            require(start[p] == cornerSum);
            cornerSum += size[p];
            fan += size[p] > 2 ? size[p] - 2 : 0;
        }
        require(cornerSum == nc && fan == nt);
        for (uint32_t c = 0; c < nc; ++c) require(corners[c] < nv);
        auto groupOf = buffer<uint32_t>(np);
        rv_lod_polygon_groups(m, lod, groupOf.get());
        for (uint32_t p = 0; p < np; ++p) require(groupOf[p] < ng);
        auto triangles = buffer<uint32_t>(3 * size_t(nt));
        rv_lod_triangles(m, lod, triangles.get());
        for (size_t i = 0; i < 3 * size_t(nt); ++i) require(triangles[i] < nv);
        uint64_t nextPolygon = 0, nextTriangle = 0;
        for (uint32_t g = 0; g < ng; ++g) {
            uint32_t g5[5];
            rv_lod_group(m, lod, g, g5);
            require(g5[0] < materials && g5[1] == nextPolygon && g5[3] == nextTriangle);
            nextPolygon += g5[2];
            nextTriangle += g5[4];
        }
        require(nextPolygon == np && nextTriangle == nt);
        auto loose = buffer<uint32_t>(nl);
        rv_lod_loose_points(m, lod, loose.get());
        for (uint32_t i = 0; i < nl; ++i) require(loose[i] < nv);

        for (uint32_t s = 0; s < rv_lod_selection_count(m, lod); ++s) {
            (void)rv_lod_selection_name(m, lod, s);
            const uint32_t n = rv_lod_selection_vertex_count(m, lod, s);
            auto vertices = buffer<uint32_t>(n);
            auto weights = buffer<float>(n);
            rv_lod_selection_vertices(m, lod, s, vertices.get(), weights.get());
            for (uint32_t i = 0; i < n; ++i) require(vertices[i] < nv && weights[i] >= 0.0f && weights[i] <= 1.0f);
            const uint32_t runs = rv_lod_selection_weight_runs(m, lod, s, nullptr, nullptr, nullptr);
            require(runs <= n);
            auto runVertices = buffer<uint32_t>(n), runEnd = buffer<uint32_t>(runs);
            auto runWeight = buffer<float>(runs);
            require(rv_lod_selection_weight_runs(m, lod, s, runVertices.get(), runWeight.get(), runEnd.get()) == runs);
            for (uint32_t r = 0; r < runs; ++r) require(runEnd[r] <= n && (r == 0 || runEnd[r] > runEnd[r - 1]));
            require(runs == 0 ? n == 0 : runEnd[runs - 1] == n);
        }
        for (uint32_t i = 0; i < rv_lod_named_point_count(m, lod); ++i) {
            (void)rv_lod_named_point_name(m, lod, i);
            auto p = buffer<float>(3);
            rv_lod_named_point_position(m, lod, i, p.get());
        }
        for (uint32_t i = 0; i < rv_lod_property_count(m, lod); ++i) {
            (void)rv_lod_property_name(m, lod, i);
            (void)rv_lod_property_value(m, lod, i);
        }
        for (uint32_t i = 0; i < rv_lod_proxy_count(m, lod); ++i) {
            (void)rv_lod_proxy_name(m, lod, i);
            (void)rv_lod_proxy_path(m, lod, i);
            (void)rv_lod_proxy_index(m, lod, i);
            auto t = buffer<float>(16);
            rv_lod_proxy_transform(m, lod, i, t.get());
        }
        if (rv_lod_has_mass(m, lod)) {
            auto mass = buffer<float>(nv);
            rv_lod_vertex_masses(m, lod, mass.get());
        }
    }
}

void walkTerrain(rv_terrain* t) {
    (void)rv_terrain_signature(t);
    (void)rv_terrain_version(t);
    for (uint32_t i = 0; i < rv_terrain_warning_count(t); ++i) {
        (void)rv_terrain_warning_kind(t, i);
        (void)rv_terrain_warning(t, i);
    }
    uint32_t mx = 0, my = 0, lx = 0, ly = 0;
    rv_terrain_map_size(t, &mx, &my);
    rv_terrain_layer_size(t, &lx, &ly);
    (void)rv_terrain_cell_size(t);
    auto elevation = buffer<float>(size_t(mx) * my);
    rv_terrain_elevation(t, elevation.get());
    const uint32_t materials = rv_terrain_material_count(t);
    for (uint32_t i = 0; i < materials; ++i) {
        (void)rv_terrain_material(t, i);
        uint32_t w = 7, h = 7;  // no data root here: no layer has a picture
        require(rv_terrain_layer_image_size(t, i, &w, &h) == 0 && w == 0 && h == 0);
        require(rv_terrain_layer_image_reference(t, i)[0] == '\0');
    }
    const uint64_t allVertices = rv_terrain_vertex_count(t);

    const uint32_t tiles = rv_terrain_tile_count(t);
    for (uint32_t k = 0; k < tiles && k < kMaxTiles; ++k) {
        const uint32_t i = k + 1 == kMaxTiles ? tiles - 1 : k;
        require(rv_terrain_tile_load(t, i) == 1);
        uint32_t ext[6];
        rv_tile_extent(t, ext);
        const uint32_t nv = rv_tile_vertex_count(t), nc = rv_tile_cell_count(t);
        require(ext[4] >= ext[2] && ext[5] >= ext[3] && ext[4] < mx && ext[5] < my);
        require(uint64_t(nv) == uint64_t(ext[4] - ext[2] + 1) * (ext[5] - ext[3] + 1));
        require(uint64_t(nc) == uint64_t(ext[4] - ext[2]) * (ext[5] - ext[3]));
        auto positions = buffer<float>(3 * size_t(nv)), normals = buffer<float>(3 * size_t(nv));
        auto uvs = buffer<float>(2 * size_t(nv)), cornerUvs = buffer<float>(8 * size_t(nc));
        auto quads = buffer<uint32_t>(4 * size_t(nc)), triangles = buffer<uint32_t>(6 * size_t(nc));
        auto cellMaterials = buffer<uint32_t>(nc);
        auto layerUvs = buffer<float>(8 * size_t(nc));
        require(nv <= allVertices);
        rv_tile_positions(t, positions.get());
        rv_tile_normals(t, normals.get());
        rv_tile_uvs(t, uvs.get());
        rv_tile_corner_uvs(t, cornerUvs.get());
        rv_tile_corner_layer_uvs(t, layerUvs.get());
        rv_tile_quads(t, quads.get());
        rv_tile_triangles(t, triangles.get());
        rv_tile_cell_materials(t, cellMaterials.get());
        for (size_t c = 0; c < 4 * size_t(nc); ++c) require(quads[c] < nv);
        for (size_t c = 0; c < 6 * size_t(nc); ++c) require(triangles[c] < nv);
        for (uint32_t c = 0; c < nc; ++c) require(cellMaterials[c] == 0 || cellMaterials[c] < materials);
        const uint32_t groups = rv_tile_group_count(t);
        auto cellGroups = buffer<uint32_t>(nc);
        rv_tile_cell_groups(t, cellGroups.get());
        uint64_t nextCell = 0;
        for (uint32_t g = 0; g < groups; ++g) {
            uint32_t g3[3];
            rv_tile_group(t, g, g3);
            require(g3[1] == nextCell);
            nextCell += g3[2];
        }
        require(nextCell == nc);
        for (uint32_t c = 0; c < nc; ++c) require(cellGroups[c] < groups);
    }
    require(rv_terrain_tile_load(t, tiles) == 0);

    const uint32_t objects = rv_terrain_object_count(t);
    auto transforms = buffer<float>(16 * size_t(objects));
    rv_terrain_object_transforms(t, transforms.get());
    for (uint32_t i = 0; i < objects; ++i) {
        (void)rv_terrain_object_model(t, i);
        (void)rv_terrain_object_id(t, i);
    }
    uint64_t placed = 0;
    for (uint32_t i = 0; i < rv_terrain_placement_count(t); ++i) {
        (void)rv_terrain_placement_model(t, i);
        const uint32_t n = rv_terrain_placement_object_count(t, i);
        auto list = buffer<uint32_t>(n);
        rv_terrain_placement_objects(t, i, list.get());
        for (uint32_t k = 0; k < n; ++k) require(list[k] < objects);
        placed += n;
    }
    // Objects with a non-finite transform are left out of the placements (with a warning).
    uint64_t finite = 0;
    for (uint32_t i = 0; i < objects; ++i) {
        bool ok = true;
        for (size_t k = 0; k < 16; ++k) ok = ok && std::isfinite(transforms[16 * size_t(i) + k]);
        finite += ok;
    }
    require(placed == finite);
    // The map: no mosaic without a data root; every vector layer's points are finite.
    rv_error e;
    require(rv_terrain_mosaic_build(t, RV_MOSAIC_SATELLITE, 0, &e) == RV_ERROR_CANNOT_READ);
    for (uint32_t l = 0; l < rv_terrain_map_layer_count(t); ++l) {
        (void)rv_terrain_map_layer_name(t, l);
        require(rv_terrain_map_layer_geometry(t, l) <= RV_GEOMETRY_POLYGON);
        for (uint32_t f = 0; f < rv_terrain_map_feature_count(t, l); ++f) {
            const uint32_t n = rv_terrain_map_feature_point_count(t, l, f);
            auto points = buffer<float>(3 * size_t(n));
            rv_terrain_map_feature_points(t, l, f, points.get());
            for (size_t k = 0; k < 3 * size_t(n); ++k) require(std::isfinite(points[k]));
            (void)rv_terrain_map_feature_kind(t, l, f);
            (void)rv_terrain_map_feature_object_id(t, l, f);
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static const uint32_t kTileCells[4] = {128, 16, 1, 7};
    static const char* const kLods[4] = {"all", "first", "visual", "Geometry"};
    const uint8_t b = data[0];
    rv_options o;
    rv_options_init(&o);
    o.memory_limit = uint64_t(64) << 20;
    o.axes = b % 3;
    o.uv_bottom_left = (b >> 2) & 1;
    o.split_folded_quads = (b >> 2) & 1;
    o.autocenter = !((b >> 3) & 1);
    o.tile_cells = kTileCells[(b >> 4) & 3];
    o.lods = kLods[(b >> 6) & 3];
    const uint8_t* file = data + 1;
    const size_t fileSize = size - 1;

    rv_model* m = nullptr;
    rv_error e;
    int32_t r = rv_model_open_memory(file, fileSize, "fuzz.p3d", &o, &m, &e);
    if (r == RV_OK) {
        require(m != nullptr && e.code == RV_OK);
        walkModel(m);
        rv_model_close(m);
    } else {
        checkError(r, m, e, fileSize);
    }

    rv_terrain* t = nullptr;
    r = rv_terrain_open_memory(file, fileSize, "fuzz.wrp", &o, &t, &e);
    if (r == RV_OK) {
        require(t != nullptr && e.code == RV_OK);
        walkTerrain(t);
        rv_terrain_close(t);
    } else {
        checkError(r, t, e, fileSize);
    }

    rv_texture* tex = nullptr;
    r = rv_texture_open_memory(file, fileSize, (b & 1) ? "fuzz.pac" : "fuzz.paa", &o, &tex, &e);
    if (r == RV_OK) {
        require(tex != nullptr && e.code == RV_OK);
        uint32_t w = 0, h = 0;
        rv_texture_size(tex, &w, &h);
        require(w > 0 && h > 0 && rv_texture_mip_count(tex) > 0 && rv_texture_type(tex)[0] != '\0');
        (void)rv_texture_has_alpha(tex);
        (void)rv_texture_is_colour(tex);
        require(rv_texture_role(tex)[0] != '\0');
        auto rgba = buffer<uint8_t>(size_t(w) * h * 4);
        rv_texture_rgba8(tex, rgba.get());
        auto px = buffer<float>(size_t(w) * h * 4);
        rv_texture_rgba_float_bottom_up(tex, px.get());
        for (uint32_t i = 0; i < rv_texture_warning_count(tex); ++i) require(rv_texture_warning(tex, i) != nullptr);
        rv_texture_close(tex);
    } else {
        checkError(r, tex, e, fileSize);
    }
    return 0;
}
