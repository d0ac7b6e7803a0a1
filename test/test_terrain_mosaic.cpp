// Whole-map mosaics of a terrain's layer pictures (rv/terrain_map.hpp, issue 37), on worlds and
// pictures written here: each land cell painted from its own layer's picture through that layer's
// TexGen, the overlap between segments trimmed, missing pictures left transparent.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rv/terrain_map.hpp"
#include "support/temp_dir.hpp"
#include "support/tga_writer.hpp"

namespace {

namespace fs = std::filesystem;

using rvtest::writeTga;

// A layer .rvmat whose Stage0 is `picture`, mapped by world position: u = east * su + pu,
// v = north * sv + pv (the TexGen rows aside, up, dir, pos as Terrain Builder writes them).
void writeLayer(const fs::path& path, const std::string& picture, float su, float pu, float sv, float pv) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << "PixelShaderID=\"TerrainX\";\nclass Stage0 { texture=\"" << picture
                        << "\"; texGen=3; };\nclass TexGen3 { uvSource=\"worldPos\"; class uvTransform { aside[]={"
                        << su << ",0,0}; up[]={0,0," << su << "}; dir[]={0," << sv << ",0}; pos[]={" << pu << ","
                        << pv << ",0}; }; };\n";
}

// 4 x 2 land cells of 40 m (160 m x 80 m). Layer 1 owns the west half, layer 2 the east half but
// its north-east cell, which has no layer.
rv::WrpTerrain twoLayerWorld() {
    rv::WrpTerrain t;
    t.signature = "OPRW";
    t.version = 25;
    t.layerSizeX = 4, t.layerSizeY = 2, t.layerCellSize = 40;
    t.mapSizeX = 8, t.mapSizeY = 4;
    t.elevation.assign(32, 5.0f);
    t.materials = {"", "w\\layers\\p_000-000_l00.rvmat", "w\\layers\\p_001-000_l00.rvmat"};
    t.materialIndex = {1, 1, 2, 2, 1, 1, 2, 0};  // row z = 0 (south) first
    return t;
}

TEST(TerrainMosaic, EachCellFromItsOwnLayerWithTheOverlapTrimmed) {
    rvtest::TempDir tmp;
    // Layer 1's segment: 14 x 10 texels of 10 m over east -30..110, north -10..90 (it overlaps its
    // neighbour by 30 m): red inside, green in its outer 2 texel columns, which the game never
    // shows and the mosaic must not either.
    std::vector<uint8_t> a;
    for (uint32_t y = 0; y < 10; ++y)
        for (uint32_t x = 0; x < 14; ++x) {
            const bool border = x < 2 || x >= 12;
            a.insert(a.end(), {uint8_t(border ? 0 : 255), uint8_t(border ? 255 : 0), 0, 255});
        }
    writeTga(tmp.dir / "w/layers/s_000_000_lco.tga", 14, 10, a);
    writeLayer(tmp.dir / "w/layers/p_000-000_l00.rvmat", "w\\layers\\s_000_000_lco.paa", 1.0f / 140, 3.0f / 14,
               -0.01f, 0.9f);
    // Layer 2's segment: a ramp east-west (red = 10 per texel) over east 50..170, so a pixel's
    // red is the ramp at its own position: 10 * (u * 12 - 0.5) with u = (east - 50) / 120.
    std::vector<uint8_t> b;
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 12; ++x) b.insert(b.end(), {uint8_t(10 * x), 0, 200, 255});
    writeTga(tmp.dir / "w/layers/s_001_000_lco.tga", 12, 8, b);
    writeLayer(tmp.dir / "w/layers/p_001-000_l00.rvmat", "w\\layers\\s_001_000_lco.paa", 1.0f / 120, -50.0f / 120,
               -1.0f / 80, 1.0f);

    auto root = rv::DataRoot::open(tmp.dir.string());
    ASSERT_TRUE(root.ok()) << rv::diagnosticLine(root.error());
    const rv::WrpTerrain t = twoLayerWorld();
    auto m = rv::layerMosaic(t, root.value(), rv::LayerPicture::Satellite, 0, {});
    ASSERT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
    EXPECT_TRUE(m->warnings.empty()) << rv::diagnosticLine(m->warnings[0]);
    EXPECT_EQ(m->layersDrawn, 2u);
    const rv::MapRaster& r = m->raster;
    // The first picture's texels are 10 m (0.1 texel per metre): 160 m x 80 m at 10 m per pixel.
    ASSERT_EQ(r.width, 16u);
    ASSERT_EQ(r.height, 8u);
    EXPECT_DOUBLE_EQ(r.pixelSize, 10.0);
    for (uint32_t py = 0; py < r.height; ++py)
        for (uint32_t px = 0; px < r.width; ++px) {
            const double east = (px + 0.5) * 10, north = 80 - (py + 0.5) * 10;
            const uint8_t* p = &r.rgba[(size_t(py) * r.width + px) * 4];
            const std::string at = "pixel " + std::to_string(px) + "," + std::to_string(py);
            if (east < 80) {  // layer 1: pure red, never the green border
                EXPECT_EQ(p[0], 255) << at;
                EXPECT_EQ(p[1], 0) << at;
            } else if (north >= 40 && east >= 120) {  // no layer: transparent
                EXPECT_EQ(p[3], 0) << at;
            } else {  // layer 2: the ramp at the pixel's own place
                const double texel = (east - 50) / 120 * 12 - 0.5;
                EXPECT_EQ(p[0], uint8_t(std::lround(10 * texel))) << at;
                EXPECT_EQ(p[2], 200) << at;
                EXPECT_EQ(p[3], 255) << at;
            }
        }
}

TEST(TerrainMosaic, MissingPictureIsOneWarningAndTransparent) {
    rvtest::TempDir tmp;
    writeLayer(tmp.dir / "w/layers/p_000-000_l00.rvmat", "w\\layers\\s_000_000_lco.paa", 0.01f, 0, -0.01f, 1);
    auto root = rv::DataRoot::open(tmp.dir.string());
    ASSERT_TRUE(root.ok());
    auto m = rv::layerMosaic(twoLayerWorld(), root.value(), rv::LayerPicture::Satellite, 64, {});
    ASSERT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
    EXPECT_EQ(m->layersDrawn, 0u);
    ASSERT_EQ(m->warnings.size(), 2u);
    EXPECT_NE(rv::diagnosticLine(m->warnings[0]).find("s_000_000_lco.paa"), std::string::npos)
        << rv::diagnosticLine(m->warnings[0]);
    EXPECT_NE(rv::diagnosticLine(m->warnings[1]).find("1 of 3 layer material(s) missing"), std::string::npos)
        << rv::diagnosticLine(m->warnings[1]);
    for (size_t i = 3; i < m->raster.rgba.size(); i += 4) ASSERT_EQ(m->raster.rgba[i], 0) << i;
}

}  // namespace
