// Decoded textures into an aiScene: embedded PNG aiTextures referenced as "*N" by the materials.
#pragma once

#include <assimp/scene.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "rv/material_textures.hpp"
#include "rv/memory_budget.hpp"

namespace rv::assimp {

// `resolved[i]` belongs to view material i, which is scene->mMaterials[i]. Each image is embedded
// once, as a PNG; the material's diffuse texture becomes "*<index>" (the colour map), its normal
// map likewise, and "$mat.gltf.alphaMode" says MASK or BLEND when the colour map needs it.
// The encoder's scratch and the embedded PNGs are charged to `budget` (the import's; may be null).
void embedTextures(const std::vector<ResolvedMaterial>& resolved, MemoryBudget* budget, aiScene* scene);

// Decoded images as embedded PNG aiTextures, each image once; owns them until released.
class EmbeddedTextures {
public:
    explicit EmbeddedTextures(MemoryBudget* budget) : budget_(budget) {}
    EmbeddedTextures(const EmbeddedTextures&) = delete;
    EmbeddedTextures& operator=(const EmbeddedTextures&) = delete;
    ~EmbeddedTextures();
    // The "*N" reference of the image (embedded on first use), or "" when it has no pixels or
    // cannot be encoded as PNG (then a warning names it, once).
    std::string reference(const MaterialImage& image);
    // Hands the textures to the scene (scene->mTextures must be empty).
    void moveInto(aiScene* scene);

private:
    MemoryBudget* budget_;  // the import's: the encoder's scratch and each kept PNG
    std::vector<aiTexture*> textures_;
    std::map<const Image*, unsigned> index_;
    std::set<const Image*> failed_;  // images that could not be encoded
};

// One material's maps and factors onto `mat`, its images embedded through `embedded` (shared by
// every material of the scene: a terrain's layers and its object models).
void applyTextures(aiMaterial* mat, const ResolvedMaterial& resolved, EmbeddedTextures& embedded);

}  // namespace rv::assimp
