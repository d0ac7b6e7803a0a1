// Heightmaps for engines' terrain importers (rv/terrain_map.hpp, engineHeights).
#include <algorithm>
#include <cmath>

#include "rv/memory_budget.hpp"
#include "rv/terrain_map.hpp"

namespace rv {
namespace {

// The height at fractional sample (sx, sz), z counted from the south, clamped to the grid.
float sampleAt(const WrpTerrain& t, double sx, double sz) {
    sx = std::clamp(sx, 0.0, double(t.mapSizeX - 1)), sz = std::clamp(sz, 0.0, double(t.mapSizeY - 1));
    const uint32_t x0 = uint32_t(sx), z0 = uint32_t(sz);
    const uint32_t x1 = std::min(x0 + 1, t.mapSizeX - 1), z1 = std::min(z0 + 1, t.mapSizeY - 1);
    const double fx = sx - x0, fz = sz - z0;
    auto h = [&](uint32_t x, uint32_t z) { return double(t.elevation[size_t(z) * t.mapSizeX + x]); };
    return float((h(x0, z0) * (1 - fx) + h(x1, z0) * fx) * (1 - fz) + (h(x0, z1) * (1 - fx) + h(x1, z1) * fx) * fz);
}

struct Target {
    uint32_t side = 0;
    bool pad = false;  // repeat the last row and column instead of resampling
    const char* why = "";
};

Target targetFor(uint32_t n, HeightEngine engine) {
    if (engine == HeightEngine::Unity) {
        for (uint32_t s = 33; s <= 4097; s = (s - 1) * 2 + 1)
            if (s == n) return {n, false, ""};
        if (n <= 4096 && (n & (n - 1)) == 0 && n >= 32) return {n + 1, true, "Unity's 2^n + 1 sizes"};
        uint32_t best = 33;
        for (uint32_t s = 33; s <= 4097 && s <= n; s = (s - 1) * 2 + 1) best = s;
        return {best, n < 33, "Unity's 2^n + 1 sizes"};
    }
    if (engine == HeightEngine::Reforger) {
        // Enfusion's terrain is whole blocks of 32 x 32 faces, a grid of N faces being N + 1
        // samples (BI wiki, "Arma Reforger:Terrain: Terrain Entity"): padding to the next whole
        // block keeps every height and the cell size, where resampling would change both.
        const uint32_t side = std::max<uint32_t>(1, (n - 1 + 31) / 32) * 32 + 1;
        return {side, side != n, "Reforger's grid of whole 32-face blocks"};
    }
    if (engine == HeightEngine::Unreal) {
        const uint32_t sizes[] = {127, 253, 505, 1009, 2017, 4033, 8129};
        uint32_t best = sizes[0];
        for (const uint32_t s : sizes)
            if (s <= n) best = s;
        return {best, n < sizes[0], "Unreal's landscape sizes"};
    }
    return {n, false, ""};
}

}  // namespace

Result<EngineHeights> engineHeights(const WrpTerrain& t, HeightEngine engine, MemoryBudget& budget) {
    EngineHeights out;
    const uint32_t n = std::max(t.mapSizeX, t.mapSizeY);
    const Target target =
        engine == HeightEngine::AsIs || engine == HeightEngine::Godot ? Target{n, false, ""} : targetFor(n, engine);
    const bool square = t.mapSizeX == t.mapSizeY;
    out.width = square ? target.side : t.mapSizeX, out.height = square ? target.side : t.mapSizeY;
    if (!square && engine == HeightEngine::Reforger)  // Enfusion takes a grid of any shape: each side padded
        out.width = targetFor(t.mapSizeX, engine).side, out.height = targetFor(t.mapSizeY, engine).side;
    const uint64_t bytes = uint64_t(out.width) * out.height * sizeof(float);
    if (!budget.tryCharge(bytes))
        return makeError(DiagKind::MemoryLimit, budget.overMessage("the engine heightmap", bytes));
    out.rows.resize(size_t(out.width) * out.height);
    const bool resample = !target.pad && out.width != t.mapSizeX;
    // Resampled: the first and last samples stay put, so each step covers (N - 1) / (M - 1) samples.
    const double step = resample ? double(t.mapSizeX - 1) / double(out.width - 1) : 1.0;
    out.cellSize = double(t.cellSize()) * step;
    for (uint32_t row = 0; row < out.height; ++row) {
        // Padding grows north and east (sampleAt repeats the last row and column), so world (0, 0)
        // stays the south-west sample.
        const double sz = double(out.height - 1 - row) * step;
        for (uint32_t x = 0; x < out.width; ++x) out.rows[size_t(row) * out.width + x] = sampleAt(t, x * step, sz);
    }
    if (out.width != t.mapSizeX || out.height != t.mapSizeY) {
        out.change = std::string(target.pad ? "padded " : "resampled ") + std::to_string(t.mapSizeX) + " x " +
                     std::to_string(t.mapSizeY) + " to " + std::to_string(out.width) + " x " +
                     std::to_string(out.height) + " (" + target.why +
                     (target.pad ? ": the last row and column repeated" : "") + ")";
    }
    return out;
}

}  // namespace rv
