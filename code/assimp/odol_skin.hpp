// The model's skeleton as aiNodes and its RTM animations as aiAnimations (docs/assimp.md,
// "Skeletons and animations"). The meshes' aiBones are made in odol_meshes.cpp.
#pragma once

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <set>
#include <string>
#include <vector>

#include "assimp/scene_util.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// The deepest bone chain a scene gets: Assimp walks node trees recursively (validation, every
// exporter), so a hostile skeleton of thousands of nested bones would exhaust the stack. Real
// skeletons are about 10 deep (OFP2_ManSkeleton: 12).
constexpr size_t kMaxBoneDepth = 256;

// Whether the scene gets the skeleton, and what its nodes are called.
struct SkeletonPlan {
    bool active = false;             // the view has a skeleton, a picked LOD is skinned, depth fits
    std::string nodeName;            // the skeleton node: the skeleton's name ("skeleton" when empty)
    std::vector<std::string> names;  // per skeleton bone: its node's (and aiBones') name
    std::set<std::string> boneSet;   // the bones' own names (lower-case), for the selections rule
};

// The plan for `view`. Bone node names are the bones' names, except that a name the scene's root
// or skeleton node, or an earlier bone, already has gets " #2", " #3"... (Assimp's exporters
// find a bone's node by name: names must be unique). A skeleton too deep is left out with a
// warning in `warnings`.
SkeletonPlan planSkeleton(const ModelView& view, const std::string& rootName, std::vector<std::string>& warnings);

// The skeleton node under `parent`, with one node per bone parented as the skeleton says, each
// resting at its head minus its parent's head (a root bone at its head): a bone's global rest
// transform is T(head), which its aiBones' offset T(-head) undoes. Charged to `budget`; the
// caller owns the returned node.
aiNode* buildSkeletonNodes(const ModelView& view, const SkeletonPlan& plan, aiNode* parent, SceneBudget& budget);

// `animation` as an aiAnimation keying every bone node: mDuration = frames, mTicksPerSecond =
// `fps`, a key at phase * frames ticks. Frames whose time is negative, not finite or does not
// increase are left out (a warning). Each key is the bone's local transform
// inverse(M_p * T(H_p)) * M_b * T(H_b) (M: AnimationView::skinning, H: heads), decomposed into
// position, rotation and scaling keys (scaling keys always: Assimp's Collada exporter reads one
// per position key). Null when no frame is left. Charged to `budget`.
aiAnimation* buildAnimation(const ModelView& view, const SkeletonPlan& plan, const AnimationView& animation, float fps,
                            SceneBudget& budget, std::vector<std::string>& warnings);

}  // namespace rv::assimp
