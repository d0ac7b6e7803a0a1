#include "assimp/odol_textures.hpp"

#include <assimp/material.h>

#include <cstring>
#include <map>

#include "assimp/scene_util.hpp"
#include "rv/png.hpp"

namespace rv::assimp {
namespace {

// `fileName` is what a file of it would be called (imageFileStem): outputs that write textures
// as files use it.
aiTexture* pngTexture(const std::vector<uint8_t>& png, const std::string& fileName) {
    auto* t = new aiTexture;
    t->mWidth = unsigned(png.size());  // compressed: mWidth is the byte count, mHeight 0
    t->mHeight = 0;
    std::strcpy(t->achFormatHint, "png");
    // aiTexture frees pcData as aiTexel[], so it is allocated as such.
    t->pcData = new aiTexel[(png.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
    std::memcpy(t->pcData, png.data(), png.size());
    t->mFilename = toAiString(fileName);
    return t;
}

}  // namespace

void embedTextures(const std::vector<ResolvedMaterial>& resolved, aiScene* scene) {
    std::vector<aiTexture*> textures;
    struct Guard {
        std::vector<aiTexture*>& list;
        ~Guard() {
            for (aiTexture* t : list) delete t;
        }
    } guard{textures};
    std::map<const Image*, unsigned> embedded;  // each decoded image once
    auto embed = [&](const MaterialImage& m) -> int {
        auto it = embedded.find(m.image.get());
        if (it != embedded.end()) return int(it->second);
        const std::vector<uint8_t> png = encodePng(*m.image);
        if (png.empty()) return -1;
        textures.push_back(pngTexture(png, imageFileStem(m) + ".png"));
        return int(embedded[m.image.get()] = unsigned(textures.size() - 1));
    };
    auto addTexture = [&](aiMaterial* mat, int image, const ResolvedMaterial& r, aiTextureType type) {
        if (image < 0) return false;
        const int t = embed(r.images[size_t(image)]);
        if (t < 0) return false;
        aiString ref = toAiString("*" + std::to_string(t));
        mat->AddProperty(&ref, _AI_MATKEY_TEXTURE_BASE, type, 0);
        return true;
    };
    for (size_t i = 0; i < resolved.size() && i < scene->mNumMaterials; ++i) {
        const ResolvedMaterial& r = resolved[i];
        aiMaterial* mat = scene->mMaterials[i];
        if (addTexture(mat, r.baseColor, r, aiTextureType_DIFFUSE) && r.alpha != AlphaMode::Opaque) {
            aiString mode = toAiString(r.alpha == AlphaMode::Mask ? "MASK" : "BLEND");
            mat->AddProperty(&mode, "$mat.gltf.alphaMode", 0, 0);
        }
        addTexture(mat, r.normal, r, aiTextureType_NORMALS);
        // Assimp 5.2.5's glTF 2 exporter takes metallicRoughnessTexture from this slot and
        // occlusionTexture from the lightmap slot.
        addTexture(mat, r.metallicRoughness, r, aiTextureType_UNKNOWN);
        addTexture(mat, r.occlusion, r, aiTextureType_LIGHTMAP);
        aiColor4D factor(r.baseColorFactor[0], r.baseColorFactor[1], r.baseColorFactor[2], r.baseColorFactor[3]);
        mat->AddProperty(&factor, 1, AI_MATKEY_BASE_COLOR);
        aiColor3D emissive(r.emissiveFactor.x, r.emissiveFactor.y, r.emissiveFactor.z);
        mat->AddProperty(&emissive, 1, AI_MATKEY_COLOR_EMISSIVE);
        mat->AddProperty(&r.metallicFactor, 1, AI_MATKEY_METALLIC_FACTOR);
        mat->AddProperty(&r.roughnessFactor, 1, AI_MATKEY_ROUGHNESS_FACTOR);
    }
    scene->mTextures = releaseArray(textures, scene->mNumTextures);
}

}  // namespace rv::assimp
