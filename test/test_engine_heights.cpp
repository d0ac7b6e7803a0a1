// Engine heightmaps (rv/terrain_map.hpp, engineHeights): the sizes each editor takes, worked out
// from the editors' documentation by hand, and what padding keeps.
#include <gtest/gtest.h>

#include "rv/memory_budget.hpp"
#include "rv/terrain_map.hpp"

namespace {

rv::WrpTerrain grid(uint32_t w, uint32_t h) {
    rv::WrpTerrain t;
    t.signature = "OPRW", t.version = 25;
    t.mapSizeX = w, t.mapSizeY = h;
    t.layerSizeX = w, t.layerSizeY = h, t.layerCellSize = 10;
    for (uint32_t z = 0; z < h; ++z)
        for (uint32_t x = 0; x < w; ++x) t.elevation.push_back(float(x) + 100.0f * float(z));
    return t;
}

TEST(EngineHeights, ReforgerPadsEachSideToWhole32FaceBlocks) {
    rv::MemoryBudget budget(1 << 20);
    // 40 x 70 samples: 39 and 69 faces -> 64 and 96 faces -> 65 x 97 samples, each side on its own.
    auto g = rv::engineHeights(grid(40, 70), rv::HeightEngine::Reforger, budget);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->width, 65u);
    EXPECT_EQ(g->height, 97u);
    EXPECT_DOUBLE_EQ(g->cellSize, 10.0);
    // Rows north first: the south-west sample (0, 0) is the last row's first; the stored north
    // row (z = 69) is repeated over the 27 padded rows, the east column (x = 39) likewise.
    EXPECT_EQ(g->rows[size_t(96) * 65 + 0], 0.0f);
    EXPECT_EQ(g->rows[size_t(96) * 65 + 39], 39.0f);
    EXPECT_EQ(g->rows[size_t(96) * 65 + 64], 39.0f);
    EXPECT_EQ(g->rows[size_t(27) * 65 + 5], 6905.0f);
    EXPECT_EQ(g->rows[5], 6905.0f);
    EXPECT_EQ(g->change, "padded 40 x 70 to 65 x 97 (Reforger's grid of whole 32-face blocks: the last row and column "
                         "repeated)");
}

TEST(EngineHeights, ReforgerKeepsAGridOfWholeBlocks) {
    rv::MemoryBudget budget(1 << 20);
    auto g = rv::engineHeights(grid(33, 33), rv::HeightEngine::Reforger, budget);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->width, 33u);
    EXPECT_EQ(g->height, 33u);
    EXPECT_EQ(g->change, "");
    auto power = rv::engineHeights(grid(64, 64), rv::HeightEngine::Reforger, budget);
    ASSERT_TRUE(power);
    EXPECT_EQ(power->width, 65u);  // 63 faces -> 64
}

}  // namespace
