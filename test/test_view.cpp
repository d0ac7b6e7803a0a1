// The view layer (include/rv/view.hpp): every rule it owns, checked against values taken from
// the fixtures' definitions (test/support/odol_writer.cpp makeCrateModel, wrp_writer.cpp
// makeTestTerrain) and from real samples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "rv/view.hpp"
#include "support/odol_writer.hpp"
#include "support/samples.hpp"
#include "support/wrp_writer.hpp"

namespace {

using rv::Axes;
using rv::Frame;
using rv::Vec3;

// The fixture model, alive for the whole run: views point into the model they were built from.
const rv::OdolModel& crateModel() {
    static const rv::OdolModel crate = rvtest::makeCrateModel();
    return crate;
}

rv::ModelView viewOf(const rv::OdolModel& m, const std::string& lods, Frame frame, bool autocenter = true) {
    rv::Options o;
    o.lods = lods;
    o.autocenter = autocenter;
    auto v = rv::buildModelView(m, o, frame);
    EXPECT_TRUE(v.ok()) << rv::diagnosticLine(v.error());
    return v.ok() ? std::move(v.value()) : rv::ModelView{};
}

std::vector<uint32_t> polygon(const rv::LodView& l, size_t p) {
    return {l.corners.begin() + l.polygonStart[p], l.corners.begin() + l.polygonStart[p + 1]};
}
std::vector<uint32_t> triangle(const rv::LodView& l, size_t t) {
    return {l.triangles[3 * t], l.triangles[3 * t + 1], l.triangles[3 * t + 2]};
}
void expectVec(const Vec3& got, float x, float y, float z) {
    EXPECT_FLOAT_EQ(got.x, x);
    EXPECT_FLOAT_EQ(got.y, y);
    EXPECT_FLOAT_EQ(got.z, z);
}

// The crate's first face is the +x side of the body box: stored corners 0, 1, 2, 3 at
// (0.5,-0.4,-0.3), (0.5,0.4,-0.3), (0.5,0.4,0.3), (0.5,-0.4,0.3).
TEST(View, QuadsAreTheEnginesFanAndMirroringKeepsTheFirstCorner) {
    const rv::OdolModel& crate = crateModel();
    const rv::LodView stored = viewOf(crate, "first", {Axes::Stored, false}).lods.at(0);
    EXPECT_EQ(polygon(stored, 0), (std::vector<uint32_t>{0, 1, 2, 3}));
    EXPECT_EQ(triangle(stored, 0), (std::vector<uint32_t>{0, 1, 2}));
    EXPECT_EQ(triangle(stored, 1), (std::vector<uint32_t>{0, 2, 3}));
    expectVec(stored.positions[0], 0.5f, -0.4f, -0.3f);

    const rv::LodView yUp = viewOf(crate, "first", {Axes::YUp, true}).lods.at(0);
    EXPECT_EQ(polygon(yUp, 0), (std::vector<uint32_t>{0, 3, 2, 1}));
    EXPECT_EQ(triangle(yUp, 0), (std::vector<uint32_t>{0, 2, 1}));
    EXPECT_EQ(triangle(yUp, 1), (std::vector<uint32_t>{0, 3, 2}));
    expectVec(yUp.positions[0], 0.5f, -0.4f, 0.3f);
    expectVec(yUp.normals[0], 1, 0, 0);

    const rv::LodView zUp = viewOf(crate, "first", {Axes::ZUp, true}).lods.at(0);
    EXPECT_EQ(polygon(zUp, 0), (std::vector<uint32_t>{0, 3, 2, 1}));
    expectVec(zUp.positions[0], 0.5f, -0.3f, -0.4f);
    // Outward in the right-handed frame: the +x face's triangle normal points +x.
    const Vec3 a = zUp.positions[0], b = zUp.positions[3], c = zUp.positions[2];
    const float nx = (b.y - a.y) * (c.z - a.z) - (b.z - a.z) * (c.y - a.y);
    EXPECT_GT(nx, 0);
}

TEST(View, UvsKeepOrFlipTheirOrigin) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    // boxLod gives each face's corners the UVs (0,1), (0,0), (1,0), (1,1).
    const rv::LodView top = viewOf(crate, "first", {Axes::YUp, false}).lods.at(0);
    EXPECT_FLOAT_EQ(top.uvSets.at(0)[0].v, 1.0f);
    const rv::LodView bottom = viewOf(crate, "first", {Axes::YUp, true}).lods.at(0);
    EXPECT_FLOAT_EQ(bottom.uvSets.at(0)[0].v, 0.0f);
    EXPECT_FLOAT_EQ(bottom.uvSets.at(0)[1].v, 1.0f);
    ASSERT_EQ(bottom.uvSets.size(), 2u);  // the second set: (x + 0.5, z + 0.5), v flipped
    EXPECT_FLOAT_EQ(bottom.uvSets[1][0].u, 1.0f);
    EXPECT_FLOAT_EQ(bottom.uvSets[1][0].v, 1.0f - 0.2f);
}

// Faces 0-5 use crate_co.paa + crate.rvmat, faces 6-17 (the handle's triangles) nothing.
TEST(View, MaterialGroupsInFirstUseOrder) {
    const rv::ModelView v = viewOf(crateModel(), "first", {Axes::YUp, true});
    ASSERT_EQ(v.materials.size(), 2u);
    EXPECT_EQ(v.materials[0].name, "crate_co.paa :: crate.rvmat");
    EXPECT_EQ(v.materials[0].texture, "rv\\demo\\data\\crate_co.paa");
    ASSERT_NE(v.materials[0].embedded, nullptr);
    EXPECT_FLOAT_EQ(v.materials[0].embedded->specularPower, 30);
    EXPECT_EQ(v.materials[1].name, "default");
    const rv::LodView& l = v.lods.at(0);
    ASSERT_EQ(l.groups.size(), 2u);
    EXPECT_EQ(l.groups[0].material, 0u);
    EXPECT_EQ(l.groups[0].polygonCount, 6u);
    EXPECT_EQ(l.groups[0].triangleCount, 12u);
    EXPECT_EQ(l.groups[1].material, 1u);
    EXPECT_EQ(l.groups[1].firstPolygon, 6u);
    EXPECT_EQ(l.groups[1].polygonCount, 12u);
    EXPECT_EQ(l.groups[1].triangleCount, 12u);
    EXPECT_EQ(l.polygonMaterial[5], 0u);
    EXPECT_EQ(l.polygonMaterial[6], 1u);
}

TEST(View, MaterialNamesStayUniqueAcrossFolders) {
    rv::OdolModel m = rvtest::makeCrateModel();
    m.lods[0].textures = {"a\\x.paa"};
    m.lods[1].textures = {"b\\x.paa"};
    m.lods[1].sections = {m.lods[0].sections[0]};
    m.lods[1].sections[0].materialIndex = -1;
    m.lods[1].sections[0].materialName = "other\\crate.rvmat";  // LOD 0: rv\demo\data\crate.rvmat
    const rv::ModelView v = viewOf(m, "all", {});
    std::vector<std::string> names;
    for (const auto& mat : v.materials) names.push_back(mat.name);
    EXPECT_NE(std::find(names.begin(), names.end(), "x.paa :: crate.rvmat"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "x.paa :: crate.rvmat #2"), names.end());
}

// lid stores weight bytes 255, 255, 128, 1; handle stores none; damage_hide is empty.
TEST(View, SelectionWeightsAreDecodedOnce) {
    const rv::LodView l = viewOf(crateModel(), "first", {}).lods.at(0);
    ASSERT_EQ(l.selections.size(), 3u);
    EXPECT_EQ(l.selections[0].name, "lid");
    EXPECT_EQ(l.selections[0].vertices, (std::vector<uint32_t>{8, 9, 10, 11}));
    EXPECT_EQ(l.selections[0].weights, (std::vector<float>{1.0f, 1.0f, 128.0f / 255.0f, 1.0f}));
    EXPECT_EQ(l.selections[1].weights, std::vector<float>(24, 1.0f));
    EXPECT_EQ(l.selections[2].name, "damage_hide");
    EXPECT_TRUE(l.selections[2].vertices.empty());
}

TEST(View, PointLodsKeepLoosePointsAndNamedPoints) {
    const rv::LodView mem = viewOf(crateModel(), "Memory", {Axes::YUp, true}).lods.at(0);
    EXPECT_TRUE(mem.isPointLod);
    EXPECT_TRUE(mem.drawLoosePoints);
    EXPECT_EQ(mem.loosePoints, (std::vector<uint32_t>{0, 1, 2}));
    ASSERT_EQ(mem.namedPoints.size(), 3u);
    EXPECT_EQ(mem.namedPoints[2].name, "corner");
    expectVec(mem.namedPoints[2].position, -0.45f, -0.35f, -0.25f);
    const rv::LodView vis = viewOf(crateModel(), "first", {}).lods.at(0);
    EXPECT_TRUE(vis.loosePoints.empty());
    EXPECT_TRUE(vis.namedPoints.empty());  // shapes, not places
}

TEST(View, ProxiesAreNamedAndConverted) {
    const rv::LodView l = viewOf(crateModel(), "first", {Axes::YUp, true}).lods.at(0);
    ASSERT_EQ(l.proxies.size(), 1u);
    EXPECT_EQ(l.proxies[0].name, "proxy:\\rv\\demo\\proxies\\lamp.p3d.001");
    EXPECT_EQ(l.proxies[0].index, 1);
    // Stored rows aside (0,0,-1), up (0,1,0), dir (1,0,0), position (0.2,0.4,-0.1); in (x,y,-z)
    // the transform is S*M*S: columns aside', up', -dir' (primes: z negated), position'.
    const auto& m = l.proxies[0].transform.m;
    EXPECT_FLOAT_EQ(m[3], 0.2f);
    EXPECT_FLOAT_EQ(m[7], 0.4f);
    EXPECT_FLOAT_EQ(m[11], 0.1f);
    // Image of +x (first column): aside (0,0,-1) mirrored = (0,0,1).
    EXPECT_FLOAT_EQ(m[0], 0);
    EXPECT_FLOAT_EQ(m[4], 0);
    EXPECT_FLOAT_EQ(m[8], 1);
    // Image of +z (third column): minus the mirrored dir (1,0,0) = (-1,0,0).
    EXPECT_FLOAT_EQ(m[2], -1);
    EXPECT_FLOAT_EQ(m[6], 0);
    EXPECT_FLOAT_EQ(m[10], 0);
}

TEST(View, AutocenterOffAddsTheBoundingCentre) {
    const rv::OdolModel crate = rvtest::makeCrateModel();  // boundingCenter (0.1, 0.4, 0)
    const rv::ModelView v = viewOf(crate, "first", {Axes::YUp, true}, false);
    EXPECT_TRUE(v.centerApplied);
    expectVec(v.centerOffset, 0.1f, 0.4f, -0.0f);
    expectVec(v.lods.at(0).positions[0], 0.6f, 0.0f, 0.3f);
    EXPECT_FLOAT_EQ(v.lods[0].proxies[0].transform.m[3], 0.3f);
}

TEST(View, GeometryLodCarriesVertexMass) {
    const rv::LodView g = viewOf(crateModel(), "Geometry", {}).lods.at(0);
    EXPECT_EQ(g.vertexMass, std::vector<float>(24, 5.0f));
    EXPECT_EQ(g.kind, rv::LodKind::Geometry);
}

TEST(View, PickingLods) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    auto pick = [&](const std::string& spec) { return rv::pickLods(crate, spec); };
    EXPECT_EQ(pick("first").value(), (std::vector<uint32_t>{0}));
    EXPECT_EQ(pick("visual").value(), (std::vector<uint32_t>{0}));
    EXPECT_EQ(pick("all").value(), (std::vector<uint32_t>{0, 1, 2, 3}));
    EXPECT_EQ(pick("geometry").value(), (std::vector<uint32_t>{2}));
    EXPECT_EQ(pick("1e15").value(), (std::vector<uint32_t>{3}));
    auto none = pick("View Pilot");
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().kind, rv::DiagKind::InvalidArgument);

    // Finest resolution first, whatever the file order; views when there is no resolution LOD;
    // the first LOD with faces for models never drawn.
    rv::OdolModel m = crate;
    m.lods[1].resolution = 0.5f;
    EXPECT_EQ(rv::firstVisualLod(m), 1);
    m = crate;
    m.lods[0].resolution = 1100;  // View Pilot
    EXPECT_EQ(rv::firstVisualLod(m), 0);
    m = crate;
    m.lods.erase(m.lods.begin());  // shadow, geometry, memory
    EXPECT_EQ(rv::firstVisualLod(m), 0);
    m.lods.erase(m.lods.begin(), m.lods.begin() + 2);  // memory only: no faces
    EXPECT_EQ(rv::firstVisualLod(m), 0);
    m.lods.clear();
    EXPECT_EQ(rv::firstVisualLod(m), -1);
    EXPECT_FALSE(rv::pickLods(m, "first").ok());
}

// Hostile sections: a thousand, each claiming every face. Each face is still assigned once.
TEST(View, OverlappingSectionsCostLinearTime) {
    rv::OdolModel m = rvtest::makeCrateModel();
    rv::OdolLod& l = m.lods[0];
    const rv::OdolSection all = [&] {
        rv::OdolSection s = l.sections[0];
        s.endFace = uint32_t(l.faceCount());
        return s;
    }();
    l.sections.assign(1000, all);
    const rv::LodView v = viewOf(m, "first", {}).lods.at(0);
    ASSERT_EQ(v.groups.size(), 1u);
    EXPECT_EQ(v.groups[0].polygonCount, l.faceCount());
}

// A quad folded along its first diagonal (both p1 and p3 on one side of p0-p2) is given as its
// two triangles when the frame asks for it; a flat square is not.
TEST(View, FoldedQuadsAreSplitForHostsThatResplit) {
    rv::OdolModel m;
    m.version = 73;
    rv::OdolLod l;
    l.resolution = 1.0f;
    l.name = "1.000";
    l.positions = {{0, 0, 0}, {1, 1, 0}, {2, 0, 0}, {1.5f, 0.5f, 0},  // folded
                   {0, 0, 5}, {1, 0, 5}, {1, 1, 5}, {0, 1, 5}};       // a flat square
    l.faceIndices = {0, 1, 2, 3, 4, 5, 6, 7};
    l.faceStart = {0, 4, 8};
    m.lods = {l};
    Frame frame{Axes::ZUp, true, true};
    const rv::LodView v = viewOf(m, "all", frame).lods.at(0);
    ASSERT_EQ(v.polygonCount(), 3u);
    EXPECT_EQ(polygon(v, 0), (std::vector<uint32_t>{0, 3, 2}));
    EXPECT_EQ(polygon(v, 1), (std::vector<uint32_t>{0, 2, 1}));
    EXPECT_EQ(polygon(v, 2), (std::vector<uint32_t>{4, 7, 6, 5}));
    EXPECT_EQ(v.polygonFace, (std::vector<uint32_t>{0, 0, 1}));
    EXPECT_EQ(v.triangleFace.size(), 4u);  // the triangles do not change
    frame.splitFoldedQuads = false;
    EXPECT_EQ(viewOf(m, "all", frame).lods.at(0).polygonCount(), 2u);
}

// makeTestTerrain(25, 8, 4, 40, 20): 40 x 20 samples, land grid 8 x 4 of 40 m cells, so samples
// are 8 m apart; materials: left half of the land grid 1, the rest (x + z) % 3.
TEST(View, TerrainTilesCoverEverySampleOnce) {
    const rv::WrpTerrain t = rvtest::makeTestTerrain(25, 8, 4, 40, 20);
    const float cell = 8.0f;
    const rv::TerrainView view(t, {Axes::ZUp, true}, 16);
    EXPECT_EQ(view.tileColumns(), 3u);  // 39 cells / 16
    EXPECT_EQ(view.tileRows(), 2u);     // 19 cells / 16
    std::vector<int> seen(t.elevation.size(), 0);
    size_t cells = 0;
    for (uint32_t i = 0; i < view.tileCount(); ++i) {
        const rv::TerrainTile tile = view.tile(i);
        EXPECT_EQ(tile.x0, tile.column * 16);
        EXPECT_EQ(tile.x1, std::min(39u, tile.x0 + 16));
        for (uint32_t z = tile.z0; z <= tile.z1; ++z)
            for (uint32_t x = tile.x0; x <= tile.x1; ++x) {
                const size_t k = size_t(z - tile.z0) * tile.width() + (x - tile.x0);
                expectVec(tile.positions[k], float(x) * cell, float(z) * cell, t.elevation[size_t(z) * 40 + x]);
                EXPECT_FLOAT_EQ(tile.uvs[k].u, float(x) / 39.0f);
                EXPECT_FLOAT_EQ(tile.uvs[k].v, float(z) / 19.0f);
                EXPECT_GT(tile.normals[k].z, 0);
                if (x < tile.x1 && z < tile.z1) ++seen[size_t(z) * 40 + x];
            }
        for (const rv::TileGroup& g : tile.groups)
            for (uint32_t c = g.firstCell; c < g.firstCell + g.cellCount; ++c) {
                const uint32_t* q = &tile.cellQuads[4 * c];
                const Vec3 a = tile.positions[q[0]], b = tile.positions[q[1]], d = tile.positions[q[2]];
                EXPECT_GT((b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x), 0);                    // upward
                const uint32_t lx = tile.x0 + q[3] % tile.width(), lz = tile.z0 + q[3] / tile.width();  // corner a
                const uint32_t landX = lx * 8 / 40, landZ = lz * 4 / 20;
                EXPECT_EQ(g.material, landX < 4 ? 1u : (landX + landZ) % 3);
                // The engine's split: both triangles start at the south-east corner b.
                EXPECT_EQ(tile.cellTriangles[6 * c], q[0]);
                EXPECT_EQ(tile.cellTriangles[6 * c + 3], q[0]);
                ++cells;
            }
    }
    EXPECT_EQ(cells, 39u * 19u);
    for (uint32_t z = 0; z < 19; ++z)
        for (uint32_t x = 0; x < 39; ++x) EXPECT_EQ(seen[size_t(z) * 40 + x], 1) << x << "," << z;
}

TEST(View, PlacementsGroupObjectsByModel) {
    const rv::WrpTerrain t = rvtest::makeTestTerrain(25, 8, 4, 40, 20);  // 24 objects: house, tree, house...
    const rv::TerrainView view(t, {Axes::YUp, true});
    ASSERT_EQ(view.placements().size(), 2u);
    EXPECT_EQ(view.placements()[0].model, "rv\\test\\house.p3d");
    EXPECT_EQ(view.placements()[1].model, "rv\\test\\tree.p3d");
    for (uint32_t i = 0; i < 12; ++i) {
        EXPECT_EQ(view.placements()[0].objects[i], 2 * i);
        EXPECT_EQ(view.placements()[1].objects[i], 2 * i + 1);
    }
    // Object 1: position (world / 24, 6, world * 22 / 24) with world = 320 m; y-up mirrors z.
    const rv::Mat4 m = view.objectTransform(1);
    EXPECT_FLOAT_EQ(m.m[3], 320.0f / 24.0f);
    EXPECT_FLOAT_EQ(m.m[7], 6.0f);
    EXPECT_FLOAT_EQ(m.m[11], -320.0f * 22.0f / 24.0f);
}

// Real files: every point survives (the AGM M84 geometry LOD's centre of mass is a point no face
// uses), and polygons and triangles follow the faces exactly.
TEST(ViewSamples, EveryPointAndFaceOfRealModels) {
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)";
    size_t files = 0;
    for (const auto& row : rvtest::readManifest(dir)) {
        if (row.signature != "ODOL" || row.geoFnv64.empty()) continue;
        const auto bytes = rvtest::readBytes(dir + "/" + row.path);
        auto model = rv::decodeOdol(bytes.data(), bytes.size(), row.path);
        ASSERT_TRUE(model.ok()) << rv::diagnosticLine(model.error());
        const rv::ModelView v = viewOf(model.value(), "all", {Axes::YUp, true});
        for (const rv::LodView& l : v.lods) {
            const rv::OdolLod& src = *l.source;
            size_t triangles = 0;
            // Points any face uses, and those a drawn face uses (not one in a section flagged
            // 0x10000000, "hidden proxy triangle", format notes 2.7.4).
            std::vector<bool> used(src.positions.size(), false), drawn(src.positions.size(), false);
            std::vector<bool> markerFace(src.faceCount(), false);
            for (const rv::OdolSection& s : src.sections)  // (v7's flags mean other things)
                for (uint32_t f = s.firstFace; model->version >= 28 && (s.faceFlags & 0x10000000u) && f < s.endFace;
                     ++f)
                    markerFace[f] = true;
            for (const rv::OdolProxy& p : src.proxies)  // v7: the faces of the proxy's selection
                for (uint32_t f : src.selections.at(size_t(p.selectionIndex)).faces) markerFace.at(f) = true;
            for (size_t f = 0; f < src.faceCount(); ++f) {
                const uint32_t n = src.faceStart[f + 1] - src.faceStart[f];
                triangles += n >= 3 ? n - 2 : 0;
                for (uint32_t k = src.faceStart[f]; k < src.faceStart[f + 1]; ++k) {
                    used[src.faceIndices[k]] = true;
                    drawn[src.faceIndices[k]] = drawn[src.faceIndices[k]] || !markerFace[f];
                }
            }
            // Each proxy is one marker triangle, which is never drawn, nor are the points only it
            // uses; the rest is drawn as stored.
            size_t markerOnly = 0;
            for (size_t p = 0; p < used.size(); ++p) markerOnly += used[p] && !drawn[p];
            EXPECT_EQ(l.markerFaces, src.proxies.size()) << row.path << " " << l.name;
            EXPECT_EQ(l.positions.size(), src.positions.size() - markerOnly) << row.path << " " << l.name;
            EXPECT_EQ(l.polygonCount(), src.faceCount() - src.proxies.size()) << row.path << " " << l.name;
            EXPECT_EQ(l.triangleFace.size(), triangles - src.proxies.size()) << row.path << " " << l.name;
            EXPECT_EQ(l.loosePoints.size(), size_t(std::count(used.begin(), used.end(), false)));
            EXPECT_EQ(l.selections.size(), src.selections.size());
        }
        ++files;
    }
    EXPECT_GT(files, 100u);

    const auto bytes = rvtest::readBytes(dir + "/real/agm/8e57ca3b_AGM_M84.p3d");
    auto m84 = rv::decodeOdol(bytes.data(), bytes.size(), "AGM_M84.p3d");
    ASSERT_TRUE(m84.ok());
    const rv::LodView g = viewOf(m84.value(), "Geometry", {Axes::ZUp, true}).lods.at(0);
    EXPECT_EQ(g.positions.size(), 13u);
    EXPECT_EQ(g.loosePoints, (std::vector<uint32_t>{12}));
    EXPECT_TRUE(g.drawLoosePoints);
    const auto com = std::find_if(g.selections.begin(), g.selections.end(),
                                  [](const rv::SelectionView& s) { return s.name == "centerofmass"; });
    ASSERT_NE(com, g.selections.end());
    EXPECT_EQ(com->vertices, (std::vector<uint32_t>{12}));
}

}  // namespace
