// WrpTerrain -> aiScene. Adapter only: every format fact comes from the decoded terrain.
#pragma once

#include <assimp/scene.h>

#include <string>

#include "rv/wrp.hpp"

namespace rv::assimp {

// Height-grid tiles are at most this many cells on a side: (128 + 1)^2 vertices per mesh, well
// inside 16-bit indices, and small enough for glTF viewers and Blender.
constexpr uint32_t kTerrainTileCells = 128;

void buildWrpScene(const WrpTerrain& terrain, const std::string& rootName, aiScene* scene);

}  // namespace rv::assimp
