// The view's single rules that every adapter calls (issue 26): terrain layer UVs, names and
// colours, the placement decomposition and its shear tolerance, the ground height under a point,
// placeability, and the path helpers. Expected values are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>

#include "rv/decompose.hpp"
#include "rv/paths.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/view.hpp"

namespace {

using rv::Mat4;

// 3 x 3 samples 10 m apart (layer grid 3 cells of 10 m). Heights, row z = 0 (south) first:
//   z=0: 0 10 20   z=1: 5 30 40   z=2: 7 9 11
rv::WrpTerrain smallTerrain() {
    rv::WrpTerrain t;
    t.mapSizeX = t.mapSizeY = 3;
    t.layerSizeX = t.layerSizeY = 3;
    t.layerCellSize = 10;
    t.elevation = {0, 10, 20, 5, 30, 40, 7, 9, 11};
    return t;
}

TEST(ViewRules, GroundHeightFollowsTheTwoTrianglesOfACell) {
    const rv::WrpTerrain t = smallTerrain();
    ASSERT_FLOAT_EQ(t.cellSize(), 10.0f);
    // Cell (0, 0): a (SW) 0, b (SE) 10, c (NW) 5, d (NE) 30, split along b-c.
    // (2.5, 5): fx 0.25 + fz 0.5 <= 1, triangle a-b-c, the plane h = x + 0.5 z: 2.5 + 2.5 = 5.
    EXPECT_DOUBLE_EQ(rv::groundHeight(t, 2.5, 5.0), 5.0);
    // (7.5, 5): fx 0.75 + fz 0.5 > 1, triangle b-d-c, the plane through b (10, 0, 10), c (0, 10, 5),
    // d (10, 10, 30): h = -15 + 2.5 x + 2 z = -15 + 18.75 + 10 = 13.75 (bilinear would be 15.625).
    EXPECT_DOUBLE_EQ(rv::groundHeight(t, 7.5, 5.0), 13.75);
    // On the diagonal both triangles agree: (5, 5) -> 5 + 2.5 = 7.5 = -15 + 12.5 + 10.
    EXPECT_DOUBLE_EQ(rv::groundHeight(t, 5.0, 5.0), 7.5);
    // Clamped to the grid: far north-west is the north-west sample, 7.
    EXPECT_DOUBLE_EQ(rv::groundHeight(t, -100.0, 100.0), 7.0);
    EXPECT_TRUE(std::isnan(rv::groundHeight(t, std::nan(""), 5.0)));
    EXPECT_TRUE(std::isnan(rv::groundHeight(rv::WrpTerrain{}, 1.0, 1.0)));
}

TEST(ViewRules, LayerUvOfATileVertexUsesItsStoredSample) {
    const rv::WrpTerrain t = smallTerrain();
    rv::TerrainGrid grid;
    grid.step = 2;  // vertices at samples 0 and 2 only: vertex 3 of the tile is sample (2, 2)
    rv::TerrainLayer layer;
    layer.colour.image = std::make_shared<rv::Image>();
    // u = 0.01 east + 0.001 height + 0.25, v = -0.02 north + 0.75 (rows aside, up, dir, pos).
    layer.worldToUv = rv::Mat43{{0.01f, 0, 0, 0.001f, 0, 0, 0, -0.02f, 0, 0.25f, 0.75f, 0}};
    for (const bool bottomLeft : {false, true}) {
        const rv::TerrainView view(t, rv::Frame{rv::Axes::YUp, bottomLeft}, grid);
        const rv::TerrainTile tile = view.tile(0);
        ASSERT_EQ(tile.width(), 2u);
        ASSERT_EQ(tile.sampleX[1], 2u);
        // Sample (2, 2): east 20, north 20, height 11: u = 0.2 + 0.011 + 0.25 = 0.461,
        // v = -0.4 + 0.75 = 0.35 (top-left), 1 - 0.35 = 0.65 (bottom-left).
        const rv::Vec2 uv = rv::tileLayerUv(layer, view, tile, 3);
        EXPECT_FLOAT_EQ(uv.u, 0.461f);
        EXPECT_FLOAT_EQ(uv.v, bottomLeft ? 0.65f : 0.35f);
        // Vertex 1 is sample (2, 0): east 20, north 0, height 20: u = 0.2 + 0.02 + 0.25 = 0.47.
        EXPECT_FLOAT_EQ(rv::tileLayerUv(layer, view, tile, 1).u, 0.47f);
        // A layer without a picture has no UVs.
        const rv::Vec2 none = rv::tileLayerUv(rv::TerrainLayer{}, view, tile, 3);
        EXPECT_EQ(none.u, 0.0f);
        EXPECT_EQ(none.v, 0.0f);
    }
}

TEST(ViewRules, LayerMaterialNameAndColour) {
    rv::WrpTerrain t;
    t.materials = {"", "world\\data\\layers\\p_000-000_l00.rvmat", "data/pisek.pac"};
    EXPECT_EQ(rv::layerMaterialName(t, 0), "terrain (no layer)");
    EXPECT_EQ(rv::layerMaterialName(t, 1), "p_000-000_l00.rvmat");
    EXPECT_EQ(rv::layerMaterialName(t, 2), "pisek.pac");
    EXPECT_EQ(rv::layerMaterialName(t, 3), "terrain (no layer)");
    const rv::Rgba plain = rv::layerBaseColour(nullptr);
    EXPECT_EQ(plain, (rv::Rgba{0.42f, 0.45f, 0.33f, 1.0f}));
    const rv::TerrainLayer unmapped;  // a layer whose picture could not be had
    EXPECT_EQ(rv::layerBaseColour(&unmapped), plain);
    rv::TerrainLayer pictured;
    pictured.colour.image = std::make_shared<rv::Image>();
    EXPECT_EQ(rv::layerBaseColour(&pictured), (rv::Rgba{1, 1, 1, 1}));
}

Mat4 rows(std::initializer_list<float> first12) {
    Mat4 m = Mat4::identity();
    std::copy(first12.begin(), first12.end(), m.m.begin());
    return m;
}

TEST(ViewRules, DecomposeRotationAndScale) {
    // Rz(90 deg) * diag(2, 3, 4), moved by (1, 2, 3): the axes' images are (0, 2, 0), (-3, 0, 0),
    // (0, 0, 4). Rotation: quaternion (0, 0, sin 45, cos 45), XYZ Euler (0, 0, pi/2).
    const rv::Decomposition d = rv::decompose(rows({0, -3, 0, 1, 2, 0, 0, 2, 0, 0, 4, 3}));
    EXPECT_TRUE(d.exact());
    EXPECT_FLOAT_EQ(d.translation.x, 1);
    EXPECT_FLOAT_EQ(d.translation.y, 2);
    EXPECT_FLOAT_EQ(d.translation.z, 3);
    EXPECT_FLOAT_EQ(d.scale.x, 2);
    EXPECT_FLOAT_EQ(d.scale.y, 3);
    EXPECT_FLOAT_EQ(d.scale.z, 4);
    EXPECT_NEAR(d.rotation[0], 0, 1e-7);
    EXPECT_NEAR(d.rotation[1], 0, 1e-7);
    EXPECT_FLOAT_EQ(d.rotation[2], 0.70710678f);
    EXPECT_FLOAT_EQ(d.rotation[3], 0.70710678f);
    EXPECT_NEAR(d.eulerXyz.x, 0, 1e-7);
    EXPECT_NEAR(d.eulerXyz.y, 0, 1e-7);
    EXPECT_FLOAT_EQ(d.eulerXyz.z, 1.5707963f);
}

TEST(ViewRules, DecomposeMirrorIntoNegativeZScale) {
    // diag(-1, 1, 2): |columns| 1, 1, 2, determinant -2 < 0, so the z scale is -2 and the rest,
    // diag(-1, 1, -1), is a half turn about y: quaternion (0, 1, 0, 0), Euler (pi, 0, pi)
    // (Rz(pi) Rx(pi) = diag(-1, -1, 1) diag(1, -1, -1) = diag(-1, 1, -1)).
    const rv::Decomposition d = rv::decompose(rows({-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0}));
    EXPECT_TRUE(d.exact());
    EXPECT_FLOAT_EQ(d.scale.x, 1);
    EXPECT_FLOAT_EQ(d.scale.y, 1);
    EXPECT_FLOAT_EQ(d.scale.z, -2);
    EXPECT_EQ(d.rotation, (std::array<float, 4>{0, 1, 0, 0}));
    EXPECT_FLOAT_EQ(d.eulerXyz.x, 3.14159265f);
    EXPECT_FLOAT_EQ(d.eulerXyz.y, 0);
    EXPECT_FLOAT_EQ(d.eulerXyz.z, 3.14159265f);
}

TEST(ViewRules, ShearToleranceBoundary) {
    ASSERT_EQ(rv::kShearTolerance, 1e-4);
    // x axis (1, 0, 0), y axis (c, 1, 0): the cosine of their angle is c / sqrt(1 + c^2), c to
    // within 1e-8 here. Just inside the tolerance is exact; just outside is sheared.
    const auto yAxisLeaning = [](float c) { return rv::decompose(rows({1, c, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0})); };
    EXPECT_TRUE(yAxisLeaning(0.99e-4f).exact());
    const rv::Decomposition sheared = yAxisLeaning(1.01e-4f);
    EXPECT_TRUE(sheared.sheared);
    EXPECT_FALSE(sheared.degenerate);
    EXPECT_FALSE(sheared.exact());
    // A zero axis is degenerate: translation only.
    const rv::Decomposition flat = rv::decompose(rows({1, 0, 0, 5, 0, 0, 0, 6, 0, 0, 1, 7}));
    EXPECT_TRUE(flat.degenerate);
    EXPECT_FLOAT_EQ(flat.translation.z, 7);
    EXPECT_FLOAT_EQ(flat.scale.y, 1);
    EXPECT_EQ(flat.rotation, (std::array<float, 4>{0, 0, 0, 1}));
}

TEST(ViewRules, PlaceableMeansEveryTransformValueFinite) {
    rv::WrpObject o;
    o.transform = rv::Mat43{{1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 20, 30}};
    EXPECT_TRUE(rv::isPlaceable(o));
    o.transform.m[4] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(rv::isPlaceable(o));
    o.transform.m[4] = 1;
    o.transform.m[11] = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(rv::isPlaceable(o));
}

TEST(ViewRules, PathHelpers) {
    EXPECT_EQ(rv::asciiLower("A3\\X_CO.PAA \xC3\x9C"), "a3\\x_co.paa \xC3\x9C");  // UTF-8 bytes unchanged
    EXPECT_TRUE(rv::endsWithNoCase("DATA\\X.PAC", ".pac"));
    EXPECT_FALSE(rv::endsWithNoCase("ac", ".pac"));
    EXPECT_EQ(rv::fileNameOf("a3\\data_f/x_co.paa"), "x_co.paa");
    EXPECT_EQ(rv::fileNameOf("house.p3d"), "house.p3d");
    EXPECT_EQ(rv::fileNameOf("a/b/"), "");
    EXPECT_EQ(rv::extensionOf("ca\\house.P3D"), ".P3D");
    EXPECT_EQ(rv::extensionOf("x.y\\house"), "");
    EXPECT_EQ(rv::extensionOf(".rvmat"), ".rvmat");
    EXPECT_EQ(rv::stemOf("ca\\buildings\\house.p3d"), "house");
    EXPECT_EQ(rv::stemOf("a.b.c"), "a.b");
    EXPECT_EQ(rv::stemOf("x.y\\house"), "house");
}

}  // namespace
