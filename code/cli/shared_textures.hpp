// `batch --textures external`: the .gltf files of a batch share one OUT_DIR/textures/ folder of
// PNGs named by their game path, for pipelines that deduplicate (issue 42).
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rv/error.hpp"

namespace rv::cli {

// The folder and what this batch wrote into it. Each image is written once, by the first output
// that references it, before that output's main file: an output never names an image that is not
// there. Thread-safe: a batch's workers share one.
class SharedTextureFolder {
public:
    explicit SharedTextureFolder(std::filesystem::path outDir);
    const std::filesystem::path& folder() const { return folder_; }
    // The URI prefix from an output's folder (below OUT_DIR) to the shared one: "../textures/".
    std::string uriFrom(const std::filesystem::path& outputFolder) const;
    // Writes `name` (relative to the folder) with the bytes `png` gives, unless this batch wrote it
    // already. "" when it is there; else why not (nothing is left of the attempt).
    std::string ensure(const std::string& name, const std::function<Result<std::vector<uint8_t>>()>& png);
    size_t written() const { return written_.load(); }

private:
    struct Slot {
        std::mutex mutex;
        bool written = false;
    };
    std::filesystem::path outDir_, folder_;
    std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Slot>> slots_;
    std::atomic<size_t> written_{0};
};

}  // namespace rv::cli
