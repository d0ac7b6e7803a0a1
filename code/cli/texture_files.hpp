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
// embedded copies are then dropped. glTF outputs also lose the specular colour, so that Assimp's
// exporter does not add the archived KHR_materials_pbrSpecularGlossiness extension, which
// viewers that read it prefer over the metallic-roughness material. Returns "" or the error
// ("cannot write .../x_co.png: No space left on device").
std::string shapeTexturesForFormat(aiScene* scene, const std::string& formatId, const std::filesystem::path& folder,
                                   const std::string& outStem);

}  // namespace rv::cli
