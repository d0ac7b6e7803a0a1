// An Assimp host with no knowledge of rvimport: it reads what Assimp can read. Run under
// bin/rvimport-assimp, it reads .p3d too.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(argv[1], aiProcess_ValidateDataStructure);
    if (!scene) {
        std::fprintf(stderr, "%s\n", importer.GetErrorString());
        return 1;
    }
    std::printf("root=%s meshes=%u\n", scene->mRootNode->mName.C_Str(), scene->mNumMeshes);
    return 0;
}
