// What `rvimport batch` converts and where each output goes (batch_plan.cpp): the loose files
// under IN_DIR and the entries of every .pbo there, read in place. Compiled only with Assimp.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rv/options.hpp"
#include "rv/pbo.hpp"

struct aiExportFormatDesc;

namespace rv::cli {

struct BatchArchive {
    std::filesystem::path file;
    PboArchive header;  // read once; each entry's bytes are read when it converts
};

struct BatchInput {
    std::filesystem::path file;  // the loose file, or the .pbo holding the entry
    static constexpr size_t kLoose = size_t(-1);
    size_t archive = kLoose;       // else its BatchPlan::archives index
    size_t entry = 0;              // the entry's index in that archive
    bool texture = false;          // to PNG, whatever the models' format is
    std::string name;              // how messages name it: the path, or "PBO/entry" with '/' separators
    std::filesystem::path mirror;  // its place under OUT_DIR, before the output's extension
    // Not converted, and why: a .pbo whose header cannot be read (failed), an entry or prefix
    // that cannot be a file name (skipped, as `pbo extract` skips it).
    std::string failed, skipped;
};

class SharedTextureFolder;  // cli/shared_textures.hpp

struct BatchPlan {
    std::filesystem::path inDir, outDir;
    Options decode;  // for the textures (the models' options go to the importer)
    const aiExportFormatDesc* format = nullptr;
    std::vector<BatchArchive> archives;  // the readable .pbo files under IN_DIR
    std::vector<BatchInput> inputs;
    std::vector<std::filesystem::path> outputs;  // per input: where it goes (empty: see collisions)
    std::vector<std::string> collisions;         // per input: why it has no output, else empty
    std::vector<std::pair<std::filesystem::path, std::string>> unreadable;  // folders that could not be listed
    uint32_t shard = 0, shards = 0;                                         // --shard K/N; 0/0: the whole batch
    std::shared_ptr<SharedTextureFolder> textureFolder;                     // --textures external
};

// Every loose file under IN_DIR that our importers or the texture reader take, and every such
// entry of every .pbo there, in a stable order; mirrors set, outputs not yet planned.
void findBatchInputs(BatchPlan& plan);
// Each input's output under OUT_DIR with the format's extension (textures: .png), collisions
// resolved or reported (batch_plan.cpp says how).
void planBatchOutputs(BatchPlan& plan);
// An input's name below IN_DIR, '/' separated ("addons/x.pbo/data/box.p3d"): what --shard hashes
// and the manifest records, the same on every machine.
std::string shardKey(const BatchPlan& plan, const BatchInput& in);
// --shard K/N: keeps the inputs whose shardKey hashes (FNV-1a) to K - 1 modulo N, in order, with
// their planned outputs, so N machines convert each input exactly once under the names one
// unsharded batch gives it. Call after planBatchOutputs; shards 0 keeps all.
void keepShard(BatchPlan& plan, uint32_t shard, uint32_t shards);
// The batch's one data root, opened once for every file: --data-root (or RV_IMPORT_DATA_ROOT)
// with the PBOs under IN_DIR mounted in it, as the game mounts a mod's addons; none when there is
// neither. Its warnings are printed here, once. False after printing why it cannot be opened.
bool openBatchDataRoot(BatchPlan& plan);
// --textures external: the folder the .gltf files share, OUT_DIR/textures/ (plan.textureFolder).
// An input whose own output would land in it (IN_DIR/textures/...) is not converted: the two
// could differ. Call after keepShard.
std::shared_ptr<SharedTextureFolder> shareTextureFolder(BatchPlan& plan);

}  // namespace rv::cli
