// Internal: pieces of the model view shared by its files.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "rv/error.hpp"
#include "rv/image.hpp"
#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"
#include "rv/view.hpp"

namespace rv::view {

// A name as it can be shown in a message (rv/printable.hpp: broken names are never printed raw).
using rv::printable;

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

// `markers`: the LOD's proxy marker faces (hidden in faceMaterial), whose own vertices are left out.
LodView buildLod(const OdolModel& model, uint32_t lodIndex, const std::vector<uint32_t>& faceMaterial,
                 const std::vector<uint32_t>& markers, const Options& options, const Frame& frame);
// lod_compact.cpp: takes the vertices `drop` marks (those only a proxy's marker triangle uses)
// out of a built LOD, renumbering every index into its vertices. A vertex that carries mass stays
// (the geometry LOD's total is the model's).
void dropVertices(LodView& lod, const std::vector<bool>& drop);

// skeleton_view.cpp: what skinModel() may allocate for these LODs, and the skeleton, weights and
// bone heads of a view whose LODs are built (rv/skeleton.hpp).
uint64_t skinBytes(const OdolModel& model, const std::vector<uint32_t>& lods);
void skinModel(const OdolModel& model, ModelView& view, std::vector<Warning>& warnings);

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

namespace rv::view {

// ---- png_encode.cpp: what rv::encodePng stores (exposed for the tests and the PNG benchmark) ----

// The fewest PNG channels that keep every pixel of `image`: 1 grey (R = G = B everywhere, alpha
// 255 everywhere), 2 grey and alpha, 3 RGB (alpha 255 everywhere), else 4 RGBA.
int pngChannels(const Image& image);
// The pixels with `channels` (1 to 4) bytes each, in pngChannels's layout: grey is R, grey and
// alpha is R, A.
std::vector<uint8_t> packChannels(const Image& image, int channels);

// libdeflate's level for every PNG the outputs embed or ship (rows unfiltered: decoded DXT blocks
// repeat exactly, which unfiltered rows keep and filters hide). Chosen by measurement on the
// sample textures against the other levels and stb_image_write's encoder, in one run
// (test/bench/png_levels.cpp, docs/performance.md#png-textures).
constexpr int kPngCompressionLevel = 6;

// The PNG's rows, (width x channels + 1) x height bytes, are held whole and deflated into one
// IDAT chunk, whose length field has 31 bits: this bound keeps both well inside it.
constexpr uint64_t kPngMaxFilteredBytes = uint64_t(900) << 20;
// Whether a width x height image with `channels` channels stays within kPngMaxFilteredBytes.
bool pngFits(uint32_t width, uint32_t height, int channels);
// rv::encodePng at libdeflate level `level` (1 to 12): what the benchmark compares levels with.
[[nodiscard]] Result<std::vector<uint8_t>> encodePngAtLevel(const Image& image, int level, MemoryBudget* budget);

}  // namespace rv::view
