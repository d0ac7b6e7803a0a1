// The Assimp adapter for ODOL: scene layout, coordinate conversion, materials, proxies, LOD
// picking, errors; and the round trip every user takes (import -> .glb/.obj -> stock Assimp).
#include <assimp/GltfMaterial.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <unistd.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <tuple>

#include "rv/assimp_importer.hpp"
#include "rv/odol.hpp"
#include "rv/paa.hpp"
#include "support/load.hpp"
#include "support/odol_writer.hpp"
#include "support/assimp_scene.hpp"
#include "support/samples.hpp"

namespace fs = std::filesystem;

namespace {

using rvtest::Imported;

Imported importOdol(const std::string& path, const std::string& lods = "all", bool bones = false) {
    Imported out;
    rv::registerImporters(*out.importer);
    out.importer->SetPropertyString(rv::kPropertyLods, lods);
    out.importer->SetPropertyInteger(rv::kPropertySelectionsAsBones, bones ? 1 : 0);
    out.scene = out.importer->ReadFile(path, aiProcess_ValidateDataStructure);
    if (!out.scene) out.error = out.importer->GetErrorString();
    return out;
}

using rvtest::samplePath;


using rvtest::child;

template <class T>
bool meta(const aiNode* node, const char* key, T& value) {
    return node->mMetaData && node->mMetaData->Get(key, value);
}

// A triangle corner as a user sees it: position and normal in Assimp's frame.
using Corner = std::array<float, 6>;
using Triangle = std::array<Corner, 3>;

// The smallest of a triangle's three rotations; keeps the winding. (Comparing whole rotations,
// not first corners, keeps degenerate triangles with two equal corners canonical too.)
// Ordered by positions only: normals are compared afterwards, and a repaired normal (a zero stored
// one, see sameTriangles) must not change which rotation or place a triangle gets.
using Positions = std::array<float, 9>;
Positions positionsOf(const Triangle& t) {
    return {t[0][0], t[0][1], t[0][2], t[1][0], t[1][1], t[1][2], t[2][0], t[2][1], t[2][2]};
}
bool byPositions(const Triangle& a, const Triangle& b) { return positionsOf(a) < positionsOf(b); }

Triangle canonical(Triangle t) {
    Triangle best = t;
    for (size_t first = 1; first < 3; ++first) {
        const Triangle r = {t[first], t[(first + 1) % 3], t[(first + 2) % 3]};
        if (byPositions(r, best)) best = r;
    }
    return best;
}

// What the documented conversion promises for one LOD: (x, y, z) -> (x, y, -z), each polygon a
// fan (0,1,2),(0,2,3) from its first corner, index order reversed to stay front-facing.
std::vector<Triangle> expectedTriangles(const rv::OdolLod& lod) {
    std::vector<Triangle> out;
    auto corner = [&](uint32_t v) {
        const rv::Vec3 p = lod.positions[v];
        rv::Vec3 n = lod.normals.empty() ? rv::Vec3{0, 0, 0} : lod.normals[v];
        // Exporters store unit normals (glTF requires them); the decoder's may be a hair off.
        const float len = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
        if (len > 0) n = {n.x / len, n.y / len, n.z / len};
        return Corner{p.x, p.y, -p.z, n.x, n.y, -n.z};
    };
    // Proxy markers are never drawn: binarize keeps them in sections flagged 0x10000000, "hidden
    // proxy triangle" (format notes, sections), one triangle per proxy.
    std::vector<bool> marker(lod.faceCount(), false);
    for (const rv::OdolSection& s : lod.sections)
        if (s.faceFlags & 0x10000000u)
            for (uint32_t f = s.firstFace; f < s.endFace && f < marker.size(); ++f) marker[f] = true;
    for (const rv::OdolProxy& p : lod.proxies)  // OFP's v7 lists them in the proxy's selection
        if (p.selectionIndex >= 0 && size_t(p.selectionIndex) < lod.selections.size())
            for (uint32_t f : lod.selections[size_t(p.selectionIndex)].faces) marker.at(f) = true;
    // (one per proxy on every real sample, test_view.cpp; our crate fixture's proxy has none)
    EXPECT_LE(size_t(std::count(marker.begin(), marker.end(), true)), lod.proxies.size());
    for (size_t f = 0; f < lod.faceCount(); ++f) {
        const uint32_t b = lod.faceStart[f], n = lod.faceStart[f + 1] - b;
        if (marker[f]) continue;
        for (uint32_t k = 1; k + 1 < n; ++k)
            out.push_back(canonical(
                {corner(lod.faceIndices[b + k + 1]), corner(lod.faceIndices[b + k]), corner(lod.faceIndices[b])}));
    }
    std::stable_sort(out.begin(), out.end(), byPositions);
    return out;
}

void collectMeshes(const aiScene* s, const aiNode* node, std::vector<Triangle>& tris, size_t& points,
                   bool withNormals) {
    for (unsigned m = 0; m < node->mNumMeshes; ++m) {
        const aiMesh* mesh = s->mMeshes[node->mMeshes[m]];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace& face = mesh->mFaces[f];
            if (face.mNumIndices == 1) ++points;
            if (face.mNumIndices != 3) continue;
            Triangle t;
            for (unsigned k = 0; k < 3; ++k) {
                const aiVector3D p = mesh->mVertices[face.mIndices[k]];
                aiVector3D n(0, 0, 0);
                if (withNormals && mesh->mNormals) n = mesh->mNormals[face.mIndices[k]];
                t[k] = {p.x, p.y, p.z, n.x, n.y, n.z};
            }
            tris.push_back(canonical(t));
        }
    }
    std::stable_sort(tris.begin(), tris.end(), byPositions);
}

// Positions must match bit for bit (a mirror is exact); normals within float noise.
::testing::AssertionResult sameTriangles(const std::vector<Triangle>& got, const std::vector<Triangle>& want) {
    if (got.size() != want.size())
        return ::testing::AssertionFailure() << got.size() << " triangles, expected " << want.size();
    for (size_t i = 0; i < got.size(); ++i)
        for (size_t k = 0; k < 3; ++k) {
            for (size_t c = 0; c < 3; ++c)
                if (got[i][k][c] != want[i][k][c])
                    return ::testing::AssertionFailure() << "triangle " << i << " corner " << k << " position differs";
            const Corner& w = want[i][k];
            if (w[3] == 0 && w[4] == 0 && w[5] == 0) {
                // No normals (zero in both), or a zero stored normal, which the view repairs (docs/architecture.md,
                // "The view layer"): then any unit normal.
                const Corner& g = got[i][k];
                const float len = std::sqrt(g[3] * g[3] + g[4] * g[4] + g[5] * g[5]);
                if (len != 0 && std::fabs(len - 1.0f) > 1e-3f)
                    return ::testing::AssertionFailure() << "triangle " << i << " corner " << k << " normal not unit";
                continue;
            }
            for (size_t c = 3; c < 6; ++c)
                if (std::fabs(got[i][k][c] - want[i][k][c]) > 1e-4f)
                    return ::testing::AssertionFailure()
                           << "triangle " << i << " corner " << k << " normal differs: " << got[i][k][c] << " vs "
                           << want[i][k][c];
        }
    return ::testing::AssertionSuccess();
}

// No point is dropped: every point no face uses is a point face (memory points, the geometry
// LOD's centre of mass), except in rendered LODs with faces, where they would draw as dots.
size_t expectedPoints(const rv::OdolLod& lod) {
    const rv::LodKind kind = rv::lodKind(lod.resolution);
    if (rv::isRendered(kind) && lod.faceCount() != 0) return 0;
    std::vector<bool> used(lod.positions.size(), false);
    for (uint32_t i : lod.faceIndices) used[i] = true;
    return size_t(std::count(used.begin(), used.end(), false));
}

// Every sample the issue names (real/ and generated/, plus the OFP v7 set).
std::vector<rvtest::ManifestRow> adapterRows() {
    std::vector<rvtest::ManifestRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (auto& r : rvtest::readManifest(dir))
        if (r.signature == "ODOL" && !r.geoFnv64.empty()) out.push_back(r);
    return out;
}

using rvtest::scratchDir;

class AssimpOdolSample : public testing::TestWithParam<rvtest::ManifestRow> {};

TEST_P(AssimpOdolSample, ImportsValidAndRoundTripsThroughGlbAndObj) {
    const auto& row = GetParam();
    const std::string path = samplePath(row.path);
    auto bytes = rvtest::readBytes(path);
    auto decoded = rv::decodeOdol(bytes.data(), bytes.size(), row.path);
    ASSERT_TRUE(decoded.ok()) << rv::diagnosticLine(decoded.error());
    const rv::OdolModel& model = decoded.value();

    Imported ours = importOdol(path);
    ASSERT_NE(ours.scene, nullptr) << ours.error;
    EXPECT_EQ(ours.scene->mFlags & AI_SCENE_FLAGS_VALIDATION_WARNING, 0u);
    const aiNode* root = ours.scene->mRootNode;
    EXPECT_EQ(std::string(root->mName.C_Str()), fs::path(path).filename().string());
    // A skinned model's skeleton node comes first (docs/assimp.md, "Skeletons and animations").
    const size_t first = root->mNumChildren > model.lods.size() && !model.skeleton.name.empty() &&
                                 model.skeleton.name == root->mChildren[0]->mName.C_Str()
                             ? 1
                             : 0;
    ASSERT_GE(root->mNumChildren, model.lods.size() + first);
    for (size_t i = 0; i < model.lods.size(); ++i)
        EXPECT_EQ(root->mChildren[first + i]->mName.C_Str(), model.lods[i].name);

    const fs::path dir = scratchDir(rvtest::paramName(GetParam().path));
    const std::string glb = (dir / "model.glb").string(), obj = (dir / "model.obj").string();
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(ours.scene, "glb2", glb), AI_SUCCESS) << exporter.GetErrorString();
    ASSERT_EQ(exporter.Export(ours.scene, "obj", obj), AI_SUCCESS) << exporter.GetErrorString();

    // The stock importer, none of our code: what Blender or an engine would read.
    Assimp::Importer stock;
    const aiScene* back = stock.ReadFile(glb, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << stock.GetErrorString();
    const aiNode* backRoot = back->mRootNode->FindNode(root->mName);
    ASSERT_NE(backRoot, nullptr);
    size_t totalTriangles = 0;
    for (size_t i = 0; i < model.lods.size(); ++i) {
        const rv::OdolLod& lod = model.lods[i];
        const aiNode* node = child(backRoot, lod.name);
        ASSERT_NE(node, nullptr) << lod.name;
        std::vector<Triangle> got;
        size_t points = 0;
        collectMeshes(back, node, got, points, !lod.normals.empty());
        const std::vector<Triangle> want = expectedTriangles(lod);
        totalTriangles += want.size();
        ASSERT_EQ(got.size(), want.size()) << lod.name;
        EXPECT_TRUE(sameTriangles(got, want)) << lod.name;
        EXPECT_EQ(points, expectedPoints(lod)) << lod.name;
    }

    Assimp::Importer stockObj;
    const aiScene* objBack = stockObj.ReadFile(obj, aiProcess_ValidateDataStructure);
    ASSERT_NE(objBack, nullptr) << stockObj.GetErrorString();
    size_t objTriangles = 0;
    for (unsigned m = 0; m < objBack->mNumMeshes; ++m)
        for (unsigned f = 0; f < objBack->mMeshes[m]->mNumFaces; ++f)
            objTriangles += objBack->mMeshes[m]->mFaces[f].mNumIndices == 3;
    EXPECT_EQ(objTriangles, totalTriangles);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

INSTANTIATE_TEST_SUITE_P(Manifest, AssimpOdolSample, testing::ValuesIn(adapterRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(AssimpOdolSample);

// Orientation pinned by a real asymmetric model. KAM m7a3's MLOD source puts mem01 at
// (-0.00094984344, 0.15077211, 0) and mem02 at (-0.03632667, 0.070755034, 0): both left of the
// centre line and at different heights. After import they sit at (x - cx, y - cy, -(z - cz));
// the binarizer's centre has cz = 0.0050676, so without the mirror they would be at z = -0.005.
TEST(AssimpOdol, MemoryPointsKeepSidesAndMirrorDepth) {
    RV_LOAD_SAMPLE(m, "real/kam/aff6fa87_m7a3.p3d");
    Imported imp = importOdol(samplePath("real/kam/aff6fa87_m7a3.p3d"));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const aiNode* memory = child(imp.scene->mRootNode, "Memory");
    ASSERT_NE(memory, nullptr);
    const rv::Vec3 c = m.info.boundingCenter;
    const float mlod[2][3] = {{-0.00094984344f, 0.15077211f, 0}, {-0.03632667f, 0.070755034f, 0}};
    const char* names[2] = {"mem01", "mem02"};
    for (int i = 0; i < 2; ++i) {
        const aiNode* p = child(memory, names[i]);
        ASSERT_NE(p, nullptr) << names[i];
        EXPECT_NEAR(p->mTransformation.a4, mlod[i][0] - c.x, 1e-6);
        EXPECT_NEAR(p->mTransformation.b4, mlod[i][1] - c.y, 1e-6);
        EXPECT_NEAR(p->mTransformation.c4, -(mlod[i][2] - c.z), 1e-6);
    }
}

// In a right-handed frame a closed surface whose faces are counter-clockwise seen from outside
// encloses a positive signed volume, and a visual LOD's vertex normals agree with the face
// normals (geometry LODs store no meaningful normals).
TEST(AssimpOdol, FacesAreCounterClockwiseFromOutsideAndNormalsPointOut) {
    RV_REQUIRE_SAMPLES();
    Imported imp = importOdol(samplePath("real/kam/aff6fa87_m7a3.p3d"));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    for (const char* lodName : {"Geometry", "0.000"}) {
        const aiNode* lod = child(imp.scene->mRootNode, lodName);
        ASSERT_NE(lod, nullptr);
        double volume = 0;
        size_t agree = 0, total = 0;
        for (unsigned m = 0; m < lod->mNumMeshes; ++m) {
            const aiMesh* mesh = imp.scene->mMeshes[lod->mMeshes[m]];
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
                const aiFace& face = mesh->mFaces[f];
                ASSERT_EQ(face.mNumIndices, 3u);
                const aiVector3D a = mesh->mVertices[face.mIndices[0]], b = mesh->mVertices[face.mIndices[1]],
                                 cc = mesh->mVertices[face.mIndices[2]];
                volume += double(a * (b ^ cc)) / 6.0;
                if (mesh->mNormals && std::string(lodName) != "Geometry") {
                    const aiVector3D n = (b - a) ^ (cc - a);
                    const aiVector3D vn = mesh->mNormals[face.mIndices[0]] + mesh->mNormals[face.mIndices[1]] +
                                          mesh->mNormals[face.mIndices[2]];
                    agree += (n * vn) > 0;
                    ++total;
                }
            }
        }
        EXPECT_GT(volume, 0) << lodName;
        if (total) {
            EXPECT_GT(double(agree), 0.95 * double(total)) << lodName;
        }
    }
}

TEST(AssimpOdol, LodNodesCarryResolutionKindSelectionsAndProperties) {
    RV_LOAD_SAMPLE(m, "real/kam/aff6fa87_m7a3.p3d");
    Imported imp = importOdol(samplePath("real/kam/aff6fa87_m7a3.p3d"));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const aiNode* lod0 = imp.scene->mRootNode->mChildren[0];
    float resolution = -1;
    aiString kind;
    int32_t count = -1;
    ASSERT_TRUE(meta(lod0, "rv:lod_resolution", resolution));
    EXPECT_EQ(resolution, 0.0f);
    ASSERT_TRUE(meta(lod0, "rv:lod_kind", kind));
    EXPECT_STREQ(kind.C_Str(), "visual");
    ASSERT_TRUE(meta(lod0, "selection:mk13 flash bang", count));
    EXPECT_EQ(size_t(count), m.lods[0].selections[0].vertices.size());
    const aiNode* memory = child(imp.scene->mRootNode, "Memory");
    ASSERT_TRUE(meta(memory, "rv:lod_resolution", resolution));
    EXPECT_EQ(resolution, 1e15f);
    int32_t version = 0;
    ASSERT_TRUE(meta(imp.scene->mRootNode, "rv:version", version));
    EXPECT_EQ(version, 73);
    // Named properties: every LOD's (name, value) pairs, as "property:<name>".
    for (size_t i = 0; i < m.lods.size(); ++i)
        for (const rv::OdolProperty& p : m.lods[i].properties) {
            aiString value;
            ASSERT_TRUE(meta(imp.scene->mRootNode->mChildren[i], ("property:" + p.name).c_str(), value)) << p.name;
            EXPECT_EQ(p.value, value.C_Str());
        }
}

TEST(AssimpOdol, PicksLodsByPropertyAndReportsWhatExists) {
    RV_REQUIRE_SAMPLES();
    const std::string path = samplePath("real/kam/aff6fa87_m7a3.p3d");
    auto names = [](const aiScene* s) {
        std::vector<std::string> out;
        for (unsigned i = 0; i < s->mRootNode->mNumChildren; ++i)
            out.push_back(s->mRootNode->mChildren[i]->mName.C_Str());
        return out;
    };
    Imported first = importOdol(path, "first");
    ASSERT_NE(first.scene, nullptr) << first.error;
    EXPECT_EQ(names(first.scene), std::vector<std::string>{"0.000"});
    Imported visual = importOdol(path, "visual");
    ASSERT_NE(visual.scene, nullptr);
    EXPECT_EQ(names(visual.scene), std::vector<std::string>{"0.000"});
    Imported geometry = importOdol(path, "geometry");
    ASSERT_NE(geometry.scene, nullptr);
    EXPECT_EQ(names(geometry.scene), std::vector<std::string>{"Geometry"});
    Imported memory = importOdol(path, "1e15");
    ASSERT_NE(memory.scene, nullptr);
    EXPECT_EQ(names(memory.scene), std::vector<std::string>{"Memory"});
    Imported none = importOdol(path, "View Pilot");
    EXPECT_EQ(none.scene, nullptr);
    EXPECT_NE(none.error.find("no LOD matches 'View Pilot'"), std::string::npos) << none.error;
    EXPECT_NE(none.error.find("'Fire Geometry'"), std::string::npos) << none.error;

    RV_LOAD_SAMPLE(agm, "real/agm/AGM_M84.p3d");  // 1.000, ShadowVolume 1, Geometry, ShadowBuffer 1
    Imported agmVisual = importOdol(samplePath("real/agm/AGM_M84.p3d"), "visual");
    ASSERT_NE(agmVisual.scene, nullptr);
    EXPECT_EQ(names(agmVisual.scene), std::vector<std::string>{"1.000"});
}

// AGM M84 (v73): its embedded material agm_m84.rvmat with stage textures, on texture agm_m84_co.paa.
TEST(AssimpOdol, MaterialsPairTextureAndRvmatWithEmbeddedValues) {
    RV_LOAD_SAMPLE(m, "real/agm/AGM_M84.p3d");
    Imported imp = importOdol(samplePath("real/agm/AGM_M84.p3d"));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const aiNode* lod = imp.scene->mRootNode->mChildren[0];
    ASSERT_EQ(lod->mNumMeshes, 1u);
    const aiMaterial* mat = imp.scene->mMaterials[imp.scene->mMeshes[lod->mMeshes[0]]->mMaterialIndex];
    aiString s;
    ASSERT_EQ(mat->Get(AI_MATKEY_NAME, s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "agm_m84_co.paa :: agm_m84.rvmat");
    ASSERT_EQ(mat->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "agm_grenades/data/agm_m84_co.paa");
    ASSERT_EQ(mat->Get("$mat.rv.texture", 0, 0, s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "agm_grenades\\data\\agm_m84_co.paa");
    ASSERT_EQ(mat->Get("$mat.rv.rvmat", 0, 0, s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "agm_grenades\\data\\agm_m84.rvmat");
    ASSERT_EQ(mat->Get("$mat.rv.stage", 0, 1, s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "agm_grenades\\data\\agm_m84_nohq.paa");
    ASSERT_EQ(mat->Get("$mat.rv.stage", 0, 7, s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "a3\\data_f\\env_land_co.paa");
    aiColor4D diffuse;
    ASSERT_EQ(mat->Get(AI_MATKEY_COLOR_DIFFUSE, diffuse), AI_SUCCESS);
    EXPECT_EQ(diffuse.r, m.lods[0].materials[0].diffuse[0]);
    EXPECT_EQ(diffuse.a, m.lods[0].materials[0].diffuse[3]);
    // UVs: v flipped to Assimp's bottom-left origin, u unchanged.
    const aiMesh* mesh = imp.scene->mMeshes[lod->mMeshes[0]];
    ASSERT_NE(mesh->mTextureCoords[0], nullptr);
    EXPECT_EQ(mesh->GetNumUVChannels(),
              std::min<unsigned>(unsigned(m.lods[0].uvSets.size()), AI_MAX_NUMBER_OF_TEXTURECOORDS));
}

// Every UV set of every vertex, with v flipped to Assimp's bottom-left origin, on a real model
// with two UV sets (ASCZ CowboyHat_g, ODOL v52).
TEST(AssimpOdol, EveryUvSetKeptWithVFlipped) {
    RV_LOAD_SAMPLE(m, "real/ascz-mods/CowboyHat_g.p3d");
    Imported imp = importOdol(samplePath("real/ascz-mods/CowboyHat_g.p3d"), "first");
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const rv::OdolLod& lod = m.lods[0];
    ASSERT_EQ(lod.uvSets.size(), 2u);
    using Row = std::vector<float>;  // position, then (u, v) per set
    std::vector<Row> want, got;
    std::vector<bool> used(lod.positions.size(), false);
    for (uint32_t i : lod.faceIndices) used[i] = true;
    for (size_t v = 0; v < lod.positions.size(); ++v) {
        if (!used[v]) continue;
        Row r{lod.positions[v].x, lod.positions[v].y, -lod.positions[v].z};
        for (const auto& set : lod.uvSets) r.insert(r.end(), {set[v].u, 1.0f - set[v].v});
        want.push_back(r);
    }
    const aiNode* node = imp.scene->mRootNode->mChildren[0];
    for (unsigned mi = 0; mi < node->mNumMeshes; ++mi) {
        const aiMesh* mesh = imp.scene->mMeshes[node->mMeshes[mi]];
        ASSERT_EQ(mesh->GetNumUVChannels(), lod.uvSets.size());
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            Row r{mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z};
            for (unsigned c = 0; c < lod.uvSets.size(); ++c)
                r.insert(r.end(), {mesh->mTextureCoords[c][v].x, mesh->mTextureCoords[c][v].y});
            got.push_back(r);
        }
    }
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, want);
}

// pya_pylon_single (armake v71): its proxy, with the transform unpacked by hand (test_odol_values)
// and conjugated by the z mirror: entries mixing z with x or y change sign, as does position z.
TEST(AssimpOdol, ProxiesAreNamedNodesWithMirroredTransforms) {
    RV_REQUIRE_SAMPLES();
    Imported imp = importOdol(samplePath("generated/armake-v71/ah-64d/pya_pylon_single.p3d"));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const aiNode* proxy = child(imp.scene->mRootNode->mChildren[0],
                                "proxy:\\a3\\weapons_f\\dynamicloadout\\pylonpod_3x_missile_agm_02_f.001");
    ASSERT_NE(proxy, nullptr);
    const float k = 0.8944271802902222f, h = 0.4472135901451111f;
    // File rows: aside (k,0,0), up (0,0,-1), dir (0,k,-h), position (0,0,0.5). Columns in Assimp:
    const aiMatrix4x4 want(k, 0, 0, 0, 0, 0, -k, 0, 0, 1, -h, -0.5f, 0, 0, 0, 1);
    EXPECT_TRUE(proxy->mTransformation.Equal(want, 1e-7f));
    aiString path;
    int32_t index = 0;
    ASSERT_TRUE(meta(proxy, "rv:proxy_path", path));
    EXPECT_STREQ(path.C_Str(), "\\a3\\weapons_f\\dynamicloadout\\pylonpod_3x_missile_agm_02_f");
    ASSERT_TRUE(meta(proxy, "rv:proxy_index", index));
    EXPECT_EQ(index, 1);
}

// Hosts that want vertex groups opt into selections as bones; the skin must not move anything.
TEST(AssimpOdol, SelectionsAsBonesGiveVertexGroupsThatExport) {
    RV_LOAD_SAMPLE(m, "real/kam/aff6fa87_m7a3.p3d");
    Imported imp = importOdol(samplePath("real/kam/aff6fa87_m7a3.p3d"), "all", true);
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    const aiMesh* mesh = imp.scene->mMeshes[imp.scene->mRootNode->mChildren[0]->mMeshes[0]];
    ASSERT_GE(mesh->mNumBones, 1u);
    const aiBone* bone = mesh->mBones[0];
    EXPECT_STREQ(bone->mName.C_Str(), "mk13 flash bang");
    EXPECT_EQ(bone->mNumWeights, m.lods[0].selections[0].vertices.size());  // the whole LOD
    for (unsigned i = 0; i < bone->mNumWeights; ++i) EXPECT_EQ(bone->mWeights[i].mWeight, 1.0f);
    // A bone's node pose times its offset matrix is the identity.
    for (unsigned mi = 0; mi < imp.scene->mNumMeshes; ++mi)
        for (unsigned b = 0; b < imp.scene->mMeshes[mi]->mNumBones; ++b) {
            const aiBone* bn = imp.scene->mMeshes[mi]->mBones[b];
            const aiNode* node = imp.scene->mRootNode->FindNode(bn->mName);
            ASSERT_NE(node, nullptr) << bn->mName.C_Str();
            EXPECT_TRUE((node->mTransformation * bn->mOffsetMatrix).Equal(aiMatrix4x4(), 1e-6f)) << bn->mName.C_Str();
        }
    const fs::path dir = scratchDir("bones");
    Assimp::Exporter exporter;
    for (const char* id : {"glb2", "fbx", "collada"})
        EXPECT_EQ(exporter.Export(imp.scene, id, (dir / (std::string("m7a3.") + id)).string()), AI_SUCCESS) << id;
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// An editable model imports like its binarized twin (issue 16): the same LOD nodes and, per
// LOD, the same number of triangles (the binarizer's shadow volumes aside).
TEST(AssimpOdol, EditableModelImportsLikeItsBinarizedTwin) {
    RV_REQUIRE_SAMPLES();
    Imported mlod = importOdol(samplePath("editable/kam/m7a3.p3d"));
    Imported odol = importOdol(samplePath("real/kam/aff6fa87_m7a3.p3d"));
    ASSERT_NE(mlod.scene, nullptr) << mlod.error;
    ASSERT_NE(odol.scene, nullptr) << odol.error;
    aiString format;
    ASSERT_TRUE(mlod.scene->mRootNode->mMetaData->Get("rv:format", format));
    EXPECT_STREQ(format.C_Str(), "MLOD");
    auto triangles = [](const aiScene* scene, const aiNode* lod) {
        size_t n = 0;
        for (unsigned i = 0; i < lod->mNumMeshes; ++i) {
            const aiMesh* mesh = scene->mMeshes[lod->mMeshes[i]];
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) n += mesh->mFaces[f].mNumIndices == 3;
        }
        return n;
    };
    size_t compared = 0;
    for (unsigned i = 0; i < mlod.scene->mRootNode->mNumChildren; ++i) {
        const aiNode* m = mlod.scene->mRootNode->mChildren[i];
        const aiNode* o = odol.scene->mRootNode->FindNode(m->mName);
        ASSERT_NE(o, nullptr) << m->mName.C_Str();
        EXPECT_EQ(triangles(mlod.scene, m), triangles(odol.scene, o)) << m->mName.C_Str();
        ++compared;
    }
    EXPECT_EQ(compared, 7u);
}

TEST(AssimpOdol, RefusesDamagedFilesWithTheirReason) {
    RV_REQUIRE_SAMPLES();
    auto bytes = rvtest::readBytes(samplePath("real/kam/aff6fa87_m7a3.p3d"));
    bytes.resize(bytes.size() / 2);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    EXPECT_EQ(importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, "p3d"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("offset 0x"), std::string::npos) << error;
}

// Fixture without the samples: our own writer's crate, read from memory through the importer.
TEST(AssimpOdol, GeneratedCrateImportsFromMemory) {
    const std::vector<uint8_t> bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    auto decoded = rv::decodeOdol(bytes.data(), bytes.size(), "rv_crate.p3d");
    ASSERT_TRUE(decoded.ok()) << rv::diagnosticLine(decoded.error());
    const rv::OdolModel& crate = decoded.value();
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyString(rv::kPropertyLods, "all");
    const aiScene* s = importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, "p3d");
    ASSERT_NE(s, nullptr) << importer.GetErrorString();
    ASSERT_EQ(s->mRootNode->mNumChildren, crate.lods.size());
    for (size_t i = 0; i < crate.lods.size(); ++i) {
        const rv::OdolLod& lod = crate.lods[i];
        std::vector<Triangle> got;
        size_t points = 0;
        collectMeshes(s, s->mRootNode->mChildren[i], got, points, !lod.normals.empty());
        EXPECT_TRUE(sameTriangles(got, expectedTriangles(lod))) << lod.name;
        EXPECT_EQ(points, expectedPoints(lod)) << lod.name;
    }
}

}  // namespace

// Textures from the data root, embedded in the scene and carried through a .glb: the colour map
// read back by the stock importer and decoded by stb_image hashes to the reference decode of
// agm_m84_co.paa (../shared/samples/textures/reference-decodes.tsv).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

namespace {

uint64_t fnv1a(const uint8_t* p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

TEST(AssimpOdol, DataRootTexturesAreEmbeddedAndSurviveGlb) {
    RV_REQUIRE_SAMPLES();
    const std::string root = rvtest::samplesDir() + "/textures/data-root";
    if (!fs::exists(root)) GTEST_SKIP() << root << " is absent";
    Imported ours;
    rv::registerImporters(*ours.importer);
    ours.importer->SetPropertyString(rv::kPropertyDataRoot, root);
    ours.scene = ours.importer->ReadFile(samplePath("real/agm/AGM_M84.p3d"), aiProcess_ValidateDataStructure);
    ASSERT_NE(ours.scene, nullptr) << ours.importer->GetErrorString();
    // agm_m84_co.paa, agm_m84_nohq.paa in glTF's convention, and the metallic-roughness map made
    // from agm_m84_smdi.paa (the rvmat's stage 5)
    ASSERT_EQ(ours.scene->mNumTextures, 3u);
    EXPECT_STREQ(ours.scene->mTextures[0]->mFilename.C_Str(), "agm_m84_co.png");
    EXPECT_STREQ(ours.scene->mTextures[1]->mFilename.C_Str(), "agm_m84_nohq.png");
    EXPECT_STREQ(ours.scene->mTextures[2]->mFilename.C_Str(), "agm_m84_smdi_metallic_roughness.png");
    const aiMaterial* mat = ours.scene->mMaterials[ours.scene->mMeshes[0]->mMaterialIndex];
    aiString s;
    ASSERT_EQ(mat->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "*0");
    ASSERT_EQ(mat->Get(AI_MATKEY_TEXTURE_NORMALS(0), s), AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "*1");
    ASSERT_EQ(mat->Get(_AI_MATKEY_TEXTURE_BASE, AI_MATKEY_GLTF_PBRMETALLICROUGHNESS_METALLICROUGHNESS_TEXTURE, s),
              AI_SUCCESS);
    EXPECT_STREQ(s.C_Str(), "*2");
    float metallic = -1, roughness = -1;
    EXPECT_EQ(mat->Get(AI_MATKEY_METALLIC_FACTOR, metallic), AI_SUCCESS);
    EXPECT_EQ(metallic, 0.0f);
    EXPECT_EQ(mat->Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness), AI_SUCCESS);
    EXPECT_EQ(roughness, 1.0f);  // the map carries it

    const fs::path dir = scratchDir("textured");
    const std::string glb = (dir / "m84.glb").string();
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(ours.scene, "glb2", glb), AI_SUCCESS) << exporter.GetErrorString();
    Assimp::Importer stock;
    const aiScene* back = stock.ReadFile(glb, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << stock.GetErrorString();
    ASSERT_EQ(back->mNumTextures, 3u);
    const aiTexture* tex = back->mTextures[0];
    ASSERT_EQ(tex->mHeight, 0u);  // compressed (PNG)
    int w = 0, h = 0, n = 0;
    uint8_t* px = stbi_load_from_memory(reinterpret_cast<const uint8_t*>(tex->pcData), int(tex->mWidth), &w, &h, &n, 4);
    ASSERT_NE(px, nullptr);
    EXPECT_EQ(w, 1024);
    EXPECT_EQ(h, 1024);
    EXPECT_EQ(fnv1a(px, size_t(w) * h * 4), 0x27e91a062f80edceull);
    stbi_image_free(px);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// RV_IMPORT_MAX_TEXTURE_SIZE 512: agm_m84_co.paa (1024^2, 9 mips) is embedded as its own 512^2
// mip 1, the very pixels decodePaaMip gives for it; a texture's derived maps come from that mip.
TEST(AssimpOdol, MaxTextureSizeEmbedsThePaaMip) {
    RV_REQUIRE_SAMPLES();
    const std::string root = rvtest::samplesDir() + "/textures/data-root";
    const std::string co = root + "/agm_grenades/data/agm_m84_co.paa";
    if (!fs::exists(co)) GTEST_SKIP() << co << " is absent";
    Imported ours;
    rv::registerImporters(*ours.importer);
    ours.importer->SetPropertyString(rv::kPropertyDataRoot, root);
    ours.importer->SetPropertyInteger(rv::kPropertyMaxTextureSize, 512);
    ours.scene = ours.importer->ReadFile(samplePath("real/agm/AGM_M84.p3d"), aiProcess_ValidateDataStructure);
    ASSERT_NE(ours.scene, nullptr) << ours.importer->GetErrorString();
    ASSERT_EQ(ours.scene->mNumTextures, 3u);
    const std::vector<uint8_t> bytes = rvtest::readBytes(co);
    auto paa = rv::decodePaa(bytes.data(), bytes.size(), "agm_m84_co.paa");
    ASSERT_TRUE(paa) << rv::diagnosticLine(paa.error());
    auto mip = rv::decodePaaMip(paa.value(), bytes.data(), bytes.size(), 1);
    ASSERT_TRUE(mip) << rv::diagnosticLine(mip.error());
    for (unsigned i = 0; i < ours.scene->mNumTextures; ++i) {
        const aiTexture* tex = ours.scene->mTextures[i];
        int w = 0, h = 0, n = 0;
        uint8_t* px =
            stbi_load_from_memory(reinterpret_cast<const uint8_t*>(tex->pcData), int(tex->mWidth), &w, &h, &n, 4);
        ASSERT_NE(px, nullptr) << tex->mFilename.C_Str();
        EXPECT_EQ(w, 512) << tex->mFilename.C_Str();
        EXPECT_EQ(h, 512) << tex->mFilename.C_Str();
        if (i == 0) {
            EXPECT_STREQ(tex->mFilename.C_Str(), "agm_m84_co.png");
            EXPECT_TRUE(std::equal(px, px + size_t(w) * h * 4, mip->rgba.begin(), mip->rgba.end()));
        }
        stbi_image_free(px);
    }
}

}  // namespace
