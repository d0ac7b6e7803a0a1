// Embedded textures to files beside the output (texture_files.hpp).
#include "cli/texture_files.hpp"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

bool isGltf(const std::string& id) { return id.rfind("gltf", 0) == 0 || id.rfind("glb", 0) == 0; }
// Formats that carry embedded textures themselves: glb in its binary chunk, assbin/assjson/assxml
// as Assimp's own dumps of the scene.
bool keepsEmbedded(const std::string& id) {
    return id.rfind("glb", 0) == 0 || id == "assbin" || id == "assjson" || id == "assxml";
}

// Unique file names within one output: "x_co.png", then "x_co #2.png" for a different image
// with the same name (two folders may hold the same file name).
std::vector<std::string> fileNames(const aiScene* scene) {
    std::vector<std::string> names;
    std::set<std::string> taken;
    for (unsigned i = 0; i < scene->mNumTextures; ++i) {
        std::string stem = scene->mTextures[i]->mFilename.C_Str();
        if (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".png") == 0) stem.resize(stem.size() - 4);
        if (stem.empty()) stem = "texture";
        std::string name = stem + ".png";
        for (int k = 2; !taken.insert(name).second; ++k) name = stem + " #" + std::to_string(k) + ".png";
        names.push_back(name);
    }
    return names;
}

// `dir` is made inside `folder` (a temporary that a signal may have removed), never `folder` again.
std::string writeTextureFiles(const aiScene* scene, const fs::path& folder, const fs::path& dir,
                              const std::vector<std::string>& names) {
    if (const std::error_code ec = makeFoldersBelow(folder, dir))
        return "cannot write " + dir.u8string() + ": " + ec.message();
    for (unsigned i = 0; i < scene->mNumTextures; ++i) {
        const aiTexture* t = scene->mTextures[i];
        if (t->mHeight != 0) continue;  // ours are always compressed (PNG bytes, mHeight 0)
        const std::string path = (dir / fs::u8path(names[i])).u8string();
        std::string error =
            writeFileSafely(path, [&](std::FILE* f) { return std::fwrite(t->pcData, 1, t->mWidth, f) == t->mWidth; });
        if (!error.empty()) return error;
    }
    return {};
}

// Points every "*N" texture reference of the scene's materials at "<folder>/<names[N]>".
void referenceFiles(aiScene* scene, const std::string& folder, const std::vector<std::string>& names) {
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiMaterial* mat = scene->mMaterials[m];
        for (unsigned p = 0; p < mat->mNumProperties; ++p) {
            aiMaterialProperty* prop = mat->mProperties[p];
            if (std::string(prop->mKey.C_Str()) != _AI_MATKEY_TEXTURE_BASE) continue;
            aiString path;
            if (mat->Get(_AI_MATKEY_TEXTURE_BASE, aiTextureType(prop->mSemantic), prop->mIndex, path) != AI_SUCCESS)
                continue;
            if (path.length < 2 || path.data[0] != '*') continue;
            const unsigned long n = std::strtoul(path.data + 1, nullptr, 10);
            if (n >= names.size()) continue;
            const aiString file((folder + "/" + names[n]).c_str());
            mat->AddProperty(&file, _AI_MATKEY_TEXTURE_BASE, prop->mSemantic, prop->mIndex);  // replaces it
        }
    }
}

void dropEmbedded(aiScene* scene) {
    for (unsigned i = 0; i < scene->mNumTextures; ++i) delete scene->mTextures[i];
    delete[] scene->mTextures;
    scene->mTextures = nullptr;
    scene->mNumTextures = 0;
}

// Assimp 5.2.5's glTF 2 exporter adds two extensions the engine's materials do not have:
// KHR_materials_pbrSpecularGlossiness whenever a specular colour is set (archived by Khronos;
// viewers that read it prefer it over metallic-roughness), and KHR_materials_volume on every
// material that lacks a volume thickness, attenuation distance and colour (its test is inverted:
// `Get(...) != aiReturn_SUCCESS`). The specular colour is dropped and the volume defaults set
// (thin-walled, no attenuation: what glTF assumes without the extension), so neither is written.
void plainGltfMaterial(aiMaterial* mat) {
    mat->RemoveProperty(AI_MATKEY_COLOR_SPECULAR);
    const float thickness = 0, distance = std::numeric_limits<float>::infinity();
    const aiColor3D white(1, 1, 1);
    mat->AddProperty(&thickness, 1, AI_MATKEY_VOLUME_THICKNESS_FACTOR);
    mat->AddProperty(&distance, 1, AI_MATKEY_VOLUME_ATTENUATION_DISTANCE);
    mat->AddProperty(&white, 1, AI_MATKEY_VOLUME_ATTENUATION_COLOR);
}

}  // namespace

std::string shapeTexturesForFormat(aiScene* scene, const std::string& formatId, const fs::path& folder,
                                   const std::string& outStem) {
    if (isGltf(formatId))
        for (unsigned m = 0; m < scene->mNumMaterials; ++m) plainGltfMaterial(scene->mMaterials[m]);
    if (scene->mNumTextures == 0 || keepsEmbedded(formatId)) return {};
    const std::vector<std::string> names = fileNames(scene);
    const std::string sub = outStem + "_textures";
    if (std::string error = writeTextureFiles(scene, folder, folder / fs::u8path(sub), names); !error.empty())
        return error;
    referenceFiles(scene, sub, names);
    dropEmbedded(scene);
    return {};
}

}  // namespace rv::cli
