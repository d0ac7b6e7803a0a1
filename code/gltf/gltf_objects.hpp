// A terrain's placed objects for the glTF writer.
#pragma once

#include "gltf/gltf_state.hpp"
#include "rv/data_root.hpp"

namespace rv::gltf {

// Adds an "Objects" node holding, per placed model, a node with the model's mesh (its first
// visual LOD from `root`, loaded once) and every placement of it: as EXT_mesh_gpu_instancing
// TRANSLATION / ROTATION / SCALE (and _ID, the objects' ids, when `instanceIds`) when
// `gpuInstancing`, else as one
// child node per object sharing the mesh. A model the root lacks (or no root) is drawn as a
// small marker mesh shared by all of them, and named in one warning with its object counts.
// Fails only when the memory limit is reached. Returns the "Objects" node.
[[nodiscard]] Result<uint32_t> addPlacedObjects(Document& doc, const TerrainView& view, const DataRoot* root,
                                                const Options& options, const GltfOptions& gltf,
                                                GltfOutput::State& state);

}  // namespace rv::gltf
