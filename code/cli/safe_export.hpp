// Writing an Assimp scene so that nothing is lost, shared by `export` and `batch` through
// convertOne (assimp_convert.hpp). Compiled only with Assimp (RV_WITH_ASSIMP).
#pragma once

#include <assimp/scene.h>
#include <assimp/Exporter.hpp>

#include <string>

namespace rv::cli {

// Exports `scene` as `formatId` to `out`, whose folder must exist, so that nothing is lost
// (safe_export.cpp): through a temporary folder beside OUT and checked streams, then renamed
// into place; on failure nothing new is left in OUT's folder. Textures are shaped for the format
// first (texture_files.hpp). `input` is the file the scene came from: no produced file may
// replace it. Returns "" on success, else the message ("cannot write out.glb: No space left on
// device", "export to fbx failed: ...").
std::string exportSafely(Assimp::Exporter& exporter, aiScene* scene, const std::string& formatId,
                         const std::string& out, const std::string& input);

}  // namespace rv::cli
