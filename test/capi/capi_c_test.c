/* The C ABI (include/rvimport.h) from plain C99, linked against librvimport only.
 *
 *     capi_c_test CRATE.p3d WORLD.wrp DEFAULT_SAMPLES_DIR WORK_DIR
 *
 * CRATE.p3d and WORLD.wrp are written by rv_make_demo (test/support/make_demo.cpp). Every
 * expected value below is derived from the fixture's definition (test/support/odol_writer.cpp
 * boxLod / makeCrateModel, test/support/wrp_writer.cpp makeTestTerrain), never from what the
 * library returns. The real-sample part (RV_SAMPLES_DIR, else DEFAULT_SAMPLES_DIR) prints a SKIP
 * line when the samples are absent. WORK_DIR receives a truncated copy of the crate.
 *
 * Covered: every function of rvimport.h, NULL handles and NULL buffers for every getter,
 * out-of-range LOD / set / selection / point / property / proxy / group / tile indices, every
 * open error the header names, the three frames, uv_bottom_left, autocenter, LOD choices,
 * opening from memory, an empty LOD with non-NULL buffers (the suite also runs under UBSan),
 * and invariants over every real sample. Exit status 0 when every check holds. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvimport.h"

#ifndef RV_EXPECTED_VERSION
#error "the build defines RV_EXPECTED_VERSION (the project version)"
#endif

#include "capi_checks.h"

#define SENTINEL_U 0xA5A5A5A5u
static const float kSentinelF = -12345.5f;

static int all_u(const uint32_t* v, size_t n, uint32_t value) {
    size_t i;
    for (i = 0; i < n; ++i)
        if (v[i] != value) return 0;
    return 1;
}
static int all_f(const float* v, size_t n, float value) {
    size_t i;
    for (i = 0; i < n; ++i)
        if (v[i] != value) return 0;
    return 1;
}
static void fill_u(uint32_t* v, size_t n, uint32_t value) {
    size_t i;
    for (i = 0; i < n; ++i) v[i] = value;
}
static void fill_f(float* v, size_t n, float value) {
    size_t i;
    for (i = 0; i < n; ++i) v[i] = value;
}

/* ------------------------------------------------------------------ frames (rvimport.h) */

typedef struct {
    float x, y, z;
} vec3;

static vec3 v3(float x, float y, float z) {
    vec3 v;
    v.x = x, v.y = y, v.z = z;
    return v;
}
static vec3 sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static vec3 add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static vec3 cross(vec3 a, vec3 b) { return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static float dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 at3(const float* p, size_t i) { return v3(p[3 * i], p[3 * i + 1], p[3 * i + 2]); }

/* The header's frames: STORED as is, Y_UP (x, y, -z), Z_UP (x, z, y). */
static vec3 to_frame(int axes, vec3 p) {
    if (axes == RV_AXES_Y_UP) return v3(p.x, p.y, -p.z);
    if (axes == RV_AXES_Z_UP) return v3(p.x, p.z, p.y);
    return p;
}
static int mirrored(int axes) { return axes != RV_AXES_STORED; }
static const char* axes_name(int axes) {
    return axes == RV_AXES_Y_UP ? "Y_UP" : axes == RV_AXES_Z_UP ? "Z_UP" : "STORED";
}

/* A stored 3x4 transform (rows aside, up, dir, position: p -> x*aside + y*up + z*dir + pos) as
 * the row-major 4x4 S*M*S of the frame change S (which is its own inverse). */
static void transform_to_frame(int axes, const float m12[12], float out16[16]) {
    double M[4][4], S[4][4], T[4][4];
    int r, c, k;
    memset(M, 0, sizeof M);
    memset(S, 0, sizeof S);
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) M[r][c] = m12[3 * c + r]; /* column c = aside / up / dir */
    for (r = 0; r < 3; ++r) M[r][3] = m12[9 + r];
    M[3][3] = 1;
    for (c = 0; c < 4; ++c) {
        /* column c of S is the image of basis vector c */
        vec3 e = v3(c == 0, c == 1, c == 2), img = to_frame(axes, e);
        if (c < 3) S[0][c] = img.x, S[1][c] = img.y, S[2][c] = img.z;
    }
    S[3][3] = 1;
    for (r = 0; r < 4; ++r)
        for (c = 0; c < 4; ++c) {
            T[r][c] = 0;
            for (k = 0; k < 4; ++k) T[r][c] += S[r][k] * M[k][c];
        }
    for (r = 0; r < 4; ++r)
        for (c = 0; c < 4; ++c) {
            double s = 0;
            for (k = 0; k < 4; ++k) s += T[r][k] * S[k][c];
            out16[4 * r + c] = (float)s;
        }
}

/* ------------------------------------------------------------------ the crate fixture */

/* test/support/odol_writer.cpp boxLod: 6 quads, 4 own vertices each, wound so that
 * cross(v1-v0, v2-v0) points outward in BI's space, corner UVs (0,1) (0,0) (1,0) (1,1). */
static void box(vec3 lo, vec3 hi, vec3* pos, vec3* nrm) {
    const vec3 c[6][4] = {
        {{hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, hi.y, hi.z}, {hi.x, lo.y, hi.z}},
        {{lo.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, hi.y, lo.z}, {lo.x, lo.y, lo.z}},
        {{lo.x, hi.y, lo.z}, {lo.x, hi.y, hi.z}, {hi.x, hi.y, hi.z}, {hi.x, hi.y, lo.z}},
        {{lo.x, lo.y, hi.z}, {lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, lo.y, hi.z}},
        {{hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, lo.y, hi.z}},
        {{lo.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, lo.y, lo.z}},
    };
    const vec3 n[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    int f, k;
    for (f = 0; f < 6; ++f)
        for (k = 0; k < 4; ++k) {
            pos[4 * f + k] = c[f][k];
            nrm[4 * f + k] = n[f];
        }
}
static const float kBoxUv[4][2] = {{0, 1}, {0, 0}, {1, 0}, {1, 1}};

typedef struct {
    const char* name;
    uint32_t vertices;
    const uint32_t* list; /* vertex indices, or NULL for first..first+vertices-1 */
    uint32_t first;
    const float* weights; /* NULL: all 1 */
} sel_fixture;

typedef struct {
    const char* name; /* the BI name lodName gives the resolution */
    float resolution;
    const char* kind;
    uint32_t vertex_count;
    vec3 pos[48];
    vec3 nrm[48]; /* outward normal of each vertex's face (also for LODs that store none) */
    int has_normals;
    uint32_t uv_sets;
    float uv[2][48][2];
    uint32_t face_count;
    uint32_t face_start[19];
    uint32_t face_idx[60];
    uint32_t group_count;
    uint32_t groups[2][5]; /* material, first polygon, polygon count, first triangle, triangle count */
    uint32_t selection_count;
    sel_fixture selections[3];
    uint32_t property_count;
    const char* properties[2][2];
    int named_points; /* the LOD's selections are named points */
    int has_mass;
} lod_fixture;

static lod_fixture g_crate[4];
static const vec3 kCrateCenter = {0.1f, 0.4f, 0.0f}; /* makeCrateModel boundingCenter */
/* The (texture, rvmat) pairs of "all" LODs in first-use order: LOD 0's body section
 * (crate_co.paa, crate.rvmat), then faces without texture or material. */
static const char* const kCrateMaterials[2] = {"crate_co.paa :: crate.rvmat", "default"};
static const uint32_t kLidVertices[4] = {8, 9, 10, 11};
static const float kLidWeights[4] = {1.0f, 1.0f, 128.0f / 255.0f, 1.0f}; /* bytes 255 255 128 1 */
static const uint32_t kMemory0[1] = {0}, kMemory1[1] = {1}, kMemory2[1] = {2};
/* The proxy of LOD 0: "\rv\demo\proxies\lamp.p3d", sequence id 1, turned 90 degrees about y. */
static const char* const kProxyPath = "\\rv\\demo\\proxies\\lamp.p3d";
static const float kProxyTransform[12] = {0, 0, -1, 0, 1, 0, 1, 0, 0, 0.2f, 0.4f, -0.1f};

static void quads(lod_fixture* l, uint32_t count) {
    uint32_t f, k;
    l->face_count = count;
    l->face_start[0] = 0;
    for (f = 0; f < count; ++f) {
        for (k = 0; k < 4; ++k) l->face_idx[4 * f + k] = 4 * f + k;
        l->face_start[f + 1] = 4 * (f + 1);
    }
}

static void make_crate(void) {
    lod_fixture* l;
    uint32_t i, h;
    memset(g_crate, 0, sizeof g_crate);

    /* LOD 0 "1.000": the body box, then the handle box stored as two triangles per quad; sections:
     * faces 0..5 crate_co.paa + crate.rvmat (material 0), faces 6..17 neither (material 1). */
    l = &g_crate[0];
    l->name = "1.000", l->resolution = 1.0f, l->kind = "visual";
    l->vertex_count = 48;
    box(v3(-0.5f, -0.4f, -0.3f), v3(0.5f, 0.4f, 0.3f), l->pos, l->nrm);
    box(v3(0.5f, -0.1f, -0.1f), v3(0.7f, 0.1f, 0.1f), l->pos + 24, l->nrm + 24);
    l->has_normals = 1;
    l->uv_sets = 2;
    for (i = 0; i < 48; ++i) {
        l->uv[0][i][0] = kBoxUv[i % 4][0], l->uv[0][i][1] = kBoxUv[i % 4][1];
        l->uv[1][i][0] = l->pos[i].x + 0.5f, l->uv[1][i][1] = l->pos[i].z + 0.5f;
    }
    quads(l, 6);
    for (h = 0; h < 6; ++h) {
        const uint32_t a = 24 + 4 * h, f = 6 + 2 * h, *s = &l->face_start[f];
        uint32_t* idx = l->face_idx + s[0];
        idx[0] = a, idx[1] = a + 1, idx[2] = a + 2;
        idx[3] = a, idx[4] = a + 2, idx[5] = a + 3;
        l->face_start[f + 1] = s[0] + 3;
        l->face_start[f + 2] = s[0] + 6;
    }
    l->face_count = 18;
    l->group_count = 2;
    {
        const uint32_t g[2][5] = {{0, 0, 6, 0, 12}, {1, 6, 12, 12, 12}};
        memcpy(l->groups, g, sizeof g);
    }
    l->selection_count = 3;
    l->selections[0].name = "lid", l->selections[0].vertices = 4, l->selections[0].list = kLidVertices;
    l->selections[0].weights = kLidWeights;
    l->selections[1].name = "handle", l->selections[1].vertices = 24, l->selections[1].first = 24;
    l->selections[2].name = "damage_hide", l->selections[2].vertices = 0;
    l->property_count = 1;
    l->properties[0][0] = "lodnoshadow", l->properties[0][1] = "1";

    /* LOD 1 "ShadowVolume 0" (10000): the whole box, no UVs, no normals, no sections. */
    l = &g_crate[1];
    l->name = "ShadowVolume 0", l->resolution = 10000.0f, l->kind = "shadow volume";
    l->vertex_count = 24;
    box(v3(-0.5f, -0.4f, -0.3f), v3(0.7f, 0.4f, 0.3f), l->pos, l->nrm);
    quads(l, 6);
    l->group_count = 1;
    {
        const uint32_t g[5] = {1, 0, 6, 0, 12};
        memcpy(l->groups[0], g, sizeof g);
    }

    /* LOD 2 "Geometry" (1e13): the whole box with its UVs and normals, Component01, two
     * properties, 24 masses of 5 kg. */
    l = &g_crate[2];
    l->name = "Geometry", l->resolution = 1e13f, l->kind = "geometry";
    l->vertex_count = 24;
    box(v3(-0.5f, -0.4f, -0.3f), v3(0.7f, 0.4f, 0.3f), l->pos, l->nrm);
    l->has_normals = 1;
    l->uv_sets = 1;
    for (i = 0; i < 24; ++i) l->uv[0][i][0] = kBoxUv[i % 4][0], l->uv[0][i][1] = kBoxUv[i % 4][1];
    quads(l, 6);
    l->group_count = 1;
    memcpy(l->groups[0], g_crate[1].groups[0], sizeof l->groups[0]);
    l->selection_count = 1;
    l->selections[0].name = "Component01", l->selections[0].vertices = 24, l->selections[0].first = 0;
    l->property_count = 2;
    l->properties[0][0] = "class", l->properties[0][1] = "thingx";
    l->properties[1][0] = "autocenter", l->properties[1][1] = "0";
    l->has_mass = 1;

    /* LOD 3 "Memory" (1e15): three named points, no faces. */
    l = &g_crate[3];
    l->name = "Memory", l->resolution = 1e15f, l->kind = "memory";
    l->vertex_count = 3;
    l->pos[0] = v3(0.6f, 0.0f, 0.0f), l->pos[1] = v3(0.0f, 0.45f, 0.0f), l->pos[2] = v3(-0.45f, -0.35f, 0.25f);
    l->face_count = 0;
    l->selection_count = 3;
    l->selections[0].name = "handle_axis", l->selections[0].vertices = 1, l->selections[0].list = kMemory0;
    l->selections[1].name = "lid_axis", l->selections[1].vertices = 1, l->selections[1].list = kMemory1;
    l->selections[2].name = "corner", l->selections[2].vertices = 1, l->selections[2].list = kMemory2;
    l->named_points = 1;
}

static uint32_t fixture_triangles(const lod_fixture* l) {
    uint32_t f, n = 0;
    for (f = 0; f < l->face_count; ++f) n += l->face_start[f + 1] - l->face_start[f] - 2;
    return n;
}

/* ------------------------------------------------------------------ files */

static unsigned char* read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    unsigned char* data;
    long n;
    *size = 0;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    data = (unsigned char*)xalloc((size_t)n, 1);
    if (n > 0 && fread(data, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(data);
        return NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return data;
}

static int write_file(const char* path, const unsigned char* data, size_t size) {
    FILE* f = fopen(path, "wb");
    if (!f) return 0;
    if (size && fwrite(data, 1, size, f) != size) {
        fclose(f);
        return 0;
    }
    return fclose(f) == 0;
}

/* ------------------------------------------------------------------ proxies drawn */

/* WORK_DIR/proxy_root holds the crate as rv\demo\proxies\lamp.p3d (the capi_proxy_root fixture):
 * the crate's proxy draws that crate's 1.000 (48 vertices, uncentred: its bounding centre (0.1,
 * 0.4, 0) added back), whose own proxy would draw it again, a loop cut to a node; the drawn model
 * is a handle of the opened one, which close ignores; RV_PROXIES_NODES draws none. */
static void test_proxy_models(const char* work) {
    char root[1024], lamp[1200];
    rv_options o;
    rv_model *m = NULL, *centred = NULL;
    rv_error e;
    const rv_model* placed;
    float p[3 * 48], own[3 * 48];
    uint32_t i, found = 0;
    FILE* f;
    set_context("proxy models");
    snprintf(root, sizeof root, "%s/proxy_root", work);
    snprintf(lamp, sizeof lamp, "%s/rv/demo/proxies/lamp.p3d", root);
    if (!(f = fopen(lamp, "rb"))) {
        printf("capi_c_test: no %s (the capi_proxy_root fixture): proxy models not checked\n", lamp);
        return;
    }
    fclose(f);
    rv_options_init(&o);
    CHECK(o.proxies == RV_PROXIES_RESOLVE);
    o.data_root = root;
    o.lods = "1.000";
    CHECK(rv_model_open(lamp, &o, &m, &e) == RV_OK);
    if (!m) return;
    CHECK(rv_lod_proxy_count(m, 0) == 1);
    placed = rv_lod_proxy_model(m, 0, 0);
    CHECK(placed != NULL && placed != m && rv_lod_proxy_model(m, 0, 1) == NULL && rv_lod_proxy_model(m, 1, 0) == NULL);
    if (placed) {
        CHECK(rv_model_lod_count(placed) == 1 && rv_lod_vertex_count(placed, 0) == 48);
        CHECK_S(rv_lod_name(placed, 0), "1.000");
        CHECK(rv_lod_proxy_count(placed, 0) == 1 && rv_lod_proxy_model(placed, 0, 0) == NULL); /* the loop */
        o.autocenter = 1;
        o.proxies = RV_PROXIES_NODES;
        CHECK(rv_model_open(lamp, &o, &centred, &e) == RV_OK);
        if (centred && rv_lod_vertex_count(centred, 0) == 48) {
            rv_lod_positions(placed, 0, p);
            rv_lod_positions(centred, 0, own);
            for (i = 0; i < 48; ++i)
                found += fabsf(p[3 * i] - own[3 * i] - 0.1f) < 1e-5f &&
                         fabsf(p[3 * i + 1] - own[3 * i + 1] - 0.4f) < 1e-5f &&
                         fabsf(p[3 * i + 2] - own[3 * i + 2]) < 1e-5f;
            CHECK(found == 48);
            CHECK(rv_lod_proxy_model(centred, 0, 0) == NULL);
        }
        rv_model_close(centred);
        rv_model_close((rv_model*)placed); /* not the caller's: ignored */
        CHECK(rv_model_warning_count(m) >= 1);
        for (i = 0, found = 0; i < rv_model_warning_count(m); ++i) found += contains(rv_model_warning(m, i), "loop");
        CHECK(found == 1);
    }
    rv_model_close(m);
    rv_options_init(&o);
    o.proxies = 7;
    m = (rv_model*)1;
    CHECK(rv_model_open(lamp, &o, &m, &e) == RV_ERROR_INVALID_ARGUMENT && m == NULL && contains(e.message, "proxies"));
}

/* ------------------------------------------------------------------ library level */

static void test_library(void) {
    static const char* const names[12] = {"ok",           "cannot read",   "not recognized",   "unsupported",
                                          "truncated",    "bad count",     "bad value",        "bad compression",
                                          "memory limit", "out of memory", "invalid argument", "ABI mismatch"};
    rv_options o;
    int code;
    set_context("library");
    CHECK_I(rv_abi_version(), RV_ABI_VERSION);
    CHECK_I(RV_ABI_VERSION, 8);
    CHECK_S(rv_version_string(), RV_EXPECTED_VERSION);
    for (code = RV_OK; code <= RV_ERROR_ABI_MISMATCH; ++code) CHECK_S(rv_result_name(code), names[code]);
    /* codes that are no rv_result still get a string */
    CHECK(rv_result_name(-1) != NULL);
    CHECK(rv_result_name(12) != NULL);
    CHECK(rv_result_name(1000000) != NULL);
    CHECK(rv_result_name(RV_WARNING_UNREAD_BYTES) != NULL);

    rv_options_init(NULL); /* no crash */
    memset(&o, 0x5A, sizeof o);
    rv_options_init(&o);
    CHECK_I(o.abi_version, RV_ABI_VERSION);
    CHECK_U(o.memory_limit, 2ull << 30); /* 2 GiB */
    CHECK_S(o.lods, "all");
    CHECK_I(o.autocenter, 1);
    CHECK_F(o.default_cell_size, 50.0, 0.0);
    CHECK_I(o.axes, RV_AXES_STORED);
    CHECK_I(o.uv_bottom_left, 0);
    CHECK_U(o.tile_cells, 128);
    CHECK_U(o.terrain_step, 1);
    CHECK_F(o.region[0], 0.0, 0.0);
    CHECK_F(o.region[2], 0.0, 0.0);
    CHECK_U(o.max_texture_size, 0); /* no cap */
}

/* ------------------------------------------------------------------ NULL handles */

static void test_null_handles(void) {
    float f[16];
    uint32_t u[8];
    uint32_t x = 7, y = 7;
    set_context("NULL handles");
    {
        uint64_t counts[2] = {7, 7};
        rv_session* session = (rv_session*)&x;
        rv_error e;
        CHECK_I(rv_session_open(NULL, NULL, &e), RV_ERROR_INVALID_ARGUMENT);
        rv_options_init(NULL);
        CHECK_I(rv_session_open(NULL, &session, NULL), RV_OK); /* defaults: no data root, textures shared */
        CHECK(session != NULL && rv_session_warning_count(session) == 0);
        rv_session_texture_counts(session, counts);
        CHECK(counts[0] == 0 && counts[1] == 0);
        rv_session_close(session);
        rv_session_close(NULL);
        CHECK_U(rv_session_warning_count(NULL), 0);
        CHECK_EMPTY(rv_session_warning(NULL, 0));
        counts[0] = counts[1] = 7;
        rv_session_texture_counts(NULL, counts);
        CHECK(counts[0] == 0 && counts[1] == 0);
        rv_session_texture_counts(NULL, NULL);
        CHECK_EMPTY(rv_material_image_key(NULL, 0, 0));
    }
    CHECK_U(rv_model_version(NULL), 0);
    CHECK_U(rv_model_warning_count(NULL), 0);
    CHECK_I(rv_model_warning_kind(NULL, 0), 0);
    CHECK_U(rv_model_warning_offset(NULL, 0), 0);
    CHECK_EMPTY(rv_model_warning(NULL, 0));
    fill_f(f, 16, kSentinelF);
    rv_model_center(NULL, f);
    rv_model_center(NULL, NULL);
    CHECK(all_f(f, 16, kSentinelF));
    CHECK_U(rv_model_material_count(NULL), 0);
    CHECK_EMPTY(rv_material_name(NULL, 0));
    CHECK_EMPTY(rv_material_texture(NULL, 0));
    CHECK_EMPTY(rv_material_rvmat(NULL, 0));
    CHECK_U(rv_model_lod_count(NULL), 0);
    CHECK_U(rv_lod_file_index(NULL, 0), 0);
    CHECK_EMPTY(rv_lod_name(NULL, 0));
    CHECK_F(rv_lod_resolution(NULL, 0), 0.0, 0.0);
    CHECK_EMPTY(rv_lod_kind(NULL, 0));
    CHECK_U(rv_lod_vertex_count(NULL, 0), 0);
    rv_lod_positions(NULL, 0, f);
    rv_lod_positions(NULL, 0, NULL);
    CHECK_I(rv_lod_has_normals(NULL, 0), 0);
    rv_lod_normals(NULL, 0, f);
    rv_lod_normals(NULL, 0, NULL);
    CHECK_U(rv_lod_uv_set_count(NULL, 0), 0);
    rv_lod_uvs(NULL, 0, 0, f);
    rv_lod_uvs(NULL, 0, 0, NULL);
    rv_lod_corner_uvs(NULL, 0, 0, f);
    rv_lod_corner_uvs(NULL, 0, 0, NULL);
    CHECK(all_f(f, 16, kSentinelF));
    CHECK_U(rv_lod_polygon_count(NULL, 0), 0);
    CHECK_U(rv_lod_corner_count(NULL, 0), 0);
    fill_u(u, 8, SENTINEL_U);
    rv_lod_polygons(NULL, 0, u, u + 2, u + 4);
    rv_lod_polygons(NULL, 0, NULL, NULL, NULL);
    rv_lod_polygon_groups(NULL, 0, u);
    rv_lod_polygon_groups(NULL, 0, NULL);
    CHECK_U(rv_lod_triangle_count(NULL, 0), 0);
    rv_lod_triangles(NULL, 0, u);
    rv_lod_triangles(NULL, 0, NULL);
    CHECK_U(rv_lod_group_count(NULL, 0), 0);
    rv_lod_group(NULL, 0, 0, u);
    rv_lod_group(NULL, 0, 0, NULL);
    CHECK_U(rv_lod_loose_point_count(NULL, 0), 0);
    rv_lod_loose_points(NULL, 0, u);
    rv_lod_loose_points(NULL, 0, NULL);
    CHECK_U(rv_lod_selection_count(NULL, 0), 0);
    CHECK_EMPTY(rv_lod_selection_name(NULL, 0, 0));
    CHECK_U(rv_lod_selection_vertex_count(NULL, 0, 0), 0);
    rv_lod_selection_vertices(NULL, 0, 0, u, f);
    rv_lod_selection_vertices(NULL, 0, 0, NULL, NULL);
    CHECK_U(rv_lod_selection_weight_runs(NULL, 0, 0, u, f, u + 4), 0);
    CHECK_U(rv_lod_selection_weight_runs(NULL, 0, 0, NULL, NULL, NULL), 0);
    CHECK_U(rv_lod_named_point_count(NULL, 0), 0);
    CHECK_EMPTY(rv_lod_named_point_name(NULL, 0, 0));
    rv_lod_named_point_position(NULL, 0, 0, f);
    rv_lod_named_point_position(NULL, 0, 0, NULL);
    CHECK_U(rv_lod_property_count(NULL, 0), 0);
    CHECK_EMPTY(rv_lod_property_name(NULL, 0, 0));
    CHECK_EMPTY(rv_lod_property_value(NULL, 0, 0));
    CHECK_U(rv_lod_proxy_count(NULL, 0), 0);
    CHECK_EMPTY(rv_lod_proxy_name(NULL, 0, 0));
    CHECK_EMPTY(rv_lod_proxy_path(NULL, 0, 0));
    /* rvimport.h promises 0 for a NULL handle; the library returns -1 (no valid sequence id). */
    CHECK_I(rv_lod_proxy_index(NULL, 0, 0), -1);
    rv_lod_proxy_transform(NULL, 0, 0, f);
    rv_lod_proxy_transform(NULL, 0, 0, NULL);
    CHECK_I(rv_lod_has_mass(NULL, 0), 0);
    rv_lod_vertex_masses(NULL, 0, f);
    rv_lod_vertex_masses(NULL, 0, NULL);
    CHECK(all_f(f, 16, kSentinelF));
    CHECK(all_u(u, 8, SENTINEL_U));
    rv_model_close(NULL);

    CHECK_EMPTY(rv_terrain_signature(NULL));
    CHECK_U(rv_terrain_version(NULL), 0);
    CHECK_U(rv_terrain_warning_count(NULL), 0);
    CHECK_I(rv_terrain_warning_kind(NULL, 0), 0);
    CHECK_EMPTY(rv_terrain_warning(NULL, 0));
    rv_terrain_map_size(NULL, &x, &y);
    CHECK_U(x, 0);
    CHECK_U(y, 0);
    rv_terrain_map_size(NULL, NULL, NULL);
    x = y = 7;
    rv_terrain_layer_size(NULL, &x, &y);
    CHECK_U(x, 0);
    CHECK_U(y, 0);
    rv_terrain_layer_size(NULL, NULL, NULL);
    CHECK_F(rv_terrain_cell_size(NULL), 0.0, 0.0);
    rv_terrain_elevation(NULL, f);
    rv_terrain_elevation(NULL, NULL);
    CHECK_U(rv_terrain_material_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_material(NULL, 0));
    CHECK_U(rv_terrain_tile_count(NULL), 0);
    CHECK_U(rv_terrain_vertex_count(NULL), 0);
    CHECK_I(rv_terrain_tile_load(NULL, 0), 0);
    rv_tile_extent(NULL, u);
    rv_tile_extent(NULL, NULL);
    CHECK_U(rv_tile_vertex_count(NULL), 0);
    rv_tile_positions(NULL, f);
    rv_tile_positions(NULL, NULL);
    rv_tile_normals(NULL, f);
    rv_tile_normals(NULL, NULL);
    rv_tile_uvs(NULL, f);
    rv_tile_uvs(NULL, NULL);
    CHECK_U(rv_tile_cell_count(NULL), 0);
    rv_tile_quads(NULL, u);
    rv_tile_quads(NULL, NULL);
    rv_tile_triangles(NULL, u);
    rv_tile_triangles(NULL, NULL);
    rv_tile_corner_uvs(NULL, f);
    rv_tile_corner_uvs(NULL, NULL);
    rv_tile_cell_materials(NULL, u);
    rv_tile_cell_materials(NULL, NULL);
    CHECK_U(rv_tile_group_count(NULL), 0);
    rv_tile_group(NULL, 0, u);
    rv_tile_group(NULL, 0, NULL);
    rv_tile_cell_groups(NULL, u);
    rv_tile_cell_groups(NULL, NULL);
    CHECK_U(rv_terrain_object_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_object_model(NULL, 0));
    CHECK_U(rv_terrain_object_id(NULL, 0), 0);
    rv_terrain_object_transforms(NULL, f);
    rv_terrain_object_transforms(NULL, NULL);
    CHECK_U(rv_terrain_placement_count(NULL), 0);
    CHECK_EMPTY(rv_terrain_placement_model(NULL, 0));
    CHECK_U(rv_terrain_placement_object_count(NULL, 0), 0);
    rv_terrain_placement_objects(NULL, 0, u);
    rv_terrain_placement_objects(NULL, 0, NULL);
    CHECK_S(rv_terrain_layer_name(NULL, 0), "terrain (no layer)");
    rv_terrain_layer_colour(NULL, 0, f);
    rv_terrain_layer_colour(NULL, 0, NULL);
    CHECK_I(rv_terrain_layer_image_clamped(NULL, 0), 0);
    CHECK(rv_transforms_decompose(NULL, 1, f, NULL) == 0);
    CHECK(rv_transforms_decompose(f, 1, NULL, NULL) == 0);
    {
        static int sentinel;
        rv_model* pm = (rv_model*)&sentinel; /* must come back NULL */
        rv_error pe;
        CHECK_I(rv_terrain_placement_model_open(NULL, 0, NULL, &pm, &pe), RV_ERROR_INVALID_ARGUMENT);
        CHECK(pm == NULL);
        CHECK_I(rv_terrain_placement_model_open(NULL, 0, NULL, NULL, NULL), RV_ERROR_INVALID_ARGUMENT);
    }
    CHECK(all_f(f, 16, kSentinelF));
    CHECK(all_u(u, 8, SENTINEL_U));
    rv_terrain_close(NULL);
}

/* ------------------------------------------------------------------ open errors */

static void expect_model_error(const char* label, int32_t got, int32_t want, const rv_model* m, const rv_error* e) {
    set_context("model open: %s", label);
    CHECK_I(got, want);
    CHECK(m == NULL);
    CHECK_I(e->code, want);
    CHECK(e->message[0] != '\0');
}

static void test_open_errors(const char* crate_path, const char* world_path, const char* work_dir) {
    rv_options o;
    rv_model* m = (rv_model*)&o; /* not NULL: the open functions must set it to NULL on failure */
    rv_terrain* t = (rv_terrain*)&o;
    rv_error e;
    int32_t r;
    char path[4096];
    unsigned char* bytes;
    size_t size, cut;

    /* NULL out: INVALID_ARGUMENT with the error filled, with or without options */
    memset(&e, 0, sizeof e);
    rv_options_init(&o);
    set_context("model open: NULL out");
    r = rv_model_open(crate_path, &o, NULL, &e);
    CHECK_I(r, RV_ERROR_INVALID_ARGUMENT);
    CHECK_I(e.code, RV_ERROR_INVALID_ARGUMENT);
    CHECK(e.message[0] != '\0');
    CHECK_I(rv_model_open(crate_path, NULL, NULL, NULL), RV_ERROR_INVALID_ARGUMENT);
    memset(&e, 0, sizeof e);
    CHECK_I(rv_model_open_memory("x", 1, "x.p3d", &o, NULL, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK_I(e.code, RV_ERROR_INVALID_ARGUMENT);
    set_context("terrain open: NULL out");
    memset(&e, 0, sizeof e);
    CHECK_I(rv_terrain_open(world_path, &o, NULL, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK_I(e.code, RV_ERROR_INVALID_ARGUMENT);
    CHECK(e.message[0] != '\0');
    CHECK_I(rv_terrain_open_memory("x", 1, "x.wrp", NULL, NULL, NULL), RV_ERROR_INVALID_ARGUMENT);

    /* NULL path */
    r = rv_model_open(NULL, &o, &m, &e);
    expect_model_error("NULL path", r, RV_ERROR_INVALID_ARGUMENT, m, &e);
    m = (rv_model*)&o;
    CHECK_CODE_NO_ERROR(rv_model_open(NULL, NULL, &m, NULL), RV_ERROR_INVALID_ARGUMENT);
    CHECK(m == NULL);
    t = (rv_terrain*)&o;
    CHECK_CODE_NO_ERROR(rv_terrain_open(NULL, NULL, &t, NULL), RV_ERROR_INVALID_ARGUMENT);
    CHECK(t == NULL);
    set_context("terrain open: NULL path");
    CHECK_I(rv_terrain_open(NULL, &o, &t, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK(t == NULL);
    CHECK_I(e.code, RV_ERROR_INVALID_ARGUMENT);

    /* a missing file: CANNOT_READ, the message names it */
    snprintf(path, sizeof path, "%s/rv_capi_no_such_file.p3d", work_dir);
    m = (rv_model*)&o;
    r = rv_model_open(path, &o, &m, &e);
    expect_model_error("missing file", r, RV_ERROR_CANNOT_READ, m, &e);
    CHECK(contains(e.message, "rv_capi_no_such_file.p3d"));
    CHECK_I(rv_model_open(path, NULL, &m, NULL), RV_ERROR_CANNOT_READ);
    snprintf(path, sizeof path, "%s/rv_capi_no_such_file.wrp", work_dir);
    set_context("terrain open: missing file");
    t = (rv_terrain*)&o;
    CHECK_I(rv_terrain_open(path, &o, &t, &e), RV_ERROR_CANNOT_READ);
    CHECK(t == NULL);
    CHECK_I(e.code, RV_ERROR_CANNOT_READ);
    CHECK(contains(e.message, "rv_capi_no_such_file.wrp"));

    /* the wrong kind of file */
    r = rv_model_open(world_path, &o, &m, &e);
    expect_model_error("a terrain opened as a model", r, RV_ERROR_NOT_RECOGNIZED, m, &e);
    set_context("terrain open: a model opened as a terrain");
    CHECK_I(rv_terrain_open(crate_path, &o, &t, &e), RV_ERROR_NOT_RECOGNIZED);
    CHECK(t == NULL);

    /* options: ABI mismatch, bad axes, unknown LOD choice */
    rv_options_init(&o);
    o.abi_version = RV_ABI_VERSION - 1;
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("abi_version 1", r, RV_ERROR_ABI_MISMATCH, m, &e);
    o.abi_version = RV_ABI_VERSION + 1;
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("abi_version 3", r, RV_ERROR_ABI_MISMATCH, m, &e);
    set_context("terrain open: ABI mismatch");
    CHECK_I(rv_terrain_open(world_path, &o, &t, &e), RV_ERROR_ABI_MISMATCH);
    CHECK(t == NULL);
    CHECK_I(e.code, RV_ERROR_ABI_MISMATCH);
    CHECK(contains(e.message, "ABI"));
    set_context("open: ABI mismatch without rv_error");
    m = (rv_model*)&o;
    CHECK_CODE_NO_ERROR(rv_model_open(crate_path, &o, &m, NULL), RV_ERROR_ABI_MISMATCH);
    CHECK(m == NULL);
    t = (rv_terrain*)&o;
    CHECK_CODE_NO_ERROR(rv_terrain_open(world_path, &o, &t, NULL), RV_ERROR_ABI_MISMATCH);
    CHECK(t == NULL);
    CHECK_CODE_NO_ERROR(rv_model_open_memory("x", 1, "x.p3d", &o, &m, NULL), RV_ERROR_ABI_MISMATCH);
    CHECK(m == NULL);
    rv_options_init(&o);
    o.axes = 3;
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("axes 3", r, RV_ERROR_INVALID_ARGUMENT, m, &e);
    o.axes = -1;
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("axes -1", r, RV_ERROR_INVALID_ARGUMENT, m, &e);
    set_context("terrain open: axes 7");
    o.axes = 7;
    CHECK_I(rv_terrain_open(world_path, &o, &t, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK(t == NULL);
    rv_options_init(&o);
    o.lods = "no such lod";
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("unknown LOD choice", r, RV_ERROR_INVALID_ARGUMENT, m, &e);
    CHECK(contains(e.message, "rv_crate.p3d"));
    CHECK(contains(e.message, "no such lod"));

    /* a memory limit below what the LZO payloads expand to */
    rv_options_init(&o);
    o.memory_limit = 64;
    r = rv_model_open(crate_path, &o, &m, &e);
    expect_model_error("memory_limit 64", r, RV_ERROR_MEMORY_LIMIT, m, &e);
    set_context("terrain open: memory_limit 64");
    CHECK_I(rv_terrain_open(world_path, &o, &t, &e), RV_ERROR_MEMORY_LIMIT);
    CHECK(t == NULL);

    /* memory: NULL data with a size, an empty buffer, junk without a name */
    rv_options_init(&o);
    r = rv_model_open_memory(NULL, 16, "x.p3d", &o, &m, &e);
    expect_model_error("NULL data", r, RV_ERROR_INVALID_ARGUMENT, m, &e);
    set_context("terrain open: NULL data");
    CHECK_I(rv_terrain_open_memory(NULL, 16, "x.wrp", &o, &t, &e), RV_ERROR_INVALID_ARGUMENT);
    CHECK(t == NULL);
    set_context("open: empty buffers");
    r = rv_model_open_memory(NULL, 0, "empty.p3d", &o, &m, &e);
    CHECK(r != RV_OK && r != RV_ERROR_INVALID_ARGUMENT);
    CHECK(m == NULL);
    CHECK(contains(e.message, "empty.p3d"));
    r = rv_terrain_open_memory("", 0, "empty.wrp", &o, &t, &e);
    CHECK(r != RV_OK && r != RV_ERROR_INVALID_ARGUMENT);
    CHECK(t == NULL);
    CHECK(contains(e.message, "empty.wrp"));
    r = rv_model_open_memory("JUNKJUNKJUNKJUNK", 16, NULL, &o, &m, &e);
    expect_model_error("junk, no name", r, RV_ERROR_NOT_RECOGNIZED, m, &e);
    CHECK(contains(e.message, "memory"));
    set_context("terrain open: junk");
    CHECK_I(rv_terrain_open_memory("JUNKJUNKJUNKJUNK", 16, NULL, &o, &t, NULL), RV_ERROR_NOT_RECOGNIZED);
    CHECK(t == NULL);

    /* a truncated file: TRUNCATED or BAD_COUNT, an offset inside it, a message naming it */
    bytes = read_file(crate_path, &size);
    set_context("truncated");
    CHECK(bytes != NULL && size > 1000);
    if (!bytes) return;
    snprintf(path, sizeof path, "%s/rv_crate_truncated.p3d", work_dir);
    cut = size / 2;
    CHECK(write_file(path, bytes, cut));
    r = rv_model_open(path, &o, &m, &e);
    set_context("model open: truncated file (%zu of %zu bytes)", cut, size);
    CHECK(r == RV_ERROR_TRUNCATED || r == RV_ERROR_BAD_COUNT);
    CHECK(m == NULL);
    CHECK_I(e.code, r);
    CHECK(e.offset > 0 && e.offset <= cut);
    CHECK(contains(e.message, "rv_crate_truncated.p3d"));
    cut = 100; /* inside the model info */
    r = rv_model_open_memory(bytes, cut, "head.p3d", &o, &m, &e);
    set_context("model open_memory: first 100 bytes");
    CHECK(r == RV_ERROR_TRUNCATED || r == RV_ERROR_BAD_COUNT);
    CHECK(m == NULL);
    CHECK(e.offset > 0 && e.offset <= cut);
    CHECK(contains(e.message, "head.p3d"));
    /* every length: an error that stays inside the bytes, or a model (with what it could read) */
    for (cut = 0; cut < size; cut += 1 + cut / 16) {
        r = rv_model_open_memory(bytes, cut, "cut.p3d", &o, &m, &e);
        set_context("model open_memory: %zu of %zu bytes", cut, size);
        if (r == RV_OK) {
            CHECK(m != NULL);
            rv_model_close(m);
        } else {
            CHECK(m == NULL);
            CHECK(r >= RV_ERROR_CANNOT_READ && r <= RV_ERROR_MEMORY_LIMIT);
            CHECK(e.offset <= cut);
            CHECK(contains(e.message, "cut.p3d"));
        }
    }
    free(bytes);

    bytes = read_file(world_path, &size);
    set_context("terrain truncated");
    CHECK(bytes != NULL && size > 1000);
    if (!bytes) return;
    for (cut = 0; cut < size; cut += 1 + cut / 16) {
        r = rv_terrain_open_memory(bytes, cut, "cut.wrp", &o, &t, &e);
        set_context("terrain open_memory: %zu of %zu bytes", cut, size);
        if (r == RV_OK) {
            CHECK(t != NULL);
            rv_terrain_close(t);
        } else {
            CHECK(t == NULL);
            CHECK(r >= RV_ERROR_CANNOT_READ && r <= RV_ERROR_MEMORY_LIMIT);
            CHECK(e.offset <= cut);
            CHECK(contains(e.message, "cut.wrp"));
        }
    }
    free(bytes);
}

/* ------------------------------------------------------------------ the crate */

static void check_out_of_range_lod(const rv_model* m, uint32_t lod) {
    float f[16];
    uint32_t u[8];
    set_context("crate: out-of-range LOD %u", lod);
    fill_f(f, 16, kSentinelF);
    fill_u(u, 8, SENTINEL_U);
    CHECK_U(rv_lod_file_index(m, lod), 0);
    CHECK_EMPTY(rv_lod_name(m, lod));
    CHECK_F(rv_lod_resolution(m, lod), 0.0, 0.0);
    CHECK_EMPTY(rv_lod_kind(m, lod));
    CHECK_U(rv_lod_vertex_count(m, lod), 0);
    rv_lod_positions(m, lod, f);
    CHECK_I(rv_lod_has_normals(m, lod), 0);
    rv_lod_normals(m, lod, f);
    CHECK_U(rv_lod_uv_set_count(m, lod), 0);
    rv_lod_uvs(m, lod, 0, f);
    rv_lod_corner_uvs(m, lod, 0, f);
    CHECK_U(rv_lod_polygon_count(m, lod), 0);
    CHECK_U(rv_lod_corner_count(m, lod), 0);
    rv_lod_polygons(m, lod, u, u + 2, u + 4);
    rv_lod_polygon_groups(m, lod, u);
    CHECK_U(rv_lod_triangle_count(m, lod), 0);
    rv_lod_triangles(m, lod, u);
    CHECK_U(rv_lod_group_count(m, lod), 0);
    rv_lod_group(m, lod, 0, u);
    CHECK_U(rv_lod_loose_point_count(m, lod), 0);
    rv_lod_loose_points(m, lod, u);
    CHECK_U(rv_lod_selection_count(m, lod), 0);
    CHECK_EMPTY(rv_lod_selection_name(m, lod, 0));
    CHECK_U(rv_lod_selection_vertex_count(m, lod, 0), 0);
    rv_lod_selection_vertices(m, lod, 0, u, f);
    CHECK_U(rv_lod_selection_weight_runs(m, lod, 0, u, f, u + 4), 0);
    CHECK_U(rv_lod_named_point_count(m, lod), 0);
    CHECK_EMPTY(rv_lod_named_point_name(m, lod, 0));
    rv_lod_named_point_position(m, lod, 0, f);
    CHECK_U(rv_lod_property_count(m, lod), 0);
    CHECK_EMPTY(rv_lod_property_name(m, lod, 0));
    CHECK_EMPTY(rv_lod_property_value(m, lod, 0));
    CHECK_U(rv_lod_proxy_count(m, lod), 0);
    CHECK_EMPTY(rv_lod_proxy_name(m, lod, 0));
    CHECK_EMPTY(rv_lod_proxy_path(m, lod, 0));
    CHECK_I(rv_lod_proxy_index(m, lod, 0), -1);
    rv_lod_proxy_transform(m, lod, 0, f);
    CHECK_I(rv_lod_has_mass(m, lod), 0);
    rv_lod_vertex_masses(m, lod, f);
    CHECK(all_f(f, 16, kSentinelF));
    CHECK(all_u(u, 8, SENTINEL_U));
}

/* The selection's vertices sorted by weight (stable) as runs of one weight, from the fixture:
 * "lid" (bytes 255 255 128 1) is vertex 10 at 128/255, then 8 9 11 at 1; the others one run. */
static void check_weight_runs(const rv_model* m, uint32_t lod, uint32_t s, const sel_fixture* sf) {
    const uint32_t n = sf->vertices;
    uint32_t want_vertices[48], want_end[48], runs = 0, i, j, *vertices, *end;
    float want_weight[48], *weight;
    unsigned char taken[48];
    /* selection sort by weight, stable: repeatedly the first of the smallest remaining */
    memset(taken, 0, sizeof taken);
    for (i = 0; i < n; ++i) {
        uint32_t best = n;
        for (j = 0; j < n; ++j) {
            const float wj = sf->weights ? sf->weights[j] : 1.0f;
            if (!taken[j] && (best == n || wj < (sf->weights ? sf->weights[best] : 1.0f))) best = j;
        }
        taken[best] = 1;
        want_vertices[i] = sf->list ? sf->list[best] : sf->first + best;
        want_weight[runs] = sf->weights ? sf->weights[best] : 1.0f;
        if (i + 1 < n) {
            /* the run ends when the next smallest weight differs */
            float next = 2.0f;
            for (j = 0; j < n; ++j) {
                const float wj = sf->weights ? sf->weights[j] : 1.0f;
                if (!taken[j] && wj < next) next = wj;
            }
            if (next != want_weight[runs]) want_end[runs++] = i + 1;
        } else {
            want_end[runs++] = i + 1;
        }
    }
    CHECK_U(rv_lod_selection_weight_runs(m, lod, s, NULL, NULL, NULL), runs);
    vertices = (uint32_t*)xalloc(n, sizeof(uint32_t));
    weight = (float*)xalloc(runs, sizeof(float));
    end = (uint32_t*)xalloc(runs, sizeof(uint32_t));
    CHECK_U(rv_lod_selection_weight_runs(m, lod, s, vertices, weight, end), runs);
    for (i = 0; i < n; ++i) CHECK_U(vertices[i], want_vertices[i]);
    for (i = 0; i < runs; ++i) {
        CHECK_F(weight[i], want_weight[i], 1e-6);
        CHECK_U(end[i], want_end[i]);
    }
    fill_u(end, runs, SENTINEL_U); /* each buffer alone */
    CHECK_U(rv_lod_selection_weight_runs(m, lod, s, NULL, NULL, end), runs);
    for (i = 0; i < runs; ++i) CHECK_U(end[i], want_end[i]);
    free(vertices), free(weight), free(end);
    if (!strcmp(sf->name, "lid")) { /* spelled out once */
        CHECK_U(runs, 2);
        CHECK_U(want_vertices[0], 10);
        CHECK_U(want_end[0], 1);
    }
}

/* One LOD of the crate, opened in `axes` with `uv_bl` and `autocenter`, against the fixture. */
static void check_crate_lod(const rv_model* m, uint32_t lod, const lod_fixture* fx, int axes, int uv_bl,
                            int autocenter) {
    const vec3 zero = {0, 0, 0};
    const vec3 offset = autocenter ? zero : kCrateCenter;
    const uint32_t n = fx->vertex_count, nt = fixture_triangles(fx);
    const uint32_t corner_total = fx->face_start[fx->face_count];
    float *pos, *nrm, *uv, *cuv, *w, *mass, f16[16], expect16[16], p3[3];
    uint32_t *start, *size, *corners, *tris, *pgroups, *loose, *sv, g5[5], i, k, s, c, set;
    uint32_t loose_expected = 0;
    unsigned char used[48];

    set_context("crate %s uv_bottom_left=%d autocenter=%d LOD %u '%s'", axes_name(axes), uv_bl, autocenter, lod,
                fx->name);
    CHECK_S(rv_lod_name(m, lod), fx->name);
    CHECK_F(rv_lod_resolution(m, lod), fx->resolution, 0.0);
    CHECK_S(rv_lod_kind(m, lod), fx->kind);
    CHECK_U(rv_lod_vertex_count(m, lod), n);
    CHECK_U(rv_lod_polygon_count(m, lod), fx->face_count);
    CHECK_U(rv_lod_corner_count(m, lod), corner_total);
    CHECK_U(rv_lod_triangle_count(m, lod), nt);
    CHECK_U(rv_lod_group_count(m, lod), fx->group_count);
    CHECK_I(rv_lod_has_normals(m, lod), fx->has_normals);
    CHECK_U(rv_lod_uv_set_count(m, lod), fx->uv_sets);
    if (rv_lod_vertex_count(m, lod) != n || rv_lod_polygon_count(m, lod) != fx->face_count ||
        rv_lod_corner_count(m, lod) != corner_total || rv_lod_triangle_count(m, lod) != nt)
        return; /* the arrays below would not line up */

    /* positions: (x, y, z) + the centre when not autocentred, in the frame */
    pos = (float*)xalloc(3 * (size_t)n, sizeof(float));
    rv_lod_positions(m, lod, pos);
    for (i = 0; i < n; ++i) {
        const vec3 want = to_frame(axes, add(fx->pos[i], offset)), got = at3(pos, i);
        CHECK_F(got.x, want.x, 1e-6);
        CHECK_F(got.y, want.y, 1e-6);
        CHECK_F(got.z, want.z, 1e-6);
    }
    /* normals: outward, converted (stored as 10-bit fields) */
    nrm = (float*)xalloc(3 * (size_t)n, sizeof(float));
    fill_f(nrm, 3 * (size_t)n, kSentinelF);
    rv_lod_normals(m, lod, nrm);
    if (fx->has_normals) {
        for (i = 0; i < n; ++i) {
            const vec3 want = to_frame(axes, fx->nrm[i]), got = at3(nrm, i);
            CHECK_F(got.x, want.x, 3e-3);
            CHECK_F(got.y, want.y, 3e-3);
            CHECK_F(got.z, want.z, 3e-3);
        }
    } else {
        CHECK(all_f(nrm, 3 * (size_t)n, kSentinelF));
    }

    /* polygons: stored order, or reversed at the first corner (v0, v3, v2, v1) when mirrored */
    start = (uint32_t*)xalloc(fx->face_count, sizeof(uint32_t));
    size = (uint32_t*)xalloc(fx->face_count, sizeof(uint32_t));
    corners = (uint32_t*)xalloc(corner_total, sizeof(uint32_t));
    rv_lod_polygons(m, lod, start, size, corners);
    for (i = 0; i < fx->face_count; ++i) {
        const uint32_t b = fx->face_start[i], sz = fx->face_start[i + 1] - b;
        CHECK_U(start[i], b);
        CHECK_U(size[i], sz);
        for (k = 0; k < sz; ++k) {
            const uint32_t want = fx->face_idx[b + (mirrored(axes) && k ? sz - k : k)];
            CHECK_U(corners[b + k], want);
        }
    }
    /* NULL arrays are skipped one by one */
    fill_u(start, fx->face_count, SENTINEL_U);
    rv_lod_polygons(m, lod, start, NULL, NULL);
    for (i = 0; i < fx->face_count; ++i) CHECK_U(start[i], fx->face_start[i]);
    fill_u(size, fx->face_count, SENTINEL_U);
    rv_lod_polygons(m, lod, NULL, size, NULL);
    for (i = 0; i < fx->face_count; ++i) CHECK_U(size[i], fx->face_start[i + 1] - fx->face_start[i]);

    /* triangles: the fan (v0, v1, v2), (v0, v2, v3) of each face, reversed to (v0, v2, v1),
     * (v0, v3, v2) when mirrored; every one faces out of the box */
    tris = (uint32_t*)xalloc(3 * (size_t)nt, sizeof(uint32_t));
    rv_lod_triangles(m, lod, tris);
    c = 0;
    for (i = 0; i < fx->face_count; ++i) {
        const uint32_t b = fx->face_start[i], sz = fx->face_start[i + 1] - b;
        for (k = 1; k + 1 < sz; ++k, ++c) {
            const uint32_t v0 = fx->face_idx[b], v1 = fx->face_idx[b + k], v2 = fx->face_idx[b + k + 1];
            vec3 p0, p1, p2;
            CHECK_U(tris[3 * c], v0);
            CHECK_U(tris[3 * c + 1], mirrored(axes) ? v2 : v1);
            CHECK_U(tris[3 * c + 2], mirrored(axes) ? v1 : v2);
            p0 = at3(pos, tris[3 * c] % n), p1 = at3(pos, tris[3 * c + 1] % n), p2 = at3(pos, tris[3 * c + 2] % n);
            CHECK(dot(cross(sub(p1, p0), sub(p2, p0)), to_frame(axes, fx->nrm[v0])) > 0);
        }
    }

    /* material groups */
    pgroups = (uint32_t*)xalloc(fx->face_count, sizeof(uint32_t));
    rv_lod_polygon_groups(m, lod, pgroups);
    for (s = 0; s < fx->group_count; ++s) {
        fill_u(g5, 5, SENTINEL_U);
        rv_lod_group(m, lod, s, g5);
        /* the material by name: indices depend on which LODs were picked */
        CHECK_S(rv_material_name(m, g5[0]), kCrateMaterials[fx->groups[s][0]]);
        for (k = 1; k < 5; ++k) CHECK_U(g5[k], fx->groups[s][k]);
        for (i = fx->groups[s][1]; i < fx->groups[s][1] + fx->groups[s][2] && i < fx->face_count; ++i)
            CHECK_U(pgroups[i], s);
    }
    fill_u(g5, 5, SENTINEL_U);
    rv_lod_group(m, lod, fx->group_count, g5);
    rv_lod_group(m, lod, 0, NULL);
    CHECK(all_u(g5, 5, SENTINEL_U));

    /* UVs: the fixture's, v flipped with uv_bottom_left; corner UVs = the UVs at the corners */
    uv = (float*)xalloc(2 * (size_t)n, sizeof(float));
    cuv = (float*)xalloc(2 * (size_t)corner_total, sizeof(float));
    for (set = 0; set < fx->uv_sets; ++set) {
        rv_lod_uvs(m, lod, set, uv);
        for (i = 0; i < n; ++i) {
            const float u0 = fx->uv[set][i][0], v0 = fx->uv[set][i][1];
            CHECK_F(uv[2 * i], u0, 1e-4);
            CHECK_F(uv[2 * i + 1], uv_bl ? 1.0f - v0 : v0, 1e-4);
        }
        rv_lod_corner_uvs(m, lod, set, cuv);
        for (c = 0; c < corner_total; ++c) {
            CHECK(cuv[2 * c] == uv[2 * (corners[c] % n)]);
            CHECK(cuv[2 * c + 1] == uv[2 * (corners[c] % n) + 1]);
        }
    }
    fill_f(uv, 2 * (size_t)n, kSentinelF);
    fill_f(cuv, 2 * (size_t)corner_total, kSentinelF);
    rv_lod_uvs(m, lod, fx->uv_sets, uv); /* set out of range */
    rv_lod_corner_uvs(m, lod, fx->uv_sets, cuv);
    rv_lod_uvs(m, lod, 0xFFFFFFFFu, uv);
    rv_lod_corner_uvs(m, lod, 0xFFFFFFFFu, cuv);
    CHECK(all_f(uv, 2 * (size_t)n, kSentinelF));
    CHECK(all_f(cuv, 2 * (size_t)corner_total, kSentinelF));

    /* loose points: the vertices no face uses (all of the Memory LOD) */
    memset(used, 0, sizeof used);
    for (i = 0; i < corner_total; ++i) used[fx->face_idx[i]] = 1;
    for (i = 0; i < n; ++i) loose_expected += !used[i];
    CHECK_U(rv_lod_loose_point_count(m, lod), loose_expected);
    loose = (uint32_t*)xalloc(loose_expected, sizeof(uint32_t));
    if (rv_lod_loose_point_count(m, lod) == loose_expected) {
        rv_lod_loose_points(m, lod, loose);
        for (i = 0, k = 0; i < n; ++i)
            if (!used[i]) CHECK_U(loose[k++], i);
    }

    /* selections with their decoded weights */
    CHECK_U(rv_lod_selection_count(m, lod), fx->selection_count);
    for (s = 0; s < fx->selection_count && s < rv_lod_selection_count(m, lod); ++s) {
        const sel_fixture* sf = &fx->selections[s];
        CHECK_S(rv_lod_selection_name(m, lod, s), sf->name);
        CHECK_U(rv_lod_selection_vertex_count(m, lod, s), sf->vertices);
        if (rv_lod_selection_vertex_count(m, lod, s) != sf->vertices) continue;
        sv = (uint32_t*)xalloc(sf->vertices, sizeof(uint32_t));
        w = (float*)xalloc(sf->vertices, sizeof(float));
        rv_lod_selection_vertices(m, lod, s, sv, w);
        for (i = 0; i < sf->vertices; ++i) {
            CHECK_U(sv[i], sf->list ? sf->list[i] : sf->first + i);
            CHECK_F(w[i], sf->weights ? sf->weights[i] : 1.0f, 1e-6);
        }
        fill_u(sv, sf->vertices, SENTINEL_U); /* vertices only, then weights only */
        rv_lod_selection_vertices(m, lod, s, sv, NULL);
        if (sf->vertices) CHECK_U(sv[0], sf->list ? sf->list[0] : sf->first);
        fill_f(w, sf->vertices, kSentinelF);
        rv_lod_selection_vertices(m, lod, s, NULL, w);
        if (sf->vertices) CHECK_F(w[0], sf->weights ? sf->weights[0] : 1.0f, 1e-6);
        check_weight_runs(m, lod, s, sf);
        free(sv);
        free(w);
    }
    CHECK_EMPTY(rv_lod_selection_name(m, lod, fx->selection_count));
    CHECK_U(rv_lod_selection_vertex_count(m, lod, fx->selection_count), 0);
    {
        uint32_t u1 = SENTINEL_U;
        float w1 = kSentinelF;
        rv_lod_selection_vertices(m, lod, fx->selection_count, &u1, &w1);
        CHECK_U(u1, SENTINEL_U);
        CHECK(w1 == kSentinelF);
        CHECK_U(rv_lod_selection_weight_runs(m, lod, fx->selection_count, &u1, &w1, &u1), 0);
        CHECK_U(u1, SENTINEL_U);
        CHECK(w1 == kSentinelF);
    }

    /* named points: the Memory LOD's selections, at their (single) vertex */
    CHECK_U(rv_lod_named_point_count(m, lod), fx->named_points ? fx->selection_count : 0);
    if (fx->named_points)
        for (s = 0; s < fx->selection_count && s < rv_lod_named_point_count(m, lod); ++s) {
            const vec3 want = to_frame(axes, add(fx->pos[fx->selections[s].list[0]], offset));
            CHECK_S(rv_lod_named_point_name(m, lod, s), fx->selections[s].name);
            fill_f(p3, 3, kSentinelF);
            rv_lod_named_point_position(m, lod, s, p3);
            CHECK_F(p3[0], want.x, 1e-6);
            CHECK_F(p3[1], want.y, 1e-6);
            CHECK_F(p3[2], want.z, 1e-6);
        }
    fill_f(p3, 3, kSentinelF);
    rv_lod_named_point_position(m, lod, rv_lod_named_point_count(m, lod), p3);
    rv_lod_named_point_position(m, lod, 0, NULL);
    CHECK(all_f(p3, 3, kSentinelF));
    CHECK_EMPTY(rv_lod_named_point_name(m, lod, rv_lod_named_point_count(m, lod)));

    /* properties */
    CHECK_U(rv_lod_property_count(m, lod), fx->property_count);
    for (s = 0; s < fx->property_count && s < rv_lod_property_count(m, lod); ++s) {
        CHECK_S(rv_lod_property_name(m, lod, s), fx->properties[s][0]);
        CHECK_S(rv_lod_property_value(m, lod, s), fx->properties[s][1]);
    }
    CHECK_EMPTY(rv_lod_property_name(m, lod, fx->property_count));
    CHECK_EMPTY(rv_lod_property_value(m, lod, fx->property_count));

    /* proxies: LOD 0 has one */
    if (fx == &g_crate[0]) {
        float placed[12];
        CHECK_U(rv_lod_proxy_count(m, lod), 1);
        CHECK_S(rv_lod_proxy_name(m, lod, 0), "proxy:\\rv\\demo\\proxies\\lamp.p3d.001");
        CHECK_S(rv_lod_proxy_path(m, lod, 0), kProxyPath);
        CHECK_I(rv_lod_proxy_index(m, lod, 0), 1);
        memcpy(placed, kProxyTransform, sizeof placed);
        placed[9] += offset.x, placed[10] += offset.y, placed[11] += offset.z;
        transform_to_frame(axes, placed, expect16);
        fill_f(f16, 16, kSentinelF);
        rv_lod_proxy_transform(m, lod, 0, f16);
        for (k = 0; k < 16; ++k) CHECK_F(f16[k], expect16[k], 1e-6);
        rv_lod_proxy_transform(m, lod, 0, NULL);
    } else {
        CHECK_U(rv_lod_proxy_count(m, lod), 0);
    }
    CHECK_EMPTY(rv_lod_proxy_name(m, lod, rv_lod_proxy_count(m, lod)));
    CHECK_EMPTY(rv_lod_proxy_path(m, lod, rv_lod_proxy_count(m, lod)));
    CHECK_I(rv_lod_proxy_index(m, lod, rv_lod_proxy_count(m, lod)), -1);
    fill_f(f16, 16, kSentinelF);
    rv_lod_proxy_transform(m, lod, rv_lod_proxy_count(m, lod), f16);
    CHECK(all_f(f16, 16, kSentinelF));

    /* per-vertex masses: the geometry LOD's 24 x 5 kg */
    CHECK_I(rv_lod_has_mass(m, lod), fx->has_mass);
    mass = (float*)xalloc(n, sizeof(float));
    fill_f(mass, n, kSentinelF);
    rv_lod_vertex_masses(m, lod, mass);
    if (fx->has_mass) {
        for (i = 0; i < n; ++i) CHECK_F(mass[i], 5.0, 0.0);
    } else {
        CHECK(all_f(mass, n, kSentinelF));
    }

    /* NULL buffers everywhere */
    rv_lod_positions(m, lod, NULL);
    rv_lod_normals(m, lod, NULL);
    rv_lod_uvs(m, lod, 0, NULL);
    rv_lod_corner_uvs(m, lod, 0, NULL);
    rv_lod_polygons(m, lod, NULL, NULL, NULL);
    rv_lod_polygon_groups(m, lod, NULL);
    rv_lod_triangles(m, lod, NULL);
    rv_lod_loose_points(m, lod, NULL);
    rv_lod_selection_vertices(m, lod, 0, NULL, NULL);
    rv_lod_vertex_masses(m, lod, NULL);

    free(pos), free(nrm), free(start), free(size), free(corners), free(tris), free(pgroups), free(uv), free(cuv);
    free(loose), free(mass);
}

static void check_crate(rv_model* m, int axes, int uv_bl, int autocenter) {
    uint32_t lod;
    float c3[3];
    vec3 want = to_frame(axes, kCrateCenter);
    set_context("crate %s uv_bottom_left=%d autocenter=%d", axes_name(axes), uv_bl, autocenter);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_U(rv_model_version(m), 73);
    /* One warning: the crate names textures and no data root is set (the front door's hint). */
    CHECK_U(rv_model_warning_count(m), 1);
    CHECK_I(rv_model_warning_kind(m, 0), RV_WARNING_NO_DATA_ROOT);
    CHECK_U(rv_model_warning_offset(m, 0), 0);
    CHECK(contains(rv_model_warning(m, 0), "rv_crate.p3d: no data root is set, so its textures are left out"));
    CHECK_I(rv_model_warning_kind(m, 1), 0);
    CHECK_EMPTY(rv_model_warning(m, 1));
    fill_f(c3, 3, kSentinelF);
    rv_model_center(m, c3);
    CHECK_F(c3[0], want.x, 1e-7);
    CHECK_F(c3[1], want.y, 1e-7);
    CHECK_F(c3[2], want.z, 1e-7);
    rv_model_center(m, NULL);

    /* (texture, rvmat) pairs in first-use order: the body's, then the untextured grip's */
    CHECK_U(rv_model_material_count(m), 2);
    CHECK_S(rv_material_name(m, 0), "crate_co.paa :: crate.rvmat");
    CHECK_S(rv_material_texture(m, 0), "rv\\demo\\data\\crate_co.paa");
    CHECK_S(rv_material_rvmat(m, 0), "rv\\demo\\data\\crate.rvmat");
    CHECK_S(rv_material_name(m, 1), "default");
    CHECK_EMPTY(rv_material_texture(m, 1));
    CHECK_EMPTY(rv_material_rvmat(m, 1));
    CHECK_EMPTY(rv_material_name(m, 2));
    CHECK_EMPTY(rv_material_texture(m, 2));
    CHECK_EMPTY(rv_material_rvmat(m, 2));

    CHECK_U(rv_model_lod_count(m), 4);
    if (rv_model_lod_count(m) != 4) return;
    for (lod = 0; lod < 4; ++lod) {
        set_context("crate %s LOD %u", axes_name(axes), lod);
        CHECK_U(rv_lod_file_index(m, lod), lod);
        check_crate_lod(m, lod, &g_crate[lod], axes, uv_bl, autocenter);
    }
    check_out_of_range_lod(m, 4);
    check_out_of_range_lod(m, 0xFFFFFFFFu);
}

static rv_model* open_crate(const char* path, int axes, int uv_bl, int autocenter, const char* lods) {
    rv_options o;
    rv_model* m = NULL;
    rv_error e;
    int32_t r;
    rv_options_init(&o);
    o.axes = axes;
    o.uv_bottom_left = uv_bl;
    o.autocenter = autocenter;
    if (lods) o.lods = lods;
    memset(&e, 0x77, sizeof e); /* success clears it */
    r = rv_model_open(path, &o, &m, &e);
    set_context("open crate %s lods=%s", axes_name(axes), lods ? lods : "(default)");
    CHECK_I(r, RV_OK);
    CHECK_I(e.code, RV_OK);
    CHECK_EMPTY(e.message);
    if (r != RV_OK) fprintf(stderr, "  %s\n", e.message);
    return m;
}

static void test_crate(const char* path) {
    static const struct {
        int axes, uv_bl, autocenter;
    } frames[] = {{RV_AXES_STORED, 0, 1}, {RV_AXES_Y_UP, 0, 1}, {RV_AXES_Z_UP, 1, 1},
                  {RV_AXES_Z_UP, 0, 0},   {RV_AXES_Y_UP, 1, 0}, {RV_AXES_STORED, 1, 0}};
    static const struct {
        const char* spec;
        uint32_t file_lod;
    } picks[] = {{"Geometry", 2}, {"geometry", 2}, {"1e15", 3},  {"Memory", 3}, {"ShadowVolume 0", 1},
                 {"10000", 1},    {"first", 0},    {"1.000", 0}, {"1", 0}};
    size_t i;
    rv_model* m;
    rv_error e;
    unsigned char* bytes;
    size_t size;

    for (i = 0; i < sizeof frames / sizeof frames[0]; ++i) {
        m = open_crate(path, frames[i].axes, frames[i].uv_bl, frames[i].autocenter, NULL);
        check_crate(m, frames[i].axes, frames[i].uv_bl, frames[i].autocenter);
        rv_model_close(m);
    }

    /* split_folded_quads: the crate's quads are planar and convex, so no host would split them
     * differently: they stay quads */
    {
        rv_options o;
        rv_options_init(&o);
        o.axes = RV_AXES_Z_UP;
        o.uv_bottom_left = 1;
        o.split_folded_quads = 1;
        m = NULL;
        set_context("crate: split_folded_quads");
        CHECK_I(rv_model_open(path, &o, &m, &e), RV_OK);
        check_crate(m, RV_AXES_Z_UP, 1, 1);
        rv_model_close(m);
    }

    /* default options (NULL): "all", stored frame, autocentred, top-left UVs; error may be NULL */
    m = NULL;
    set_context("crate: NULL options");
    CHECK_I(rv_model_open(path, NULL, &m, NULL), RV_OK);
    check_crate(m, RV_AXES_STORED, 0, 1);
    rv_model_close(m);
    /* empty lods string and a zero memory limit mean the defaults too */
    {
        rv_options o;
        rv_options_init(&o);
        o.lods = "";
        o.memory_limit = 0;
        m = NULL;
        set_context("crate: lods \"\", memory_limit 0");
        CHECK_I(rv_model_open(path, &o, &m, &e), RV_OK);
        check_crate(m, RV_AXES_STORED, 0, 1);
        rv_model_close(m);
        o.lods = NULL;
        m = NULL;
        set_context("crate: lods NULL");
        CHECK_I(rv_model_open(path, &o, &m, &e), RV_OK);
        check_crate(m, RV_AXES_STORED, 0, 1);
        rv_model_close(m);
    }

    /* from memory, the same model */
    bytes = read_file(path, &size);
    set_context("crate from memory");
    CHECK(bytes != NULL);
    if (bytes) {
        rv_options o;
        rv_options_init(&o);
        o.axes = RV_AXES_Y_UP;
        m = NULL;
        CHECK_I(rv_model_open_memory(bytes, size, "rv_crate.p3d", &o, &m, &e), RV_OK);
        free(bytes); /* the handle keeps its own copy */
        check_crate(m, RV_AXES_Y_UP, 0, 1);
        rv_model_close(m);
    }

    /* one LOD by name or resolution, "visual", "first" */
    for (i = 0; i < sizeof picks / sizeof picks[0]; ++i) {
        m = open_crate(path, RV_AXES_Z_UP, 1, 1, picks[i].spec);
        set_context("crate lods=%s", picks[i].spec);
        if (!m) continue;
        CHECK_U(rv_model_lod_count(m), 1);
        CHECK_U(rv_lod_file_index(m, 0), picks[i].file_lod);
        check_crate_lod(m, 0, &g_crate[picks[i].file_lod], RV_AXES_Z_UP, 1, 1);
        check_out_of_range_lod(m, 1);
        rv_model_close(m);
    }
    m = open_crate(path, RV_AXES_Y_UP, 0, 1, "visual");
    set_context("crate lods=visual");
    if (m) {
        CHECK_U(rv_model_lod_count(m), 1);
        CHECK_S(rv_lod_name(m, 0), "1.000");
        CHECK_U(rv_model_material_count(m), 2);
        rv_model_close(m);
    }
    /* the picked LODs' materials only: the geometry LOD has no section, so "default" */
    m = open_crate(path, RV_AXES_Y_UP, 0, 1, "Geometry");
    set_context("crate lods=Geometry materials");
    if (m) {
        CHECK_U(rv_model_material_count(m), 1);
        CHECK_S(rv_material_name(m, 0), "default");
        rv_model_close(m);
    }
}

/* ------------------------------------------------------------------ the world */

#define WORLD_MAP_X 64u
#define WORLD_MAP_Y 32u
#define WORLD_LAND_X 32u
#define WORLD_LAND_Y 16u
#define WORLD_CELL 20.0f           /* layer cell 40 m x 32 land cells / 64 samples */
#define WORLD_SIZE (32.0f * 40.0f) /* landX * layerCellSize */

/* makeTestTerrain(25, 32, 16, 64, 32) */
static float world_height(uint32_t x, uint32_t z) {
    return 20.0f * sinf((float)x * 0.11f) * cosf((float)z * 0.07f) + (float)(x + z) * 0.25f - 10.0f;
}
static uint32_t world_land_material(uint32_t lx, uint32_t lz) { return lx < WORLD_LAND_X / 2 ? 1u : (lx + lz) % 3u; }
static void world_object(uint32_t i, float m12[12]) {
    const float a = (float)i * 0.5f, s = 1.0f + (float)(i % 3) * 0.1f;
    const float v[12] = {cosf(a) * s,
                         0,
                         -sinf(a) * s,
                         0,
                         s,
                         0,
                         sinf(a) * s,
                         0,
                         cosf(a) * s,
                         WORLD_SIZE * (float)i / 24.0f,
                         5.0f + (float)i,
                         WORLD_SIZE * (float)(23 - i) / 24.0f};
    memcpy(m12, v, sizeof v);
}
static const char* const kWorldMaterials[3] = {"", "rv\\test\\data\\layers\\p_000-000_l00.rvmat",
                                               "rv\\test\\data\\layers\\p_000-001_l00.rvmat"};
static const char* const kWorldModels[2] = {"rv\\test\\house.p3d", "rv\\test\\tree.p3d"};

static uint32_t up_index(int axes) { return axes == RV_AXES_Z_UP ? 2 : 1; }

/* The loaded tile's material groups: one per layer material in the order of first use over the
 * tile's cells row by row (x fastest), with the cell counts of the fixture's land grid. */
static void check_tile_groups(const rv_terrain* t, uint32_t x0, uint32_t z0, uint32_t cw, uint32_t ch,
                              const uint32_t* cell_materials) {
    uint32_t order[3], count[3] = {0, 0, 0}, groups = 0, first = 0, g, k, lx, lz, out3[3];
    uint32_t* cell_groups;
    const uint32_t nc = cw * ch;
    for (lz = 0; lz < ch; ++lz)
        for (lx = 0; lx < cw; ++lx) {
            const uint32_t mat =
                world_land_material((x0 + lx) * WORLD_LAND_X / WORLD_MAP_X, (z0 + lz) * WORLD_LAND_Y / WORLD_MAP_Y);
            for (g = 0; g < groups && order[g] != mat; ++g) continue;
            if (g == groups) order[groups++] = mat;
            ++count[g];
        }
    CHECK_U(rv_tile_group_count(t), groups);
    cell_groups = (uint32_t*)xalloc(nc, sizeof(uint32_t));
    rv_tile_cell_groups(t, cell_groups);
    for (g = 0; g < groups && g < rv_tile_group_count(t); ++g) {
        fill_u(out3, 3, SENTINEL_U);
        rv_tile_group(t, g, out3);
        CHECK_U(out3[0], order[g]);
        CHECK_U(out3[1], first);
        CHECK_U(out3[2], count[g]);
        for (k = first; k < first + count[g] && k < nc; ++k) {
            CHECK_U(cell_groups[k], g);
            CHECK_U(cell_materials[k], order[g]);
        }
        first += count[g];
    }
    CHECK_U(first, nc);
    fill_u(out3, 3, SENTINEL_U);
    rv_tile_group(t, groups, out3);
    rv_tile_group(t, 0xFFFFFFFFu, out3);
    rv_tile_group(t, 0, NULL);
    rv_tile_cell_groups(t, NULL);
    CHECK(all_u(out3, 3, SENTINEL_U));
    free(cell_groups);
}

static void check_world_tiles(rv_terrain* t, int axes, int uv_bl, uint32_t tile_cells, const float* elevation) {
    const uint32_t cells_x = WORLD_MAP_X - 1, cells_z = WORLD_MAP_Y - 1;
    const uint32_t columns = (cells_x + tile_cells - 1) / tile_cells, rows = (cells_z + tile_cells - 1) / tile_cells;
    static unsigned char sample_seen[WORLD_MAP_X * WORLD_MAP_Y], cell_seen[(WORLD_MAP_X - 1) * (WORLD_MAP_Y - 1)];
    uint32_t i, k, ext[6], before[6];
    const uint32_t up = up_index(axes);

    memset(sample_seen, 0, sizeof sample_seen);
    memset(cell_seen, 0, sizeof cell_seen);
    set_context("world %s tile_cells=%u", axes_name(axes), tile_cells);
    CHECK_U(rv_terrain_tile_count(t), columns * rows);
    /* nothing loaded yet: an empty tile */
    fill_u(ext, 6, SENTINEL_U);
    rv_tile_extent(t, ext);
    CHECK(all_u(ext, 6, 0));
    CHECK_U(rv_tile_vertex_count(t), 0);
    CHECK_U(rv_tile_cell_count(t), 0);
    CHECK_U(rv_tile_group_count(t), 0);

    for (i = 0; i < rv_terrain_tile_count(t); ++i) {
        const uint32_t col = i % columns, row = i / columns;
        const uint32_t x0 = col * tile_cells, z0 = row * tile_cells;
        const uint32_t x1 = x0 + tile_cells < cells_x ? x0 + tile_cells : cells_x;
        const uint32_t z1 = z0 + tile_cells < cells_z ? z0 + tile_cells : cells_z;
        const uint32_t w = x1 - x0 + 1, h = z1 - z0 + 1, nv = w * h, nc = (w - 1) * (h - 1);
        float *pos, *nrm, *uv, *cuv;
        uint32_t *quads, *tris, *mats;
        uint32_t last_material = SENTINEL_U;
        unsigned char material_done[3] = {0, 0, 0};

        set_context("world %s tile_cells=%u tile %u", axes_name(axes), tile_cells, i);
        CHECK_I(rv_terrain_tile_load(t, i), 1);
        rv_tile_extent(t, ext);
        CHECK_U(ext[0], col);
        CHECK_U(ext[1], row);
        CHECK_U(ext[2], x0);
        CHECK_U(ext[3], z0);
        CHECK_U(ext[4], x1);
        CHECK_U(ext[5], z1);
        CHECK_U(rv_tile_vertex_count(t), nv);
        CHECK_U(rv_tile_cell_count(t), nc);
        if (rv_tile_vertex_count(t) != nv || rv_tile_cell_count(t) != nc) continue;

        pos = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        nrm = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        uv = (float*)xalloc(2 * (size_t)nv, sizeof(float));
        cuv = (float*)xalloc(8 * (size_t)nc, sizeof(float));
        quads = (uint32_t*)xalloc(4 * (size_t)nc, sizeof(uint32_t));
        tris = (uint32_t*)xalloc(6 * (size_t)nc, sizeof(uint32_t));
        mats = (uint32_t*)xalloc(nc, sizeof(uint32_t));
        rv_tile_positions(t, pos);
        rv_tile_normals(t, nrm);
        rv_tile_uvs(t, uv);
        rv_tile_corner_uvs(t, cuv);
        rv_tile_quads(t, quads);
        rv_tile_triangles(t, tris);
        rv_tile_cell_materials(t, mats);
        check_tile_groups(t, x0, z0, w - 1, h - 1, mats);

        /* samples: x fastest, every one at (x * 20, h, z * 20) in the frame, normals up,
         * UVs over the whole map (u east, v north from the bottom or south from the top) */
        for (k = 0; k < nv; ++k) {
            const uint32_t x = x0 + k % w, z = z0 + k / w;
            const vec3 want =
                to_frame(axes, v3((float)x * WORLD_CELL, elevation[z * WORLD_MAP_X + x], (float)z * WORLD_CELL));
            const vec3 got = at3(pos, k), n = at3(nrm, k);
            const float v = (float)z / (float)(WORLD_MAP_Y - 1);
            CHECK_F(got.x, want.x, 1e-3);
            CHECK_F(got.y, want.y, 1e-3);
            CHECK_F(got.z, want.z, 1e-3);
            CHECK(pos[3 * k + up] == elevation[z * WORLD_MAP_X + x]);
            CHECK_F(pos[3 * k + up], world_height(x, z), 1e-3);
            CHECK(nrm[3 * k + up] > 0);
            CHECK_F(dot(n, n), 1.0, 1e-4);
            CHECK_F(uv[2 * k], (float)x / (float)(WORLD_MAP_X - 1), 1e-6);
            CHECK_F(uv[2 * k + 1], uv_bl ? v : 1.0f - v, 1e-6);
            sample_seen[z * WORLD_MAP_X + x] = 1;
        }
        /* cells: each once, starting at its south-east corner, upward, split b-c, UVs at corners,
         * grouped by layer material */
        for (k = 0; k < nc; ++k) {
            const uint32_t* q = quads + 4 * k;
            const uint32_t b = q[0], a = b - 1, lx = a % w, lz = a / w;
            const uint32_t x = x0 + lx, z = z0 + lz;
            const uint32_t c = a + w, d = a + w + 1;
            vec3 p0, p1, p2, p3, n1, n2;
            int has_a = 0, has_c = 0, has_d = 0, j;
            if (b == 0 || b % w == 0 || lz + 1 >= h) { /* b is no south-east corner */
                CHECK(!"quad starts at its south-east corner");
                continue;
            }
            for (j = 1; j < 4; ++j) has_a += q[j] == a, has_c += q[j] == c, has_d += q[j] == d;
            CHECK(has_a == 1 && has_c == 1 && has_d == 1);
            CHECK_U(q[2], c); /* the first-corner diagonal b-c is the engine's split */
            CHECK(cell_seen[z * (WORLD_MAP_X - 1) + x] == 0);
            cell_seen[z * (WORLD_MAP_X - 1) + x] = 1;
            p0 = at3(pos, q[0]), p1 = at3(pos, q[1]), p2 = at3(pos, q[2]), p3 = at3(pos, q[3]);
            n1 = cross(sub(p1, p0), sub(p2, p0));
            n2 = cross(sub(p2, p0), sub(p3, p0));
            CHECK((up == 2 ? n1.z : n1.y) > 0);
            CHECK((up == 2 ? n2.z : n2.y) > 0);
            for (j = 0; j < 3; ++j) {
                CHECK_U(tris[6 * k + j], q[j]);
                CHECK_U(tris[6 * k + 3 + j], q[j == 0 ? 0 : j + 1]);
            }
            for (j = 0; j < 4; ++j) {
                CHECK(cuv[8 * k + 2 * j] == uv[2 * q[j]]);
                CHECK(cuv[8 * k + 2 * j + 1] == uv[2 * q[j] + 1]);
            }
            CHECK_U(mats[k], world_land_material(x * WORLD_LAND_X / WORLD_MAP_X, z * WORLD_LAND_Y / WORLD_MAP_Y));
            if (mats[k] != last_material && mats[k] < 3) {
                CHECK(!material_done[mats[k]]); /* one run per material */
                material_done[mats[k]] = 1;
                last_material = mats[k];
            }
        }
        free(pos), free(nrm), free(uv), free(cuv), free(quads), free(tris), free(mats);

        /* NULL buffers */
        rv_tile_extent(t, NULL);
        rv_tile_positions(t, NULL);
        rv_tile_normals(t, NULL);
        rv_tile_uvs(t, NULL);
        rv_tile_quads(t, NULL);
        rv_tile_triangles(t, NULL);
        rv_tile_corner_uvs(t, NULL);
        rv_tile_cell_materials(t, NULL);
    }
    set_context("world %s tile_cells=%u coverage", axes_name(axes), tile_cells);
    for (i = 0; i < WORLD_MAP_X * WORLD_MAP_Y; ++i) CHECK(sample_seen[i]);
    for (i = 0; i < (WORLD_MAP_X - 1) * (WORLD_MAP_Y - 1); ++i) CHECK(cell_seen[i]);

    /* a tile index out of range: 0, and the loaded tile stays */
    rv_tile_extent(t, before);
    CHECK_I(rv_terrain_tile_load(t, rv_terrain_tile_count(t)), 0);
    CHECK_I(rv_terrain_tile_load(t, 0xFFFFFFFFu), 0);
    rv_tile_extent(t, ext);
    for (k = 0; k < 6; ++k) CHECK_U(ext[k], before[k]);
}

static void check_world(const char* path, int axes, int uv_bl, uint32_t tile_cells, int from_memory) {
    rv_options o;
    rv_terrain* t = NULL;
    rv_error e;
    uint32_t x = 0, y = 0, i, k, total;
    float *elevation, *transforms, m12[12], want[16];
    unsigned char covered[24];
    int32_t r;

    rv_options_init(&o);
    o.axes = axes;
    o.uv_bottom_left = uv_bl;
    o.tile_cells = tile_cells;
    memset(&e, 0x77, sizeof e);
    if (from_memory) {
        size_t size;
        unsigned char* bytes = read_file(path, &size);
        set_context("world from memory");
        CHECK(bytes != NULL);
        if (!bytes) return;
        r = rv_terrain_open_memory(bytes, size, "rv_world.wrp", &o, &t, &e);
        free(bytes);
    } else {
        r = rv_terrain_open(path, &o, &t, &e);
    }
    set_context("world %s uv_bottom_left=%d tile_cells=%u", axes_name(axes), uv_bl, tile_cells);
    CHECK_I(r, RV_OK);
    CHECK_I(e.code, RV_OK);
    CHECK_EMPTY(e.message);
    if (r != RV_OK) {
        fprintf(stderr, "  %s\n", e.message);
        return;
    }
    CHECK_S(rv_terrain_signature(t), "OPRW");
    CHECK_U(rv_terrain_version(t), 25);
    /* One warning: the world places objects and no data root is set (the front door's hint). */
    CHECK_U(rv_terrain_warning_count(t), 1);
    CHECK_I(rv_terrain_warning_kind(t, 0), RV_WARNING_NO_DATA_ROOT);
    CHECK(contains(rv_terrain_warning(t, 0),
                   "rv_world.wrp: no data root is set, so its object models and layer textures"));
    CHECK_I(rv_terrain_warning_kind(t, 1), 0);
    CHECK_EMPTY(rv_terrain_warning(t, 1));
    rv_terrain_map_size(t, &x, &y);
    CHECK_U(x, WORLD_MAP_X);
    CHECK_U(y, WORLD_MAP_Y);
    rv_terrain_map_size(t, NULL, &y);
    rv_terrain_map_size(t, &x, NULL);
    rv_terrain_layer_size(t, &x, &y);
    CHECK_U(x, WORLD_LAND_X);
    CHECK_U(y, WORLD_LAND_Y);
    rv_terrain_layer_size(t, NULL, NULL);
    CHECK_F(rv_terrain_cell_size(t), WORLD_CELL, 0.0);
    CHECK_U(rv_terrain_material_count(t), 3);
    for (i = 0; i < 3; ++i) CHECK_S(rv_terrain_material(t, i), kWorldMaterials[i]);
    CHECK_S(rv_terrain_layer_name(t, 0), "terrain (no layer)"); /* the view's names: file names */
    CHECK_S(rv_terrain_layer_name(t, 1), "p_000-000_l00.rvmat");
    CHECK_S(rv_terrain_layer_name(t, 3), "terrain (no layer)");
    { /* opened without a data root: no layer has a picture, each has the untextured ground colour */
        float c[4] = {0, 0, 0, 0};
        rv_terrain_layer_colour(t, 1, c);
        CHECK_F(c[0], 0.42, 1e-6);
        CHECK_F(c[1], 0.45, 1e-6);
        CHECK_F(c[2], 0.33, 1e-6);
        CHECK_F(c[3], 1.0, 0.0);
        CHECK_I(rv_terrain_layer_image_clamped(t, 1), 0); /* no picture: nothing to clamp */
        CHECK_I(rv_terrain_layer_image_clamped(t, 99), 0);
    }
    CHECK_EMPTY(rv_terrain_material(t, 3));

    elevation = (float*)xalloc(WORLD_MAP_X * WORLD_MAP_Y, sizeof(float));
    rv_terrain_elevation(t, elevation);
    rv_terrain_elevation(t, NULL);
    for (i = 0; i < WORLD_MAP_X * WORLD_MAP_Y; ++i)
        CHECK_F(elevation[i], world_height(i % WORLD_MAP_X, i / WORLD_MAP_X), 1e-3);
    check_world_tiles(t, axes, uv_bl, tile_cells, elevation);
    free(elevation);

    /* objects: in file order, ids 1000.., models alternating, transforms S*M*S */
    set_context("world %s objects", axes_name(axes));
    CHECK_U(rv_terrain_object_count(t), 24);
    transforms = (float*)xalloc(16 * 24, sizeof(float));
    rv_terrain_object_transforms(t, transforms);
    rv_terrain_object_transforms(t, NULL);
    for (i = 0; i < 24 && i < rv_terrain_object_count(t); ++i) {
        CHECK_U(rv_terrain_object_id(t, i), 1000 + i);
        CHECK_S(rv_terrain_object_model(t, i), kWorldModels[i % 2]);
        world_object(i, m12);
        transform_to_frame(axes, m12, want);
        for (k = 0; k < 16; ++k) CHECK_F(transforms[16 * i + k], want[k], 1e-3);
    }
    free(transforms);
    CHECK_U(rv_terrain_object_id(t, 24), 0);
    CHECK_EMPTY(rv_terrain_object_model(t, 24));

    /* placements: grouped by model in order of first appearance, every object exactly once */
    CHECK_U(rv_terrain_placement_count(t), 2);
    memset(covered, 0, sizeof covered);
    total = 0;
    for (i = 0; i < rv_terrain_placement_count(t) && i < 2; ++i) {
        const uint32_t n = rv_terrain_placement_object_count(t, i);
        uint32_t* objects = (uint32_t*)xalloc(n, sizeof(uint32_t));
        CHECK_S(rv_terrain_placement_model(t, i), kWorldModels[i]);
        CHECK_U(n, 12);
        rv_terrain_placement_objects(t, i, objects);
        rv_terrain_placement_objects(t, i, NULL);
        for (k = 0; k < n; ++k) {
            CHECK_U(objects[k], 2 * k + i); /* file order */
            if (objects[k] < 24) {
                CHECK(!covered[objects[k]]);
                covered[objects[k]] = 1;
                CHECK_S(rv_terrain_object_model(t, objects[k]), rv_terrain_placement_model(t, i));
            }
        }
        total += n;
        free(objects);
    }
    CHECK_U(total, 24);
    for (i = 0; i < 24; ++i) CHECK(covered[i]);
    CHECK_EMPTY(rv_terrain_placement_model(t, 2));
    { /* opened without a data root: a placement's model cannot be had, and says why */
        rv_model* pm = NULL;
        rv_error pe;
        CHECK_I(rv_terrain_placement_model_open(t, 0, NULL, &pm, &pe), RV_ERROR_CANNOT_READ);
        CHECK(pm == NULL);
        CHECK(strstr(pe.message, kWorldModels[0]) != NULL && strstr(pe.message, "without a data root") != NULL);
        CHECK_I(rv_terrain_placement_model_open(t, 2, NULL, &pm, &pe), RV_ERROR_INVALID_ARGUMENT);
    }
    CHECK_U(rv_terrain_placement_object_count(t, 2), 0);
    {
        uint32_t u1 = SENTINEL_U;
        rv_terrain_placement_objects(t, 2, &u1);
        CHECK_U(u1, SENTINEL_U);
    }
    rv_terrain_close(t);
}

static void test_world(const char* path) {
    check_world(path, RV_AXES_Z_UP, 1, 16, 0);
    check_world(path, RV_AXES_Z_UP, 1, 128, 0);
    check_world(path, RV_AXES_Y_UP, 0, 16, 1);
    check_world(path, RV_AXES_STORED, 0, 20, 0);
    check_world(path, RV_AXES_Y_UP, 1, 1, 0);
    check_world(path, RV_AXES_Z_UP, 0, 63, 1);

    /* tile_cells 0 means the default (128): one tile */
    {
        rv_options o;
        rv_terrain* t = NULL;
        rv_options_init(&o);
        o.tile_cells = 0;
        set_context("world tile_cells 0");
        CHECK_I(rv_terrain_open(path, &o, &t, NULL), RV_OK);
        CHECK_U(rv_terrain_tile_count(t), 1);
        CHECK_U(rv_terrain_vertex_count(t), WORLD_MAP_X * WORLD_MAP_Y);
        rv_terrain_close(t);
        /* 16-cell tiles: 4 x 2 tiles repeating their shared edges, (17 + 17 + 17 + 16) x (17 + 16) vertices */
        o.tile_cells = 16;
        CHECK_I(rv_terrain_open(path, &o, &t, NULL), RV_OK);
        CHECK_U(rv_terrain_vertex_count(t), 67 * 33);
        rv_terrain_close(t);
        o.tile_cells = 0;
        /* a tile larger than the map, up to 2^32 - 1 cells: one tile (the count must not wrap) */
        {
            const uint32_t huge[3] = {1u << 31, 0xFFFFFFC1u, 0xFFFFFFFFu};
            int h;
            for (h = 0; h < 3; ++h) {
                o.tile_cells = huge[h];
                t = NULL;
                set_context("world tile_cells %u", huge[h]);
                CHECK_I(rv_terrain_open(path, &o, &t, NULL), RV_OK);
                CHECK_U(rv_terrain_tile_count(t), 1);
                {
                    uint32_t ext[6];
                    CHECK_I(rv_terrain_tile_load(t, 0), 1);
                    rv_tile_extent(t, ext);
                    CHECK_U(ext[4], WORLD_MAP_X - 1);
                    CHECK_U(ext[5], WORLD_MAP_Y - 1);
                    CHECK_U(rv_tile_vertex_count(t), WORLD_MAP_X * WORLD_MAP_Y);
                }
                rv_terrain_close(t);
            }
        }
        /* NULL options: the defaults */
        t = NULL;
        set_context("world NULL options");
        CHECK_I(rv_terrain_open(path, NULL, &t, NULL), RV_OK);
        CHECK_U(rv_terrain_tile_count(t), 1);
        CHECK_F(rv_terrain_cell_size(t), WORLD_CELL, 0.0);
        rv_terrain_close(t);
    }

    /* terrain_step 4: every 4th sample and the last, 17 x 9 vertices (x 0, 4, ... 60, 63; z 0, 4, ... 28, 31) */
    {
        rv_options o;
        rv_terrain* t = NULL;
        rv_options_init(&o);
        o.terrain_step = 4;
        set_context("world terrain_step 4");
        CHECK_I(rv_terrain_open(path, &o, &t, NULL), RV_OK);
        CHECK_U(rv_terrain_tile_count(t), 1);
        if (rv_terrain_tile_load(t, 0) == 1) {
            uint32_t ext[6];
            float* pos = (float*)xalloc(17 * 9 * 3, sizeof(float));
            rv_tile_extent(t, ext);
            CHECK_U(ext[2], 0);
            CHECK_U(ext[4], WORLD_MAP_X - 1);
            CHECK_U(ext[5], WORLD_MAP_Y - 1);
            CHECK_U(rv_tile_vertex_count(t), 17 * 9);
            CHECK_U(rv_terrain_vertex_count(t), 17 * 9);
            CHECK_U(rv_tile_cell_count(t), 16 * 8);
            rv_tile_positions(t, pos);
            CHECK_F(pos[3 * 1 + 0], 4 * WORLD_CELL, 0.0);   /* vertex 1: sample x 4 */
            CHECK_F(pos[3 * 16 + 0], 63 * WORLD_CELL, 0.0); /* vertex 16: the last sample */
            CHECK_F(pos[3 * 17 + 2], 4 * WORLD_CELL, 0.0);  /* row 1: sample z 4 (stored z north) */
            free(pos);
        }
        rv_terrain_close(t);
    }
    /* region: the samples covering it (x 42..50, z 15..20 at 20 m) and the objects standing in it */
    {
        rv_options o;
        rv_terrain *all = NULL, *part = NULL;
        uint32_t i, n, inside = 0, placed = 0;
        rv_options_init(&o);
        set_context("world region");
        CHECK_I(rv_terrain_open(path, &o, &all, NULL), RV_OK);
        o.region[0] = 850, o.region[1] = 300, o.region[2] = 1000, o.region[3] = 400;
        CHECK_I(rv_terrain_open(path, &o, &part, NULL), RV_OK);
        if (all && part) {
            float* m;
            uint32_t ext[6];
            n = rv_terrain_object_count(all);
            m = (float*)xalloc((size_t)n * 16 + 1, sizeof(float));
            rv_terrain_object_transforms(all, m);
            for (i = 0; i < n; ++i) /* stored frame: x east m[3], z north m[11] */
                inside +=
                    m[16 * i + 3] >= 850 && m[16 * i + 3] <= 1000 && m[16 * i + 11] >= 300 && m[16 * i + 11] <= 400;
            free(m);
            for (i = 0; i < rv_terrain_placement_count(part); ++i) placed += rv_terrain_placement_object_count(part, i);
            CHECK(inside > 0 && inside < n);
            CHECK_U(placed, inside);
            CHECK_U(rv_terrain_tile_count(part), 1);
            CHECK_I(rv_terrain_tile_load(part, 0), 1);
            rv_tile_extent(part, ext);
            CHECK_U(ext[2], 42);
            CHECK_U(ext[3], 15);
            CHECK_U(ext[4], 50);
            CHECK_U(ext[5], 20);
            CHECK_U(rv_tile_vertex_count(part), 9 * 6);
        }
        rv_terrain_close(all);
        rv_terrain_close(part);
    }

    /* trailing bytes after the map info: a SIZE_MISMATCH-class warning naming the file */
    {
        size_t size;
        unsigned char* bytes = read_file(path, &size);
        unsigned char* longer;
        rv_terrain* t = NULL;
        uint32_t i;
        set_context("world with 8 trailing bytes");
        CHECK(bytes != NULL);
        if (!bytes) return;
        longer = (unsigned char*)xalloc(size + 8, 1);
        memcpy(longer, bytes, size);
        memcpy(longer + size, "JUNKJUNK", 8);
        CHECK_I(rv_terrain_open_memory(longer, size + 8, "longer.wrp", NULL, &t, NULL), RV_OK);
        CHECK(rv_terrain_warning_count(t) >= 1);
        for (i = 0; i < rv_terrain_warning_count(t); ++i) {
            CHECK(rv_terrain_warning_kind(t, i) >= RV_WARNING_UNREAD_BYTES &&
                  rv_terrain_warning_kind(t, i) <= RV_WARNING_NO_DATA_ROOT);
            CHECK(contains(rv_terrain_warning(t, i), "longer.wrp"));
        }
        CHECK_I(rv_terrain_warning_kind(t, rv_terrain_warning_count(t)), 0);
        CHECK_EMPTY(rv_terrain_warning(t, rv_terrain_warning_count(t)));
        rv_terrain_close(t);
        free(longer);
        free(bytes);
    }
}

/* ------------------------------------------------------------------ any model / terrain */

/* Triangles as rotation-canonical triples (smallest index first, winding kept), for comparing
 * the polygons' fans with the triangle list as multisets. */
typedef struct {
    uint32_t v[3];
} triple;

static triple canonical(uint32_t a, uint32_t b, uint32_t c) {
    triple t;
    if (a <= b && a <= c)
        t.v[0] = a, t.v[1] = b, t.v[2] = c;
    else if (b <= a && b <= c)
        t.v[0] = b, t.v[1] = c, t.v[2] = a;
    else
        t.v[0] = c, t.v[1] = a, t.v[2] = b;
    return t;
}

static int compare_triples(const void* pa, const void* pb) {
    const triple *a = (const triple*)pa, *b = (const triple*)pb;
    int k;
    for (k = 0; k < 3; ++k)
        if (a->v[k] != b->v[k]) return a->v[k] < b->v[k] ? -1 : 1;
    return 0;
}

/* Every getter of every LOD with buffers sized from the counts, and the invariants any model
 * must satisfy. Returns the total triangle count. */
static uint64_t exercise_model(const rv_model* m, const char* label) {
    uint32_t lod, i, k, s;
    uint64_t triangles_total = 0;
    float c3[3];
    set_context("%s", label);
    for (i = 0; i < rv_model_warning_count(m); ++i) {
        const int32_t kind = rv_model_warning_kind(m, i);
        CHECK(kind >= RV_WARNING_UNREAD_BYTES && kind <= RV_WARNING_NO_DATA_ROOT);
        CHECK(rv_model_warning(m, i)[0] != '\0');
        (void)rv_model_warning_offset(m, i);
    }
    rv_model_center(m, c3);
    for (i = 0; i < rv_model_material_count(m); ++i) {
        CHECK(rv_material_name(m, i)[0] != '\0');
        (void)rv_material_texture(m, i);
        (void)rv_material_rvmat(m, i);
    }
    for (lod = 0; lod < rv_model_lod_count(m); ++lod) {
        const uint32_t nv = rv_lod_vertex_count(m, lod), np = rv_lod_polygon_count(m, lod);
        const uint32_t nc = rv_lod_corner_count(m, lod), nt = rv_lod_triangle_count(m, lod);
        const uint32_t ng = rv_lod_group_count(m, lod), nl = rv_lod_loose_point_count(m, lod);
        const uint32_t nsets = rv_lod_uv_set_count(m, lod);
        float* pos = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        float* nrm = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        float* uv = (float*)xalloc(2 * (size_t)nv, sizeof(float));
        float* cuv = (float*)xalloc(2 * (size_t)nc, sizeof(float));
        float* mass = (float*)xalloc(nv, sizeof(float));
        uint32_t* start = (uint32_t*)xalloc(np, sizeof(uint32_t));
        uint32_t* size = (uint32_t*)xalloc(np, sizeof(uint32_t));
        uint32_t* corners = (uint32_t*)xalloc(nc, sizeof(uint32_t));
        uint32_t* pgroup = (uint32_t*)xalloc(np, sizeof(uint32_t));
        uint32_t* tris = (uint32_t*)xalloc(3 * (size_t)nt, sizeof(uint32_t));
        uint32_t* loose = (uint32_t*)xalloc(nl, sizeof(uint32_t));
        unsigned char* used = (unsigned char*)xalloc(nv, 1);
        uint32_t g5[5], next_polygon = 0, next_triangle = 0;
        uint64_t fan = 0, corner_sum = 0;
        float t16[16], p3[3];

        set_context("%s LOD %u '%s'", label, lod, rv_lod_name(m, lod));
        (void)rv_lod_file_index(m, lod);
        (void)rv_lod_resolution(m, lod);
        CHECK(rv_lod_kind(m, lod)[0] != '\0');
        rv_lod_positions(m, lod, pos);
        if (rv_lod_has_normals(m, lod)) rv_lod_normals(m, lod, nrm);
        for (s = 0; s < nsets; ++s) {
            rv_lod_uvs(m, lod, s, uv);
            rv_lod_corner_uvs(m, lod, s, cuv);
        }
        rv_lod_polygons(m, lod, start, size, corners);
        rv_lod_polygon_groups(m, lod, pgroup);
        rv_lod_triangles(m, lod, tris);
        rv_lod_loose_points(m, lod, loose);
        for (i = 0; i < np; ++i) {
            CHECK_U(start[i], corner_sum);
            corner_sum += size[i];
            if (size[i] >= 3) fan += size[i] - 2;
            CHECK(pgroup[i] < ng);
        }
        CHECK_U(corner_sum, nc);
        CHECK_U(fan, nt); /* one fan per polygon */
        for (i = 0; i < nc; ++i) {
            CHECK(corners[i] < nv);
            if (corners[i] < nv) used[corners[i]] = 1;
        }
        for (i = 0; i < 3 * nt; ++i) CHECK(tris[i] < nv);
        for (i = 0; i < nl; ++i) {
            CHECK(loose[i] < nv);
            if (loose[i] < nv) CHECK(!used[loose[i]]);
        }
        k = 0;
        for (i = 0; i < nv; ++i) k += !used[i];
        /* Every vertex no polygon uses is a loose point, but for the corners of proxy markers (one
           triangle per proxy, never drawn, and no dots either). */
        CHECK(k >= nl && k - nl <= 3 * rv_lod_proxy_count(m, lod));
        for (i = 0; i < ng; ++i) { /* groups partition the polygons and triangles in order */
            rv_lod_group(m, lod, i, g5);
            CHECK(g5[0] < rv_model_material_count(m));
            CHECK_U(g5[1], next_polygon);
            CHECK_U(g5[3], next_triangle);
            next_polygon += g5[2];
            next_triangle += g5[4];
        }
        CHECK_U(next_polygon, np);
        CHECK_U(next_triangle, nt);
        /* within each group, the polygons' fans from their first corner are its triangles */
        if (fan == nt && corner_sum == nc) {
            triple* from_polygons = (triple*)xalloc(nt, sizeof(triple));
            triple* from_list = (triple*)xalloc(nt, sizeof(triple));
            for (i = 0; i < ng; ++i) {
                uint32_t p, q, n_poly = 0, n_list = 0;
                rv_lod_group(m, lod, i, g5);
                for (p = g5[1]; p < g5[1] + g5[2] && p < np; ++p)
                    for (q = 1; q + 1 < size[p]; ++q)
                        if (n_poly < nt)
                            from_polygons[n_poly++] =
                                canonical(corners[start[p]], corners[start[p] + q], corners[start[p] + q + 1]);
                for (q = g5[3]; q < g5[3] + g5[4] && q < nt; ++q)
                    from_list[n_list++] = canonical(tris[3 * q], tris[3 * q + 1], tris[3 * q + 2]);
                CHECK_U(n_poly, n_list);
                if (n_poly != n_list) continue;
                qsort(from_polygons, n_poly, sizeof(triple), compare_triples);
                qsort(from_list, n_list, sizeof(triple), compare_triples);
                CHECK(n_poly == 0 || memcmp(from_polygons, from_list, n_poly * sizeof(triple)) == 0);
            }
            free(from_polygons);
            free(from_list);
        }
        for (s = 0; s < rv_lod_selection_count(m, lod); ++s) {
            const uint32_t n = rv_lod_selection_vertex_count(m, lod, s);
            uint32_t* sv = (uint32_t*)xalloc(n, sizeof(uint32_t));
            float* w = (float*)xalloc(n, sizeof(float));
            (void)rv_lod_selection_name(m, lod, s);
            rv_lod_selection_vertices(m, lod, s, sv, w);
            for (i = 0; i < n; ++i) {
                CHECK(sv[i] < nv);
                CHECK(w[i] >= 0.0f && w[i] <= 1.0f);
            }
            {
                const uint32_t runs = rv_lod_selection_weight_runs(m, lod, s, NULL, NULL, NULL);
                uint32_t* rv = (uint32_t*)xalloc(n, sizeof(uint32_t));
                uint32_t* end = (uint32_t*)xalloc(runs, sizeof(uint32_t));
                float* rw = (float*)xalloc(runs, sizeof(float));
                CHECK(runs <= n);
                CHECK(n == 0 || runs >= 1);
                CHECK_U(rv_lod_selection_weight_runs(m, lod, s, rv, rw, end), runs);
                for (i = 0; i < runs; ++i) {
                    CHECK(end[i] <= n && (i == 0 ? end[i] > 0 : end[i] > end[i - 1]));
                    CHECK(i == 0 || rw[i] > rw[i - 1]);
                }
                if (runs) CHECK_U(end[runs - 1], n);
                free(rv), free(end), free(rw);
            }
            free(sv);
            free(w);
        }
        for (s = 0; s < rv_lod_named_point_count(m, lod); ++s) {
            CHECK(rv_lod_named_point_name(m, lod, s)[0] != '\0' || 1);
            rv_lod_named_point_position(m, lod, s, p3);
        }
        for (s = 0; s < rv_lod_property_count(m, lod); ++s) {
            (void)rv_lod_property_name(m, lod, s);
            (void)rv_lod_property_value(m, lod, s);
        }
        for (s = 0; s < rv_lod_proxy_count(m, lod); ++s) {
            CHECK(strncmp(rv_lod_proxy_name(m, lod, s), "proxy:", 6) == 0);
            (void)rv_lod_proxy_path(m, lod, s);
            (void)rv_lod_proxy_index(m, lod, s);
            rv_lod_proxy_transform(m, lod, s, t16);
        }
        if (rv_lod_has_mass(m, lod)) rv_lod_vertex_masses(m, lod, mass);
        triangles_total += nt;
        free(pos), free(nrm), free(uv), free(cuv), free(mass), free(start), free(size), free(corners);
        free(pgroup), free(tris), free(loose), free(used);
    }
    return triangles_total;
}

static void exercise_terrain(rv_terrain* t, const char* label, uint32_t max_tiles) {
    uint32_t mx = 0, my = 0, lx = 0, ly = 0, i, n;
    float* buffer;
    set_context("%s", label);
    (void)rv_terrain_signature(t);
    (void)rv_terrain_version(t);
    for (i = 0; i < rv_terrain_warning_count(t); ++i) {
        (void)rv_terrain_warning_kind(t, i);
        (void)rv_terrain_warning(t, i);
    }
    rv_terrain_map_size(t, &mx, &my);
    rv_terrain_layer_size(t, &lx, &ly);
    (void)rv_terrain_cell_size(t);
    buffer = (float*)xalloc((size_t)mx * my, sizeof(float));
    rv_terrain_elevation(t, buffer);
    free(buffer);
    for (i = 0; i < rv_terrain_material_count(t); ++i) (void)rv_terrain_material(t, i);
    n = rv_terrain_tile_count(t);
    for (i = 0; i < n && i < max_tiles; ++i) {
        const uint32_t tile = i + 1 == max_tiles ? n - 1 : i; /* the first ones and the last */
        uint32_t nv, nc, ext[6], k;
        float *pos, *nrm, *uv, *cuv;
        uint32_t *quads, *tris, *mats;
        set_context("%s tile %u", label, tile);
        CHECK_I(rv_terrain_tile_load(t, tile), 1);
        rv_tile_extent(t, ext);
        nv = rv_tile_vertex_count(t), nc = rv_tile_cell_count(t);
        CHECK_U(nv, (ext[4] - ext[2] + 1) * (ext[5] - ext[3] + 1));
        CHECK_U(nc, (ext[4] - ext[2]) * (ext[5] - ext[3]));
        pos = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        nrm = (float*)xalloc(3 * (size_t)nv, sizeof(float));
        uv = (float*)xalloc(2 * (size_t)nv, sizeof(float));
        cuv = (float*)xalloc(8 * (size_t)nc, sizeof(float));
        quads = (uint32_t*)xalloc(4 * (size_t)nc, sizeof(uint32_t));
        tris = (uint32_t*)xalloc(6 * (size_t)nc, sizeof(uint32_t));
        mats = (uint32_t*)xalloc(nc, sizeof(uint32_t));
        rv_tile_positions(t, pos);
        rv_tile_normals(t, nrm);
        rv_tile_uvs(t, uv);
        rv_tile_corner_uvs(t, cuv);
        rv_tile_quads(t, quads);
        rv_tile_triangles(t, tris);
        rv_tile_cell_materials(t, mats);
        for (k = 0; k < 4 * nc; ++k) CHECK(quads[k] < nv);
        for (k = 0; k < 6 * nc; ++k) CHECK(tris[k] < nv);
        for (k = 0; k < nc; ++k) CHECK(mats[k] == 0 || mats[k] < rv_terrain_material_count(t));
        {
            const uint32_t ng = rv_tile_group_count(t);
            uint32_t* groups = (uint32_t*)xalloc(nc, sizeof(uint32_t));
            uint32_t g, first = 0, out3[3];
            rv_tile_cell_groups(t, groups);
            for (g = 0; g < ng; ++g) {
                rv_tile_group(t, g, out3);
                CHECK_U(out3[1], first);
                for (k = out3[1]; k < out3[1] + out3[2] && k < nc; ++k) {
                    CHECK_U(groups[k], g);
                    CHECK_U(mats[k], out3[0]);
                }
                first += out3[2];
            }
            CHECK_U(first, nc);
            free(groups);
        }
        free(pos), free(nrm), free(uv), free(cuv), free(quads), free(tris), free(mats);
    }
    n = rv_terrain_object_count(t);
    buffer = (float*)xalloc(16 * (size_t)n, sizeof(float));
    rv_terrain_object_transforms(t, buffer);
    free(buffer);
    for (i = 0; i < n; ++i) {
        (void)rv_terrain_object_model(t, i);
        (void)rv_terrain_object_id(t, i);
    }
    {
        uint64_t placed = 0;
        for (i = 0; i < rv_terrain_placement_count(t); ++i) {
            const uint32_t k = rv_terrain_placement_object_count(t, i);
            uint32_t* objects = (uint32_t*)xalloc(k, sizeof(uint32_t));
            uint32_t j;
            (void)rv_terrain_placement_model(t, i);
            rv_terrain_placement_objects(t, i, objects);
            for (j = 0; j < k; ++j) CHECK(objects[j] < n);
            placed += k;
            free(objects);
        }
        CHECK_U(placed, n);
    }
}

/* ------------------------------------------------------------------ real samples */

static int file_exists(const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f) return 0;
    fclose(f);
    return 1;
}

/* Splits a manifest line at tabs in place; returns the number of fields. */
static int split_tabs(char* line, char** fields, int max) {
    int n = 0;
    char* p = line;
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    while (n < max) {
        char* tab = strchr(p, '\t');
        fields[n++] = p;
        if (!tab) break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static void test_empty_lod(const char* dir) {
    char path[4096];
    rv_model* m = NULL;
    rv_options o;
    rv_error e;
    uint32_t lod, found = 0;
    snprintf(path, sizeof path, "%s/real/agm/AGM_M84.p3d", dir);
    rv_options_init(&o);
    o.axes = RV_AXES_Z_UP;
    o.uv_bottom_left = 1;
    set_context("AGM_M84.p3d");
    CHECK_I(rv_model_open(path, &o, &m, &e), RV_OK);
    if (!m) return;
    for (lod = 0; lod < rv_model_lod_count(m); ++lod) {
        float f[64];
        uint32_t u[64], s;
        if (strcmp(rv_lod_name(m, lod), "Geometry") != 0) continue;
        ++found;
        set_context("AGM_M84.p3d Geometry (empty)");
        CHECK_U(rv_lod_vertex_count(m, lod), 0);
        CHECK_U(rv_lod_polygon_count(m, lod), 0);
        CHECK_U(rv_lod_corner_count(m, lod), 0);
        CHECK_U(rv_lod_triangle_count(m, lod), 0);
        CHECK_U(rv_lod_group_count(m, lod), 0);
        CHECK_U(rv_lod_loose_point_count(m, lod), 0);
        fill_f(f, 64, kSentinelF);
        fill_u(u, 64, SENTINEL_U);
        /* non-NULL buffers for empty arrays: nothing is written, nothing is read from NULL */
        rv_lod_positions(m, lod, f);
        rv_lod_normals(m, lod, f);
        for (s = 0; s < rv_lod_uv_set_count(m, lod) + 1; ++s) {
            rv_lod_uvs(m, lod, s, f);
            rv_lod_corner_uvs(m, lod, s, f);
        }
        rv_lod_polygons(m, lod, u, u + 16, u + 32);
        rv_lod_polygon_groups(m, lod, u);
        rv_lod_triangles(m, lod, u);
        rv_lod_loose_points(m, lod, u);
        rv_lod_vertex_masses(m, lod, f);
        for (s = 0; s < rv_lod_selection_count(m, lod); ++s) {
            CHECK_U(rv_lod_selection_vertex_count(m, lod, s), 0);
            rv_lod_selection_vertices(m, lod, s, u, f);
        }
        for (s = 0; s < rv_lod_named_point_count(m, lod); ++s) rv_lod_named_point_position(m, lod, s, f);
        CHECK(all_f(f, 64, kSentinelF));
        CHECK(all_u(u, 64, SENTINEL_U));
    }
    CHECK_U(found, 1);
    exercise_model(m, "AGM_M84.p3d");
    rv_model_close(m);
}

/* A real sample with warnings: armake's short LODs (every LOD ends early). */
static void test_model_warnings(const char* dir) {
    char path[4096];
    rv_model* m = NULL;
    uint32_t i;
    snprintf(path, sizeof path, "%s/generated/armake-v68-short-lods/hemtt/ace_gunbag.p3d", dir);
    set_context("ace_gunbag.p3d warnings");
    if (!file_exists(path)) {
        printf("SKIP %s is absent\n", path);
        return;
    }
    CHECK_I(rv_model_open(path, NULL, &m, NULL), RV_OK);
    if (!m) return;
    CHECK_U(rv_model_version(m), 68);
    /* The short LODs' warnings, then the front door's hint (textures, no data root). */
    CHECK(rv_model_warning_count(m) >= 2);
    CHECK_I(rv_model_warning_kind(m, rv_model_warning_count(m) - 1), RV_WARNING_NO_DATA_ROOT);
    for (i = 0; i + 1 < rv_model_warning_count(m); ++i) {
        CHECK_I(rv_model_warning_kind(m, i), RV_WARNING_ENDS_EARLY);
        CHECK(rv_model_warning_offset(m, i) > 0);
        CHECK(contains(rv_model_warning(m, i), "ace_gunbag.p3d"));
        CHECK(contains(rv_model_warning(m, i), "early"));
    }
    CHECK_I(rv_model_warning_kind(m, rv_model_warning_count(m)), 0);
    CHECK_U(rv_model_warning_offset(m, rv_model_warning_count(m)), 0);
    CHECK_EMPTY(rv_model_warning(m, rv_model_warning_count(m)));
    rv_model_close(m);
}

/* Every manifest row: ODOL and MLOD rows open with the manifest's version, LOD count, vertex and
 * face totals (where given) and pass the invariants in every frame. */
static void test_manifest(const char* dir) {
    char path[4096], line[8192];
    FILE* f;
    unsigned models = 0, editable = 0;
    unsigned long long split = 0; /* folded quads given as two polygons */
    snprintf(path, sizeof path, "%s/manifest.tsv", dir);
    f = fopen(path, "r");
    if (!f) return;
    if (!fgets(line, sizeof line, f)) line[0] = '\0'; /* header */
    while (fgets(line, sizeof line, f)) {
        char* c[12];
        rv_options o;
        rv_model* m = NULL;
        rv_error e;
        int32_t r;
        const int n = split_tabs(line, c, 12);
        if (n < 9) continue;
        snprintf(path, sizeof path, "%s/%s", dir, c[0]);
        rv_options_init(&o);
        o.axes = (int32_t)(models % 3);
        o.uv_bottom_left = (int32_t)(models % 2);
        o.split_folded_quads = (int32_t)(models / 3 % 2);
        if (strcmp(c[2], "ODOL") != 0 && strcmp(c[2], "MLOD") != 0) continue;
        if (strcmp(c[2], "MLOD") == 0) ++editable; /* editable models open too (issue 16) */
        r = rv_model_open(path, &o, &m, &e);
        set_context("%s", c[0]);
        CHECK_I(r, RV_OK);
        if (r != RV_OK) {
            fprintf(stderr, "  %s\n", e.message);
            continue;
        }
        CHECK_U(rv_model_version(m), strtoul(c[3], NULL, 10));
        if (c[4][0]) CHECK_U(rv_model_lod_count(m), strtoul(c[4], NULL, 10));
        {
            uint64_t verts = 0, faces = 0, proxies = 0;
            uint32_t lod;
            for (lod = 0; lod < rv_model_lod_count(m); ++lod) {
                verts += rv_lod_vertex_count(m, lod);
                /* each proxy's marker triangle is a stored face that is never drawn */
                faces += rv_lod_polygon_count(m, lod) + rv_lod_proxy_count(m, lod);
                proxies += rv_lod_proxy_count(m, lod);
            }
            set_context("%s totals", c[0]);
            /* the points only a marker uses are left out too: at most its 3 corners (test_view.cpp
             * counts them exactly against the stored faces) */
            if (c[5][0]) CHECK(verts <= strtoull(c[5], NULL, 10) && verts + 3 * proxies >= strtoull(c[5], NULL, 10));
            /* a folded quad split for the host is two polygons of one face */
            if (c[6][0] && !o.split_folded_quads) CHECK_U(faces, strtoull(c[6], NULL, 10));
            if (c[6][0] && o.split_folded_quads) {
                CHECK(faces >= strtoull(c[6], NULL, 10));
                split += faces - strtoull(c[6], NULL, 10);
            }
        }
        exercise_model(m, c[0]);
        rv_model_close(m);
        ++models;
    }
    fclose(f);
    printf("samples: %u models checked, %u of them MLOD (%llu folded quads split for the host)\n", models, editable,
           split);
    set_context("manifest");
    CHECK(models > 0);
}

static void test_terrains(const char* dir) {
    char path[4096], line[4096];
    FILE* f;
    unsigned terrains = 0;
    snprintf(path, sizeof path, "%s/terrain.tsv", dir);
    f = fopen(path, "r");
    if (!f) {
        printf("SKIP %s is absent\n", path);
        return;
    }
    if (!fgets(line, sizeof line, f)) line[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        char* c[8];
        rv_options o;
        rv_terrain* t = NULL;
        rv_error e;
        uint32_t x = 0, y = 0;
        int32_t r;
        if (split_tabs(line, c, 8) < 3) continue;
        snprintf(path, sizeof path, "%s/%s", dir, c[0]);
        rv_options_init(&o);
        o.axes = (int32_t)(terrains % 3);
        o.tile_cells = terrains % 2 ? 64 : 128;
        r = rv_terrain_open(path, &o, &t, &e);
        set_context("%s", c[0]);
        CHECK_I(r, RV_OK);
        if (r != RV_OK) {
            fprintf(stderr, "  %s\n", e.message);
            continue;
        }
        rv_terrain_map_size(t, &x, &y);
        CHECK_U(x, strtoul(c[1], NULL, 10));
        CHECK_U(y, strtoul(c[2], NULL, 10));
        exercise_terrain(t, c[0], 4);
        rv_terrain_close(t);
        ++terrains;
    }
    fclose(f);
    printf("samples: %u terrains checked\n", terrains);
    set_context("terrain manifest");
    CHECK(terrains > 0);
}

static uint64_t fnv64(const uint8_t* data, size_t size) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
    return h;
}

/* rv_texture_*: every sample PAA against textures/reference-decodes.tsv (size and the FNV-1a 64 of
 * its RGBA8, ZIWS undone: swizzled_fnv64 where the file has a ZIWS tag, independent_fnv64 where it
 * corrects arma-tools), the float copy against the bytes, and the negatives refused by name. */
static void test_textures(const char* dir) {
    char path[4096], line[8192];
    unsigned opened = 0, refused = 0;
    FILE* f;
    snprintf(path, sizeof path, "%s/textures/reference-decodes.tsv", dir);
    f = fopen(path, "r");
    if (!f) {
        printf("SKIP %s is absent\n", path);
        return;
    }
    if (!fgets(line, sizeof line, f)) line[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        char* c[10];
        const char* want;
        rv_texture* t = NULL;
        rv_error e;
        uint32_t w = 0, h = 0;
        int n = split_tabs(line, c, 10);
        if (n < 8 || strncmp(c[0], "paa/", 4) != 0) continue;
        snprintf(path, sizeof path, "%s/textures/%s", dir, c[0]);
        set_context("texture %s", c[0]);
        if (strncmp(c[0], "paa/negative/", 13) == 0) {
            CHECK(rv_texture_open(path, NULL, &t, &e) != RV_OK);
            CHECK(t == NULL);
            CHECK(contains(e.message, strrchr(c[0], '/') + 1));
            refused += t == NULL;
            rv_texture_close(t);
            continue;
        }
        want = n >= 10 && strcmp(c[9], "-") != 0 ? c[9] : strcmp(c[7], "-") != 0 ? c[7] : c[5];
        if (strcmp(want, "-") == 0) continue;
        if (rv_texture_open(path, NULL, &t, &e) != RV_OK) {
            fail_at(__FILE__, __LINE__, e.message);
            continue;
        }
        rv_texture_size(t, &w, &h);
        CHECK_U(w, strtoul(c[1], NULL, 10));
        CHECK_U(h, strtoul(c[2], NULL, 10));
        CHECK_U(rv_texture_mip_count(t), strtoul(c[3], NULL, 10));
        {
            uint8_t* rgba = xalloc((size_t)w * h, 4);
            float* px = xalloc((size_t)w * h, 4 * sizeof(float));
            char got[17];
            rv_texture_rgba8(t, rgba);
            rv_texture_rgba_float_bottom_up(t, px);
            snprintf(got, sizeof got, "%016llx", (unsigned long long)fnv64(rgba, (size_t)w * h * 4));
            CHECK_S(got, want);
            /* the float copy: the bottom row first, byte / 255 */
            CHECK(h == 0 || px[0] == rgba[(size_t)(h - 1) * w * 4] / 255.0f);
            CHECK(h == 0 || px[(size_t)(h - 1) * w * 4 + 1] == rgba[1] / 255.0f);
            free(rgba);
            free(px);
        }
        opened++;
        rv_texture_close(t);
    }
    fclose(f);
    set_context("textures");
    CHECK(opened >= 45);
    CHECK(refused >= 11);
    printf("textures: %u sample PAAs decoded as the references, %u negatives refused\n", opened, refused);

    /* the view's colour/data rule by file name */
    snprintf(path, sizeof path, "%s/textures/data-root/agm_grenades/data/agm_m84_nohq.paa", dir);
    {
        rv_texture* t = NULL;
        if (rv_texture_open(path, NULL, &t, NULL) == RV_OK) {
            CHECK_S(rv_texture_role(t), "normal");
            CHECK(rv_texture_is_colour(t) == 0);
            CHECK_S(rv_texture_type(t), "DXT5");
            rv_texture_close(t);
        }
        snprintf(path, sizeof path, "%s/textures/data-root/agm_grenades/data/agm_m84_co.paa", dir);
        if (rv_texture_open(path, NULL, &t, NULL) == RV_OK) {
            CHECK_S(rv_texture_role(t), "base color");
            CHECK(rv_texture_is_colour(t) == 1);
            rv_texture_close(t);
        }
        /* the same bytes from memory: the same pixels (reference-decodes.tsv's 27e91a062f80edce) */
        {
            size_t size = 0;
            unsigned char* bytes = read_file(path, &size);
            rv_error e;
            CHECK(bytes != NULL);
            if (bytes && rv_texture_open_memory(bytes, size, "agm_m84_co.paa", NULL, &t, &e) == RV_OK) {
                uint32_t w = 0, h = 0;
                uint8_t* rgba;
                char got[17];
                rv_texture_size(t, &w, &h);
                CHECK_U(w, 1024);
                CHECK_U(h, 1024);
                rgba = xalloc((size_t)w * h, 4);
                rv_texture_rgba8(t, rgba);
                snprintf(got, sizeof got, "%016llx", (unsigned long long)fnv64(rgba, (size_t)w * h * 4));
                CHECK_S(got, "27e91a062f80edce");
                free(rgba);
                rv_texture_close(t);
            } else {
                fail_at(__FILE__, __LINE__, "rv_texture_open_memory on agm_m84_co.paa");
            }
            CHECK(rv_texture_open_memory(bytes, 10, "cut.paa", NULL, &t, &e) != RV_OK && t == NULL);
            CHECK(contains(e.message, "cut.paa"));
            free(bytes);
        }
    }
}

/* Skeletons and animations (ABI 5): man_survivor.p3d's 132 bones (skeletons.tsv: pelvis first, a
 * root; LOD 1.000 draws and binds 3930 of its 3954 stored vertices: the rest are proxy-marker corners), and plain_zmbStandDeath1.rtm (79 frames, 134
 * bones, 7 of them outside the skeleton) posed on those bones by name; NULL handles and bad
 * arguments refused. */
static void test_skeleton(const char* dir) {
    char path[4096];
    rv_options o;
    rv_model* m = NULL;
    rv_animation* a = NULL;
    rv_error e;
    uint32_t i, n, bound = 0, dropped = 99, keyed_count = 0;
    set_context("skeleton");
    CHECK_U(rv_model_bone_count(NULL), 0);
    CHECK_EMPTY(rv_bone_name(NULL, 0));
    CHECK_I(rv_bone_parent(NULL, 0), -1);
    CHECK_I(rv_lod_is_skinned(NULL, 0), 0);
    CHECK_U(rv_animation_frame_count(NULL), 0);
    CHECK_F(rv_animation_default_fps(), 30.0, 0.0);
    CHECK_I(rv_animation_pose(NULL, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL, &e), RV_ERROR_INVALID_ARGUMENT);
    snprintf(path, sizeof path, "%s/animations/models/dayz-epoch-108/man_survivor.p3d", dir);
    if (!file_exists(path)) {
        printf("SKIP skeleton: %s is absent\n", path);
        return;
    }
    rv_options_init(&o);
    o.lods = "first";
    if (rv_model_open(path, &o, &m, &e) != RV_OK) {
        CHECK(0);
        return;
    }
    n = rv_model_bone_count(m);
    CHECK_U(n, 132);
    CHECK_S(rv_model_skeleton_name(m), "OFP2_ManSkeleton");
    CHECK_S(rv_bone_name(m, 0), "pelvis");
    CHECK_I(rv_bone_parent(m, 0), -1);
    CHECK_S(rv_bone_name(m, 1), "spine");
    CHECK_I(rv_bone_parent(m, 1), 0);
    CHECK_EMPTY(rv_bone_name(m, n));
    CHECK_I(rv_lod_is_skinned(m, 0), 1);
    {
        const uint32_t verts = rv_lod_vertex_count(m, 0);
        uint32_t* bones = (uint32_t*)malloc(verts * 16u);
        float* weights = (float*)malloc(verts * 16u);
        CHECK_U(verts, 3930); /* 3954 stored, less the 8 proxy markers' 24 corners (never drawn) */
        rv_lod_vertex_bones(m, 0, bones, weights);
        for (i = 0; i < verts; ++i) {
            const float sum = weights[4 * i] + weights[4 * i + 1] + weights[4 * i + 2] + weights[4 * i + 3];
            if (sum > 0) {
                ++bound;
                CHECK(sum > 0.99999f && sum < 1.00001f && bones[4 * i] < n);
            }
        }
        CHECK_U(bound, 3930); /* every vertex drawn: the 6 unbound of 3954 were marker corners */
        free(bones);
        free(weights);
    }
    snprintf(path, sizeof path, "%s/animations/rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm", dir);
    if (rv_animation_open(path, &o, &a, &e) == RV_OK) {
        const char* names[132];
        int32_t parents[132];
        uint8_t keyed[132];
        float* poses;
        CHECK_S(rv_animation_signature(a), "RTM_0101");
        CHECK_U(rv_animation_frame_count(a), 79);
        CHECK_U(rv_animation_bone_count(a), 134);
        for (i = 0; i < n && i < 132; ++i) names[i] = rv_bone_name(m, i), parents[i] = rv_bone_parent(m, i);
        poses = (float*)malloc(79u * 132u * 64u);
        CHECK_I(rv_animation_pose(a, 132, names, parents, RV_AXES_STORED, NULL, poses, keyed, &dropped, &e), RV_OK);
        for (i = 0; i < 132; ++i) keyed_count += keyed[i];
        CHECK_U(keyed_count, 127);
        CHECK_U(dropped, 7);
        /* frame 0, the pelvis (bone 0) of a man standing: its matrix lifts the model's pelvis-high
         * origin 0.9 m (the rest pelvis is at y -0.04) */
        CHECK_F(poses[7], 0.95, 0.1);
        /* a repeated bone name is refused: bones are matched by name */
        names[1] = names[0];
        CHECK_I(rv_animation_pose(a, 132, names, parents, RV_AXES_STORED, NULL, poses, keyed, &dropped, &e),
                RV_ERROR_INVALID_ARGUMENT);
        CHECK_I(rv_animation_pose(a, 132, names, parents, 7, NULL, poses, keyed, &dropped, &e),
                RV_ERROR_INVALID_ARGUMENT);
        free(poses);
        rv_animation_close(a);
    } else {
        CHECK(0);
    }
    /* a model is not an animation: refused, naming the file */
    snprintf(path, sizeof path, "%s/animations/models/dayz-epoch-108/man_survivor.p3d", dir);
    CHECK(rv_animation_open(path, &o, &a, &e) != RV_OK && a == NULL && contains(e.message, "man_survivor.p3d"));
    rv_model_close(m);
}

static void test_samples(const char* default_dir) {
    const char* env = getenv("RV_SAMPLES_DIR");
    const char* dir = env && *env ? env : default_dir;
    char manifest[4096];
    snprintf(manifest, sizeof manifest, "%s/manifest.tsv", dir);
    if (!file_exists(manifest)) {
        printf("SKIP real samples: %s is absent (set RV_SAMPLES_DIR)\n", manifest);
        return;
    }
    test_empty_lod(dir);
    test_model_warnings(dir);
    test_manifest(dir);
    test_terrains(dir);
    test_textures(dir);
    test_skeleton(dir);
}

/* ------------------------------------------------------------------ main */

/* rv_transforms_decompose: Rz(90 deg) * diag(2, 3, 4) moved by (1, 2, 3), then a y axis leaning
 * by a cosine of 2e-4 (over the 1e-4 tolerance): translation, XYZ Euler (0, 0, pi/2), scale. */
static void test_decompose(void) {
    const float m[32] = {0, -3,    0, 1, 2, 0, 0, 2, 0, 0, 4, 3, 0, 0, 0, 1,
                         1, 2e-4f, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    const float want[9] = {1, 2, 3, 0, 0, 1.5707963f, 2, 3, 4};
    float out[18];
    uint8_t inexact[2] = {7, 7};
    int k;
    set_context("decompose");
    CHECK(rv_transforms_decompose(m, 2, out, inexact) == 1);
    for (k = 0; k < 9; ++k) CHECK_F(out[k], want[k], 1e-6);
    CHECK(inexact[0] == 0 && inexact[1] == 1);
    CHECK(rv_transforms_decompose(m, 1, out, NULL) == 0);
}

int main(int argc, char** argv) {
    rv_model* m = NULL;
    rv_terrain* t = NULL;
    if (argc != 5) {
        fprintf(stderr, "usage: capi_c_test CRATE.p3d WORLD.wrp DEFAULT_SAMPLES_DIR WORK_DIR\n");
        return 2;
    }
    make_crate();
    test_library();
    test_null_handles();
    test_decompose();
    test_open_errors(argv[1], argv[2], argv[4]);
    test_crate(argv[1]);
    test_world(argv[2]);
    test_proxy_models(argv[4]);

    /* the texture functions with NULL handles, and the crate's first visual LOD (1.000, file LOD 0) */
    set_context("texture nulls");
    {
        uint32_t w = 7, h = 7;
        rv_texture* tex = (rv_texture*)1;
        rv_error e;
        CHECK(rv_texture_open(NULL, NULL, &tex, &e) == RV_ERROR_INVALID_ARGUMENT && tex == NULL);
        CHECK(rv_texture_open(argv[1], NULL, &tex, &e) != RV_OK && tex == NULL); /* a model is no texture */
        CHECK(contains(e.message, "rv_crate.p3d"));
        rv_texture_size(NULL, &w, &h);
        CHECK(w == 0 && h == 0);
        CHECK_S(rv_texture_type(NULL), "");
        CHECK_S(rv_texture_role(NULL), "");
        CHECK(rv_texture_mip_count(NULL) == 0 && rv_texture_warning_count(NULL) == 0);
        CHECK_S(rv_texture_warning(NULL, 0), "");
        rv_texture_rgba8(NULL, NULL);
        rv_texture_rgba_float_bottom_up(NULL, NULL);
        rv_texture_close(NULL);
    }
    set_context("first visual LOD");
    CHECK(rv_model_first_visual_lod(NULL) == -1);
    if (rv_model_open(argv[1], NULL, &m, NULL) == RV_OK) {
        CHECK(rv_model_first_visual_lod(m) == 0);
        rv_model_close(m);
        m = NULL;
    }

    /* the demo files through the generic walk as well */
    if (rv_model_open(argv[1], NULL, &m, NULL) == RV_OK) {
        set_context("crate walk");
        CHECK_U(exercise_model(m, "rv_crate.p3d"), 24 + 12 + 12);
        rv_model_close(m);
    }
    if (rv_terrain_open(argv[2], NULL, &t, NULL) == RV_OK) {
        exercise_terrain(t, "rv_world.wrp", 4);
        rv_terrain_close(t);
    }

    test_samples(argv[3]);

    printf("%ld checks, %ld failed\n", g_checks, g_failures);
    return g_failures ? 1 : 0;
}
