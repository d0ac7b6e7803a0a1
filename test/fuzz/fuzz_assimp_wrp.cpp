// libFuzzer: the Assimp import path for terrains (ReadFileFromMemory with the "wrp" hint, only
// our importer claims it, ValidateDataStructure on).
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cstddef>
#include <cstdint>

#include "rv/assimp_importer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    Assimp::Importer importer;
    rv::registerImporters(importer);
    importer.SetPropertyInteger(rv::kPropertyMemoryBudgetMb, 64);
    const aiScene* scene = importer.ReadFileFromMemory(data, size, aiProcess_ValidateDataStructure, "wrp");
    if (scene && !scene->mRootNode) __builtin_trap();
    return 0;
}
