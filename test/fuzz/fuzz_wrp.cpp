// libFuzzer: the WRP decoder (4WVR, 8WVR, OPRW v2/v3 and v12..v25) with a 64 MiB budget, so a
// hostile grid size can only end in a clean error. A failure must name an offset inside the input.
// A decoded terrain then goes through what `rvimport map` makes of it: its vector features (every
// object placed, every road link and map-info record) and an engine heightmap.
#include <cstddef>
#include <cstdint>

#include "rv/memory_budget.hpp"
#include "rv/terrain_features.hpp"
#include "rv/terrain_map.hpp"
#include "rv/wrp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    rv::Result<rv::WrpTerrain> r = rv::decodeWrp(data, size, "fuzz.wrp", options);
    if (!r.ok() && (rv::diagnosticLine(r.error()).empty() || r.error().offset > size)) __builtin_trap();
    if (!r.ok()) return 0;
    const rv::MapFeatures features = rv::mapFeatures(r.value());
    for (const rv::MapLayer& l : features.layers)
        for (const rv::MapFeature& f : l.features)
            if (f.points.empty()) __builtin_trap();  // every feature has a place
    rv::MemoryBudget budget(uint64_t(64) << 20);
    if (r->mapSizeX && r->elevation.size() == size_t(r->mapSizeX) * r->mapSizeY) {
        auto heights = rv::engineHeights(r.value(), rv::HeightEngine::Unreal, budget);
        if (heights && heights->rows.size() != size_t(heights->width) * heights->height) __builtin_trap();
    }
    return 0;
}
