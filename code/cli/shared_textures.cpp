// The shared textures/ folder of `batch --textures external` (cli/shared_textures.hpp).
#include "cli/shared_textures.hpp"

#include <cstdio>

#include "cli/output_file.hpp"

namespace fs = std::filesystem;

namespace rv::cli {

SharedTextureFolder::SharedTextureFolder(fs::path outDir) : outDir_(std::move(outDir)), folder_(outDir_ / "textures") {}

std::string SharedTextureFolder::uriFrom(const fs::path& outputFolder) const {
    // Outputs are below OUT_DIR by construction: one "../" per folder between.
    std::string uri;
    const fs::path below = outputFolder.lexically_relative(outDir_);
    for (const fs::path& part : below)
        if (!part.empty() && part != ".") uri += "../";
    return uri + "textures/";
}

std::string SharedTextureFolder::ensure(const std::string& name,
                                        const std::function<Result<std::vector<uint8_t>>()>& png) {
    std::shared_ptr<Slot> slot;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        std::shared_ptr<Slot>& s = slots_[name];
        if (!s) s = std::make_shared<Slot>();
        slot = s;
    }
    std::lock_guard<std::mutex> lock(slot->mutex);  // an output that needs it while it is written waits
    if (slot->written) return {};
    Result<std::vector<uint8_t>> bytes = png();
    if (!bytes) return "texture " + name + ": " + diagnosticLine(bytes.error());
    const fs::path path = folder_ / fs::u8path(name);
    const std::vector<fs::path> made = missingFolders(path.parent_path());
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::string error = ec ? "cannot create folder " + path.parent_path().u8string() + ": " + ec.message() : "";
    if (error.empty())
        error = writeFileSafely(path.u8string(), [&](std::FILE* f) {
            return std::fwrite(bytes->data(), 1, bytes->size(), f) == bytes->size();
        });
    if (!error.empty()) {  // the folders made for it go again (those another write filled stay)
        removeEmptyFolders(made);
        return error;
    }
    slot->written = true;
    ++written_;
    return {};
}

}  // namespace rv::cli
