// Materials for the glTF writer: a view material and its resolved textures (material_textures
// .hpp) as a glTF metallic-roughness material. The maps and factors are the view's; this only
// spells them in glTF.
#pragma once

#include "gltf/gltf_document.hpp"
#include "rv/material_textures.hpp"

namespace rv::gltf {

// `uvSets`: how many UV sets every primitive drawn with it has; a texture whose set is not
// among them is sampled with set 0, and with no set at all the material keeps its factors only.
// Stage uvTransforms become KHR_texture_transform; a sheared one is given approximately, with a
// warning added to `warnings`.
uint32_t addMaterial(Document& doc, const ViewMaterial& material, const ResolvedMaterial& resolved, size_t uvSets,
                     std::vector<Warning>& warnings);

// A plain material: a name and a base colour (terrain layers without a picture, markers); a
// non-empty `rvmat` (a layer's stored path) goes in extras.rvmat.
uint32_t addPlainMaterial(Document& doc, const std::string& name, const Rgba& color, const std::string& rvmat = {});

// How a texture is sampled past its edges: repeated (BI's textures tile), or clamped to its edge
// (a picture that covers its area once: TerrainLayer::clampToEdge).
enum class Wrap { Repeat, ClampToEdge };

// A material colouring with one image through UV set `texCoord` (terrain layer pictures); plain
// when the image cannot be stored (Document::imageWarnings).
uint32_t addImageMaterial(Document& doc, const std::string& name, const MaterialImage& image, int texCoord, Wrap wrap,
                          const std::string& rvmat = {});

}  // namespace rv::gltf
