// Textures of an imported scene, shaped for the export format. Compiled only with Assimp.
#pragma once

#include <filesystem>
#include <string>

struct aiScene;

namespace rv::cli {

// Our importers embed every decoded texture as a PNG ("*N" references). glb keeps them
// embedded. Every other format gets them as files: written into `folder` (the export's
// temporary folder) under "<outStem>_textures/<name>.png", and each material's "*N" reference
// replaced by that relative path, which the obj/mtl, fbx, dae and glTF readers follow; the
// embedded copies are then dropped. glTF materials are also kept to plain metallic-roughness
// (no specular-glossiness or volume extension; see plainGltfMaterial). Returns "" or the error
// ("cannot write .../x_co.png: No space left on device").
std::string shapeTexturesForFormat(aiScene* scene, const std::string& formatId, const std::filesystem::path& folder,
                                   const std::string& outStem);

}  // namespace rv::cli
