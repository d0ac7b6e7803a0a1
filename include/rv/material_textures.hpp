// A model's textures, found and decoded: what every output needs to show textured models.
//
// Part of the view layer. A ViewMaterial names a face texture and, through its embedded .rvmat,
// stage textures; here each reference gets its role (by BI's file-name suffixes), is resolved in
// the data root (rv/data_root.hpp) and decoded (rv/paa.hpp), or evaluated when procedural
// (color()). Missing game data is the normal case: a reference that cannot be had is kept with
// its reason and reported once as a warning; the material keeps its names and colours.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/image.hpp"
#include "rv/view.hpp"

namespace rv {

// What a texture is for, from BI's naming rules (the suffix before the extension): _co/_ca
// colour, _nohq/_no normal map, _smdi specular and gloss, _as ambient shadow, _mc macro,
// _dt/_cdt detail. Procedural textures say it with their tag (color(...,CO)).
enum class TextureRole : uint8_t { BaseColor, Normal, SpecularGloss, AmbientShadow, Macro, Detail, Other };
const char* textureRoleName(TextureRole role);  // "base color", "normal", "specular gloss"...
TextureRole textureRole(std::string_view reference);

struct MaterialImage {
    TextureRole role = TextureRole::Other;
    std::string reference;  // as stored
    int stage = -1;         // the rvmat stage it comes from; -1 for the face texture
    ResolvedRef where;
    std::shared_ptr<const Image> image;  // null when it could not be had
    std::string problem;                 // why not: "missing: ...", "unsafe: ...", a decode error
};

enum class AlphaMode : uint8_t { Opaque, Mask, Blend };
const char* alphaModeName(AlphaMode mode);  // "opaque", "mask", "blend"

struct ResolvedMaterial {
    std::vector<MaterialImage> images;  // the face texture first, then the stages in order
    int baseColor = -1, normal = -1, specularGloss = -1, ambientShadow = -1;  // into images
    Rgba baseColorFactor{1, 1, 1, 1};  // a procedural color() face texture, else white
    // From the base colour's pixels: every alpha 255 -> Opaque; only 0 and 255 -> Mask (1-bit
    // transparency, as DXT1 with alpha, GALF 2 or 1555 give); anything else -> Blend.
    AlphaMode alpha = AlphaMode::Opaque;
};

// Resolves and decodes the textures of many materials, each image once.
class TextureResolver {
public:
    // `root` may be null (no data root: only procedural textures are evaluated).
    TextureResolver(const DataRoot* root, const Options& options) : root_(root), options_(options) {}
    ResolvedMaterial resolve(const ViewMaterial& material);
    // One warning per reference that could not be had (missing, unsafe or undecodable).
    const std::vector<Warning>& warnings() const { return warnings_; }

private:
    MaterialImage load(const std::string& reference, int stage);

    const DataRoot* root_;
    Options options_;
    std::map<std::string, MaterialImage> cache_;  // by DataRoot::key
    std::vector<Warning> warnings_;
};

}  // namespace rv
