// Decoded textures into an aiScene: embedded PNG aiTextures referenced as "*N" by the materials.
#pragma once

#include <assimp/scene.h>

#include <string>
#include <vector>

#include "rv/material_textures.hpp"

namespace rv::assimp {

// `resolved[i]` belongs to view material i, which is scene->mMaterials[i]. Each image is embedded
// once, as a PNG; the material's diffuse texture becomes "*<index>" (the colour map), its normal
// map likewise, and "$mat.gltf.alphaMode" says MASK or BLEND when the colour map needs it.
void embedTextures(const std::vector<ResolvedMaterial>& resolved, aiScene* scene);

}  // namespace rv::assimp
