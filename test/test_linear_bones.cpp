// Issue 29 through Assimp: --selections-as-bones once visited every selection for every mesh
// (meshes x selection size), and Assimp's FBX writer is itself quadratic in bones, so the
// importer hands it at most rv::kMaxSelectionBones and logs how many it left out.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/Logger.hpp>

#include <string>
#include <vector>

#include "linear_growth.hpp"
#include "rv/assimp_importer.hpp"
#include "support/linear_shapes.hpp"

namespace {

namespace linear = rvtest::linear;

const aiScene* importBones(Assimp::Importer& importer, const std::vector<uint8_t>& bytes) {
    rv::registerImporters(importer);
    importer.SetPropertyInteger(rv::kPropertySelectionsAsBones, 1);
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, "p3d");
}

// Keeps the warnings Assimp's log receives while it is installed.
class WarningLog final : public Assimp::Logger {
public:
    std::vector<std::string> warnings;
    bool attachStream(Assimp::LogStream*, unsigned int) override { return false; }
    bool detachStream(Assimp::LogStream*, unsigned int) override { return false; }

protected:
    void OnDebug(const char*) override {}
    void OnVerboseDebug(const char*) override {}
    void OnInfo(const char*) override {}
    void OnWarn(const char* message) override { warnings.emplace_back(message); }
    void OnError(const char*) override {}
};

TEST(LinearBones, SelectionsAsBonesInLinearWork) {
    rvtest::expectLinearWork("meshes x selection", 200, [](uint32_t n) {
        Assimp::Importer importer;
        const aiScene* scene = importBones(importer, linear::meshesTimesSelection(n));
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_EQ(scene->mNumMeshes, n);  // one per texture
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            const aiMesh* mesh = scene->mMeshes[m];
            ASSERT_EQ(mesh->mNumBones, 1u);
            EXPECT_STREQ(mesh->mBones[0]->mName.C_Str(), "all");
            EXPECT_EQ(mesh->mBones[0]->mNumWeights, 3u);
        }
    });
}

// One triangle in 10 more selections than the maximum: the first kMaxSelectionBones are bones.
TEST(LinearBones, BonesBeyondTheMaximumAreLeftOutWithAWarning) {
    auto* log = new WarningLog;
    Assimp::DefaultLogger::set(log);
    Assimp::Importer importer;
    const aiScene* scene = importBones(importer, linear::manySelections(rv::kMaxSelectionBones + 10));
    const std::vector<std::string> warnings = log->warnings;
    Assimp::DefaultLogger::kill();
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 1u);
    ASSERT_EQ(scene->mMeshes[0]->mNumBones, rv::kMaxSelectionBones);
    EXPECT_STREQ(scene->mMeshes[0]->mBones[0]->mName.C_Str(), "s0");
    bool named = false;
    for (const std::string& w : warnings)
        named = named || w.find("10 selections left out as bones") != std::string::npos;
    EXPECT_TRUE(named) << warnings.size() << " warnings, none names the 10 left out";
}

}  // namespace
