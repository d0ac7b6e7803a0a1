// Registers rvimport's importers with a plain Assimp::Importer and prints what it read, and how
// many importers claim .p3d (1: registerImporters adds nothing the preloaded plugin already did).
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cstdio>
#include <cstring>

#include "rv/assimp_importer.hpp"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    Assimp::Importer importer;
    rv::registerImporters(importer);
    rv::registerImporters(importer);  // a second call adds nothing
    unsigned claims = 0;
    for (size_t i = 0; i < importer.GetImporterCount(); ++i)
        if (std::strstr(importer.GetImporterInfo(i)->mFileExtensions, "p3d")) ++claims;
    const aiScene* scene = importer.ReadFile(argv[1], aiProcess_ValidateDataStructure);
    if (!scene) {
        std::fprintf(stderr, "%s\n", importer.GetErrorString());
        return 1;
    }
    std::printf("root=%s lods=%u meshes=%u p3d_importers=%u\n", scene->mRootNode->mName.C_Str(),
                scene->mRootNode->mNumChildren, scene->mNumMeshes, claims);
    return 0;
}
