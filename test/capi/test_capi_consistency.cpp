// One triangle count across the adapters: for every binarized model of the sample manifest with
// a geometry hash, the C ABI (librvimport, rv_options.lods = "all"), the Assimp importer
// (RV_IMPORT_LODS "all": the 3-index faces of the meshes under each LOD node) and the decoded
// model itself (sum over faces of max(0, corners - 2), the fan rule) give the same triangles
// per LOD, and the same LOD names in the same order.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <assimp/Importer.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "rv/assimp_importer.hpp"
#include "rv/odol.hpp"
#include "rvimport.h"
#include "support/samples.hpp"

namespace {

struct LodCount {
    std::string name;
    uint64_t triangles = 0;
};

bool operator==(const LodCount& a, const LodCount& b) { return a.name == b.name && a.triangles == b.triangles; }

std::ostream& operator<<(std::ostream& os, const LodCount& c) { return os << "'" << c.name << "' " << c.triangles; }

// The fan rule on the decoder's own faces: a polygon of n >= 3 corners is n - 2 triangles.
std::vector<LodCount> fromDecoder(const rv::OdolModel& model) {
    std::vector<LodCount> out;
    for (const rv::OdolLod& lod : model.lods) {
        LodCount c{lod.name, 0};
        for (size_t f = 0; f < lod.faceCount(); ++f) {
            const uint32_t corners = lod.faceStart[f + 1] - lod.faceStart[f];
            if (corners > 2) c.triangles += corners - 2;
        }
        c.triangles -= lod.proxies.size();  // each proxy's marker triangle, never drawn
        out.push_back(c);
    }
    return out;
}

std::vector<LodCount> fromCapi(const std::string& path, std::string& error) {
    std::vector<LodCount> out;
    rv_options o;
    rv_options_init(&o);
    o.lods = "all";
    o.axes = RV_AXES_Y_UP;  // the Assimp frame; the count does not depend on it
    rv_model* m = nullptr;
    rv_error e;
    if (rv_model_open(path.c_str(), &o, &m, &e) != RV_OK) {
        error = e.message;
        return out;
    }
    for (uint32_t lod = 0; lod < rv_model_lod_count(m); ++lod) {
        LodCount c{rv_lod_name(m, lod), rv_lod_triangle_count(m, lod)};
        // The count matches the array the host copies (3 indices each, all inside the LOD).
        std::vector<uint32_t> tris(3 * size_t(c.triangles));
        rv_lod_triangles(m, lod, tris.data());
        const uint32_t vertices = rv_lod_vertex_count(m, lod);
        for (uint32_t v : tris)
            if (v >= vertices) {
                error = "LOD " + std::to_string(lod) + " triangle index " + std::to_string(v) +
                        " >= " + std::to_string(vertices);
                break;
            }
        out.push_back(c);
    }
    rv_model_close(m);
    return out;
}

uint64_t triangleFaces(const aiScene* scene, const aiNode* node) {
    uint64_t n = 0;
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        const aiMesh* mesh = scene->mMeshes[node->mMeshes[i]];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) n += mesh->mFaces[f].mNumIndices == 3;
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) n += triangleFaces(scene, node->mChildren[i]);
    return n;
}

std::vector<LodCount> fromAssimp(const std::string& path, std::string& error) {
    std::vector<LodCount> out;
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyString(rv::kPropertyLods, "all");
    const aiScene* scene = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    if (!scene || !scene->mRootNode) {
        error = importer.GetErrorString();
        return out;
    }
    aiString skeleton;  // a skinned model's skeleton node comes first (docs/assimp.md)
    const aiMetadata* md = scene->mRootNode->mMetaData;
    const bool hasSkeleton = md && md->Get("rv:skeleton", skeleton);
    for (unsigned i = 0; i < scene->mRootNode->mNumChildren; ++i) {
        const aiNode* lod = scene->mRootNode->mChildren[i];
        if (i == 0 && hasSkeleton && lod->mName == skeleton && lod->mNumMeshes == 0) continue;
        out.push_back({lod->mName.C_Str(), triangleFaces(scene, lod)});
    }
    return out;
}

TEST(CapiConsistency, TriangleCountsPerLodAgreeOnEverySample) {
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)";
    size_t models = 0;
    uint64_t triangles = 0;
    for (const rvtest::ManifestRow& row : rvtest::readManifest(dir)) {
        if (row.signature != "ODOL" || row.geoFnv64.empty()) continue;
        SCOPED_TRACE(row.path);
        const std::string path = dir + "/" + row.path;
        const std::vector<uint8_t> bytes = rvtest::readBytes(path);
        ASSERT_FALSE(bytes.empty());
        rv::Result<rv::OdolModel> decoded = rv::decodeOdol(bytes.data(), bytes.size(), row.path);
        ASSERT_TRUE(decoded.ok()) << decoded.error().message;
        const std::vector<LodCount> want = fromDecoder(decoded.value());
        if (row.lods >= 0) {
            EXPECT_EQ(want.size(), size_t(row.lods));
        }

        std::string capiError, assimpError;
        const std::vector<LodCount> capi = fromCapi(path, capiError);
        const std::vector<LodCount> assimp = fromAssimp(path, assimpError);
        EXPECT_EQ(capiError, "");
        EXPECT_EQ(assimpError, "");
        EXPECT_EQ(capi, want) << "C ABI vs decoder";
        EXPECT_EQ(assimp, want) << "Assimp scene vs decoder";
        for (const LodCount& c : want) triangles += c.triangles;
        ++models;
    }
    // The manifest holds well over a hundred hashed ODOL models; a parsing slip must not pass.
    EXPECT_GE(models, 100u);
    std::printf("%zu models, %llu triangles agree across the decoder, the C ABI and Assimp\n", models,
                static_cast<unsigned long long>(triangles));
}

// The demo crate, whose counts come from its definition (test/support/odol_writer.cpp
// makeCrateModel): 6 quads + 12 triangles, 6 quads, 6 quads, no faces.
TEST(CapiConsistency, CrateTriangleCountsAgree) {
    const char* demo = std::getenv("RV_CAPI_DEMO_CRATE");
    if (!demo || !*demo) GTEST_SKIP() << "RV_CAPI_DEMO_CRATE is not set";
    std::string capiError, assimpError;
    const std::vector<LodCount> want = {{"1.000", 24}, {"ShadowVolume 0", 12}, {"Geometry", 12}, {"Memory", 0}};
    EXPECT_EQ(fromCapi(demo, capiError), want);
    EXPECT_EQ(fromAssimp(demo, assimpError), want);
    EXPECT_EQ(capiError, "");
    EXPECT_EQ(assimpError, "");
}

// rv_options.max_texture_size reaches the material images: AGM M84's colour map (1024^2 with its
// own 512^2 mip) comes at 512 x 512 under a cap of 512, as the Assimp importer's property gives it
// (test_assimp_odol.cpp), and at 1024 x 1024 with rv_options_init's default (no cap).
TEST(CapiConsistency, MaxTextureSizeReachesMaterialImages) {
    const std::string dir = rvtest::samplesDir();
    const std::string root = dir + "/textures/data-root";
    if (dir.empty() || !std::ifstream(root + "/agm_grenades/data/agm_m84_co.paa"))
        GTEST_SKIP() << "the texture samples are absent (set RV_SAMPLES_DIR)";
    for (uint32_t cap : {0u, 512u}) {
        SCOPED_TRACE("max_texture_size " + std::to_string(cap));
        rv_options o;
        rv_options_init(&o);
        o.lods = "first";
        o.data_root = root.c_str();
        if (cap) o.max_texture_size = cap;
        rv_model* m = nullptr;
        rv_error e;
        ASSERT_EQ(rv_model_open((dir + "/real/agm/AGM_M84.p3d").c_str(), &o, &m, &e), RV_OK) << e.message;
        ASSERT_GE(rv_model_material_count(m), 1u);
        const int32_t k = rv_material_base_color_image(m, 0);
        ASSERT_GE(k, 0);
        uint32_t w = 0, h = 0;
        EXPECT_EQ(rv_material_image_size(m, 0, uint32_t(k), &w, &h), 1);
        EXPECT_EQ(w, cap ? 512u : 1024u);
        EXPECT_EQ(h, cap ? 512u : 1024u);
        rv_model_close(m);
    }
}

}  // namespace
