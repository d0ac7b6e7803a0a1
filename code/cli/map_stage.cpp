// MapStage (map_stage.hpp).
#include "cli/map_stage.hpp"

#include <filesystem>
#include <system_error>
#include <vector>

#include "cli/input_files.hpp"
#include "cli/output_file.hpp"

namespace rv::cli {

namespace fs = std::filesystem;

MapStage::MapStage(const std::string& outDir) : outDir_(outDir) {
    std::error_code ec;
    const fs::path dir = fs::u8path(outDir);
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
        error_ = outDir + " exists and is not a folder";
        return;
    }
    if (!fs::exists(dir, ec)) {
        if (!fs::create_directories(dir, ec)) {
            error_ = "cannot make the folder " + outDir + ": " + ec.message();
            return;
        }
        madeOutDir_ = true;
    }
    stage_ = (dir / ("." + temporaryName())).u8string();
    live_ = std::make_unique<LiveTemporary>(stage_, true);
    const bool made = fs::create_directory(fs::u8path(stage_), ec);
    live_->made();
    if (!made) error_ = "cannot write in " + outDir + ": " + ec.message();
}

MapStage::~MapStage() {
    std::error_code ec;
    if (!stage_.empty()) fs::remove_all(fs::u8path(stage_), ec);
    if (madeOutDir_ && committed_ == 0) fs::remove_all(fs::u8path(outDir_), ec);
}

std::string MapStage::commit(const std::string& input) {
    std::error_code ec;
    std::vector<fs::path> names;
    for (const auto& entry : fs::directory_iterator(fs::u8path(stage_), ec)) names.push_back(entry.path().filename());
    if (ec) return "cannot list " + stage_ + ": " + ec.message();
    for (const fs::path& name : names) {
        const std::string target = (fs::u8path(outDir_) / name).u8string();
        if (sameFile(input, target)) return target + " is the input file itself; refusing to replace it";
        if (std::string clash = inputClash(target); !clash.empty()) return clash;
    }
    if (syncFolderTree(stage_) != 0) return "cannot flush the files in " + stage_ + " to the disk";
    for (const fs::path& name : names) {
        const fs::path target = fs::u8path(outDir_) / name;
        if (fs::is_directory(fs::symlink_status(target, ec))) fs::remove_all(target, ec);  // never through a link
        fs::rename(fs::u8path(stage_) / name, target, ec);
        if (ec) return "cannot move " + name.u8string() + " into " + outDir_ + ": " + ec.message();
        ++committed_;
    }
    return {};
}

}  // namespace rv::cli
