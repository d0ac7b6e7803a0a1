// A model's textures, found and decoded: what every output needs to show textured models.
//
// Part of the view layer. A ViewMaterial names a face texture and, through its .rvmat (the data
// root's file, else the LOD's embedded copy: material_definition.cpp), stage textures; here each reference gets its role (by BI's file-name suffixes), is resolved in
// the data root (rv/data_root.hpp) and decoded (rv/texture.hpp), or evaluated when procedural
// (color()). Missing game data is the normal case: a reference that cannot be had is kept with
// its reason and reported once as a warning; the material keeps its names and colours.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/image.hpp"
#include "rv/texture_cache.hpp"
#include "rv/view.hpp"

namespace rv {

// What a texture is for, from BI's naming rules (the suffix before the extension): _co/_ca
// colour, _nohq/_no normal map, _smdi specular and gloss, _as ambient shadow, _mc macro,
// _dt/_cdt detail. Procedural textures say it with their tag (color(...,CO)). A stage texture
// whose name says nothing (DayZ's seabass_norm.paa, rod_normal.paa) gets the role its stage has
// in the material's pixel shader (stageRoleOfShader).
enum class TextureRole : uint8_t {
    BaseColor,
    Normal,
    SpecularGloss,
    AmbientShadow,
    Macro,
    Detail,
    Other,
    MetallicRoughness,
    Occlusion  // derived for glTF-style outputs (pbr_maps.cpp), never a suffix
};
const char* textureRoleName(TextureRole role);  // "base color", "normal", "specular gloss"...
TextureRole textureRole(std::string_view reference);
// Whether a map of that role holds colours (shown in sRGB) rather than data (normals, specular and
// gloss, ambient shadow, metallic-roughness, occlusion: read linearly, "Non-Color" in Blender).
bool textureRoleIsColour(TextureRole role);
// The role of StageN in a pixel shader of BI's lit-shader family, by the order their names spell:
// Super = normal, detail, macro, ambient shadow, specular; NormalMap[Detail][MacroAS]Specular
// [DI]Map = normal, [detail], [macro, ambient shadow], specular. Other for any other shader/stage.
TextureRole stageRoleOfShader(std::string_view pixelShader, int stage);

struct MaterialImage {
    TextureRole role = TextureRole::Other;
    std::string reference;  // as stored
    int stage = -1;         // the rvmat stage it comes from; -1 for the face texture
    int uvSet = 0;          // the UV set it is sampled with (its stage's uvSource)
    // Its stage's uvTransform (rows aside, up, dir, pos: uv' = u * aside + v * up + pos, top-left
    // origin as stored); identity for the face texture and stages without one.
    Mat43 uvTransform{{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}};
    ResolvedRef where;
    std::shared_ptr<const Image> image;  // null when it could not be had
    std::shared_ptr<PngSlot> png;        // its PNG, shared across a batch (Options::textureCache); may be null
    // Equal for equal pixels among the imports of one data root and options: where the file was
    // found, how it was decoded and, for a derived map, how it was derived. Empty without an image
    // file. A batch's texture cache and the add-on's images of one import are keyed by it.
    std::string key;
    std::string problem;   // why not: "missing: ...", "unsafe: ...", a decode error
    int derivedFrom = -1;  // a derived map: the image (into images) it was made from
    // A derived map: what sets it apart from its source in a file name ("_normal", "_occlusion",
    // "_metallic_roughness_80" with the exponent it was made with); "" for a decoded one.
    std::string derivation;
};

// A file name for the image when an output ships it: the reference's base name without its
// extension, plus "_metallic_roughness" or "_occlusion" for those derived maps ("x_co",
// "x_smdi_metallic_roughness"). Characters that are not safe in file names become '_'.
std::string imageFileStem(const MaterialImage& image);

// Where the image goes below a folder that several outputs share (batch --textures external):
// its game path, lowercase (the game's paths ignore case) with '/' between folders, without a
// ".paa" extension (any other is kept: "x_co.png" becomes "x_co.png" + ".png" later), and the
// derivation of a derived map: "rv/box/box_co", "a/b/x_smdi_metallic_roughness_80". Empty when the
// image has no file, or when its path would not make a safe, portable file name (a ':', a '..',
// a reserved or non-ASCII name): such an image stays with its output.
std::string imageGamePath(const MaterialImage& image);

enum class AlphaMode : uint8_t { Opaque, Mask, Blend };
const char* alphaModeName(AlphaMode mode);  // "opaque", "mask", "blend"
// From the pixels: opaque when every alpha is 255, mask when each is 0 or 255, else blend.
AlphaMode imageAlphaMode(const Image& img);

// Which definition of a material an import shows. The game loads a material by its .rvmat name
// from its file system at run time, so the file wins over the copy a binarized LOD embeds
// (docs/materials.md). Binarize embeds an empty stub (pixel shader 0, specularPower 0, no stage
// textures) when it could not read the .rvmat: 5 of the 7 real models whose .rvmat is in the
// sample data root carry one (seabass, fishing rod, biomeat can, kat_iv, CUP backpack).
enum class DefinitionSource : uint8_t {
    None,          // no readable .rvmat and nothing embedded
    DataRoot,      // the .rvmat file found in the data root
    Embedded,      // the LOD's embedded copy (the file is not in the data root, or there is none)
    EmbeddedStub,  // the embedded copy, and it is an empty stub
};
const char* definitionSourceName(DefinitionSource source);  // "data root", "embedded copy", ...
// An embedded material binarize wrote without the .rvmat: pixel shader 0 and no stage texture.
bool isStubMaterial(const OdolMaterial& material);

// The colours and stage textures of a material, from its .rvmat read in the data root or from the
// LOD's embedded (binarized) copy: the one place both forms are read for outputs.
struct MaterialDefinition {
    DefinitionSource source = DefinitionSource::None;
    bool present() const { return source != DefinitionSource::None; }  // false: no embedded copy, no readable .rvmat
    ResolvedRef file;                                                  // where the .rvmat was found (source DataRoot)
    Rgba diffuse{1, 1, 1, 1}, emissive{0, 0, 0, 1};
    float specularPower = 0;
    std::string pixelShader;                 // PixelShaderID ("Super"...); a known binarized id's name; else ""
    std::vector<std::string> stageTextures;  // at N the texture of StageN (Stage0 is the face texture's slot)
    std::vector<int> stageUvSets;            // at N the UV set StageN samples (0-based)
    std::vector<Mat43> stageUvTransforms;    // at N StageN's uvTransform (identity when absent)
};

// A binarized LOD's embedded material as a definition (source Embedded or EmbeddedStub).
MaterialDefinition embeddedMaterialDefinition(const OdolMaterial& material);
// Whether a pixel shader adds the material's emissive colour as light (Normal, NormalMap*, Super,
// Multi, Glass); Skin, the tree and water shaders and unknown ones do not (material_definition.cpp).
bool shaderEmitsLight(std::string_view pixelShader);
// The emissive colour every output writes: the definition's (clamped 0..1) where its shader emits
// light, else black.
Vec3 emissiveFactorOf(const MaterialDefinition& def);

// A stage uvTransform as glTF's KHR_texture_transform spells one: uv' = T(offset) R(rotation)
// S(scale) uv. `identity` when it changes nothing (no extension is needed then); `exact` false
// when the 2x2 part is sheared, which offset/rotation/scale cannot say (the closest is given).
struct TextureTransform {
    Vec2 offset{0, 0}, scale{1, 1};
    float rotation = 0;  // radians, counter-clockwise as KHR_texture_transform defines it
    bool identity = true, exact = true;
};
TextureTransform textureTransformOf(const Mat43& uvTransform);

struct ResolvedMaterial {
    // The face texture first, then the stage textures in order, then the maps derived for
    // glTF-style outputs (derivedFrom >= 0): the normal map in glTF's convention, metallic-
    // roughness from _smdi, occlusion from _as (pbr_maps.cpp says how).
    std::vector<MaterialImage> images;
    int baseColor = -1, specularGloss = -1, ambientShadow = -1;  // decoded maps, into images
    int normal = -1, metallicRoughness = -1, occlusion = -1;     // glTF-ready maps, into images
    // glTF's factors: base colour = diffuse colour x a procedural color() face texture (else the
    // diffuse alone); emissive by emissiveFactorOf (black unless the shader emits); metallic 0
    // (the engine's materials are specular, never metal); roughness from specularPower when
    // there is no _smdi map (with one, the map carries it and the factor is 1).
    Rgba baseColorFactor{1, 1, 1, 1};
    Vec3 emissiveFactor{0, 0, 0};
    float metallicFactor = 0, roughnessFactor = 1;
    // From the base colour's pixels: every alpha 255 -> Opaque; only 0 and 255 -> Mask (1-bit
    // transparency, as DXT1 with alpha, GALF 2 or 1555 give); anything else -> Blend.
    AlphaMode alpha = AlphaMode::Opaque;
    MaterialDefinition definition;
};

// Resolves and decodes the textures of many materials, each image once.
class TextureResolver {
public:
    // `root` may be null (no data root: only procedural textures are evaluated).
    TextureResolver(const DataRoot* root, const Options& options) : root_(root), options_(options) {}
    ResolvedMaterial resolve(const ViewMaterial& material);
    // One warning per reference that could not be had (missing, unsafe or undecodable), in plain
    // words; a stage no output draws only with Options::verbose.
    const std::vector<Warning>& warnings() const { return warnings_; }

private:
    MaterialImage load(const std::string& reference, int stage);
    std::string textureCacheKey(const ResolvedRef& where) const;
    TextureCache::Texture readAndDecode(const ResolvedRef& where) const;
    void warnOnce(const MaterialImage& image, const std::string& rvmat);
    MaterialDefinition definitionOf(const ViewMaterial& material);
    struct RvmatFile {
        MaterialDefinition definition;  // source None when the file cannot be had
        std::string problem;            // why not, in plain words
    };
    const RvmatFile& readRvmatFile(const std::string& rvmat);
    void warnRvmatOnce(const std::string& rvmat, const std::string& problem, const char* consequence);
    void addDerived(ResolvedMaterial& out, int source, TextureRole role);

    const DataRoot* root_;
    Options options_;
    std::map<std::string, MaterialImage> cache_;  // by DataRoot::key
    std::map<std::string, RvmatFile> rvmats_;     // .rvmat files read, by DataRoot::key
    // Each derived map once, with its PNG when a batch shares it.
    std::map<std::tuple<const Image*, int, float>, std::pair<std::shared_ptr<const Image>, std::shared_ptr<PngSlot>>>
        derived_;
    std::vector<Warning> warnings_;
    std::set<std::string>
        warned_;  // references (textures and .rvmat files) already named in a warning, by DataRoot::key
};

}  // namespace rv
