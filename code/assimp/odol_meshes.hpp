// LodView -> aiMeshes.
#pragma once

#include <assimp/mesh.h>

#include <set>
#include <string>
#include <vector>

#include "assimp/scene_util.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// Which bones the meshes get.
struct MeshBones {
    // The skeleton's bones (LodView::joints / jointWeights) on the meshes of a skinned LOD, named
    // skeletonNames[bone] (the bone nodes' names, odol_skin.hpp); offsets T(-head).
    bool skeleton = false;
    const std::vector<std::string>* skeletonNames = nullptr;
    const std::set<std::string>* boneSet = nullptr;  // the skeleton's bone names (lower-case)
    // --selections-as-bones: every selection as a bone, except (with `skeleton`) those named
    // like a skeleton bone, case-insensitively: the skeleton's bone of that name wins.
    bool selections = false;
};

// Appends the meshes of view.lods[lodSlot] (mMaterialIndex = index into view.materials) and,
// with `bones.selections`, records every selection bone created in `selectionBones` (the caller
// sets their offsets) until it holds kMaxSelectionBones; the bones left out beyond are added to
// `bonesLeftOut`. Each mesh and bone is charged to `budget` before it is built.
void appendLodMeshes(const ModelView& view, size_t lodSlot, const MeshBones& bones, SceneBudget& budget,
                     std::vector<aiMesh*>& meshes, std::vector<aiBone*>& selectionBones, uint64_t& bonesLeftOut);

}  // namespace rv::assimp
