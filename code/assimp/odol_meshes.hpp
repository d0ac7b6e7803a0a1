// LodView -> aiMeshes.
#pragma once

#include <assimp/mesh.h>

#include <vector>

#include "assimp/scene_util.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// Appends the meshes of view.lods[lodSlot] (mMaterialIndex = index into view.materials) and,
// with `selectionsAsBones`, records every bone created in `bones` (the caller sets their offsets)
// until `bones` holds kMaxSelectionBones; the bones left out beyond are added to `bonesLeftOut`.
// Each mesh and bone is charged to `budget` before it is built.
void appendLodMeshes(const ModelView& view, size_t lodSlot, bool selectionsAsBones, SceneBudget& budget,
                     std::vector<aiMesh*>& meshes, std::vector<aiBone*>& bones, uint64_t& bonesLeftOut);

}  // namespace rv::assimp
