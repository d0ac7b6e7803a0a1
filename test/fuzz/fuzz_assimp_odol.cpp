// libFuzzer: the Assimp import path. Bytes go through Assimp::Importer::ReadFileFromMemory with
// the "p3d" hint (only our importer claims it) and ValidateDataStructure on, so any scene the
// adapter builds must satisfy Assimp's invariants (Debian's Assimp aborts on broken ones); the
// selection bones are switched on for half the inputs.
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
    importer.SetPropertyInteger(rv::kPropertySelectionsAsBones, (size & 1) ? 1 : 0);
    const aiScene* scene = importer.ReadFileFromMemory(data, size, aiProcess_ValidateDataStructure, "p3d");
    if (scene && !scene->mRootNode) __builtin_trap();
    return 0;
}
