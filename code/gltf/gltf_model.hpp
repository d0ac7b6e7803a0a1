// Shared by the model and terrain writers.
#pragma once

#include <vector>

#include "gltf/gltf_document.hpp"
#include "rv/gltf.hpp"
#include "rv/material_textures.hpp"
#include "rv/open.hpp"
#include "rv/view.hpp"

namespace rv::gltf {

// The frame of every glTF output: right-handed, y up, UV origin top-left (BI's own).
Frame gltfFrame();

// Every material of `view` as a glTF material, textured through `textures`; the glTF index of
// each view material.
std::vector<int32_t> addModelMaterials(Document& doc, const ModelView& view, TextureResolver& textures,
                                       std::vector<Warning>& warnings);
// The same with each material's textures already resolved (a placed model's, rv/placed_models.hpp).
std::vector<int32_t> addResolvedMaterials(Document& doc, const ModelView& view,
                                          const std::vector<ResolvedMaterial>& textures,
                                          std::vector<Warning>& warnings);

// The two halves of gltfFromFile: the door's model (with its view) or terrain (with its view).
Result<GltfOutput> modelToGltf(const OpenedFile& file, const GltfOptions& gltf);
Result<GltfOutput> terrainToGltf(const OpenedFile& file, const GltfOptions& gltf);

}  // namespace rv::gltf
