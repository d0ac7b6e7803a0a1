/* The C ABI from several threads at once, as rvimport.h's thread rules promise (issue 29). Built
 * with -fsanitize=thread by scripts/test_threads.sh (the library instrumented too: an
 * uninstrumented library proves nothing) and as a plain test in every build.
 *
 * usage: capi_threads_test CRATE.p3d WORLD.wrp [TEXTURE.paa]
 *
 * - Each of 4 threads opens the crate, the world and the texture 8 times, reads them whole, and
 *   checks that what it read equals what the main thread read alone first.
 * - 4 threads read one shared model handle at once (its getters only read).
 * - Each thread loads tiles on a terrain handle of its own (a handle holds one loaded tile). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvimport.h"

enum { kThreads = 4, kRounds = 8 };

static const char* gCrate;
static const char* gWorld;
static const char* gTexture;

/* What a thread reads of each file: counts and a checksum of the arrays. */
typedef struct Digest {
    uint32_t lods, materials, vertices;
    uint64_t tileVertices;
    uint32_t textureWidth;
    double sum;
} Digest;

static Digest gAlone; /* read by the main thread before any other thread starts */
static int gFailures;
static pthread_mutex_t gFailureLock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char* what) {
    pthread_mutex_lock(&gFailureLock);
    ++gFailures;
    fprintf(stderr, "FAIL: %s\n", what);
    pthread_mutex_unlock(&gFailureLock);
}

static double sumFloats(const float* v, size_t n) {
    double s = 0;
    size_t i;
    for (i = 0; i < n; ++i) s += v[i];
    return s;
}

/* LOD 0's positions and normals of an open model, summed. */
static double readModel(const rv_model* m, uint32_t* vertices) {
    const uint32_t n = rv_lod_vertex_count(m, 0);
    float* buffer = malloc(sizeof(float) * 3 * (n ? n : 1));
    double s;
    rv_lod_positions(m, 0, buffer);
    s = sumFloats(buffer, 3 * (size_t)n);
    rv_lod_normals(m, 0, buffer);
    s += sumFloats(buffer, 3 * (size_t)n);
    free(buffer);
    *vertices = n;
    return s;
}

static Digest readAll(void) {
    Digest d;
    rv_options o;
    rv_error e;
    rv_model* m = NULL;
    rv_terrain* t = NULL;
    memset(&d, 0, sizeof d);
    rv_options_init(&o);
    if (rv_model_open(gCrate, &o, &m, &e) != RV_OK) {
        fail(e.message);
        return d;
    }
    d.lods = rv_model_lod_count(m);
    d.materials = rv_model_material_count(m);
    d.sum = readModel(m, &d.vertices);
    rv_model_close(m);
    if (rv_terrain_open(gWorld, &o, &t, &e) != RV_OK) {
        fail(e.message);
        return d;
    }
    {
        uint32_t i, x = 0, y = 0;
        float* heights;
        rv_terrain_map_size(t, &x, &y);
        heights = malloc(sizeof(float) * (size_t)x * y + 1);
        rv_terrain_elevation(t, heights);
        d.sum += sumFloats(heights, (size_t)x * y);
        free(heights);
        for (i = 0; i < rv_terrain_tile_count(t); ++i)
            if (rv_terrain_tile_load(t, i)) d.tileVertices += rv_tile_vertex_count(t);
    }
    rv_terrain_close(t);
    if (gTexture) {
        rv_texture* tex = NULL;
        uint32_t w = 0, h = 0;
        if (rv_texture_open(gTexture, &o, &tex, &e) != RV_OK) {
            fail(e.message);
            return d;
        }
        rv_texture_size(tex, &w, &h);
        d.textureWidth = w;
        rv_texture_close(tex);
    }
    return d;
}

static int sameDigest(const Digest* a, const Digest* b) {
    return a->lods == b->lods && a->materials == b->materials && a->vertices == b->vertices &&
           a->tileVertices == b->tileVertices && a->textureWidth == b->textureWidth && a->sum == b->sum;
}

static void* openAndRead(void* unused) {
    int round;
    (void)unused;
    for (round = 0; round < kRounds; ++round) {
        const Digest d = readAll();
        if (!sameDigest(&d, &gAlone)) fail("a thread read other values than the main thread alone");
    }
    return NULL;
}

static const rv_model* gShared;
static double gSharedSum;

static void* readShared(void* unused) {
    int round;
    (void)unused;
    for (round = 0; round < kRounds * 4; ++round) {
        uint32_t n = 0;
        if (readModel(gShared, &n) != gSharedSum) fail("a shared handle read other values under threads");
        if (rv_model_warning_count(gShared) > 0) (void)rv_model_warning(gShared, 0);
        (void)rv_material_name(gShared, 0);
    }
    return NULL;
}

static void runThreads(void* (*body)(void*)) {
    pthread_t threads[kThreads];
    int i;
    for (i = 0; i < kThreads; ++i)
        if (pthread_create(&threads[i], NULL, body, NULL) != 0) fail("pthread_create");
    for (i = 0; i < kThreads; ++i) pthread_join(threads[i], NULL);
}

int main(int argc, char** argv) {
    rv_options o;
    rv_error e;
    rv_model* shared = NULL;
    uint32_t n = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: capi_threads_test CRATE.p3d WORLD.wrp [TEXTURE.paa]\n");
        return 2;
    }
    gCrate = argv[1];
    gWorld = argv[2];
    gTexture = argc > 3 ? argv[3] : NULL;
    gAlone = readAll();
    if (gFailures || gAlone.vertices == 0 || gAlone.tileVertices == 0) {
        fprintf(stderr, "FAIL: the demo files do not read on one thread\n");
        return 1;
    }
    runThreads(openAndRead);
    rv_options_init(&o);
    if (rv_model_open(gCrate, &o, &shared, &e) != RV_OK) {
        fprintf(stderr, "FAIL: %s\n", e.message);
        return 1;
    }
    gShared = shared;
    gSharedSum = readModel(shared, &n);
    runThreads(readShared);
    rv_model_close(shared);
    printf("%d threads x %d rounds: crate (%u vertices), world (%llu tile vertices)%s: %d failure(s)\n", kThreads,
           kRounds, (unsigned)gAlone.vertices, (unsigned long long)gAlone.tileVertices, gTexture ? ", texture" : "",
           gFailures);
    return gFailures ? 1 : 0;
}
