// ViewMaterial -> aiMaterial.
#pragma once

#include <assimp/material.h>

#include <vector>

#include "rv/view.hpp"

namespace rv::assimp {

aiMaterial* makeMaterial(const ViewMaterial& material);
std::vector<aiMaterial*> makeMaterials(const ModelView& view);  // caller owns them

}  // namespace rv::assimp
