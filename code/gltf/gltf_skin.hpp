// A model's skeleton as a glTF skin, and RTM animations as glTF animations of its joints.
#pragma once

#include <string>
#include <vector>

#include "gltf/gltf_document.hpp"
#include "rv/view.hpp"

namespace rv::gltf {

struct SkinNodes {
    int32_t skin = -1;             // the glTF skin, -1 when the model has no skinned LOD
    uint32_t skeletonNode = 0;     // the node holding the root bones; also the skin's last joint
    std::vector<uint32_t> joints;  // the node of each skeleton bone
    // The joint of vertices bound to no bone: the skeleton node, which never moves, appended to
    // the skin's joints only when some skinned LOD has such a vertex.
    uint16_t staticJoint = 0;
};

// The skeleton's bones as joint nodes resting at their heads, under one skeleton node, and the
// skin binding them (inverse bind matrices: the heads' inverse translations). Nothing when no
// LOD of `view` is skinned.
SkinNodes addSkin(Document& doc, const ModelView& view);

// JOINTS_0 and WEIGHTS_0 of a skinned LOD into `attributes`.
void addSkinAttributes(Document& doc, const LodView& lod, const SkinNodes& skin, Json& attributes);

// One animation of the skin's joints: the view's keys (AnimationView::keys; its warnings say what
// was left out), per bone translation and rotation at phase * seconds, scale too where it scales.
void addAnimation(Document& doc, const ModelView& view, const SkinNodes& skin, const AnimationView& animation,
                  float seconds);

}  // namespace rv::gltf
