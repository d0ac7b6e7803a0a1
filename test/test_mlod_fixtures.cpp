// Editable models written by the test-side MLOD writer (support/mlod_writer.hpp): what each part
// of the format decodes to (P3DM and SP3X alike), the view's corner split, winding and placement,
// and the errors and warnings of damaged LODs and tags.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mlod/mlod_parse.hpp"
#include "rv/model.hpp"
#include "rv/view.hpp"
#include "support/byte_writer.hpp"
#include "support/mlod_writer.hpp"

namespace {

rv::Result<rv::OdolModel> decode(const std::vector<uint8_t>& bytes, const rv::Options& options = {}) {
    return rv::decodeModel(bytes.data(), bytes.size(), "box.p3d", options);
}

class MlodBox : public testing::TestWithParam<bool> {};  // true: SP3X

TEST_P(MlodBox, DecodesEveryPart) {
    const bool sp3x = GetParam();
    auto res = decode(rvtest::writeMlod(rvtest::makeBoxModel(sp3x)));
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    const rv::OdolModel& m = res.value();
    EXPECT_TRUE(m.editable);
    EXPECT_TRUE(m.warnings.empty()) << rv::diagnosticLine(m.warnings[0]);
    ASSERT_EQ(m.lods.size(), 3u);
    const rv::OdolLod& lod = m.lods[0];
    EXPECT_EQ(lod.name, "1.000");
    EXPECT_EQ(m.lods[1].name, "Geometry");
    EXPECT_EQ(m.lods[2].name, "Memory");
    ASSERT_EQ(lod.positions.size(), 8u);
    ASSERT_EQ(lod.faceCount(), 6u);
    EXPECT_EQ(lod.faceIndices[0], 0u);
    EXPECT_EQ(lod.faceIndices[2], 3u);  // stored order
    EXPECT_EQ(lod.faceFlags[3], 0x20u);
    // Normals are stored inward; the model's point outward.
    EXPECT_EQ(lod.normals[0].z, -1.0f);
    ASSERT_EQ(lod.cornerUvSets.size(), 2u);  // set 0 from the faces, #UVSet# 1
    EXPECT_EQ(lod.cornerUvSetIds[1], 1u);
    EXPECT_EQ(lod.cornerUvSets[1][2].u, 0.5f);
    EXPECT_EQ(lod.sharpEdges, (std::vector<uint32_t>{0, 1, 2, 3}));
    // Textures per face become sections; the untextured last side is a section of its own.
    ASSERT_EQ(lod.textures.size(), 1u);
    EXPECT_EQ(lod.textures[0], "rv\\box\\box_co.paa");
    ASSERT_EQ(lod.sections.size(), 2u);
    EXPECT_EQ(lod.sections[0].endFace, 5u);
    EXPECT_EQ(lod.sections[0].materialName, sp3x ? "" : "rv\\box\\box.rvmat");
    EXPECT_EQ(lod.sections[1].textureIndex, -1);
    // Selections: points with non-zero bytes, their bytes kept; faces.
    ASSERT_EQ(lod.selections.size(), 2u);
    EXPECT_EQ(lod.selections[0].name, "top");
    EXPECT_EQ(lod.selections[0].vertices, (std::vector<uint32_t>{2, 3, 6, 7}));
    EXPECT_EQ(lod.selections[0].vertexWeights, (std::vector<uint8_t>{1, 1, 254, 2}));
    EXPECT_EQ(lod.selections[0].faces, (std::vector<uint32_t>{3}));
    // Model level: the Geometry LOD's masses and class, the centre of every LOD's points.
    EXPECT_EQ(m.info.specialLods[1], 1);
    EXPECT_EQ(m.info.specialLods[0], 2);
    EXPECT_EQ(m.info.mass.size(), 8u);
    EXPECT_EQ(m.info.totalMass, 36.0f);
    EXPECT_EQ(m.info.propertyClass, "house");
    EXPECT_EQ(m.info.boundingCenter.x, 0.75f);  // points 0.25..1.25 and the memory points 0.5
    EXPECT_EQ(m.info.boundingCenter.y, 0.5f);   // the memory points: -1 .. 2
    EXPECT_EQ(m.info.bboxMax.y, 1.5f);
}

TEST_P(MlodBox, ViewSplitsCornersAndWindsAsTheBinarizer) {
    auto res = decode(rvtest::writeMlod(rvtest::makeBoxModel(GetParam())));
    ASSERT_TRUE(res.ok());
    rv::Options options;
    options.lods = "all";
    auto view = rv::buildModelView(res.value(), options, rv::Frame{});
    ASSERT_TRUE(view.ok()) << rv::diagnosticLine(view.error());
    const rv::LodView& lv = view->lods[0];
    // 8 points, each on 3 sides with a normal of its own: 24 vertices, each on its point.
    ASSERT_EQ(lv.positions.size(), 24u);
    const rv::OdolModel& m = res.value();
    const rv::Vec3 c = m.info.boundingCenter;
    for (size_t v = 0; v < 24; ++v) {
        const rv::Vec3& p = m.lods[0].positions[lv.vertexPoint[v]];
        EXPECT_EQ(lv.positions[v].x, p.x - c.x);  // autocentred
        EXPECT_EQ(lv.positions[v].y, p.y - c.y);
    }
    // Every triangle faces the way its corners' normals point (outward), as in ODOL.
    ASSERT_EQ(lv.triangles.size(), 36u);
    for (size_t t = 0; t < 12; ++t) {
        const rv::Vec3 &a = lv.positions[lv.triangles[3 * t]], &b = lv.positions[lv.triangles[3 * t + 1]],
                       &d = lv.positions[lv.triangles[3 * t + 2]];
        const rv::Vec3 u{b.x - a.x, b.y - a.y, b.z - a.z}, w{d.x - a.x, d.y - a.y, d.z - a.z};
        const rv::Vec3 n{u.y * w.z - u.z * w.y, u.z * w.x - u.x * w.z, u.x * w.y - u.y * w.x};
        const rv::Vec3& stored = lv.normals[lv.triangles[3 * t]];
        EXPECT_GT(n.x * stored.x + n.y * stored.y + n.z * stored.z, 0.0f) << "triangle " << t;
    }
    ASSERT_EQ(lv.uvSets.size(), 2u);
    // Selections reach every vertex of their points, with Object Builder's weights.
    const rv::SelectionView& top = lv.selections[0];
    EXPECT_EQ(top.vertices.size(), 12u);
    float lightest = 1;
    for (float w : top.weights) lightest = std::min(lightest, w);
    EXPECT_FLOAT_EQ(lightest, 2.0f / 255.0f);
    // Masses: each point's once, on its first vertex.
    float total = 0;
    for (float x : view->lods[1].vertexMass) total += x;
    EXPECT_EQ(total, 36.0f);
    // Without autocenter, the stored points as they are.
    options.autocenter = false;
    auto raw = rv::buildModelView(res.value(), options, rv::Frame{});
    ASSERT_TRUE(raw.ok());
    for (size_t v = 0; v < 24; ++v)
        EXPECT_EQ(raw->lods[0].positions[v].z, m.lods[0].positions[raw->lods[0].vertexPoint[v]].z);
    // Memory points are named points.
    ASSERT_EQ(view->lods[2].namedPoints.size(), 2u);
    EXPECT_EQ(view->lods[2].namedPoints[0].name, "usti hlavne");
}

INSTANTIATE_TEST_SUITE_P(Families, MlodBox, testing::Bool(),
                         [](const testing::TestParamInfo<bool>& i) { return i.param ? "SP3X" : "P3DM"; });

// A proxy is a right triangle in a "proxy:" selection: origin at the right angle, up along the
// longer leg, forward along the shorter; the view names it as the selection.
TEST(MlodFixtures, ProxyTrianglesBecomeProxies) {
    std::vector<rvtest::MlodLodSpec> lods = rvtest::makeBoxModel(false);
    rvtest::MlodLodSpec& lod = lods[0];
    const uint32_t first = uint32_t(lod.points.size());
    lod.points.insert(lod.points.end(), {{1, 2, 3}, {3, 2, 3}, {1, 3, 3}});  // right angle, long leg +x, short +y
    rvtest::MlodFaceSpec f;
    f.points = {first, first + 1, first + 2};
    f.normals = {0, 0, 0};
    f.uvs = {{0, 0}, {0, 0}, {0, 0}};
    lod.faces.push_back(f);
    for (rvtest::MlodTagSpec& t : lod.tags)  // the selections grow with the points and faces
        if (t.name[0] != '#') {
            const std::vector<uint8_t> faces(t.data.begin() + 8, t.data.end());
            t.data.resize(8);
            t.data.insert(t.data.end(), {0, 0, 0});
            t.data.insert(t.data.end(), faces.begin(), faces.end());
            t.data.push_back(0);
        }
    lod.tags.erase(lod.tags.begin() + 2, lod.tags.begin() + 4);  // UV sets sized for 6 faces
    lod.tags.push_back(
        rvtest::selectionTag("proxy:\\rv\\crate.007", {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 1}));
    auto res = decode(rvtest::writeMlod(lods));
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    ASSERT_EQ(res->lods[0].proxies.size(), 1u);
    const rv::OdolProxy& p = res->lods[0].proxies[0];
    EXPECT_EQ(p.model, "\\rv\\crate");
    EXPECT_EQ(p.sequenceId, 7);
    const float want[12] = {0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 2, 3};  // aside, up, dir, position
    for (int i = 0; i < 12; ++i) EXPECT_EQ(p.transform.m[i], want[i]) << i;
    rv::Options options;
    options.autocenter = false;
    auto view = rv::buildModelView(res.value(), options, rv::Frame{});
    ASSERT_TRUE(view.ok());
    ASSERT_EQ(view->lods[0].proxies.size(), 1u);
    EXPECT_EQ(view->lods[0].proxies[0].name, "proxy:\\rv\\crate.007");
}

TEST(MlodFixtures, AutocenterZeroKeepsTheOrigin) {
    auto res = decode(rvtest::writeMlod(rvtest::makeBoxModel(false, true)));
    ASSERT_TRUE(res.ok());
    EXPECT_FALSE(res->info.autoCenter);
    EXPECT_EQ(res->info.boundingCenter.x, 0.0f);
    EXPECT_EQ(res->info.boundingCenter.y, 0.0f);
}

TEST(MlodFixtures, UnknownAndMisfitTagsAreWarnings) {
    std::vector<rvtest::MlodLodSpec> lods = rvtest::makeBoxModel(false);
    lods[0].tags.push_back({"#Something#", {1, 2, 3}});
    lods[0].tags.push_back(rvtest::selectionTag("short", {1, 1}, {}));
    lods[0].tags.push_back({"#Selected#", std::vector<uint8_t>(14, 0)});
    lods[0].tags.push_back({"#Mass#", {0, 0, 0}});
    auto res = decode(rvtest::writeMlod(lods));
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    std::vector<rv::DiagKind> kinds;
    for (const rv::Warning& w : res->warnings) kinds.push_back(w.kind);
    EXPECT_EQ(kinds, (std::vector<rv::DiagKind>{rv::DiagKind::UnknownRecord, rv::DiagKind::SizeMismatch,
                                                rv::DiagKind::SizeMismatch}));
    EXPECT_NE(rv::diagnosticLine(res->warnings[0]).find("box.p3d: LOD 0 tags 5 #Something#"), std::string::npos)
        << rv::diagnosticLine(res->warnings[0]);
    EXPECT_EQ(res->lods[0].selections.size(), 2u);  // "short" skipped
}

// Tag warnings are capped per LOD: a flood of unknown tags is 16 lines and a count.
TEST(MlodFixtures, TagWarningFloodsAreCapped) {
    std::vector<rvtest::MlodLodSpec> lods = rvtest::makeBoxModel(false);
    for (int i = 0; i < 1000; ++i) lods[0].tags.push_back({"#Flood" + std::to_string(i) + "#", {}});
    auto res = decode(rvtest::writeMlod(lods));
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    ASSERT_EQ(res->warnings.size(), 17u);
    EXPECT_NE(rv::diagnosticLine(res->warnings.back()).find("984 more warnings about tags of this LOD"), std::string::npos)
        << rv::diagnosticLine(res->warnings.back());
}

TEST(MlodFixtures, DamagedStructuresAreErrorsNamingWhere) {
    auto errorOf = [](const std::vector<rvtest::MlodLodSpec>& lods) {
        auto res = rv::decodeModel(rvtest::writeMlod(lods).data(), rvtest::writeMlod(lods).size(), "box.p3d");
        EXPECT_FALSE(res.ok());
        return res.ok() ? rv::DecodeError{} : res.error();
    };
    std::vector<rvtest::MlodLodSpec> lods = rvtest::makeBoxModel(false);
    lods[0].faces[2].points.push_back(1);  // 5 corners
    rv::DecodeError e = errorOf(lods);
    EXPECT_EQ(e.kind, rv::DiagKind::BadValue);
    EXPECT_NE(rv::diagnosticLine(e).find("box.p3d: LOD 0 faces 2: has 5 corners at offset 0x"), std::string::npos) << rv::diagnosticLine(e);

    lods = rvtest::makeBoxModel(true);
    lods[1].faces[4].points[1] = 8;  // no such point
    e = errorOf(lods);
    EXPECT_EQ(e.kind, rv::DiagKind::BadValue);
    EXPECT_NE(rv::diagnosticLine(e).find("LOD 1 faces 4: corner 1 uses point 8 of 8"), std::string::npos) << rv::diagnosticLine(e);

    // A tag whose size runs past the end of the file.
    std::vector<uint8_t> bytes = rvtest::writeMlod(rvtest::makeBoxModel(false));
    const std::string needle = "top";
    auto at = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()) - bytes.begin() + 4;
    const uint32_t huge = 0x7FFFFFFF;
    std::memcpy(&bytes[size_t(at)], &huge, 4);
    auto res = rv::decodeModel(bytes.data(), bytes.size(), "box.p3d");
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::BadCount);
    EXPECT_EQ(res.error().offset, uint64_t(at));
    EXPECT_NE(rv::diagnosticLine(res.error()).find("tag 'top' size 2147483647"), std::string::npos) << rv::diagnosticLine(res.error());

    // No LODs; a wrong LOD signature.
    rvtest::ByteWriter w;
    w.magic("MLOD");
    w.u32(257);
    w.u32(0);
    res = rv::decodeModel(w.bytes.data(), w.bytes.size(), "box.p3d");
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::BadCount);
    bytes = rvtest::writeMlod(rvtest::makeBoxModel(false));
    std::memcpy(&bytes[12], "ODOL", 4);
    res = rv::decodeModel(bytes.data(), bytes.size(), "box.p3d");
    ASSERT_FALSE(res.ok());
    EXPECT_NE(rv::diagnosticLine(res.error()).find("expected a 'P3DM' or 'SP3X' LOD signature at offset 0xc"), std::string::npos)
        << rv::diagnosticLine(res.error());
}

TEST(MlodFixtures, CountsBeyondTheBytesLeftAndTheMemoryLimit) {
    std::vector<uint8_t> bytes = rvtest::writeMlod(rvtest::makeBoxModel(false));
    std::vector<uint64_t> counts;
    ASSERT_TRUE(rv::mlod::decode(bytes.data(), bytes.size(), "box.p3d", rv::Options{}, &counts).ok());
    ASSERT_GE(counts.size(), 4u);
    for (uint64_t at : counts) {
        std::vector<uint8_t> hostile = bytes;
        const uint32_t v = 0xFFFFFFF0u;
        std::memcpy(&hostile[at], &v, 4);
        auto res = rv::decodeModel(hostile.data(), hostile.size(), "box.p3d");
        ASSERT_FALSE(res.ok()) << "count at " << at;
        EXPECT_EQ(res.error().kind, rv::DiagKind::BadCount) << rv::diagnosticLine(res.error());
    }
    rv::Options tight;
    tight.memoryLimit = 3 * bytes.size();  // the strings' reservation fits, the LODs do not
    auto res = decode(bytes, tight);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(rv::diagnosticLine(res.error()).find("over the memory limit"), std::string::npos) << rv::diagnosticLine(res.error());
}

// A LOD without points makes a selection of every 7 file bytes; each costs far more in memory,
// so a flood of them meets the memory limit instead of the host's.
TEST(MlodFixtures, SelectionFloodMeetsTheMemoryLimit) {
    rvtest::MlodLodSpec lod;
    lod.resolution = 1e15f;
    for (int i = 0; i < 200000; ++i) lod.tags.push_back({"s", {}});
    const std::vector<uint8_t> bytes = rvtest::writeMlod({lod});
    ASSERT_LT(bytes.size(), 2u << 20);
    rv::Options options;
    options.memoryLimit = uint64_t(8) << 20;
    auto res = decode(bytes, options);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::MemoryLimit) << rv::diagnosticLine(res.error());
    options.memoryLimit = uint64_t(256) << 20;
    res = decode(bytes, options);
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    EXPECT_EQ(res->lods[0].selections.size(), 200000u);
}

TEST(MlodFixtures, OdolDecoderStillNamesEditableFiles) {
    const std::vector<uint8_t> bytes = rvtest::writeMlod(rvtest::makeBoxModel(false));
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "box.p3d");
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::Unsupported);
}

}  // namespace
