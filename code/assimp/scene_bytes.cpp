#include "assimp/scene_bytes.hpp"

#include <vector>

namespace rv::assimp {
namespace {

uint64_t metadataBytes(const aiMetadata* m) {
    if (!m) return 0;
    uint64_t bytes = sizeof(aiMetadata) + uint64_t(m->mNumProperties) * (sizeof(aiString) + sizeof(aiMetadataEntry));
    for (unsigned i = 0; i < m->mNumProperties; ++i) {
        const aiMetadataEntry& e = m->mValues[i];
        bytes += e.mType == AI_AISTRING ? sizeof(aiString) : e.mType == AI_AIMETADATA ? 0 : sizeof(aiVector3D);
        if (e.mType == AI_AIMETADATA) bytes += metadataBytes(static_cast<const aiMetadata*>(e.mData));
    }
    return bytes;
}

// Iterative: a hostile scene's depth is not ours to trust with the stack.
uint64_t nodeBytes(const aiNode* root) {
    uint64_t bytes = 0;
    std::vector<const aiNode*> open;
    if (root) open.push_back(root);
    while (!open.empty()) {
        const aiNode* n = open.back();
        open.pop_back();
        bytes += sizeof(aiNode) + uint64_t(n->mNumChildren) * sizeof(aiNode*) +
                 uint64_t(n->mNumMeshes) * sizeof(unsigned) + metadataBytes(n->mMetaData);
        for (unsigned i = 0; i < n->mNumChildren; ++i)
            if (n->mChildren[i]) open.push_back(n->mChildren[i]);
    }
    return bytes;
}

uint64_t meshBytes(const aiMesh& m) {
    const uint64_t v = m.mNumVertices;
    uint64_t perVertex = sizeof(aiVector3D) * ((m.mVertices ? 1 : 0) + (m.mNormals ? 1 : 0) + (m.mTangents ? 1 : 0) +
                                               (m.mBitangents ? 1 : 0));
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++c)
        if (m.mTextureCoords[c]) perVertex += sizeof(aiVector3D);
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_COLOR_SETS; ++c)
        if (m.mColors[c]) perVertex += sizeof(aiColor4D);
    uint64_t bytes = sizeof(aiMesh) + v * perVertex + uint64_t(m.mNumFaces) * sizeof(aiFace);
    for (unsigned f = 0; f < m.mNumFaces && m.mFaces; ++f)
        bytes += uint64_t(m.mFaces[f].mNumIndices) * sizeof(unsigned);
    for (unsigned b = 0; b < m.mNumBones && m.mBones; ++b)
        if (m.mBones[b]) bytes += sizeof(aiBone) + uint64_t(m.mBones[b]->mNumWeights) * sizeof(aiVertexWeight);
    return bytes;
}

uint64_t materialBytes(const aiMaterial& m) {
    uint64_t bytes = sizeof(aiMaterial) + uint64_t(m.mNumAllocated) * sizeof(aiMaterialProperty*);
    for (unsigned p = 0; p < m.mNumProperties; ++p)
        if (m.mProperties[p]) bytes += sizeof(aiMaterialProperty) + m.mProperties[p]->mDataLength;
    return bytes;
}

uint64_t textureBytes(const aiTexture& t) {
    const uint64_t data = t.mHeight == 0 ? t.mWidth : uint64_t(t.mWidth) * t.mHeight * sizeof(aiTexel);
    return sizeof(aiTexture) + data;
}

uint64_t animationBytes(const aiAnimation& a) {
    uint64_t bytes = sizeof(aiAnimation) + uint64_t(a.mNumChannels) * sizeof(aiNodeAnim*) +
                     uint64_t(a.mNumMeshChannels) * sizeof(aiMeshAnim*) +
                     uint64_t(a.mNumMorphMeshChannels) * sizeof(aiMeshMorphAnim*);
    for (unsigned c = 0; c < a.mNumChannels && a.mChannels; ++c)
        if (const aiNodeAnim* n = a.mChannels[c])
            bytes += sizeof(aiNodeAnim) + uint64_t(n->mNumPositionKeys) * sizeof(aiVectorKey) +
                     uint64_t(n->mNumRotationKeys) * sizeof(aiQuatKey) +
                     uint64_t(n->mNumScalingKeys) * sizeof(aiVectorKey);
    return bytes;
}

}  // namespace

uint64_t sceneBytes(const aiScene& scene) {
    uint64_t bytes = sizeof(aiScene) + nodeBytes(scene.mRootNode) + metadataBytes(scene.mMetaData);
    for (unsigned i = 0; i < scene.mNumMeshes && scene.mMeshes; ++i)
        if (scene.mMeshes[i]) bytes += meshBytes(*scene.mMeshes[i]);
    for (unsigned i = 0; i < scene.mNumMaterials && scene.mMaterials; ++i)
        if (scene.mMaterials[i]) bytes += materialBytes(*scene.mMaterials[i]);
    for (unsigned i = 0; i < scene.mNumTextures && scene.mTextures; ++i)
        if (scene.mTextures[i]) bytes += textureBytes(*scene.mTextures[i]);
    for (unsigned i = 0; i < scene.mNumAnimations && scene.mAnimations; ++i)
        if (scene.mAnimations[i]) bytes += animationBytes(*scene.mAnimations[i]);
    return bytes;
}

}  // namespace rv::assimp
