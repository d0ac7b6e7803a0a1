// WrpTerrain -> aiScene. Adapter only: every format fact comes from the decoded terrain.
#pragma once

#include <assimp/scene.h>

#include <map>
#include <string>

#include "rv/odol.hpp"
#include "rv/wrp.hpp"

namespace rv::assimp {

// Height-grid tiles are at most this many cells on a side: (128 + 1)^2 vertices per mesh, well
// inside 16-bit indices, and small enough for glTF viewers and Blender.
constexpr uint32_t kTerrainTileCells = 128;

// `objectModels` (may be null): decoded models by the object model path as stored; each one's
// first visual LOD becomes meshes shared by every node that places it.
void buildWrpScene(const WrpTerrain& terrain, const std::string& rootName,
                   const std::map<std::string, OdolModel>* objectModels, aiScene* scene);

}  // namespace rv::assimp
