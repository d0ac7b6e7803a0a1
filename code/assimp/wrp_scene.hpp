// TerrainView -> aiScene. Adapter only: tiles, materials per cell and placements come from the
// view (rv/view.hpp).
#pragma once

#include <assimp/scene.h>

#include <map>
#include <memory>
#include <string>

#include "rv/view.hpp"

namespace rv::assimp {

// An object model from the data root: the decoded model and its first visual LOD's view.
struct ObjectModel {
    OdolModel model;
    ModelView view;
};
using ObjectModels = std::map<std::string, std::unique_ptr<ObjectModel>>;  // by path as stored

// `objectModels` (may be null): each model's meshes are built once and shared by every node
// that places it.
void buildWrpScene(const TerrainView& view, const std::string& rootName, const ObjectModels* objectModels,
                   aiScene* scene);

}  // namespace rv::assimp
