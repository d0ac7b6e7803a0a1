// The Assimp adapter for terrains: every terrain sample and fixture imports valid; the height
// grid comes out as indexed tiles with one vertex per sample per mesh at (x*cell, h, -z*cell),
// every cell as two counter-clockwise (seen from above) triangles; objects as nodes with their
// world transforms mirrored like models; and the .glb round trip through the stock importer.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "rv/assimp_importer.hpp"
#include "rv/wrp.hpp"
#include "support/assimp_scene.hpp"
#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"
#include "support/pbo_writer.hpp"
#include "support/samples.hpp"
#include "support/wrp_writer.hpp"

namespace fs = std::filesystem;

namespace {

using rvtest::child;

// Checks the terrain node of `s` against the decoded terrain; returns the triangle count.
size_t checkTerrain(const aiScene* s, const aiNode* terrainNode, const rv::WrpTerrain& t) {
    const float cell = t.cellSize();
    std::set<std::pair<uint32_t, uint32_t>> samples;
    size_t triangles = 0;
    for (unsigned m = 0; m < terrainNode->mNumMeshes; ++m) {
        const aiMesh* mesh = s->mMeshes[terrainNode->mMeshes[m]];
        EXPECT_LE(mesh->mNumVertices, 129u * 129u);
        std::set<std::pair<uint32_t, uint32_t>> inMesh;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D p = mesh->mVertices[v];
            const uint32_t x = uint32_t(std::lround(p.x / cell)), z = uint32_t(std::lround(-p.z / cell));
            EXPECT_EQ(p.x, float(x) * cell);
            EXPECT_EQ(p.z, -(float(z) * cell));
            EXPECT_EQ(p.y, t.elevation[size_t(z) * t.mapSizeX + x]) << x << "," << z;
            EXPECT_TRUE(inMesh.insert({x, z}).second) << "sample " << x << "," << z << " twice in one mesh";
            samples.insert({x, z});
            EXPECT_GT(mesh->mNormals[v].y, 0.0f);
        }
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace& face = mesh->mFaces[f];
            EXPECT_EQ(face.mNumIndices, 3u);
            const aiVector3D a = mesh->mVertices[face.mIndices[0]], b = mesh->mVertices[face.mIndices[1]],
                             c = mesh->mVertices[face.mIndices[2]];
            EXPECT_GT(((b - a) ^ (c - a)).y, 0.0f) << "triangle " << f << " faces down";
            ++triangles;
        }
    }
    EXPECT_EQ(samples.size(), size_t(t.mapSizeX) * t.mapSizeY);
    EXPECT_EQ(triangles, size_t(2) * (t.mapSizeX - 1) * (t.mapSizeY - 1));
    return triangles;
}

void checkObjects(const aiNode* objects, const rv::WrpTerrain& t) {
    ASSERT_EQ(objects->mNumChildren, t.objects.size());
    for (size_t i = 0; i < t.objects.size(); ++i) {
        const aiNode* n = objects->mChildren[i];
        const rv::WrpObject& o = t.objects[i];
        EXPECT_EQ(o.model, n->mName.C_Str());
        const rv::Vec3 p = o.transform.position();
        EXPECT_EQ(n->mTransformation.a4, p.x);
        EXPECT_EQ(n->mTransformation.b4, p.y);
        EXPECT_EQ(n->mTransformation.c4, -p.z);
        int32_t id = 0;
        ASSERT_TRUE(n->mMetaData && n->mMetaData->Get("rv:object_id", id));
        EXPECT_EQ(uint32_t(id), o.id);
    }
}

class AssimpWrpSample : public testing::TestWithParam<rvtest::TerrainRow> {};

TEST_P(AssimpWrpSample, ImportsTilesAndObjects) {
    const std::string path = rvtest::samplesDir() + "/" + GetParam().path;
    auto bytes = rvtest::readBytes(path);
    auto decoded = rv::decodeWrp(bytes.data(), bytes.size(), GetParam().path);
    ASSERT_TRUE(decoded.ok()) << rv::diagnosticLine(decoded.error());
    Assimp::Importer importer;
    rv::registerImporters(importer);
    const aiScene* s = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    EXPECT_EQ(s->mFlags & AI_SCENE_FLAGS_VALIDATION_WARNING, 0u);
    const aiNode* terrain = child(s->mRootNode, "terrain");
    ASSERT_NE(terrain, nullptr);
    checkTerrain(s, terrain, decoded.value());
    checkObjects(child(s->mRootNode, "objects"), decoded.value());
}

std::vector<rvtest::TerrainRow> rows() {
    const std::string dir = rvtest::samplesDir();
    return dir.empty() ? std::vector<rvtest::TerrainRow>{} : rvtest::readTerrainManifest(dir);
}
INSTANTIATE_TEST_SUITE_P(Terrains, AssimpWrpSample, testing::ValuesIn(rows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(AssimpWrpSample);

// A fixture larger than one tile (300 x 200 samples), with roads, through .glb and back.
TEST(AssimpWrp, FixtureTilesRoadsAndGlbRoundTrip) {
    rvtest::WrpWriteOptions o;
    o.lzo = rvtest::lzoFast;
    const rv::WrpTerrain t = rvtest::makeTestTerrain(25, 64, 32, 300, 200);
    const std::vector<uint8_t> bytes = rvtest::writeOprw(t, o);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    const aiScene* s = importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, "wrp");
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    const size_t triangles = checkTerrain(s, child(s->mRootNode, "terrain"), t);
    checkObjects(child(s->mRootNode, "objects"), t);
    const aiNode* roads = child(s->mRootNode, "roads");
    ASSERT_NE(roads, nullptr);
    EXPECT_EQ(roads->mNumChildren, t.roads.size());
    EXPECT_STREQ(roads->mChildren[0]->mName.C_Str(), "rv\\test\\road_10.p3d");
    EXPECT_GT(s->mNumMaterials, 1u);  // layer materials

    const fs::path glb = fs::temp_directory_path() / ("rvimport_world_" + std::to_string(::getpid()) + ".glb");
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(s, "glb2", glb.string()), AI_SUCCESS) << exporter.GetErrorString();
    Assimp::Importer stock;
    const aiScene* back = stock.ReadFile(glb.string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << stock.GetErrorString();
    size_t backTriangles = 0;
    for (unsigned m = 0; m < back->mNumMeshes; ++m) backTriangles += back->mMeshes[m]->mNumFaces;
    EXPECT_EQ(backTriangles, triangles);
    const aiNode* backObjects = back->mRootNode->FindNode("objects");
    ASSERT_NE(backObjects, nullptr);
    EXPECT_EQ(backObjects->mNumChildren, t.objects.size());
    std::error_code ec;
    fs::remove(glb, ec);
}

TEST(AssimpWrp, DamagedTerrainFailsWithOffset) {
    const rv::WrpTerrain t = rvtest::makeTestTerrain(3, 16, 16, 16, 16);
    std::vector<uint8_t> bytes = rvtest::writeOprw(t);
    bytes.resize(bytes.size() / 2);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    EXPECT_EQ(importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, "wrp"), nullptr);
    EXPECT_NE(std::string(importer.GetErrorString()).find("offset 0x"), std::string::npos) << importer.GetErrorString();
}

}  // namespace

namespace {

// With a data folder, every object whose model is found there gets that model's first visual
// LOD as meshes, shared by all its placements; objects whose model is missing stay empty nodes.
TEST(AssimpWrp, DataFolderPlacesSharedModelMeshes) {
    const fs::path data = fs::temp_directory_path() / ("rvimport_data_" + std::to_string(::getpid()));
    fs::create_directories(data / "rv" / "test");
    const std::vector<uint8_t> crate = rvtest::writeOdol73(rvtest::makeCrateModel());
    {
        std::FILE* f = std::fopen((data / "rv" / "test" / "house.p3d").c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(crate.data(), 1, crate.size(), f);
        std::fclose(f);
    }
    const rv::WrpTerrain t = rvtest::makeTestTerrain(16, 8, 8, 8, 8);  // models: house, tree
    const std::vector<uint8_t> world = rvtest::writeOprw(t);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyString(rv::kPropertyDataFolder, data.string());
    const aiScene* s = importer.ReadFileFromMemory(world.data(), world.size(), aiProcess_ValidateDataStructure, "wrp");
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    const aiNode* objects = child(s->mRootNode, "objects");
    ASSERT_NE(objects, nullptr);
    std::vector<unsigned> houseMeshes;
    size_t houses = 0;
    for (unsigned i = 0; i < objects->mNumChildren; ++i) {
        const aiNode* n = objects->mChildren[i];
        if (std::string(n->mName.C_Str()) == "rv\\test\\house.p3d") {
            ++houses;
            std::vector<unsigned> m(n->mMeshes, n->mMeshes + n->mNumMeshes);
            ASSERT_FALSE(m.empty());
            if (houseMeshes.empty()) houseMeshes = m;
            EXPECT_EQ(m, houseMeshes);  // shared, imported once
        } else {
            EXPECT_EQ(n->mNumMeshes, 0u) << n->mName.C_Str();  // tree.p3d is not in the folder
        }
    }
    EXPECT_EQ(houses, 12u);
    // The crate's first visual LOD: its triangle count, as the model importer makes it.
    size_t triangles = 0;
    for (unsigned m : houseMeshes) triangles += s->mMeshes[m]->mNumFaces;
    auto decoded = rv::decodeOdol(crate.data(), crate.size(), "house.p3d");
    ASSERT_TRUE(decoded.ok());
    size_t want = 0;
    const rv::OdolLod& lod0 = decoded->lods[0];
    for (size_t f = 0; f < lod0.faceCount(); ++f) want += lod0.faceStart[f + 1] - lod0.faceStart[f] - 2;
    EXPECT_EQ(triangles, want);
    Assimp::Exporter exporter;
    EXPECT_EQ(exporter.Export(s, "glb2", (data / "world.glb").string()), AI_SUCCESS) << exporter.GetErrorString();
    std::error_code ec;
    fs::remove_all(data, ec);
}

// The same model packed in a PBO (prefix rv\test) below the data root, its name in other
// letter case: mounted at its prefix and found case-insensitively, as the game finds it.
TEST(AssimpWrp, DataRootMountsPbosForObjectModels) {
    const fs::path data = fs::temp_directory_path() / ("rvimport_root_" + std::to_string(::getpid()));
    fs::create_directories(data / "addons");
    const std::vector<uint8_t> pbo =
        rvtest::writePbo("RV\\Test", "House.P3D", rvtest::writeOdol73(rvtest::makeCrateModel()));
    {
        std::FILE* f = std::fopen((data / "addons" / "test.pbo").c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(pbo.data(), 1, pbo.size(), f);
        std::fclose(f);
    }
    const std::vector<uint8_t> world = rvtest::writeOprw(rvtest::makeTestTerrain(16, 8, 8, 8, 8));
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyString(rv::kPropertyDataRoot, data.string());
    const aiScene* s = importer.ReadFileFromMemory(world.data(), world.size(), aiProcess_ValidateDataStructure, "wrp");
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    const aiNode* objects = child(s->mRootNode, "objects");
    ASSERT_NE(objects, nullptr);
    size_t placedWithMeshes = 0;
    for (unsigned i = 0; i < objects->mNumChildren; ++i) {
        const aiNode* n = objects->mChildren[i];
        const bool house = std::string(n->mName.C_Str()) == "rv\\test\\house.p3d";
        EXPECT_EQ(n->mNumMeshes > 0, house) << n->mName.C_Str();
        placedWithMeshes += n->mNumMeshes > 0;
    }
    EXPECT_EQ(placedWithMeshes, 12u);
    std::error_code ec;
    fs::remove_all(data, ec);
}

}  // namespace

namespace {

void writeBytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
    fs::create_directories(path.parent_path());
    std::FILE* f = std::fopen(path.string().c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
}

// Layer textures: the first layer's .rvmat maps its satellite picture (Stage0, texGen 3, class
// TexGen3 { uvSource="worldPos"; uvTransform }) by world position; the picture is a 2 x 2 TGA
// stand-in for its .paa; the second layer's .rvmat is missing (game data). The textured layer's
// material samples the embedded picture through UV channel 0, which holds the transform of each
// sample's world position (u = 0.001 east + 0.25, v = 0.75 - 0.001 north, flipped to Assimp's
// bottom-left origin), the whole-map UVs moving to channel 1; the other layer keeps its plain
// colour and its whole-map UVs in channel 0. The satellite picture covers its cells once: it is
// clamped to its edge (aiTextureMapMode_Clamp on u and v), not repeated.
TEST(AssimpWrp, LayerSatellitePicturesThroughTheirWorldTransform) {
    const fs::path data = fs::temp_directory_path() / ("rvimport_layers_" + std::to_string(::getpid()));
    fs::create_directories(data / "rv/test/data/layers");
    std::ofstream(data / "rv/test/data/layers/p_000-000_l00.rvmat")
        << "PixelShaderID=\"TerrainX\";\nclass Stage0 { texture=\"rv\\test\\data\\layers\\s_000_000_lco.paa\"; "
           "texGen=3; };\n"
           "class TexGen3 { uvSource=\"worldPos\"; class uvTransform { aside[]={0.001,0,0}; up[]={0,0,0.001};"
           " dir[]={0,-0.001,0}; pos[]={0.25,0.75,0}; }; };\n";
    // 2 x 2, 32-bit, top-left origin; BGRA bytes
    writeBytes(data / "rv/test/data/layers/s_000_000_lco.tga",
               {0,    0, 2, 0,   0,   0, 0,   0, 0,   0,   0, 0, 2,   0,   2,   0,   32,
                0x28, 0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255});
    const rv::WrpTerrain t = rvtest::makeTestTerrain(25, 32, 16, 64, 32);
    ASSERT_EQ(t.materials.size(), 3u);
    rvtest::WrpWriteOptions o;
    o.lzo = rvtest::lzoFast;
    const std::vector<uint8_t> world = rvtest::writeOprw(t, o);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyString(rv::kPropertyDataRoot, data.string());
    const aiScene* s = importer.ReadFileFromMemory(world.data(), world.size(), aiProcess_ValidateDataStructure, "wrp");
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    ASSERT_EQ(s->mNumTextures, 1u);
    EXPECT_EQ(s->mTextures[0]->mHeight, 0u);  // PNG
    const float cell = t.cellSize();
    size_t textured = 0, plain = 0;
    for (unsigned i = 0; i < s->mNumMeshes; ++i) {
        const aiMesh* m = s->mMeshes[i];
        if (std::string(m->mName.C_Str()).rfind("tile ", 0) != 0) continue;
        const aiMaterial* mat = s->mMaterials[m->mMaterialIndex];
        aiString path;
        if (mat->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), path) != AI_SUCCESS) {
            ++plain;
            EXPECT_EQ(m->mTextureCoords[1], nullptr);
            continue;
        }
        ++textured;
        EXPECT_STREQ(path.C_Str(), "*0");
        int wrapU = -1, wrapV = -1;
        EXPECT_EQ(mat->Get(AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0), wrapU), AI_SUCCESS);
        EXPECT_EQ(mat->Get(AI_MATKEY_MAPPINGMODE_V_DIFFUSE(0), wrapV), AI_SUCCESS);
        EXPECT_EQ(wrapU, int(aiTextureMapMode_Clamp));
        EXPECT_EQ(wrapV, int(aiTextureMapMode_Clamp));
        ASSERT_NE(m->mTextureCoords[1], nullptr);
        const float mapEast = float(t.mapSizeX - 1) * cell, mapNorth = float(t.mapSizeY - 1) * cell;
        for (unsigned v = 0; v < m->mNumVertices; v += 7) {
            // Assimp's frame: (east, height, -north)
            const aiVector3D p = m->mVertices[v];
            const float east = p.x, north = -p.z;
            EXPECT_NEAR(m->mTextureCoords[0][v].x, 0.001f * east + 0.25f, 1e-5f) << east;
            EXPECT_NEAR(m->mTextureCoords[0][v].y, 1.0f - (0.75f - 0.001f * north), 1e-5f) << north;
            EXPECT_NEAR(m->mTextureCoords[1][v].x, east / mapEast, 1e-5f);  // the whole map
            EXPECT_NEAR(m->mTextureCoords[1][v].y, north / mapNorth, 1e-5f);
            EXPECT_NEAR(std::fmod(east, cell), 0.0f, 1e-3f);  // on the height grid
        }
    }
    EXPECT_GT(textured, 0u);
    EXPECT_GT(plain, 0u);
    std::error_code ec;
    fs::remove_all(data, ec);
}

}  // namespace
