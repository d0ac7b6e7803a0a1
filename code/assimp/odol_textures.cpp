#include "assimp/odol_textures.hpp"

#include <assimp/material.h>

#include <cstring>
#include <map>

#include "assimp/scene_util.hpp"
#include "rv/png.hpp"

namespace rv::assimp {
namespace {

aiTexture* pngTexture(const std::vector<uint8_t>& png, const std::string& reference) {
    auto* t = new aiTexture;
    t->mWidth = unsigned(png.size());  // compressed: mWidth is the byte count, mHeight 0
    t->mHeight = 0;
    std::strcpy(t->achFormatHint, "png");
    // aiTexture frees pcData as aiTexel[], so it is allocated as such.
    t->pcData = new aiTexel[(png.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
    std::memcpy(t->pcData, png.data(), png.size());
    t->mFilename = toAiString(reference);
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
        textures.push_back(pngTexture(png, m.reference));
        return int(embedded[m.image.get()] = unsigned(textures.size() - 1));
    };
    for (size_t i = 0; i < resolved.size() && i < scene->mNumMaterials; ++i) {
        const ResolvedMaterial& r = resolved[i];
        aiMaterial* mat = scene->mMaterials[i];
        if (r.baseColor >= 0) {
            const int t = embed(r.images[size_t(r.baseColor)]);
            if (t >= 0) {
                aiString ref = toAiString("*" + std::to_string(t));
                mat->AddProperty(&ref, AI_MATKEY_TEXTURE_DIFFUSE(0));
                if (r.alpha != AlphaMode::Opaque) {
                    aiString mode = toAiString(r.alpha == AlphaMode::Mask ? "MASK" : "BLEND");
                    mat->AddProperty(&mode, "$mat.gltf.alphaMode", 0, 0);
                }
            }
        }
        if (r.normal >= 0) {
            const int t = embed(r.images[size_t(r.normal)]);
            if (t >= 0) {
                aiString ref = toAiString("*" + std::to_string(t));
                mat->AddProperty(&ref, AI_MATKEY_TEXTURE_NORMALS(0));
            }
        }
        aiColor4D factor(r.baseColorFactor[0], r.baseColorFactor[1], r.baseColorFactor[2], r.baseColorFactor[3]);
        mat->AddProperty(&factor, 1, AI_MATKEY_BASE_COLOR);
    }
    scene->mTextures = releaseArray(textures, scene->mNumTextures);
}

}  // namespace rv::assimp
