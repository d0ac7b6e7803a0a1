#include "assimp/odol_textures.hpp"

#include <assimp/material.h>

#include <assimp/DefaultLogger.hpp>

#include <cstring>
#include <map>

#include "assimp/assimp_compat.hpp"
#include "assimp/log.hpp"
#include "assimp/scene_util.hpp"
#include "rv/png.hpp"
#include "rv/texture_cache.hpp"

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

EmbeddedTextures::~EmbeddedTextures() {
    for (aiTexture* t : textures_) delete t;
}

std::string EmbeddedTextures::reference(const MaterialImage& m) {
    if (!m.image) return {};
    auto it = index_.find(m.image.get());
    if (it != index_.end()) return "*" + std::to_string(it->second);
    if (failed_.count(m.image.get())) return {};
    Result<std::vector<uint8_t>> png = encodePngOnce(*m.image, m.png.get(), budget_);
    if (png && budget_ && !budget_->tryCharge(png->size()))  // the aiTexture keeps a copy
        png = makeError(DiagKind::MemoryLimit, budget_->overMessage("the PNG file", png->size()));
    if (!png) {  // left out, said once: "texture 'x_co.paa': PNG encoding: a 32767 x 32769 image ..."
        failed_.insert(m.image.get());
        assimp::logWarning(
            makeWarning(png.error().kind, "texture '" + m.reference + "' left out: " + diagnosticLine(png.error())));
        return {};
    }
    textures_.push_back(pngTexture(png.value(), imageFileStem(m) + ".png"));
    const unsigned n = index_[m.image.get()] = unsigned(textures_.size() - 1);
    return "*" + std::to_string(n);
}

void EmbeddedTextures::moveInto(aiScene* scene) {
    scene->mTextures = releaseArray(textures_, scene->mNumTextures);
    index_.clear();
}

void applyTextures(aiMaterial* mat, const ResolvedMaterial& r, EmbeddedTextures& embedded) {
    auto addTexture = [&](int image, aiTextureType type) {
        if (image < 0) return false;
        const std::string ref = embedded.reference(r.images[size_t(image)]);
        if (ref.empty()) return false;
        aiString s = toAiString(ref);
        mat->AddProperty(&s, _AI_MATKEY_TEXTURE_BASE, type, 0);
        return true;
    };
    if (addTexture(r.baseColor, aiTextureType_DIFFUSE) && r.alpha != AlphaMode::Opaque) {
        aiString mode = toAiString(r.alpha == AlphaMode::Mask ? "MASK" : "BLEND");
        mat->AddProperty(&mode, "$mat.gltf.alphaMode", 0, 0);
    }
    addTexture(r.normal, aiTextureType_NORMALS);
    // Assimp's glTF 2 exporter takes metallicRoughnessTexture from glTF's own slot (which
    // differs by release: assimp_compat.hpp) and occlusionTexture from the lightmap slot.
    addTexture(r.metallicRoughness, kMetallicRoughnessTexture);
    addTexture(r.occlusion, aiTextureType_LIGHTMAP);
    aiColor4D factor(r.baseColorFactor[0], r.baseColorFactor[1], r.baseColorFactor[2], r.baseColorFactor[3]);
    mat->AddProperty(&factor, 1, AI_MATKEY_BASE_COLOR);
    aiColor3D emissive(r.emissiveFactor.x, r.emissiveFactor.y, r.emissiveFactor.z);
    mat->AddProperty(&emissive, 1, AI_MATKEY_COLOR_EMISSIVE);
    mat->AddProperty(&r.metallicFactor, 1, AI_MATKEY_METALLIC_FACTOR);
    mat->AddProperty(&r.roughnessFactor, 1, AI_MATKEY_ROUGHNESS_FACTOR);
}

void embedTextures(const std::vector<ResolvedMaterial>& resolved, MemoryBudget* budget, aiScene* scene) {
    EmbeddedTextures embedded(budget);
    for (size_t i = 0; i < resolved.size() && i < scene->mNumMaterials; ++i)
        applyTextures(scene->mMaterials[i], resolved[i], embedded);
    embedded.moveInto(scene);
}

}  // namespace rv::assimp
