// OdolModel -> aiScene. Adapter only: every format fact comes from the decoded model.
#pragma once

#include <assimp/scene.h>

#include <string>
#include <vector>

#include "rv/odol.hpp"

namespace rv::assimp {

struct OdolSceneOptions {
    std::string lods = "all";  // "all", "visual", "first", or a LOD name / resolution
    bool selectionsAsBones = false;
};

// The LODs `spec` picks, in file order. Empty result + non-empty `error` when nothing matches.
std::vector<size_t> pickLods(const OdolModel& model, const std::string& spec, std::string& error);

// The meshes of one LOD, converted exactly as in buildOdolScene, with their own materials
// (each mesh's mMaterialIndex indexes `materials`). The caller owns everything.
struct LodMeshes {
    std::vector<aiMesh*> meshes;
    std::vector<aiMaterial*> materials;
};
LodMeshes buildLodMeshes(const OdolModel& model, size_t lodIndex);

// Fills `scene` (freshly constructed by Assimp). `lodIndices` as returned by pickLods.
void buildOdolScene(const OdolModel& model, const std::string& rootName,
                    const std::vector<size_t>& lodIndices, const OdolSceneOptions& options, aiScene* scene);

}  // namespace rv::assimp
