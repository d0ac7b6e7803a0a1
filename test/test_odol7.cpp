// ODOL v7 (Operation Flashpoint): the engine's own fixture with values unpacked by hand, and
// models from our test-side v7 writer (with our LZSS encoder) that must decode exactly.
#include <gtest/gtest.h>

#include <cstring>

#include "support/load.hpp"
#include "support/model_compare.hpp"
#include "support/odol7_writer.hpp"

namespace {

// animated_morph_odol.p3d, unpacked with struct by hand: 4 clip flags, UVs (0,0) (1,0) (1,1)
// (0,1), positions (+-1, 0, +-0.25), stored normals (0,1,0), no textures, one quad, selection
// "synthetic_panel", three frames.
TEST(OdolV7, EngineFixtureValues) {
    RV_LOAD_SAMPLE(m, "v7/animated_morph_odol.p3d");
    EXPECT_EQ(m.version, 7u);
    ASSERT_EQ(m.lods.size(), 1u);
    const rv::OdolLod& l = m.lods[0];
    EXPECT_EQ(l.name, "1.000");
    const float pos[4][3] = {{-1, 0, -0.25f}, {1, 0, -0.25f}, {1, 0, 0.25f}, {-1, 0, 0.25f}};
    ASSERT_EQ(l.positions.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(l.positions[i].x, pos[i][0]);
        EXPECT_EQ(l.positions[i].y, pos[i][1]);
        EXPECT_EQ(l.positions[i].z, pos[i][2]);
        // Stored (0,1,0) opposes the winding normal cross(v1-v0, v2-v0) = (0,-1,0): stored
        // inward, as in Arma's float normals, so the outward normal is (0,-1,0).
        EXPECT_EQ(l.normals[i].y, -1.0f);
    }
    EXPECT_EQ(l.faceIndices, (std::vector<uint32_t>{0, 1, 2, 3}));
    const float uv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(l.uvSets.at(0)[i].u, uv[i][0]);
        EXPECT_EQ(l.uvSets.at(0)[i].v, uv[i][1]);
    }
    EXPECT_TRUE(l.textures.empty());
    ASSERT_EQ(l.sections.size(), 1u);
    EXPECT_EQ(l.sections[0].textureIndex, -1);
    ASSERT_EQ(l.selections.size(), 1u);
    EXPECT_EQ(l.selections[0].name, "synthetic_panel");
    EXPECT_EQ(l.selections[0].vertices, (std::vector<uint32_t>{0, 1, 2, 3}));
    EXPECT_EQ(l.selections[0].faces, (std::vector<uint32_t>{0}));
    ASSERT_EQ(l.frames.size(), 3u);
    EXPECT_EQ(l.frames[1].time, 0.5f);
    EXPECT_TRUE(m.warnings.empty());
}

TEST(OdolV7, WrittenModelRoundTrips) {
    rv::OdolModel want = rvtest::makeOfpModel();
    auto bytes = rvtest::writeOdol7(want);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "ofp.p3d");
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    rvtest::expectSameModel(want, res.value());
    const rv::OdolModel& got = res.value();
    EXPECT_EQ(got.info.mapType, 3);
    EXPECT_EQ(got.info.mass, want.info.mass);  // 1200 bytes: an LZSS array
    EXPECT_EQ(got.info.specialLods[0], 4);
    EXPECT_EQ((std::vector<std::string>{got.lods[0].name, got.lods[2].name, got.lods[3].name, got.lods[4].name}),
              (std::vector<std::string>{"1.000", "ShadowVolume 0", "Geometry", "Memory"}));
    // The untextured faces of the plate: texture entry "" and -1 both read as "no texture".
    EXPECT_EQ(got.lods[0].sections[1].textureIndex, -1);
    EXPECT_EQ(got.lods[0].sections[1].faceFlags, 0x20u);
}

// Every truncation, byte flip and hostile count ends in success or a clean error with an
// offset; flips inside the LZSS arrays are caught (stream or checksum errors).
TEST(OdolV7, DamageSweepEndsCleanly) {
    auto good = rvtest::writeOdol7(rvtest::makeOfpModel());
    size_t lzssErrors = 0, failures = 0;
    auto check = [&](const std::vector<uint8_t>& b) {
        auto res = rv::decodeOdol(b.data(), b.size(), "ofp.p3d");
        if (res.ok()) return;
        ++failures;
        const std::string& msg = rv::diagnosticLine(res.error());
        EXPECT_EQ(msg.rfind("ofp.p3d: ", 0), 0u) << msg;
        EXPECT_NE(msg.find("offset 0x"), std::string::npos) << msg;
        EXPECT_LE(res.error().offset, b.size());
        EXPECT_EQ(res.error().severity, rv::Severity::Error);
        // Flips inside the LZSS arrays break the stream or its checksum; both name the codec.
        if (res.error().kind == rv::DiagKind::BadCompression) {
            ++lzssErrors;
            EXPECT_NE(msg.find("LZSS"), std::string::npos) << msg;
        }
    };
    for (size_t cut = 0; cut < good.size(); ++cut)
        check(std::vector<uint8_t>(good.begin(), good.begin() + ptrdiff_t(cut)));
    for (size_t at = 0; at < good.size(); ++at) {
        auto b = good;
        b[at] ^= 0x55;
        check(b);
    }
    for (uint32_t hostile : {0xFFFFFFFFu, 0x7FFFFFFFu}) {
        for (size_t at = 0; at + 4 <= good.size(); at += 1) {
            auto b = good;
            std::memcpy(b.data() + at, &hostile, 4);
            check(b);
        }
    }
    EXPECT_GE(failures, good.size());
    EXPECT_GT(lzssErrors, 100u);
}

}  // namespace
