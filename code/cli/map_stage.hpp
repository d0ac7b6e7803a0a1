// The folder `rvimport map` writes (map_folder.cpp): every file is made in a staging folder
// inside OUTDIR and renamed to its fixed name only when all are complete. A failure, or SIGINT,
// leaves OUTDIR as it was: its other files untouched, and OUTDIR itself gone if this run made it.
#pragma once

#include <memory>
#include <string>

#include "cli/map_gdal.hpp"
#include "cli/temp_files.hpp"
#include "rv/open.hpp"
#include "rv/terrain_map.hpp"

namespace rv::cli {

class MapStage {
public:
    explicit MapStage(const std::string& outDir);
    ~MapStage();
    MapStage(const MapStage&) = delete;
    MapStage& operator=(const MapStage&) = delete;

    const std::string& error() const { return error_; }
    std::string path(const std::string& name) const { return stage_ + "/" + name; }
    const std::string& dir() const { return stage_; }
    // Moves every staged file to OUTDIR under its name, replacing a file or folder of that name
    // (an earlier run's tiles/); refuses
    // (moving nothing) when one of those names is `input` itself. Returns "" or why not.
    std::string commit(const std::string& input);
    size_t committed() const { return committed_; }

private:
    std::string outDir_, stage_, error_;
    bool madeOutDir_ = false;
    size_t committed_ = 0;
    std::unique_ptr<LiveTemporary> live_;
};

// One file of surfaces/, as meta.json lists it.
struct SurfaceFile {
    std::string name, texture, normal;
    double share = 0;  // of the map's area: the mean weight over 255
};
// surfaces/<name>.png: each surface's weight (rv::SurfaceWeights) as an 8-bit PNG on the pixels
// of `mask` (the mask mosaic; null when none was drawn: one pixel per land cell), and
// surfaces/_unknown.png where no surface is known. Nothing when the layers name no surface.
std::string writeSurfaces(const MapStage& stage, OpenedFile& file, const std::string& input, const MapGeoreference& geo,
                          const LayerMosaic* mask, std::vector<SurfaceFile>& files);

// Writes the whole map folder of the opened terrain `file` (read from `input`) into `outDir`.
// Returns the exit code; every problem is reported on stderr. With `tiles`, also the tile
// pyramids and index.html (map_tiles.hpp); `engine` sizes height.png (rv::engineHeights).
int writeMapFolder(OpenedFile& file, const std::string& input, const std::string& outDir, const MapGeoreference& geo,
                   uint32_t mosaicSize, bool tiles, HeightEngine engine);

}  // namespace rv::cli
