// Skeleton nodes and animations for the Assimp adapter (odol_skin.hpp). The same rules as the
// glTF writer's (code/gltf/gltf_skin.cpp): a bone rests at its head H, bound by T(-H); in frame f
// its global transform must be M * T(H), M being what the bone does to the model.
#include "assimp/odol_skin.hpp"

#include <cmath>
#include <memory>
#include <unordered_set>

#include "rv/decompose.hpp"

namespace rv::assimp {
SkeletonPlan planSkeleton(const ModelView& view, const std::string& rootName, std::vector<std::string>& warnings) {
    SkeletonPlan plan;
    bool skinned = false;
    for (const LodView& lod : view.lods) skinned = skinned || lod.skinned();
    if (view.skeleton.empty() || !skinned) return plan;
    const std::vector<BoneView>& bones = view.skeleton.bones;
    // Depths, parents first (the view breaks cycles, so every chain ends at a root).
    std::vector<size_t> depth(bones.size(), 1);
    size_t deepest = 0;
    for (uint32_t b : view.skeleton.parentsFirst()) {
        if (bones[b].parent >= 0) depth[b] = depth[size_t(bones[b].parent)] + 1;
        deepest = std::max(deepest, depth[b]);
    }
    if (deepest > kMaxBoneDepth) {
        warnings.push_back("skeleton " + view.skeleton.name + " left out: its bones nest " + std::to_string(deepest) +
                           " deep, over the " + std::to_string(kMaxBoneDepth) + " an Assimp scene is given");
        return plan;
    }
    plan.active = true;
    plan.nodeName = view.skeleton.name.empty() ? "skeleton" : view.skeleton.name;
    std::unordered_set<std::string> taken{rootName, plan.nodeName};
    plan.names.reserve(bones.size());
    for (const BoneView& b : bones) {
        plan.boneSet.insert(b.name);
        std::string name = b.name.empty() ? "bone" : b.name;
        for (uint64_t k = 2; taken.count(name); ++k)
            name = (b.name.empty() ? "bone" : b.name) + " #" + std::to_string(k);
        taken.insert(name);
        plan.names.push_back(std::move(name));
    }
    return plan;
}

aiNode* buildSkeletonNodes(const ModelView& view, const SkeletonPlan& plan, aiNode* parent, SceneBudget& budget) {
    const std::vector<BoneView>& bones = view.skeleton.bones;
    budget.charge((bones.size() + 1) * (cost::kNode + sizeof(aiNode*)), "the nodes of skeleton " + plan.nodeName);
    auto skeleton = std::make_unique<aiNode>();
    skeleton->mName = toAiString(plan.nodeName);
    skeleton->mParent = parent;
    std::vector<std::unique_ptr<aiNode>> nodes(bones.size());
    std::vector<std::vector<aiNode*>> children(bones.size());
    std::vector<aiNode*> roots;
    for (auto& n : nodes) n = std::make_unique<aiNode>();
    for (size_t i = 0; i < bones.size(); ++i) {
        aiNode* n = nodes[i].get();
        n->mName = toAiString(plan.names[i]);
        const int32_t p = bones[i].parent;
        const Vec3 rest = view.skeleton.restOffset(uint32_t(i));
        n->mTransformation = aiMatrix4x4(1, 0, 0, rest.x, 0, 1, 0, rest.y, 0, 0, 1, rest.z, 0, 0, 0, 1);
        n->mParent = p >= 0 ? nodes[size_t(p)].get() : skeleton.get();
        (p >= 0 ? children[size_t(p)] : roots).push_back(n);
    }
    // Hand the nodes to the tree: from here each is owned by its parent.
    for (size_t i = 0; i < bones.size(); ++i) nodes[i]->mChildren = releaseArray(children[i], nodes[i]->mNumChildren);
    skeleton->mChildren = releaseArray(roots, skeleton->mNumChildren);
    for (auto& n : nodes) (void)n.release();
    return skeleton.release();
}

aiAnimation* buildAnimation(const ModelView& view, const SkeletonPlan& plan, const AnimationView& animation, float fps,
                            SceneBudget& budget, std::vector<std::string>& warnings) {
    // The keys are the view's (AnimationView::keys, with their warnings): copied, never re-derived.
    const uint32_t boneCount = uint32_t(view.skeleton.bones.size());
    if (animation.boneCount() != boneCount || animation.keyScales.size() != boneCount) return nullptr;
    const size_t keyCount = animation.keyFrames.size();
    if (keyCount == 0 || boneCount == 0) {
        warnings.push_back(animation.name + ": no frame to key; the animation is left out");
        return nullptr;
    }
    const uint64_t keyBytes = 2 * sizeof(aiVectorKey) + sizeof(aiQuatKey);
    budget.charge(sizeof(aiAnimation) + uint64_t(boneCount) * (sizeof(aiNodeAnim) + sizeof(aiNodeAnim*) + 32 +
                                                               uint64_t(keyCount) * keyBytes),
                  "animation " + animation.name.substr(0, 64));
    auto out = std::make_unique<aiAnimation>();
    out->mName = toAiString(animation.name);
    out->mDuration = std::max(double(animation.frameCount), animation.keyTime(keyCount - 1));
    out->mTicksPerSecond = fps;
    out->mChannels = new aiNodeAnim*[boneCount]();  // null until filled: ~aiAnimation deletes what is there
    out->mNumChannels = boneCount;
    const unsigned keys = unsigned(keyCount);
    for (uint32_t b = 0; b < boneCount; ++b) {
        aiNodeAnim* channel = out->mChannels[b] = new aiNodeAnim;
        channel->mNodeName = toAiString(plan.names[b]);
        channel->mPositionKeys = new aiVectorKey[keys];
        channel->mNumPositionKeys = keys;
        channel->mRotationKeys = new aiQuatKey[keys];
        channel->mNumRotationKeys = keys;
        channel->mScalingKeys = new aiVectorKey[keys];
        channel->mNumScalingKeys = keys;
        for (unsigned k = 0; k < keys; ++k) {
            const Decomposition& d = animation.key(b, k);
            const double time = animation.keyTime(k);  // ticks: frames, at mTicksPerSecond = fps
            const auto& q = d.rotation;                // x, y, z, w; aiQuaternion takes w first
            channel->mPositionKeys[k] = aiVectorKey(time, toAi(d.translation));
            channel->mRotationKeys[k] = aiQuatKey(time, aiQuaternion(q[3], q[0], q[1], q[2]));
            channel->mScalingKeys[k] = aiVectorKey(time, toAi(d.scale));
        }
    }
    return out.release();
}

}  // namespace rv::assimp
