// TerrainView -> aiScene. Adapter only: tiles, materials per cell and placements come from the
// view (rv/view.hpp).
#pragma once

#include <assimp/scene.h>

#include <map>
#include <memory>
#include <string>

#include "assimp/scene_util.hpp"
#include "rv/material_textures.hpp"
#include "rv/placed_models.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// An object model from the data root: the decoded model, its first visual LOD's view and the
// textures of its materials (one per view material).
using ObjectModels = std::map<std::string, std::unique_ptr<PlacedModel>>;  // by path as stored

// `objectModels` (may be null): each model's meshes are built once and shared by every node
// that places it.
// Charges the terrain's meshes up front, or refuses with ImportError naming what would fit (the
// heights as a DEM, a higher limit) when they, the object and the road nodes cannot fit the budget.
void chargeTerrainScene(const TerrainView& view, SceneBudget& budget);

// The meshes were charged by chargeTerrainScene; nodes, metadata and object meshes are charged here.
// `layers` (may be null) textures the tiles: a layer with a texture gets it as the diffuse map,
// sampled through UV channel 0, which then holds that texture's UVs (rv/terrain_layers.hpp).
void buildWrpScene(const TerrainView& view, const std::string& rootName, const ObjectModels* objectModels,
                   const TerrainLayers* layers, SceneBudget& budget, aiScene* scene);

}  // namespace rv::assimp
