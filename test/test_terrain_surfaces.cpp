// A terrain's surfaces and their weights (rv/terrain_surfaces.hpp, issue 37). The expected
// weights are the shader's rule worked by hand in each comment, not read back from the code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "rv/terrain_surfaces.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

rv::LayerSlots slots(std::initializer_list<int32_t> filled) {
    rv::LayerSlots s;
    s.fill(-1);
    size_t k = 0;
    for (const int32_t v : filled) s[k++] = v;
    return s;
}

std::array<uint8_t, rv::kMaskSlots> weigh(std::array<uint8_t, 4> rgba, const rv::LayerSlots& s) {
    return rv::slotWeights(rgba.data(), s);
}

TEST(TerrainSurfaces, EachMaskColourSelectsItsSlot) {
    const rv::LayerSlots six = slots({0, 1, 2, 3, 4, 5});
    using W = std::array<uint8_t, rv::kMaskSlots>;
    EXPECT_EQ(weigh({0, 0, 0, 255}, six), (W{255, 0, 0, 0, 0, 0}));
    EXPECT_EQ(weigh({255, 0, 0, 255}, six), (W{0, 255, 0, 0, 0, 0}));
    EXPECT_EQ(weigh({0, 255, 0, 255}, six), (W{0, 0, 255, 0, 0, 0}));
    EXPECT_EQ(weigh({0, 0, 255, 255}, six), (W{0, 0, 0, 255, 0, 0}));
    EXPECT_EQ(weigh({0, 0, 255, 128}, six), (W{0, 0, 0, 0, 255, 0}));
    EXPECT_EQ(weigh({0, 0, 255, 0}, six), (W{0, 0, 0, 0, 0, 255}));
}

TEST(TerrainSurfaces, BlendsCoverByThreeTimesTheChannelAndSumTo255) {
    const rv::LayerSlots four = slots({0, 1, 2, 3});
    // red 51 = 0.2: slot 1 covers saturate(0.6) of slot 0.
    EXPECT_EQ(weigh({51, 0, 0, 255}, four)[0], 102);
    EXPECT_EQ(weigh({51, 0, 0, 255}, four)[1], 153);
    // red 0.2 then green 0.2: slot 2 covers 0.6 of what was (0.4, 0.6) -> 0.16, 0.24, 0.6.
    const auto w = weigh({51, 51, 0, 255}, four);
    EXPECT_EQ(w[0], 41);   // 40.8
    EXPECT_EQ(w[1], 61);   // 61.2
    EXPECT_EQ(w[2], 153);  // 153.0
    EXPECT_EQ(w[0] + w[1] + w[2] + w[3], 255);
    // Every texel of a coarse sweep sums to 255.
    for (int r = 0; r < 256; r += 17)
        for (int g = 0; g < 256; g += 51)
            for (int a = 0; a < 256; a += 85) {
                const auto s = weigh({uint8_t(r), uint8_t(g), 200, uint8_t(a)}, slots({0, 1, 2, 3, 4, 5}));
                EXPECT_EQ(std::accumulate(s.begin(), s.end(), 0), 255);
            }
}

TEST(TerrainSurfaces, EmptySlotsGiveNothingAndTheFirstFilledIsTheBase) {
    // Slot 0 empty: slot 1 is the base, whatever its channel says.
    const rv::LayerSlots s = slots({-1, 7, 8});
    using W = std::array<uint8_t, rv::kMaskSlots>;
    EXPECT_EQ(weigh({0, 0, 0, 255}, s), (W{0, 255, 0, 0, 0, 0}));
    EXPECT_EQ(weigh({0, 255, 0, 255}, s), (W{0, 0, 255, 0, 0, 0}));
    // Blue selects slot 3, which is empty: the base keeps it.
    EXPECT_EQ(weigh({0, 0, 255, 255}, s), (W{0, 255, 0, 0, 0, 0}));
    EXPECT_EQ(weigh({0, 0, 255, 255}, slots({})), (W{}));
}

void writeRvmat(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

TEST(TerrainSurfaces, TableFromLayerStagesOneEntryPerTexture) {
    rvtest::TempDir tmp;
    // TerrainSNX: Stage14 is the satellite normal map, not a sixth surface.
    writeRvmat(tmp.dir / "w/p_a.rvmat",
               "PixelShaderID=\"TerrainSNX\";\n"
               "class Stage3 { texture=\"a\\gdt_beach_nopx.paa\"; };\nclass Stage4 { texture=\"a\\gdt_beach_co.paa\"; };\n"
               "class Stage5 { texture=\"\"; };\nclass Stage6 { texture=\"\"; };\n"
               "class Stage7 { texture=\"b\\gdt_beach_nopx.paa\"; };\nclass Stage8 { texture=\"b\\gdt_beach_co.paa\"; };\n"
               "class Stage13 { texture=\"\"; };\nclass Stage14 { texture=\"w\\n_000_000_no.paa\"; };\n");
    // The same texture spelt otherwise; a name Windows cannot hold; and one that would be the
    // unknown pseudo-surface's.
    writeRvmat(tmp.dir / "w/p_b.rvmat",
               "PixelShaderID=\"TerrainX\";\nclass Stage4 { texture=\"A/GDT_Beach_CO.paa\"; };\n"
               "class Stage6 { texture=\"x\\con_co.paa\"; };\nclass Stage8 { texture=\"x\\_unknown_co.paa\"; };\n"
               "class Stage14 { texture=\"x\\sixth_co.paa\"; };\n");
    writeRvmat(tmp.dir / "w/p_c.rvmat", "class Stage0 { texture=");  // damaged
    auto root = rv::DataRoot::open(tmp.dir.string());
    ASSERT_TRUE(root);
    rv::WrpTerrain t;
    t.materials = {"", "w\\p_a.rvmat", "w\\p_b.rvmat", "w\\p_c.rvmat", "w\\p_gone.rvmat", "landtext\\pi.pac"};
    const rv::SurfaceTable table = rv::terrainSurfaces(t, &root.value(), {});
    std::vector<std::string> names;
    for (const auto& s : table.surfaces) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"gdt_beach", "gdt_beach_2", "_con", "_unknown_2", "sixth", "pi"}));
    EXPECT_EQ(table.surfaces[0].normal, "a\\gdt_beach_nopx.paa");
    ASSERT_EQ(table.layers.size(), 6u);
    EXPECT_EQ(table.layers[0], slots({}));
    EXPECT_EQ(table.layers[1], slots({0, -1, 1}));  // five slots: Stage14 left out
    EXPECT_EQ(table.layers[2], slots({0, 2, 3, -1, -1, 4}));
    EXPECT_EQ(table.layers[3], slots({}));
    EXPECT_EQ(table.layers[4], slots({}));
    EXPECT_EQ(table.layers[5], slots({5}));
    EXPECT_TRUE(table.blends);
    // One warning for the damaged material, one for the missing one.
    ASSERT_EQ(table.warnings.size(), 2u);
    EXPECT_NE(table.warnings[0].message.find("p_c.rvmat"), std::string::npos);
    EXPECT_NE(table.warnings[1].message.find("1 of 6 layer material(s) missing"), std::string::npos);
}

TEST(TerrainSurfaces, WeightsWithoutAMaskArePerCellAndBlendsAreUnknown) {
    rv::WrpTerrain t;
    t.layerSizeX = 2, t.layerSizeY = 2, t.layerCellSize = 50;
    t.materials = {"a.pac", "b.pac", "blend.rvmat"};
    t.materialIndex = {0, 1, 2, 9};  // south row: a, b; north row: a blend, an index past the end
    rv::SurfaceTable table;
    table.surfaces = {{"a", "a.pac", ""}, {"b", "b.pac", ""}};
    table.layers = {slots({0}), slots({1}), slots({0, 1})};
    table.blends = true;
    const rv::SurfaceWeights w(t, table, nullptr);
    ASSERT_EQ(w.width(), 2u);
    ASSERT_EQ(w.height(), 2u);
    EXPECT_TRUE(w.anyUnknown());
    std::vector<uint8_t> a(4), b(4), unknown(4);
    w.fill(0, a.data());
    w.fill(1, b.data());
    w.fill(w.unknown(), unknown.data());
    // Rows north first: the north row is the blend (no mask) and the bad index.
    EXPECT_EQ(a, (std::vector<uint8_t>{0, 0, 255, 0}));
    EXPECT_EQ(b, (std::vector<uint8_t>{0, 0, 0, 255}));
    EXPECT_EQ(unknown, (std::vector<uint8_t>{255, 255, 0, 0}));
}

}  // namespace
