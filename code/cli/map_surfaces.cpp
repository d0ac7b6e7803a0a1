// surfaces/<name>.png of `rvimport map` (map_stage.hpp): the weight of each surface over the
// map, from the layer table and the mask mosaic (rv/terrain_surfaces.hpp), one 8-bit PNG each.
#include <cstdio>
#include <filesystem>
#include <numeric>

#include "cli/commands.hpp"
#include "cli/map_stage.hpp"
#include "rv/printable.hpp"
#include "rv/terrain_surfaces.hpp"

namespace rv::cli {

std::string writeSurfaces(const MapStage& stage, OpenedFile& file, const std::string& input, const MapGeoreference& geo,
                          const LayerMosaic* mask, std::vector<SurfaceFile>& files) {
    const WrpTerrain& t = *file.terrain;
    const SurfaceTable table = terrainSurfaces(t, file.dataRoot.get(), file.options);
    printWarnings(input, file.name, table.warnings);
    auto warn = [&](const std::string& what) {
        std::fprintf(stderr, "warning: %s\n", printable(input + ": " + what).c_str());
    };
    if (table.surfaces.empty()) {
        if (file.dataRoot && !t.materials.empty()) warn("no layer material names a surface; surfaces/ not written");
        return {};
    }
    if (table.blends && !mask)
        warn(
            "its layers blend their surfaces by mask pictures, and none was found: those cells are weighed in "
            "surfaces/" +
            std::string(kUnknownSurfaceName) + ".png");
    const SurfaceWeights weights(t, table, mask);
    const uint64_t pixels = uint64_t(weights.width()) * weights.height();
    const uint64_t bytes = pixels * 2;  // ours and GDAL's in-memory copy
    if (!file.budget->tryCharge(bytes)) return file.budget->overMessage("the surface weights", bytes);
    std::error_code ec;
    std::filesystem::create_directory(std::filesystem::u8path(stage.path("surfaces")), ec);
    std::string e = ec ? "cannot make surfaces/: " + ec.message() : std::string();
    std::vector<uint8_t> values(pixels);
    const size_t count = table.surfaces.size() + (weights.anyUnknown() ? 1 : 0);
    for (size_t i = 0; i < count && e.empty(); ++i) {
        weights.fill(i, values.data());
        const TerrainSurface none{kUnknownSurfaceName, "", ""};
        const TerrainSurface& s = i < table.surfaces.size() ? table.surfaces[i] : none;
        const std::string name = "surfaces/" + s.name + ".png";
        e = writeGreyPng(stage.path(name), values.data(), weights.width(), weights.height(), weights.pixelSize(), geo);
        const uint64_t sum = std::accumulate(values.begin(), values.end(), uint64_t(0));
        files.push_back({s.name, s.texture, s.normal, double(sum) / (255.0 * double(pixels))});
    }
    file.budget->release(bytes);
    return e;
}

}  // namespace rv::cli
