// Registers rvimport's importers with a plain Assimp::Importer and prints what it read.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cstdio>

#include "rv/assimp_importer.hpp"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    Assimp::Importer importer;
    rv::registerImporters(importer);
    const aiScene* scene = importer.ReadFile(argv[1], aiProcess_ValidateDataStructure);
    if (!scene) {
        std::fprintf(stderr, "%s\n", importer.GetErrorString());
        return 1;
    }
    std::printf("root=%s lods=%u meshes=%u\n", scene->mRootNode->mName.C_Str(), scene->mRootNode->mNumChildren,
                scene->mNumMeshes);
    return 0;
}
