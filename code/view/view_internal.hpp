// Internal: pieces of the model view shared by its files.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "rv/image.hpp"
#include "rv/paths.hpp"
#include "rv/view.hpp"

namespace rv::view {

// A name as it can be shown in a message: control bytes as \xNN (broken names are never printed raw).
std::string printable(const std::string& s);

// The (texture, material file) pairs of a model in first-use order, with unique display names.
class MaterialTable {
public:
    uint32_t get(const std::string& texture, const std::string& rvmat, const OdolMaterial* embedded);
    const ViewMaterial& at(uint32_t i) const { return materials_[i]; }
    std::vector<ViewMaterial> release() { return std::move(materials_); }

private:
    std::string uniqueName(const std::string& base);

    std::map<std::pair<std::string, std::string>, uint32_t> index_;
    std::vector<ViewMaterial> materials_;
    std::unordered_set<std::string> names_;
    std::unordered_map<std::string, uint32_t> nextSuffix_;  // base name -> next " #n" to try
};

// The material of every face of `lod`, from its sections; faces no section covers get the
// default (no texture, no material).
std::vector<uint32_t> faceMaterials(const OdolLod& lod, MaterialTable& table);
// A face a config's retexturing hides (hiddenSelectionsTextures ""): not drawn.
constexpr uint32_t kHiddenFace = UINT32_MAX;
// Applies a config class's retexturing (rv/retexture.hpp) to the faces of its selections.
void retextureFaces(const OdolLod& lod, const Retexture& retexture, MaterialTable& table,
                    std::vector<uint32_t>& faceMaterial);

LodView buildLod(const OdolModel& model, uint32_t lodIndex, const std::vector<uint32_t>& faceMaterial,
                 const Options& options, const Frame& frame);

// tangents.cpp: LodView::tangents from a binarized LOD's ST vectors (after the normals are unit).
void buildTangents(const OdolLod& lod, const Frame& frame, LodView& out);

}  // namespace rv::view

namespace rv::view {

// ---- pbr_maps.cpp: the engine's maps turned into glTF's (each function says its rule) ----

// glTF roughness for a Blinn-Phong exponent n (the rvmat's specularPower).
float roughnessFromSpecularPower(float n);
// A `_nohq` (already unswizzled) in glTF's tangent-space convention.
Image normalMapForGltf(const Image& nohq);
// glTF's metallicRoughness texture (G roughness, B metallic) from a `_smdi` and specularPower.
Image metallicRoughnessFromSmdi(const Image& smdi, float specularPower);
// glTF's occlusion texture (R) from a `_as` ambient-shadow map.
Image occlusionFromAmbientShadow(const Image& as);

}  // namespace rv::view
