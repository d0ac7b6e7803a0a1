// The Assimp adapter's skeletons and animations (issue 28): man_survivor.p3d's OFP2_ManSkeleton
// as aiBones and bone nodes, plain_zmbStandDeath1.rtm as an aiAnimation, and both through
// Assimp's exporters and back. Expected values come from samples/animations/skeletons.tsv and
// reference.tsv (independent readers) and from posing the scene here, with Assimp's own types.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/version.h>
#include <gtest/gtest.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "assimp/assimp_compat.hpp"
#include "rv/assimp_importer.hpp"
#include "support/assimp_scene.hpp"
#include "support/samples.hpp"

namespace fs = std::filesystem;

namespace {

const char* kModel = "animations/models/dayz-epoch-108/man_survivor.p3d";
const char* kAnimation = "animations/rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm";

#define RV_REQUIRE_ANIMATION_SAMPLES()                                                                   \
    if (rvtest::samplesDir().empty() || !fs::exists(rvtest::samplesDir() + "/" + kModel))              \
    GTEST_SKIP() << "../shared/samples/animations is absent (set RV_SAMPLES_DIR)"

using rvtest::samplePath;

using rvtest::Imported;

Imported importModel(const std::string& animations = "", bool selectionsAsBones = false,
                     const std::string& lods = "first") {
    Imported out;
    rv::registerImporters(*out.importer);
    out.importer->SetPropertyString(rv::kPropertyLods, lods);
    out.importer->SetPropertyString(rv::kPropertyAnimations, animations);
    out.importer->SetPropertyInteger(rv::kPropertySelectionsAsBones, selectionsAsBones ? 1 : 0);
    out.scene = out.importer->ReadFile(samplePath(kModel), aiProcess_ValidateDataStructure);
    if (!out.scene) out.error = out.importer->GetErrorString();
    return out;
}

// skeletons.tsv's row of a model: the bones (name -> parent) and the per-LOD counts.
struct SkeletonRow {
    std::vector<std::pair<std::string, std::string>> bones;
    std::vector<long> lodVertices, lodWeighted;
};
std::vector<long> numbers(const std::string& cell) {
    std::vector<long> out;
    std::stringstream in(cell);
    for (std::string n; std::getline(in, n, ',');) out.push_back(std::stol(n));
    return out;
}
SkeletonRow skeletonRow(const std::string& file) {
    SkeletonRow row;
    for (const auto& c : rvtest::readTsv(rvtest::samplesDir() + "/animations/skeletons.tsv")) {
        if (c.size() < 12 || c[0] != file) continue;
        std::stringstream in(c[5]);
        for (std::string b; std::getline(in, b, '|');) {
            const size_t colon = b.find(':');
            row.bones.emplace_back(b.substr(0, colon), b.substr(colon + 1));
        }
        row.lodVertices = numbers(c[9]);
        row.lodWeighted = numbers(c[11]);
    }
    return row;
}

using rvtest::child;
size_t descendants(const aiNode* n) {
    size_t count = 0;
    for (unsigned i = 0; i < n->mNumChildren; ++i) count += 1 + descendants(n->mChildren[i]);
    return count;
}
aiMatrix4x4 globalOf(const aiNode* n) {
    aiMatrix4x4 m;
    for (; n; n = n->mParent) m = n->mTransformation * m;
    return m;
}
bool nearIdentity(const aiMatrix4x4& m, float tolerance) {
    const aiMatrix4x4 id;
    for (unsigned r = 0; r < 4; ++r)
        for (unsigned c = 0; c < 4; ++c)
            if (std::fabs(m[r][c] - id[r][c]) > tolerance) return false;
    return true;
}

// Every mesh bone by name (the first seen: a bone's offset is the same in every mesh).
std::map<std::string, const aiBone*> meshBones(const aiScene* s) {
    std::map<std::string, const aiBone*> out;
    for (unsigned m = 0; m < s->mNumMeshes; ++m)
        for (unsigned b = 0; b < s->mMeshes[m]->mNumBones; ++b)
            out.emplace(s->mMeshes[m]->mBones[b]->mName.C_Str(), s->mMeshes[m]->mBones[b]);
    return out;
}

// The posed position of the rest point `p` moved by `bone` at key `k` of `anim`: each node's local
// transform is its channel's key k (T * R * S), else its own; the bone's skin matrix is its global
// transform times its offset.
aiVector3D posed(const aiScene* s, const aiAnimation* anim, unsigned k, const std::string& bone, aiVector3D p) {
    std::map<std::string, const aiNodeAnim*> channels;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) channels[anim->mChannels[c]->mNodeName.C_Str()] = anim->mChannels[c];
    const aiNode* node = s->mRootNode->FindNode(bone.c_str());
    EXPECT_NE(node, nullptr) << bone;
    if (!node) return p;
    aiMatrix4x4 global;
    for (const aiNode* n = node; n; n = n->mParent) {
        aiMatrix4x4 local = n->mTransformation;
        auto it = channels.find(n->mName.C_Str());
        if (it != channels.end()) {
            const aiNodeAnim* ch = it->second;
            const unsigned kp = std::min(k, ch->mNumPositionKeys - 1), kr = std::min(k, ch->mNumRotationKeys - 1);
            aiVector3D scale(1, 1, 1);
            if (ch->mNumScalingKeys) scale = ch->mScalingKeys[std::min(k, ch->mNumScalingKeys - 1)].mValue;
            local = aiMatrix4x4(scale, ch->mRotationKeys[kr].mValue, ch->mPositionKeys[kp].mValue);
        }
        global = local * global;
    }
    const auto bones = meshBones(s);
    const auto b = bones.find(bone);
    EXPECT_NE(b, bones.end()) << bone;
    if (b == bones.end()) return p;
    return global * b->second->mOffsetMatrix * p;
}

// A bone's rest head: where its offset matrix sends the origin from (offset = T(-head)).
aiVector3D restHead(const aiScene* s, const std::string& bone) {
    const auto bones = meshBones(s);
    const auto b = bones.find(bone);
    if (b == bones.end()) return {};
    aiMatrix4x4 inv = b->second->mOffsetMatrix;
    inv.Inverse();
    return inv * aiVector3D(0, 0, 0);
}

using rvtest::scratchDir;

}  // namespace

TEST(AssimpSkeleton, ManSurvivorBonesWeightsAndNodes) {
    RV_REQUIRE_ANIMATION_SAMPLES();
    const SkeletonRow row = skeletonRow("models/dayz-epoch-108/man_survivor.p3d");
    ASSERT_EQ(row.bones.size(), 132u);
    ASSERT_FALSE(row.lodWeighted.empty());
    std::set<std::string> names;
    for (const auto& b : row.bones) names.insert(b.first);

    Imported imp = importModel();
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    EXPECT_EQ(imp.scene->mFlags & AI_SCENE_FLAGS_VALIDATION_WARNING, 0u);
    const aiNode* root = imp.scene->mRootNode;
    const aiNode* skeleton = child(root, "OFP2_ManSkeleton");
    ASSERT_NE(skeleton, nullptr);
    EXPECT_EQ(descendants(skeleton), 132u);
    // Parented as the skeleton says (an empty parent: under the skeleton node).
    for (const auto& [bone, parent] : row.bones) {
        const aiNode* n = skeleton->FindNode(bone.c_str());
        ASSERT_NE(n, nullptr) << bone;
        EXPECT_STREQ(n->mParent->mName.C_Str(), parent.empty() ? "OFP2_ManSkeleton" : parent.c_str()) << bone;
    }

    const aiNode* lod = child(root, "1.000");
    ASSERT_NE(lod, nullptr);
    ASSERT_GT(lod->mNumMeshes, 0u);
    EXPECT_GT(imp.scene->mMeshes[lod->mMeshes[0]]->mNumBones, 0u);
    long vertices = 0, weighted = 0;
    std::set<std::string> used;
    for (unsigned i = 0; i < lod->mNumMeshes; ++i) {
        const aiMesh* mesh = imp.scene->mMeshes[lod->mMeshes[i]];
        std::vector<float> sum(mesh->mNumVertices, 0.0f);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiBone* bone = mesh->mBones[b];
            used.insert(bone->mName.C_Str());
            for (unsigned w = 0; w < bone->mNumWeights; ++w) {
                ASSERT_LT(bone->mWeights[w].mVertexId, mesh->mNumVertices);
                EXPECT_GT(bone->mWeights[w].mWeight, 0.0f);
                sum[bone->mWeights[w].mVertexId] += bone->mWeights[w].mWeight;
            }
            // At rest the skin leaves every vertex where it is.
            const aiNode* node = root->FindNode(bone->mName);
            ASSERT_NE(node, nullptr) << bone->mName.C_Str();
            EXPECT_TRUE(nearIdentity(globalOf(node) * bone->mOffsetMatrix, 1e-5f)) << bone->mName.C_Str();
        }
        vertices += mesh->mNumVertices;
        for (float s : sum) {
            if (s == 0) continue;
            ++weighted;
            EXPECT_NEAR(s, 1.0f, 1e-5f);
        }
    }
    // Each drawn LOD vertex is in one mesh here. The LOD's 8 proxy markers (one triangle each, with
    // 3 vertices of its own) are not drawn, so their 24 corners are in no mesh; 18 of them are among
    // the 3948 bound vertices, and every vertex that is drawn is bound.
    EXPECT_EQ(vertices, row.lodVertices[0] - 8 * 3);
    EXPECT_EQ(weighted, row.lodWeighted[0] - 18);
    EXPECT_EQ(weighted, vertices);
    for (const std::string& n : used) EXPECT_TRUE(names.count(n)) << n << " is not a skeleton bone";
    EXPECT_GT(used.size(), 20u);

    // The skin's material (hhl.rvmat, pixel shader 110 "Skin", emmisive {1, 0.6, 0.05}) does not
    // glow: the skin shader emits no light (issue 36).
    bool sawSkin = false;
    for (unsigned i = 0; i < imp.scene->mNumMaterials; ++i) {
        const aiMaterial* mat = imp.scene->mMaterials[i];
        aiString name;
        mat->Get(AI_MATKEY_NAME, name);
        if (std::string(name.C_Str()).find("hhl.rvmat") == std::string::npos) continue;
        sawSkin = true;
        aiColor3D emissive(1, 1, 1);
        ASSERT_EQ(mat->Get(AI_MATKEY_COLOR_EMISSIVE, emissive), AI_SUCCESS);
        EXPECT_EQ(emissive.r + emissive.g + emissive.b, 0.0f) << name.C_Str();
    }
    EXPECT_TRUE(sawSkin);
}

// --selections-as-bones beside a skeleton: the skinned meshes' bones are exactly the skin's, and a
// selection named like a bone is never a bone, in any LOD (checked mesh by mesh against the import
// without selections); the others still are (the memory LOD's points: 19 of its 51 selections
// are named like bones, "head", "rightfoot"...).
TEST(AssimpSkeleton, SelectionsAsBonesYieldToSkeletonBones) {
    RV_REQUIRE_ANIMATION_SAMPLES();
    const SkeletonRow row = skeletonRow("models/dayz-epoch-108/man_survivor.p3d");
    std::set<std::string> names;
    for (const auto& b : row.bones) names.insert(b.first);
    Imported plain = importModel("", false, "all"), withSelections = importModel("", true, "all");
    ASSERT_NE(plain.scene, nullptr) << plain.error;
    ASSERT_NE(withSelections.scene, nullptr) << withSelections.error;
    EXPECT_EQ(withSelections.scene->mFlags & AI_SCENE_FLAGS_VALIDATION_WARNING, 0u);
    ASSERT_EQ(plain.scene->mNumMeshes, withSelections.scene->mNumMeshes);
    size_t skinBones = 0, selectionBones = 0;
    for (unsigned m = 0; m < plain.scene->mNumMeshes; ++m) {
        const aiMesh* a = plain.scene->mMeshes[m];
        const aiMesh* b = withSelections.scene->mMeshes[m];
        std::map<std::string, unsigned> skin;
        for (unsigned i = 0; i < a->mNumBones; ++i) skin[a->mBones[i]->mName.C_Str()] = a->mBones[i]->mNumWeights;
        skinBones += skin.size();
        std::map<std::string, unsigned> got;
        for (unsigned i = 0; i < b->mNumBones; ++i) {
            const std::string name = b->mBones[i]->mName.C_Str();
            if (names.count(name)) {
                got[name] = b->mBones[i]->mNumWeights;
            } else {
                ++selectionBones;
                EXPECT_EQ(skin.count(name), 0u) << name;
            }
        }
        EXPECT_EQ(got, skin) << "mesh " << m << " (" << a->mName.C_Str() << ")";
    }
    EXPECT_GT(skinBones, 0u);
    EXPECT_GT(selectionBones, 0u);  // the selections not named like a bone stay bones
    const aiNode* memory = child(withSelections.scene->mRootNode, "Memory");
    ASSERT_NE(memory, nullptr);
    ASSERT_GT(memory->mNumMeshes, 0u);
    const aiMesh* points = withSelections.scene->mMeshes[memory->mMeshes[0]];
    size_t pointSelections = 0;  // the memory LOD is skinned too (39 weighted vertices): both kinds
    for (unsigned i = 0; i < points->mNumBones; ++i) pointSelections += names.count(points->mBones[i]->mName.C_Str()) ? 0 : 1;
    EXPECT_GT(pointSelections, 0u);
}

TEST(AssimpSkeleton, ZmbStandDeath1AsAnAnimation) {
    RV_REQUIRE_ANIMATION_SAMPLES();
    Imported imp = importModel(samplePath(kAnimation));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    EXPECT_EQ(imp.scene->mFlags & AI_SCENE_FLAGS_VALIDATION_WARNING, 0u);
    ASSERT_EQ(imp.scene->mNumAnimations, 1u);
    const aiAnimation* anim = imp.scene->mAnimations[0];
    EXPECT_STREQ(anim->mName.C_Str(), "plain_zmbStandDeath1");
    EXPECT_DOUBLE_EQ(anim->mDuration, 79.0);  // reference.tsv: 79 frames
    EXPECT_DOUBLE_EQ(anim->mTicksPerSecond, 30.0);
    ASSERT_GT(anim->mNumChannels, 0u);
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
        EXPECT_EQ(anim->mChannels[c]->mNumPositionKeys, 79u) << anim->mChannels[c]->mNodeName.C_Str();
        EXPECT_EQ(anim->mChannels[c]->mNumRotationKeys, 79u);
    }
    std::set<std::string> channels;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) channels.insert(anim->mChannels[c]->mNodeName.C_Str());
    EXPECT_TRUE(channels.count("head") && channels.count("pelvis"));

    // The zombie stands at the first key and lies on the ground at the last (Y up). The ground:
    // where its feet stand at the first key (the RTM's y = 0; the model as modelled stands about
    // a metre lower, its rest pose being no pose at all).
    float ground = 1e30f;
    for (const char* foot : {"leftfoot", "rightfoot", "lefttoebase", "righttoebase"})
        ground = std::min(ground, posed(imp.scene, anim, 0, foot, restHead(imp.scene, foot)).y);
    const aiVector3D head0 = posed(imp.scene, anim, 0, "head", restHead(imp.scene, "head"));
    const aiVector3D pelvis0 = posed(imp.scene, anim, 0, "pelvis", restHead(imp.scene, "pelvis"));
    const aiVector3D head1 = posed(imp.scene, anim, 78, "head", restHead(imp.scene, "head"));
    const aiVector3D pelvis1 = posed(imp.scene, anim, 78, "pelvis", restHead(imp.scene, "pelvis"));
    EXPECT_NEAR(head0.y - pelvis0.y, 0.7f, 0.15f);
    EXPECT_GT(pelvis0.y - ground, 0.7f);  // standing: the pelvis about a metre up
    EXPECT_GT(head0.y - ground, 1.4f);
    EXPECT_LT(head1.y - ground, 0.3f);
    EXPECT_LT(pelvis1.y - ground, 0.3f);
    // Keys at phase * frames ticks: the last frame's phase is at most 1.
    const aiNodeAnim* first = anim->mChannels[0];
    EXPECT_LE(first->mPositionKeys[78].mTime, 79.0);
    EXPECT_GT(first->mPositionKeys[78].mTime, first->mPositionKeys[0].mTime);
}

TEST(AssimpSkeleton, FpsPropertyAndBadAnimationFile) {
    RV_REQUIRE_ANIMATION_SAMPLES();
    Imported imp;
    rv::registerImporters(*imp.importer);
    imp.importer->SetPropertyString(rv::kPropertyAnimations, samplePath(kAnimation));
    imp.importer->SetPropertyFloat(rv::kPropertyAnimationFps, 24.0f);
    imp.scene = imp.importer->ReadFile(samplePath(kModel), aiProcess_ValidateDataStructure);
    ASSERT_NE(imp.scene, nullptr) << imp.importer->GetErrorString();
    ASSERT_EQ(imp.scene->mNumAnimations, 1u);
    EXPECT_DOUBLE_EQ(imp.scene->mAnimations[0]->mTicksPerSecond, 24.0);

    // The corrupt sample (README: every reader fails): the import fails naming the file.
    const std::string corrupt = samplePath("animations/rtm/dayz-epoch-108/384d76d7_saw_idle.rtm");
    Imported bad = importModel(samplePath(kAnimation) + ";" + corrupt);
    EXPECT_EQ(bad.scene, nullptr);
    EXPECT_NE(bad.error.find("384d76d7_saw_idle.rtm"), std::string::npos) << bad.error;
    Imported missing = importModel(samplePath("animations/rtm/no_such_file.rtm"));
    EXPECT_EQ(missing.scene, nullptr);
    EXPECT_NE(missing.error.find("no_such_file.rtm"), std::string::npos) << missing.error;
}

// Assimp's exporters keep the skin and the animation: Collada always, FBX from Assimp 5.4 (the
// CLI refuses FBX before; docs/engines.md), its animation only from 6.0 (before, the FBX writer
// puts keys at whole seconds and Assimp reads no animation back: assimp_compat.hpp).
TEST(AssimpSkeleton, RoundTripsThroughAssimpExporters) {
    RV_REQUIRE_ANIMATION_SAMPLES();
    Imported imp = importModel(samplePath(kAnimation));
    ASSERT_NE(imp.scene, nullptr) << imp.error;
    std::vector<std::pair<std::string, std::string>> formats{{"collada", "dae"}};
    if (aiGetVersionMajor() * 100 + aiGetVersionMinor() >= 504) formats.push_back({"fbx", "fbx"});
    const fs::path dir = scratchDir("roundtrip");
    for (const auto& [id, ext] : formats) {
        const std::string out = (dir / ("man." + ext)).string();
        Assimp::Exporter exporter;
        ASSERT_EQ(exporter.Export(imp.scene, id, out), AI_SUCCESS) << id << ": " << exporter.GetErrorString();
        Assimp::Importer back;
        const aiScene* s = back.ReadFile(out, aiProcess_ValidateDataStructure);
        ASSERT_NE(s, nullptr) << id << ": " << back.GetErrorString();
        std::set<std::string> bones;
        for (unsigned m = 0; m < s->mNumMeshes; ++m)
            for (unsigned b = 0; b < s->mMeshes[m]->mNumBones; ++b) bones.insert(s->mMeshes[m]->mBones[b]->mName.C_Str());
        EXPECT_GT(bones.size(), 20u) << id;
        EXPECT_TRUE(bones.count("pelvis") && bones.count("spine3")) << id;
        if (id == "collada") {  // Assimp 6.0.5's FBX loses some meshes' bones ("head")
            EXPECT_TRUE(bones.count("head")) << id;
        }
        if (id == "fbx" && rv::assimp::fbxKeyTimesWholeSeconds()) continue;  // the CLI warns: no animation survives
        ASSERT_GE(s->mNumAnimations, 1u) << id;
        unsigned most = 0;
        for (unsigned c = 0; c < s->mAnimations[0]->mNumChannels; ++c)
            most = std::max(most, s->mAnimations[0]->mChannels[c]->mNumPositionKeys);
        // Assimp's FBX reader merges the per-axis curves' times, which may add a few keys.
        if (id == "fbx") {
            EXPECT_GE(most, 79u) << id;
            EXPECT_LE(most, 79u + 8u) << id;
        } else {
            EXPECT_EQ(most, 79u) << id;
        }
    }
}
