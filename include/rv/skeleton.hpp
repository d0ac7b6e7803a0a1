// Skeletons and animations in the view: one bone table, one skin per LOD and one pose per
// animation frame, worked out once for every adapter (glTF skins, Blender armatures, aiBones).
//
// Rules (code/view/skeleton_view.cpp, code/view/animation_view.cpp):
//  - Bones. The model's skeleton in stored order (ODOL: ModelInfo's; editable models: their
//    model.cfg's), names lower-cased (Bohemia's binarizer lower-cases them, armake 0.5.1 does not,
//    and animations name them in either case), parents by index (-1 = root).
//  - Weights. Per view vertex, up to four (bone, weight) pairs, weights normalised to sum 1.
//    ODOL: the LOD's vertex bone references through its sub-skeleton map. Editable LODs: the
//    selections named after bones (case-insensitive), weighted by their decoded weight; the four
//    heaviest kept. A vertex bound to no bone has all weights 0: it stays where it is.
//  - Rest pose. Neither format stores one (an RTM matrix maps the model as modelled to the
//    posed model), so every bone rests at the identity: a bone's joint transform is its RTM
//    matrix. For display, each bone gets a head: the weighted centre of the vertices it moves,
//    else its parent's head, else the origin. Adapters that give bones a position (glTF joints,
//    Blender bones) rest them there and bind with the inverse of that translation.
//  - Animations. Per frame and skeleton bone, the model-space matrix that takes the rest model
//    to the posed model, in the view's frame. RTM_0101 stores it. BMTR stores each bone relative
//    to its parent (quaternion + translation, armaio's sign rules), composed here down the
//    skeleton. A bone the animation does not key moves with its parent (the identity at a
//    root). Animation bones outside the skeleton are dropped (one warning naming them). The step
//    ("total moving") is added to every bone as step * phase, so a walk moves forward.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "rv/decompose.hpp"
#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"
#include "rv/rtm.hpp"

namespace rv {

struct Frame;  // rv/view.hpp

struct BoneView {
    std::string name;     // lower-cased
    int32_t parent = -1;  // into SkeletonView::bones; -1 = root
    Vec3 head{};          // display position in the view's frame (see Rest pose above)
};

struct SkeletonView {
    std::string name;  // as stored, e.g. "OFP2_ManSkeleton"; empty: the model has no skeleton
    std::vector<BoneView> bones;
    // Lower-cased name -> index, made by skeletonView(): lookups stay linear in the bones (issue 40).
    std::unordered_map<std::string, int32_t> byName;
    bool empty() const { return bones.empty(); }
    // The bone named `name` (any case), or -1.
    int32_t find(const std::string& name) const;
    // Bones ordered so that every parent precedes its children (stable otherwise).
    std::vector<uint32_t> parentsFirst() const;
    // Where bone b's joint rests relative to its parent's (its head for a root): adapters that
    // rest joints at the heads and bind them by T(-head) (glTF joints, Assimp bone nodes).
    Vec3 restOffset(uint32_t b) const;
};

// The bones of `skeleton`, without heads. A parent that names no bone makes a root (with a warning);
// a cycle is broken the same way.
SkeletonView skeletonView(const OdolSkeleton& skeleton, std::vector<Warning>* warnings = nullptr);

// One animation on one skeleton.
struct AnimationView {
    std::string name;  // e.g. the file's base name
    uint32_t frameCount = 0;
    std::vector<float> phases;  // per frame, as stored
    // frameCount * bones: the bone's model-space matrix in frame f (row-major, Mat4's layout),
    // step applied. skinning[f * boneCount + b].
    std::vector<Mat4> skinning;
    std::vector<uint8_t> keyed;        // per skeleton bone: 1 when the animation names it
    std::vector<std::string> dropped;  // animation bones outside the skeleton
    std::vector<Warning> warnings;
    size_t boneCount() const { return keyed.size(); }
    const Mat4& at(uint32_t frame, uint32_t bone) const { return skinning[size_t(frame) * keyed.size() + bone]; }

    // The keys every output writes (glTF, Assimp, and the add-on through rv_animation_key_frames),
    // baked once here. keyFrames: the frames whose phase is finite, not negative and above the
    // last kept one (outputs need increasing times; the others are left out with one warning). A
    // key's time is its phase times frameCount, in frames (outputs divide by their frames per
    // second). keys[bone * keyFrames.size() + k]: jointLocal of that bone and key decomposed, each
    // rotation on the side of its previous key (q and -q are one rotation: interpolation takes
    // the short way). keyScales[bone]: 1 when some key scales by more than kKeyScale; the keys of
    // the other bones have a scale of exactly 1.
    std::vector<uint32_t> keyFrames;
    std::vector<Decomposition> keys;
    std::vector<uint8_t> keyScales;
    static constexpr float kKeyScale = 1e-3f;
    const Decomposition& key(uint32_t bone, size_t k) const { return keys[bone * keyFrames.size() + k]; }
    double keyTime(size_t k) const { return double(phases[keyFrames[k]]) * frameCount; }
};

// The frames of `phases` an output can key (AnimationView::keyFrames' rule).
std::vector<uint32_t> keyableFrames(const std::vector<float>& phases);

// `animation` on `skeleton`, in `frame`. `center`: the bounding centre in the frame when the
// view's positions are relative to it (ModelView::centerApplied false), else zero: animations
// move the model in its own coordinates. Charged to options.budget / options.memoryLimit.
[[nodiscard]] Result<AnimationView> buildAnimationView(const RtmAnimation& animation, const SkeletonView& skeleton,
                                                       const Frame& frame, Vec3 center, const std::string& name,
                                                       const Options& options = {});

// The local transform of a joint that rests at its head and is bound by T(-head), in frame
// `frame` of `animation`: its world must be M_b * T(head_b), so under its parent it is
// inverse(M_p * T(head_p)) * M_b * T(head_b). glTF and Assimp key their bone nodes with it.
Mat4 jointLocal(const SkeletonView& skeleton, const AnimationView& animation, uint32_t frame, uint32_t bone);

// Small matrix helpers the adapters share (row-major, column vectors, Mat4's layout).
Mat4 multiply(const Mat4& a, const Mat4& b);  // a * b: b first
Mat4 inverseAffine(const Mat4& m);            // the inverse of an affine transform (identity if singular)
Mat4 translationMatrix(Vec3 t);

}  // namespace rv
