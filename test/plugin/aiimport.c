/* A host that knows nothing of rvimport: Assimp's C API only (aiImportFile), built against the
   system libassimp with no rvimport header. Prints what it imported, as "meshes=N vertices=V
   faces=F nodes=D"; exit 1 with Assimp's error when the import fails.
   usage: aiimport FILE */
#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <stdio.h>

static unsigned count_nodes(const struct aiNode* n) {
    unsigned c = 1;
    for (unsigned i = 0; i < n->mNumChildren; ++i) c += count_nodes(n->mChildren[i]);
    return c;
}

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const struct aiScene* scene = aiImportFile(argv[1], aiProcess_ValidateDataStructure);
    if (!scene) {
        fprintf(stderr, "aiImportFile: %s\n", aiGetErrorString());
        return 1;
    }
    unsigned long vertices = 0, faces = 0;
    for (unsigned i = 0; i < scene->mNumMeshes; ++i) {
        vertices += scene->mMeshes[i]->mNumVertices;
        faces += scene->mMeshes[i]->mNumFaces;
    }
    printf("meshes=%u vertices=%lu faces=%lu nodes=%u\n", scene->mNumMeshes, vertices, faces,
           count_nodes(scene->mRootNode));
    aiReleaseImport(scene);
    return 0;
}
