/* The map part of the terrain C ABI (include/rvimport_terrain.h: mosaics and vector layers) from
 * plain C99, on the world `rv_make_cli_inputs map DIR` writes (test/support/make_cli_inputs.cpp):
 *
 *     capi_map_test DIR
 *
 * The world is 4 x 2 land cells of 40 m over 8 x 4 height samples of 20 m. Layer 1 (the west
 * half) has a satellite picture red inside, green in its overlapping border; layer 2 (the east
 * but the north-east cell) a ramp, red = 10 per 10 m texel over east 50..170, blue 200; layer 3
 * (the north-east cell) names pictures the root lacks. The ground is the plane
 * h = 1.5 x / 20 + 0.25 z / 20 - 2. Every expected value here is worked from that definition. */
#include <stdint.h>

#include "capi_checks.h"
#include "rvimport.h"

static double ground(double x, double z) { return 1.5 * x / 20 + 0.25 * z / 20 - 2; }

static rv_terrain* open_world(const char* dir, const char* root, int axes) {
    char path[1024];
    rv_options o;
    rv_terrain* t = NULL;
    rv_error e;
    snprintf(path, sizeof path, "%s/world.wrp", dir);
    rv_options_init(&o);
    o.axes = axes;
    o.data_root = root;
    if (rv_terrain_open(path, &o, &t, &e) != RV_OK) {
        fprintf(stderr, "cannot open %s: %s\n", path, e.message);
        exit(2);
    }
    return t;
}

static void test_null_handles(void) {
    uint32_t w = 7, h = 7;
    rv_error e;
    set_context("NULL handles");
    CHECK_I(rv_terrain_mosaic_build(NULL, RV_MOSAIC_SATELLITE, 0, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK_I(e.code, RV_ERROR_INVALID_ARGUMENT);
    rv_terrain_mosaic_release(NULL);
    rv_terrain_mosaic_size(NULL, &w, &h);
    CHECK_U(w, 0);
    CHECK_U(h, 0);
    CHECK_F(rv_terrain_mosaic_pixel_size(NULL), 0, 0);
    CHECK_U(rv_terrain_mosaic_layers_drawn(NULL), 0);
    rv_terrain_mosaic_rgba8(NULL, NULL);
    rv_terrain_mosaic_rgba_float_bottom_up(NULL, NULL);
    CHECK_U(rv_terrain_mosaic_warning_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_mosaic_warning(NULL, 0));
    CHECK_U(rv_terrain_map_layer_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_map_layer_name(NULL, 0));
    CHECK_I(rv_terrain_map_layer_geometry(NULL, 0), 0);
    CHECK_U(rv_terrain_map_feature_count(NULL, 0), 0);
    CHECK_U(rv_terrain_map_feature_point_count(NULL, 0, 0), 0);
    rv_terrain_map_feature_points(NULL, 0, 0, NULL);
    CHECK_EMPTY(rv_terrain_map_feature_kind(NULL, 0, 0));
    CHECK_EMPTY(rv_terrain_map_feature_model(NULL, 0, 0));
    CHECK_I(rv_terrain_map_feature_object_id(NULL, 0, 0), -1);
    CHECK_U(rv_terrain_map_warning_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_map_warning(NULL, 0));
}

/* The satellite cut to what the tiles cover: 7 x 3 cells of 20 m = 140 m x 60 m at the pictures'
 * 10 m a texel: 14 x 6 pixels, the map's northern 20 m strip dropped. */
static void test_mosaic(const char* dir, const char* root) {
    rv_terrain* t = open_world(dir, root, RV_AXES_STORED);
    uint32_t w = 0, h = 0, x, y, missing = 0;
    uint8_t* rgba;
    float* bottom_up;
    rv_error e;
    set_context("satellite mosaic");
    CHECK_I(rv_terrain_mosaic_build(t, RV_MOSAIC_SATELLITE, 0, &e), RV_OK);
    rv_terrain_mosaic_size(t, &w, &h);
    CHECK_U(w, 14);
    CHECK_U(h, 6);
    CHECK_F(rv_terrain_mosaic_pixel_size(t), 10, 1e-9);
    CHECK_U(rv_terrain_mosaic_layers_drawn(t), 2);
    rgba = (uint8_t*)xalloc((size_t)w * h * 4, 1);
    bottom_up = (float*)xalloc((size_t)w * h * 4, sizeof(float));
    rv_terrain_mosaic_rgba8(t, rgba);
    rv_terrain_mosaic_rgba_float_bottom_up(t, bottom_up);
    for (y = 0; y < h && w == 14; ++y)
        for (x = 0; x < w; ++x) {
            const uint8_t* p = rgba + ((size_t)y * w + x) * 4;
            const float* q = bottom_up + ((size_t)(h - 1 - y) * w + x) * 4;
            /* Rows north first: mosaic row y is the map's row y + 2; the north-east cell (map rows
             * 0..3, columns 12..15) keeps its first two rows here, in the untextured ground colour
             * (linear 0.42, 0.45, 0.33 to sRGB: 173, 179, 155). */
            if (x < 8) {
                CHECK(p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255);
            } else if (y < 2 && x >= 12) {
                CHECK(p[0] == 173 && p[1] == 179 && p[2] == 155 && p[3] == 255);
                ++missing;
            } else {
                const double u = ((x + 0.5) * 10 - 50) / 120, want = 10 * (u * 12 - 0.5);
                CHECK_F(p[0], want < 0 ? 0 : want, 1.0);
                CHECK(p[2] == 200 && p[3] == 255);
            }
            CHECK_F(q[0], p[0] / 255.0, 1e-6);
            CHECK_F(q[3], p[3] / 255.0, 1e-6);
        }
    CHECK_U(missing, 4);
    /* One warning for the missing picture, naming it. */
    CHECK_U(rv_terrain_mosaic_warning_count(t), 1);
    CHECK(contains(rv_terrain_mosaic_warning(t, 0), "s_002_000_lco.paa"));
    set_context("mask mosaic");
    CHECK_I(rv_terrain_mosaic_build(t, RV_MOSAIC_MASK, 8, &e), RV_OK);
    rv_terrain_mosaic_size(t, &w, &h);
    CHECK_U(w, 7); /* capped: the 160 m map at 8 pixels, 20 m each; the tiles cover 7 x 3 of them */
    CHECK_U(h, 3);
    CHECK_F(rv_terrain_mosaic_pixel_size(t), 20, 1e-9);
    set_context("release");
    rv_terrain_mosaic_release(t);
    rv_terrain_mosaic_size(t, &w, &h);
    CHECK_U(w, 0);
    CHECK_U(rv_terrain_mosaic_warning_count(t), 0);
    CHECK_I(rv_terrain_mosaic_build(t, 5, 0, &e), RV_ERROR_INVALID_ARGUMENT);
    free(rgba);
    free(bottom_up);
    rv_terrain_close(t);
    set_context("no data root");
    t = open_world(dir, NULL, RV_AXES_STORED);
    CHECK_I(rv_terrain_mosaic_build(t, RV_MOSAIC_SATELLITE, 0, &e), RV_ERROR_CANNOT_READ);
    CHECK(contains(e.message, "without a data root"));
    rv_terrain_close(t);
}

static int32_t layer_named(const rv_terrain* t, const char* name) {
    uint32_t i;
    for (i = 0; i < rv_terrain_map_layer_count(t); ++i)
        if (strcmp(rv_terrain_map_layer_name(t, i), name) == 0) return (int32_t)i;
    return -1;
}

static void test_vectors(const char* dir, int axes) {
    static const char* fixed[] = {"objects", "roads", "forests", "rocks", "houses", "powerlines", "rivers"};
    rv_terrain* t = open_world(dir, NULL, axes);
    int32_t roads, houses, objects, trees;
    float p[9], house[12];
    uint32_t i;
    set_context("vector layers, axes %d", axes);
    CHECK_U(rv_terrain_map_layer_count(t), 8); /* the fixed seven, then "trees" */
    for (i = 0; i < 7; ++i) CHECK_S(rv_terrain_map_layer_name(t, i), fixed[i]);
    CHECK_EMPTY(rv_terrain_map_layer_name(t, 99));
    roads = layer_named(t, "roads"), houses = layer_named(t, "houses");
    objects = layer_named(t, "objects"), trees = layer_named(t, "trees");
    CHECK(roads >= 0 && houses >= 0 && objects >= 0 && trees >= 0);
    if (roads < 0 || houses < 0 || objects < 0 || trees < 0) return;
    CHECK_I(rv_terrain_map_layer_geometry(t, (uint32_t)roads), RV_GEOMETRY_LINE);
    CHECK_I(rv_terrain_map_layer_geometry(t, (uint32_t)houses), RV_GEOMETRY_POLYGON);
    CHECK_I(rv_terrain_map_layer_geometry(t, (uint32_t)objects), RV_GEOMETRY_POINT);
    /* The road link: through (5, 5), (60, 30), (150, 70), on the ground. */
    CHECK_U(rv_terrain_map_feature_count(t, (uint32_t)roads), 1);
    CHECK_U(rv_terrain_map_feature_point_count(t, (uint32_t)roads, 0), 3);
    CHECK_S(rv_terrain_map_feature_model(t, (uint32_t)roads, 0), "rv\\roads\\asf10.p3d");
    CHECK_I(rv_terrain_map_feature_object_id(t, (uint32_t)roads, 0), 7);
    rv_terrain_map_feature_points(t, (uint32_t)roads, 0, p);
    for (i = 0; i < 2; ++i) {
        const double x = i ? 60 : 5, z = i ? 30 : 5, hgt = ground(x, z);
        /* The frames of rvimport.h: STORED (x, h, z), Y_UP (x, h, -z), Z_UP (x, z, h). */
        CHECK_F(p[3 * i], x, 1e-4);
        CHECK_F(p[3 * i + 1], axes == RV_AXES_Z_UP ? z : hgt, 1e-4);
        CHECK_F(p[3 * i + 2], axes == RV_AXES_Z_UP ? hgt : axes == RV_AXES_Y_UP ? -z : z, 1e-4);
    }
    /* The house: the ring (40, 40), (60, 40), (60, 55), (40, 55), not repeated closed. */
    CHECK_U(rv_terrain_map_feature_count(t, (uint32_t)houses), 1);
    CHECK_U(rv_terrain_map_feature_point_count(t, (uint32_t)houses, 0), 4);
    CHECK_S(rv_terrain_map_feature_kind(t, (uint32_t)houses, 0), "House");
    CHECK_I(rv_terrain_map_feature_object_id(t, (uint32_t)houses, 0), 12);
    rv_terrain_map_feature_points(t, (uint32_t)houses, 0, house);
    CHECK_F(house[6], 60, 1e-4);
    CHECK_F(axes == RV_AXES_Z_UP ? house[7] : axes == RV_AXES_Y_UP ? -house[8] : house[8], 55, 1e-4);
    /* Objects: the house at (30.5, 10.25) and the tree at (125, 55), ids 1 and 2. */
    CHECK_U(rv_terrain_map_feature_count(t, (uint32_t)objects), 2);
    CHECK_S(rv_terrain_map_feature_model(t, (uint32_t)objects, 0), "rv\\test\\house.p3d");
    CHECK_I(rv_terrain_map_feature_object_id(t, (uint32_t)objects, 1), 2);
    /* The tree record with a NaN coordinate is left out, with one warning. */
    CHECK_U(rv_terrain_map_feature_count(t, (uint32_t)trees), 1);
    CHECK_U(rv_terrain_map_warning_count(t), 1);
    CHECK(contains(rv_terrain_map_warning(t, 0), "not finite"));
    CHECK_U(rv_terrain_map_feature_point_count(t, 99, 0), 0);
    CHECK_U(rv_terrain_map_feature_point_count(t, (uint32_t)roads, 9), 0);
    CHECK_I(rv_terrain_map_feature_object_id(t, (uint32_t)roads, 9), -1);
    rv_terrain_close(t);
}

int main(int argc, char** argv) {
    char root[1024];
    if (argc != 2) {
        fprintf(stderr, "usage: capi_map_test DIR (written by rv_make_cli_inputs map DIR)\n");
        return 2;
    }
    snprintf(root, sizeof root, "%s/root", argv[1]);
    test_null_handles();
    test_mosaic(argv[1], root);
    test_vectors(argv[1], RV_AXES_STORED);
    test_vectors(argv[1], RV_AXES_Y_UP);
    test_vectors(argv[1], RV_AXES_Z_UP);
    printf("capi_map_test: %ld checks, %ld failures\n", g_checks, g_failures);
    return g_failures ? 1 : 0;
}
