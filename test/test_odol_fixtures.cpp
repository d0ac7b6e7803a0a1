// Models written by our own test-side v73 writer (from the notes) decode to exactly what was
// written, raw and LZO; every truncation and byte patch of them ends in success or a clean error.
#include <gtest/gtest.h>
#include <lzo/lzo1x.h>

#include <cstring>

#include "support/lzo_reference.hpp"
#include "support/model_compare.hpp"
#include "support/odol_writer.hpp"

namespace {

std::vector<uint8_t> liblzo(const uint8_t* p, size_t n) { return rvtest::lzoBest(p, n); }

rv::OdolModel decodeOk(const std::vector<uint8_t>& bytes) {
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    EXPECT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    return res.ok() ? res.value() : rv::OdolModel{};
}

TEST(OdolFixtures, CrateRoundTripsRaw) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rvtest::expectSameModel(crate, decodeOk(rvtest::writeOdol73(crate)));
}

TEST(OdolFixtures, CrateRoundTripsWithLzoPayloads) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    opt.lzoFrom = 1;  // even tiny payloads, as Bohemia's binarizer does (flag 2 below 1024 B)
    auto bytes = rvtest::writeOdol73(crate, opt);
    EXPECT_LT(bytes.size(), rvtest::writeOdol73(crate).size());
    rvtest::expectSameModel(crate, decodeOk(bytes));
}

// ufbx-style damage sweep: every truncation, every single-byte flip, and hostile counts written
// at every offset must end in success or a clean error naming an offset, quickly.
TEST(OdolFixtures, DamageSweepEndsCleanly) {
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    for (bool lzo : {false, true}) {
        auto good = rvtest::writeOdol73(rvtest::makeCrateModel(), lzo ? opt : rvtest::OdolWriteOptions{});
        size_t failures = 0, runs = 0;
        auto check = [&](const std::vector<uint8_t>& b) {
            auto res = rv::decodeOdol(b.data(), b.size(), "crate.p3d");
            ++runs;
            if (!res.ok()) {
                ++failures;
                EXPECT_EQ(rv::diagnosticLine(res.error()).rfind("crate.p3d: ", 0), 0u) << rv::diagnosticLine(res.error());
                EXPECT_NE(rv::diagnosticLine(res.error()).find("offset 0x"), std::string::npos) << rv::diagnosticLine(res.error());
                EXPECT_LE(res.error().offset, b.size());
                EXPECT_EQ(res.error().severity, rv::Severity::Error);
                EXPECT_LT(int(res.error().kind), 100) << "a warning kind on an error: " << rv::diagnosticLine(res.error());
            }
        };
        for (size_t cut = 0; cut < good.size(); ++cut)
            check(std::vector<uint8_t>(good.begin(), good.begin() + ptrdiff_t(cut)));
        for (size_t at = 0; at < good.size(); ++at) {
            auto b = good;
            b[at] ^= 0xFF;
            check(b);
        }
        for (uint32_t hostile : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u}) {
            for (size_t at = 0; at + 4 <= good.size(); ++at) {
                auto b = good;
                std::memcpy(b.data() + at, &hostile, 4);
                check(b);
            }
        }
        EXPECT_GT(failures, good.size());                          // every truncation at least must fail
        RecordProperty(lzo ? "runs_lzo" : "runs_raw", int(runs));  // hangs are caught by the ctest timeout
    }
}

// A filled array costs five bytes whatever its count. Clip flags and UV sets come before the
// positions, so their count is bounded by the positions the bytes left could hold: a count of 2^28
// is refused where it stands, instead of filling a GiB (the damage sweep once spent 35 s there).
TEST(OdolFixtures, FilledClipFlagsAreBoundedByTheBytesLeft) {
    size_t at = 0;
    rvtest::OdolWriteOptions opt;
    opt.clipFlagsOffset = &at;
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel(), opt);
    ASSERT_GT(at, 0u);
    ASSERT_EQ(bytes[at + 4], 1) << "the crate's clip flags are written filled";
    const uint32_t hostile = 0x10000000u;
    std::memcpy(bytes.data() + at, &hostile, 4);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::BadCount) << rv::diagnosticLine(res.error());
    EXPECT_EQ(res.error().offset, at);
    EXPECT_NE(rv::diagnosticLine(res.error()).find("LOD 0 clip flags: count 268435456 at offset"), std::string::npos)
        << rv::diagnosticLine(res.error());
}

TEST(OdolFixtures, MemoryBudgetIsEnforced) {
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options small;
    small.memoryLimit = 100;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d", small);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(rv::diagnosticLine(res.error()).find("memory limit of 100 bytes"), std::string::npos) << rv::diagnosticLine(res.error());
}

// A LOD whose normals all point one way stores them filled: one value, whatever the count (our
// writer does so, as binarize does). Its count is bounded by the memory budget, not by the few
// bytes left after it: 20,000 vertices were refused as "more than the bytes left can hold".
rv::OdolModel flatModel(uint32_t vertices) {
    rv::OdolModel m = rvtest::makeCrateModel();
    m.lods.resize(1);
    rv::OdolLod& l = m.lods[0];
    l.positions.clear();
    l.normals.clear();
    l.uvSets.clear();
    l.clipFlags.clear();
    for (uint32_t i = 0; i < vertices; ++i) {
        l.positions.push_back({float(i % 100), 0.0f, float(i / 100)});
        l.normals.push_back({0, 1, 0});
    }
    l.uvSets.push_back(std::vector<rv::Vec2>(vertices, rv::Vec2{0.25f, 0.5f}));
    return m;
}

TEST(OdolFixtures, FilledNormalsOfManyVerticesDecode) {
    const rv::OdolModel flat = flatModel(20000);
    auto bytes = rvtest::writeOdol73(flat);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "flat.p3d");
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    const rv::OdolLod& l = res->lods[0];
    ASSERT_EQ(l.normals.size(), 20000u);
    for (const rv::Vec3& n : l.normals) ASSERT_EQ(n.y, 1.0f);
    EXPECT_EQ(l.positions[19999].x, 99.0f);
    EXPECT_EQ(l.positions[19999].z, 199.0f);
}

TEST(OdolFixtures, FilledArraysAreBoundByTheBudget) {
    rv::OdolModel m = flatModel(20000);
    // 9 bytes in the file, 4 MB decoded; the 240 KB of positions after them could hold 1M vertices.
    m.lods[0].clipFlags.assign(1000000, 0);
    auto bytes = rvtest::writeOdol73(m);
    rv::Options small;
    small.memoryLimit = 1 << 20;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "flat.p3d", small);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::MemoryLimit) << rv::diagnosticLine(res.error());
    EXPECT_NE(rv::diagnosticLine(res.error()).find("clip flags"), std::string::npos) << rv::diagnosticLine(res.error());
    EXPECT_NE(rv::diagnosticLine(res.error()).find("count 1000000"), std::string::npos) << rv::diagnosticLine(res.error());
}

}  // namespace
