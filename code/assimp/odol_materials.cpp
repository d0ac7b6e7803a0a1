// ViewMaterial -> aiMaterial (docs/materials.md): name, diffuse texture path, the original paths
// as $mat.rv.* keys, the embedded material's colours and stage textures.
#include "assimp/odol_materials.hpp"

#include <assimp/material.h>

#include "assimp/scene_util.hpp"
#include "rv/material_textures.hpp"

namespace rv::assimp {
namespace {

aiColor4D toColor(const Rgba& c) { return aiColor4D(c[0], c[1], c[2], c[3]); }

void addString(aiMaterial* mat, const std::string& value, const char* key, unsigned index = 0) {
    aiString s = toAiString(value);
    mat->AddProperty(&s, key, 0, index);
}

void addEmbedded(aiMaterial* mat, const OdolMaterial& e) {
    aiColor4D c = toColor(e.diffuse);
    mat->AddProperty(&c, 1, AI_MATKEY_COLOR_DIFFUSE);
    c = toColor(e.ambient);
    mat->AddProperty(&c, 1, AI_MATKEY_COLOR_AMBIENT);
    const Vec3 emissive = emissiveFactorOf(embeddedMaterialDefinition(e));  // black unless the shader emits
    aiColor3D glow(emissive.x, emissive.y, emissive.z);
    mat->AddProperty(&glow, 1, AI_MATKEY_COLOR_EMISSIVE);
    c = toColor(e.specular);
    mat->AddProperty(&c, 1, AI_MATKEY_COLOR_SPECULAR);
    float power = e.specularPower;
    mat->AddProperty(&power, 1, AI_MATKEY_SHININESS);
    if (!e.surfaceFile.empty()) addString(mat, e.surfaceFile, "$mat.rv.surface");
    for (size_t i = 0; i < e.stages.size(); ++i) addString(mat, e.stages[i].texture, "$mat.rv.stage", unsigned(i));
}

}  // namespace

aiMaterial* makeMaterial(const ViewMaterial& m) {
    auto* mat = new aiMaterial;
    aiString name = toAiString(m.name);
    mat->AddProperty(&name, AI_MATKEY_NAME);
    if (!m.texture.empty()) {
        addString(mat, m.texture, "$mat.rv.texture");
        // Procedural textures ("#(argb,8,8,3)color(...)") are not files; they stay above only.
        if (!m.isProcedural()) {
            std::string path = m.texture;
            for (char& c : path)
                if (c == '\\') c = '/';
            aiString s = toAiString(path);
            mat->AddProperty(&s, AI_MATKEY_TEXTURE_DIFFUSE(0));
        }
    }
    if (!m.rvmat.empty()) addString(mat, m.rvmat, "$mat.rv.rvmat");
    if (m.embedded) {
        addEmbedded(mat, *m.embedded);
    } else {
        aiColor4D white(1, 1, 1, 1);
        mat->AddProperty(&white, 1, AI_MATKEY_COLOR_DIFFUSE);
    }
    return mat;
}

std::vector<aiMaterial*> makeMaterials(const ModelView& view) {
    std::vector<aiMaterial*> out;
    out.reserve(view.materials.size());
    for (const ViewMaterial& m : view.materials) out.push_back(makeMaterial(m));
    return out;
}

}  // namespace rv::assimp
