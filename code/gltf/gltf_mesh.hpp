// Meshes for the glTF writer: a view LOD as one glTF mesh, and the conversions every node needs.
#pragma once

#include <array>
#include <vector>

#include "gltf/gltf_document.hpp"
#include "rv/view.hpp"

namespace rv::gltf {

// The minimum count of UV sets over the LODs' polygons of each view material: how many a
// material may sample (addMaterial's uvSets).
std::vector<size_t> uvSetsPerMaterial(const ModelView& view);

// `lod` as a mesh: the LOD's vertex arrays shared by one primitive per material group (triangles)
// and, when the LOD draws them, a POINTS primitive of its loose points. `materials[i]` is the
// glTF material of view material i (-1: none). Returns the mesh index, or -1 for an empty LOD.
// Non-finite positions (damaged files) become 0 with one warning: glTF cannot hold them.
// `skin`: the model's skin (gltf_skin.hpp); a skinned LOD gets its JOINTS_0 and WEIGHTS_0.
int32_t addLodMesh(Document& doc, const LodView& lod, const std::vector<int32_t>& materials, const std::string& name,
                   std::vector<Warning>& warnings, const struct SkinNodes* skin = nullptr);

// A row-major Mat4 (view.hpp) as glTF's column-major node matrix.
Json nodeMatrix(const Mat4& m);

}  // namespace rv::gltf
