// Shared by the model and terrain writers.
#pragma once

#include <vector>

#include "gltf/gltf_document.hpp"
#include "rv/material_textures.hpp"
#include "rv/view.hpp"

namespace rv::gltf {

// The frame of every glTF output: right-handed, y up, UV origin top-left (BI's own).
Frame gltfFrame();

// Every material of `view` as a glTF material, textured through `textures`; the glTF index of
// each view material.
std::vector<int32_t> addModelMaterials(Document& doc, const ModelView& view, TextureResolver& textures,
                                       std::vector<Warning>& warnings);

}  // namespace rv::gltf
