// The hostile shapes of issue 15 through the Assimp importers: one budget covers the decode, the
// view and the scene. At a small limit each import fails with the limit in its message (terrains
// before any mesh is built, naming the exports that fit); with room to spare the charges are at
// least what the heap grew by, so RV_IMPORT_MEMORY_BUDGET_MB bounds the real allocations.
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <assimp/Importer.hpp>

#include <algorithm>
#include <optional>

#include "assimp/odol_scene.hpp"
#include "assimp/wrp_scene.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/memory_budget.hpp"
#include "support/hostile_shapes.hpp"

namespace {

using rvtest::hostile::heapInUse;
using rvtest::hostile::Shape;


std::string extensionOf(const Shape& s) { return s.name.substr(s.name.rfind('.') + 1); }

// Imports `s` through Assimp with a budget of `mb` MiB; the error string ("" on success).
std::string importWithBudget(const Shape& s, int mb, const char* lods = "all") {
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyInteger(rv::kPropertyMemoryBudgetMb, mb);
    importer.SetPropertyString(rv::kPropertyLods, lods);
    const aiScene* scene = importer.ReadFileFromMemory(s.bytes.data(), s.bytes.size(), 0, extensionOf(s).c_str());
    return scene ? std::string() : std::string(importer.GetErrorString());
}

// Each shape under a 16 MiB budget: refused, the message naming the limit (the aliased one by
// its table). Before the budget covered the scene, the property flood passed 4 GB at 16 MiB.
TEST(HostileScenes, SixteenMegabytesStopEveryShape) {
    for (const Shape& s : rvtest::hostile::allShapes()) {
        SCOPED_TRACE(s.name);
        const std::string error = importWithBudget(s, 16);
        ASSERT_FALSE(error.empty()) << "imported within 16 MiB";
        if (s.name == "aliased_lods.p3d")
            EXPECT_NE(error.find("aliased LOD ranges are refused"), std::string::npos) << error;
        else
            EXPECT_NE(error.find("memory limit of 16 MiB"), std::string::npos) << error;
    }
}

// The 4096^2 elevation bomb at 256 MiB: its heights decode (64 MiB), but the scene is refused
// before any tile is built, naming the DEM export that fits.
TEST(HostileScenes, TerrainTooBigForTheSceneIsRefusedEarlyNamingWhatFits) {
    const Shape s = rvtest::hostile::elevationBomb(4096);
    rv::MemoryBudget budget(uint64_t(256) << 20);
    rv::Options o;
    o.budget = &budget;
    auto t = rv::decodeWrp(s.bytes.data(), s.bytes.size(), s.name, o);
    ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
    const uint64_t decoded = budget.used();
    EXPECT_GE(decoded, uint64_t(4096) * 4096 * 4);  // the heights are charged
    rv::TerrainView view(t.value(), rv::Frame{rv::Axes::YUp, true});
    rv::assimp::SceneBudget sceneBudget(budget, s.name);
    try {
        rv::assimp::chargeTerrainScene(view, sceneBudget);
        FAIL() << "a 4096^2 terrain scene was accepted within 256 MiB";
    } catch (const rv::ImportError& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("4096 x 4096 height grid"), std::string::npos) << m;
        EXPECT_NE(m.find("memory limit of 256 MiB"), std::string::npos) << m;
        EXPECT_NE(m.find(".asc"), std::string::npos) << m;
    }
    EXPECT_EQ(budget.used(), decoded) << "nothing of the scene may be charged (or built) before the refusal";
}

// With room to spare, the budget is charged at least what the heap grew by while the model, its
// view and its scene are alive.
TEST(HostileScenes, ChargesBoundTheHeapOfModelScenes) {
    if (!heapInUse()) GTEST_SKIP() << "needs glibc's allocator (mallinfo2)";
    for (const Shape& s : rvtest::hostile::seedShapes()) {
        if (s.name.find(".p3d") == std::string::npos || s.name == "aliased_lods.p3d") continue;
        SCOPED_TRACE(s.name);
        rv::MemoryBudget budget(uint64_t(2) << 30);
        rv::Options o;
        o.budget = &budget;
        o.lods = "all";
        const uint64_t before = *heapInUse();
        auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.name, o);
        ASSERT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
        auto v = rv::buildModelView(m.value(), o, rv::assimp::assimpFrame());
        ASSERT_TRUE(v.ok()) << rv::diagnosticLine(v.error());
        aiScene scene;
        rv::assimp::SceneBudget sceneBudget(budget, s.name);
        rv::assimp::buildOdolScene(m.value(), v.value(), nullptr, s.name, true, {}, 30.0f, sceneBudget, &scene);
        const uint64_t grown = std::max(*heapInUse(), before) - before;
        EXPECT_GE(budget.used(), grown) << "charged " << budget.used() << ", heap grew " << grown;
        EXPECT_GT(scene.mNumMeshes, 0u);
    }
}

TEST(HostileScenes, ChargesBoundTheHeapOfTerrainScenes) {
    if (!heapInUse()) GTEST_SKIP() << "needs glibc's allocator (mallinfo2)";
    for (const Shape& s : {rvtest::hostile::elevationBomb(512), rvtest::hostile::roadFlood(3000)}) {
        SCOPED_TRACE(s.name);
        rv::MemoryBudget budget(uint64_t(2) << 30);
        rv::Options o;
        o.budget = &budget;
        const uint64_t before = *heapInUse();
        auto t = rv::decodeWrp(s.bytes.data(), s.bytes.size(), s.name, o);
        ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
        rv::TerrainView view(t.value(), rv::assimp::assimpFrame());
        aiScene scene;
        rv::assimp::SceneBudget sceneBudget(budget, s.name);
        rv::assimp::chargeTerrainScene(view, sceneBudget);
        rv::assimp::buildWrpScene(view, s.name, nullptr, nullptr, sceneBudget, &scene);
        const uint64_t grown = std::max(*heapInUse(), before) - before;
        EXPECT_GE(budget.used(), grown) << "charged " << budget.used() << ", heap grew " << grown;
        EXPECT_GT(scene.mRootNode->mNumChildren, 0u);
    }
}

// Many materials of one base name get the linear " #N" names, and the last one is exact.
TEST(HostileScenes, SameBaseNameMaterialsAreNumbered) {
    const Shape s = rvtest::hostile::sameNameMaterials(2000);
    Assimp::Importer importer;
    rv::registerImporters(importer);
    const aiScene* scene = importer.ReadFileFromMemory(s.bytes.data(), s.bytes.size(), 0, "p3d");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumMaterials, 2000u);
    aiString name;
    scene->mMaterials[1999]->Get(AI_MATKEY_NAME, name);
    EXPECT_STREQ(name.C_Str(), "x.paa #2000");
}

}  // namespace
