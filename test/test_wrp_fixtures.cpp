// OPRW written by our own test-side writer (from the notes) round-trips through the decoder for
// every version family: quad trees, LZSS and LZO payloads, roads with the v16/v24 additions,
// classed models, map info; plus damage sweeps and hostile grid sizes.
#include <gtest/gtest.h>

#include <cstring>

#include "rv/wrp.hpp"
#include "support/lzo_reference.hpp"
#include "support/wrp_writer.hpp"
#include "wrp/wrp_parse.hpp"

namespace {

std::vector<uint8_t> write(const rv::WrpTerrain& t) {
    rvtest::WrpWriteOptions o;
    o.lzo = rvtest::lzoFast;
    return rvtest::writeOprw(t, o);
}

void expectSame(const rv::WrpTerrain& want, const rv::WrpTerrain& got) {
    EXPECT_EQ(got.signature, "OPRW");
    EXPECT_EQ(got.version, want.version);
    EXPECT_EQ(got.appId, want.appId);
    EXPECT_EQ(got.layerSizeX, want.layerSizeX);
    EXPECT_EQ(got.layerSizeY, want.layerSizeY);
    EXPECT_EQ(got.mapSizeX, want.mapSizeX);
    EXPECT_EQ(got.mapSizeY, want.mapSizeY);
    EXPECT_EQ(got.layerCellSize, want.layerCellSize);
    EXPECT_EQ(got.elevation, want.elevation);
    EXPECT_EQ(got.materialIndex, want.materialIndex);
    EXPECT_EQ(got.geography, want.geography);
    EXPECT_EQ(got.materials, want.materials);
    EXPECT_EQ(got.models, want.models);
    ASSERT_EQ(got.peaks.size(), want.peaks.size());
    for (size_t i = 0; i < want.peaks.size(); ++i) EXPECT_EQ(std::memcmp(&got.peaks[i], &want.peaks[i], 12), 0);
    ASSERT_EQ(got.objects.size(), want.objects.size());
    for (size_t i = 0; i < want.objects.size(); ++i) {
        EXPECT_EQ(got.objects[i].id, want.objects[i].id);
        EXPECT_EQ(got.objects[i].model, want.objects[i].model);
        EXPECT_EQ(got.objects[i].transform.m, want.objects[i].transform.m);
    }
    ASSERT_EQ(got.roads.size(), want.roads.size());
    for (size_t i = 0; i < want.roads.size(); ++i) {
        const auto &a = got.roads[i], &b = want.roads[i];
        EXPECT_EQ(a.cell, b.cell);
        ASSERT_EQ(a.connections.size(), b.connections.size());
        EXPECT_EQ(std::memcmp(a.connections.data(), b.connections.data(), 12 * b.connections.size()), 0);
        EXPECT_EQ(a.connectionTypes, b.connectionTypes);
        EXPECT_EQ(a.objectId, b.objectId);
        EXPECT_EQ(a.model, b.model);
        EXPECT_EQ(a.transform.m, b.transform.m);
    }
    ASSERT_EQ(got.classedModels.size(), want.classedModels.size());
    for (size_t i = 0; i < want.classedModels.size(); ++i) {
        EXPECT_EQ(got.classedModels[i].className, want.classedModels[i].className);
        EXPECT_EQ(got.classedModels[i].model, want.classedModels[i].model);
        EXPECT_EQ(got.classedModels[i].objectId, want.classedModels[i].objectId);
    }
    ASSERT_EQ(got.mapInfo.size(), want.mapInfo.size());
    for (size_t i = 0; i < want.mapInfo.size(); ++i) {
        EXPECT_EQ(got.mapInfo[i].type, want.mapInfo[i].type);
        EXPECT_EQ(got.mapInfo[i].objectId, want.mapInfo[i].objectId);
        EXPECT_EQ(got.mapInfo[i].values, want.mapInfo[i].values);
        EXPECT_EQ(got.mapInfo[i].bytes, want.mapInfo[i].bytes);
    }
    EXPECT_EQ(got.maxObjectId, want.maxObjectId);
    EXPECT_TRUE(got.warnings.empty()) << rv::diagnosticLine(got.warnings.front());
}

class OprwVersion : public testing::TestWithParam<uint32_t> {};

TEST_P(OprwVersion, EveryFieldRoundTrips) {
    const uint32_t v = GetParam();
    // A non-square land grid (quad trees with virtual cells) and a finer height grid; OFP's one grid.
    const rv::WrpTerrain want =
        v <= 3 ? rvtest::makeTestTerrain(v, 64, 64, 64, 64) : rvtest::makeTestTerrain(v, 32, 16, 64, 32);
    const std::vector<uint8_t> bytes = write(want);
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "fixture.wrp");
    ASSERT_TRUE(got.ok()) << rv::diagnosticLine(got.error());
    expectSame(want, got.value());
}

INSTANTIATE_TEST_SUITE_P(Versions, OprwVersion,
                         testing::Values(3u, 12u, 14u, 15u, 16u, 17u, 18u, 20u, 21u, 22u, 23u, 24u, 25u));

TEST(OprwFixture, Version2HasItsFixed256Grid) {
    const rv::WrpTerrain want = rvtest::makeTestTerrain(2, 256, 256, 256, 256);
    const std::vector<uint8_t> bytes = write(want);
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "v2.wrp");
    ASSERT_TRUE(got.ok()) << rv::diagnosticLine(got.error());
    expectSame(want, got.value());
    EXPECT_EQ(got->cellSize(), 50.0f);  // not stored: the config's default
    EXPECT_FALSE(got->cellSizeStored);
}

TEST(OprwFixture, LargeGridWithLzo) {
    const rv::WrpTerrain want = rvtest::makeTestTerrain(25, 256, 256, 1024, 1024);
    const std::vector<uint8_t> bytes = write(want);
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "large.wrp");
    ASSERT_TRUE(got.ok()) << rv::diagnosticLine(got.error());
    EXPECT_EQ(got->elevation, want.elevation);
    EXPECT_EQ(got->materialIndex, want.materialIndex);
    EXPECT_EQ(got->cellSize(), 10.0f);  // 256 land cells of 40 m over 1024 samples
}

TEST(OprwFixture, UnknownMapInfoTypeIsAWarningNotAFailure) {
    rv::WrpTerrain want = rvtest::makeTestTerrain(24, 16, 16, 16, 16);
    want.mapInfo.push_back({999, 1, {1, 2}, {}});
    const std::vector<uint8_t> bytes = write(want);
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "info.wrp");
    ASSERT_TRUE(got.ok()) << rv::diagnosticLine(got.error());
    ASSERT_EQ(got->mapInfo.size(), want.mapInfo.size() - 1);
    ASSERT_EQ(got->warnings.size(), 1u);
    EXPECT_EQ(got->warnings[0].kind, rv::DiagKind::UnknownRecord);
    EXPECT_NE(rv::diagnosticLine(got->warnings[0]).find("unknown map-info record type 999"), std::string::npos)
        << rv::diagnosticLine(got->warnings[0]);
    EXPECT_EQ(got->objects.size(), want.objects.size());
}

// A few bytes must not make the decoder allocate a huge land grid: quad trees are expanded only
// after the road net (4 bytes per land cell) proved the file is that large.
TEST(OprwFixture, HugeLandGridFromAFewBytesIsRefusedBeforeAllocating) {
    rv::WrpTerrain t = rvtest::makeTestTerrain(25, 4, 4, 4, 4);
    std::vector<uint8_t> bytes = write(t);
    const uint32_t huge = 65536;
    std::memcpy(&bytes[12], &huge, 4);  // land X (after magic, version, appId)
    std::memcpy(&bytes[16], &huge, 4);  // land Y
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "huge.wrp");
    ASSERT_FALSE(got.ok());
    // A land-sized payload (the persistent grid) or the road net cannot be that large.
    EXPECT_EQ(got.error().kind, rv::DiagKind::BadCount) << rv::diagnosticLine(got.error());
    EXPECT_TRUE(got.error().where == "persistent" || got.error().where == "roads") << rv::diagnosticLine(got.error());
}

TEST(OprwFixture, DayZAndVbsAreRefusedClearly) {
    rv::WrpTerrain t = rvtest::makeTestTerrain(25, 4, 4, 4, 4);
    std::vector<uint8_t> bytes = write(t);
    const uint32_t dayz = 29;
    std::memcpy(&bytes[4], &dayz, 4);
    auto got = rv::decodeWrp(bytes.data(), bytes.size(), "chernarus.wrp");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, rv::DiagKind::Unsupported);
    EXPECT_NE(rv::diagnosticLine(got.error()).find("DayZ"), std::string::npos) << rv::diagnosticLine(got.error());
    const uint32_t vbs = 26;
    std::memcpy(&bytes[4], &vbs, 4);
    got = rv::decodeWrp(bytes.data(), bytes.size(), "vbs.wrp");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, rv::DiagKind::Unsupported);
    EXPECT_NE(rv::diagnosticLine(got.error()).find("VBS"), std::string::npos) << rv::diagnosticLine(got.error());
}

// One header field patched at a time (v24: no appID, so land X is at offset 8), each refused
// with its kind at the field's offset.
TEST(OprwFixture, HeaderFieldsAreRefusedWithTheirKind) {
    const std::vector<uint8_t> good = write(rvtest::makeTestTerrain(24, 8, 8, 8, 8));
    struct Case {
        size_t at;
        uint32_t value;
        rv::DiagKind kind;
        uint64_t offset;
    };
    const float negative = -40.0f;
    uint32_t negativeBits;
    std::memcpy(&negativeBits, &negative, 4);
    for (const Case& c : {Case{4, 11, rv::DiagKind::Unsupported, 8},              // v11: no grid sizes
                          Case{4, 7, rv::DiagKind::Unsupported, 4},               // unknown version
                          Case{8, 0, rv::DiagKind::BadCount, 8},                  // empty land grid
                          Case{20, 70000, rv::DiagKind::BadCount, 16},            // terrain grid too large
                          Case{24, negativeBits, rv::DiagKind::BadValue, 28}}) {  // cell size
        std::vector<uint8_t> b = good;
        std::memcpy(&b[c.at], &c.value, 4);
        auto got = rv::decodeWrp(b.data(), b.size(), "patched.wrp");
        ASSERT_FALSE(got.ok()) << c.at;
        EXPECT_EQ(got.error().kind, c.kind) << rv::diagnosticLine(got.error());
        EXPECT_EQ(got.error().offset, c.offset) << rv::diagnosticLine(got.error());
    }
}

// LZSS payloads (v < 23) carry a checksum; LZO ones (v23+) a stream that must end exactly. A
// damaged byte inside the elevation payload fails as BadCompression or decodes to other values.
TEST(OprwFixture, DamagedPayloadsAreBadCompression) {
    for (uint32_t v : {20u, 25u}) {
        const std::vector<uint8_t> good = write(rvtest::makeTestTerrain(v, 16, 16, 32, 32));
        size_t inElevation = 0;
        for (size_t at = 0; at < good.size(); ++at) {
            std::vector<uint8_t> b = good;
            b[at] ^= 0x5A;
            auto got = rv::decodeWrp(b.data(), b.size(), "damaged.wrp");
            if (got.ok() || got.error().where != "elevation") continue;
            ++inElevation;
            EXPECT_EQ(got.error().kind, rv::DiagKind::BadCompression) << rv::diagnosticLine(got.error());
        }
        EXPECT_GT(inElevation, 10u) << "v" << v;
    }
}

TEST(OprwFixture, MemoryLimitIsItsOwnKind) {
    const std::vector<uint8_t> b = write(rvtest::makeTestTerrain(25, 64, 64, 256, 256));
    rv::Options small;
    small.memoryLimit = 64 * 1024;  // the 256 KiB elevation does not fit
    auto got = rv::decodeWrp(b.data(), b.size(), "big.wrp", small);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, rv::DiagKind::MemoryLimit) << rv::diagnosticLine(got.error());
}

// Every truncation, every byte flipped, hostile values at every count field the decoder reads.
class OprwDamage : public testing::TestWithParam<uint32_t> {};

TEST_P(OprwDamage, EndsInATerrainOrACleanError) {
    const rv::WrpTerrain t = rvtest::makeTestTerrain(GetParam(), 8, 4, 8, 8);
    const std::vector<uint8_t> original = write(t);
    std::vector<uint64_t> counts;
    ASSERT_TRUE(rv::wrp::decode(original.data(), original.size(), "w", {}, &counts).ok());
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    auto check = [&](const std::vector<uint8_t>& b, const std::string& what) {
        auto r = rv::decodeWrp(b.data(), b.size(), "damaged.wrp", options);
        if (!r.ok()) {
            ASSERT_EQ(rv::diagnosticLine(r.error()).rfind("damaged.wrp: ", 0), 0u) << what << ": " << rv::diagnosticLine(r.error());
            ASSERT_LE(r.error().offset, b.size()) << what << ": " << rv::diagnosticLine(r.error());
            ASSERT_LT(int(r.error().kind), 100) << what << ": a warning kind on an error: " << rv::diagnosticLine(r.error());
        }
    };
    for (size_t len = 0; len < original.size(); ++len)
        check(std::vector<uint8_t>(original.begin(), original.begin() + long(len)),
              "truncated to " + std::to_string(len));
    for (size_t at = 0; at < original.size(); ++at) {
        std::vector<uint8_t> b = original;
        b[at] ^= 0xFF;
        check(b, "flip at " + std::to_string(at));
    }
    for (uint64_t at : counts)
        for (uint32_t v : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u, 0x00FFFFFFu}) {
            if (at + 4 > original.size()) continue;
            std::vector<uint8_t> b = original;
            std::memcpy(&b[at], &v, 4);
            check(b, "count at " + std::to_string(at));
        }
}

INSTANTIATE_TEST_SUITE_P(Versions, OprwDamage, testing::Values(3u, 16u, 22u, 25u));

}  // namespace
