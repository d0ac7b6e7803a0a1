// What we refuse, and how. Every error has a kind (compared here, never the wording), the
// structure path it was found in and the absolute byte offset; its message is one line naming
// the file, the structure and the offset, checked exactly once (MessageNamesFileStructureAndOffset).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "support/load.hpp"
#include "support/odol_writer.hpp"

namespace {

using rv::DiagKind;

rv::DecodeError errorOf(const std::vector<uint8_t>& b, const char* name = "model.p3d") {
    auto res = rv::decodeOdol(b.data(), b.size(), name);
    EXPECT_FALSE(res.ok());
    if (res.ok()) return {};
    EXPECT_EQ(res.error().severity, rv::Severity::Error);
    EXPECT_EQ(rv::diagnosticLine(res.error()).rfind(std::string(name) + ": ", 0), 0u) << rv::diagnosticLine(res.error());
    return res.error();
}

std::vector<uint8_t> header(const char* magic, uint32_t version) {
    std::vector<uint8_t> b(magic, magic + 4);
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t(version >> (8 * i)));
    b.resize(64, 0);
    return b;
}

// The offset of the first occurrence of `needle` in `bytes` (the test fails when there is none).
size_t find(const std::vector<uint8_t>& bytes, const std::vector<uint8_t>& needle) {
    auto it = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end());
    EXPECT_NE(it, bytes.end());
    return it == bytes.end() ? 0 : size_t(it - bytes.begin());
}

std::vector<uint8_t> u32le(uint32_t v) { return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)}; }

void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) { std::memcpy(&b[at], &v, 4); }

TEST(OdolErrors, MessageNamesFileStructureAndOffset) {
    auto b = header("ODOL", 73);
    b[8] = 0;                              // appID
    b[12] = 0;                             // empty prefix
    b[13] = b[14] = b[15] = b[16] = 0xFF;  // LOD count 4294967295
    rv::DecodeError e = errorOf(b);
    EXPECT_EQ(e.kind, DiagKind::BadCount);
    EXPECT_EQ(e.where, "LOD resolutions");
    EXPECT_EQ(e.offset, 0xdu);
    EXPECT_EQ(rv::diagnosticLine(e), "model.p3d: LOD resolutions: LODs: count 4294967295 at offset 0xd exceeds the 47 bytes left");
}

TEST(OdolErrors, EditableMlodIsRecognised) {
    rv::DecodeError e = errorOf(header("MLOD", 257), "box.p3d");
    EXPECT_EQ(e.kind, DiagKind::Unsupported);
    EXPECT_EQ(e.offset, 0u);
    EXPECT_NE(rv::diagnosticLine(e).find("editable MLOD"), std::string::npos) << rv::diagnosticLine(e);
}

TEST(OdolErrors, RealMlodSampleIsRecognised) {
    std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent";
    auto b = rvtest::readBytes(dir + "/editable/agm/agm_epipen.p3d");
    EXPECT_EQ(errorOf(b).kind, DiagKind::Unsupported);
}

TEST(OdolErrors, UnknownMagicAndVersions) {
    rv::DecodeError e = errorOf(header("OPRW", 25));
    EXPECT_EQ(e.kind, DiagKind::NotRecognized);
    EXPECT_EQ(e.offset, 0u);
    e = errorOf(header("ODOL", 99));
    EXPECT_EQ(e.kind, DiagKind::Unsupported);
    EXPECT_EQ(e.offset, 4u);
    e = errorOf(header("ODOL", 10042));  // VBS
    EXPECT_EQ(e.kind, DiagKind::Unsupported);
    EXPECT_EQ(e.offset, 4u);
    e = errorOf({'O', 'D'});
    EXPECT_EQ(e.kind, DiagKind::Truncated);
    EXPECT_EQ(e.offset, 2u);
}

TEST(OdolErrors, EncryptedV75IsRefused) {
    auto b = header("ODOL", 75);
    b[8] = 1;
    rv::DecodeError e = errorOf(b);
    EXPECT_EQ(e.kind, DiagKind::Unsupported);
    EXPECT_EQ(e.where, "header");
    EXPECT_EQ(e.offset, 8u);
}

// Cut in half: the LOD table names bytes that are gone.
TEST(OdolErrors, TruncatedRealFileNamesTheLodAndOffset) {
    std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent";
    auto b = rvtest::readBytes(dir + "/real/tfar-pairs/odol/tf_bussole.p3d");
    b.resize(b.size() / 2);
    rv::DecodeError e = errorOf(b, "tf_bussole.p3d");
    EXPECT_EQ(e.kind, DiagKind::Truncated) << rv::diagnosticLine(e);
    EXPECT_EQ(e.where.rfind("LOD ", 0), 0u) << e.where;
    EXPECT_LE(e.offset, b.size());
}

TEST(OdolErrors, BadCompressionFlagIsRefused) {
    // The crate written raw has flag 0 before its first non-empty payload (the mass array);
    // a flag of 1 has never been seen in real files and must be refused with its offset.
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    ASSERT_TRUE(rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d").ok());
    const size_t flagAt = find(bytes, {24, 0, 0, 0, 0, 0, 0, 0xA0, 0x40}) + 4;  // count 24, flag 0, 5.0f
    bytes[flagAt] = 1;
    rv::DecodeError e = errorOf(bytes, "crate.p3d");
    EXPECT_EQ(e.kind, DiagKind::BadCompression);
    EXPECT_EQ(e.where, "model info mass array");
    EXPECT_EQ(e.offset, flagAt);
}

// The crate's first LOD in file order is its last one; its face header is `count, data size, 0`.
size_t faceCountOffset(const std::vector<uint8_t>& bytes, const rv::OdolLod& lod) {
    const uint32_t n = uint32_t(lod.faceCount());
    std::vector<uint8_t> needle = u32le(n);
    for (uint8_t x : u32le(uint32_t(4 * (n + lod.faceIndices.size())))) needle.push_back(x);
    needle.push_back(0);
    needle.push_back(0);
    return find(bytes, needle);
}

TEST(OdolErrors, FaceCountBeyondTheDataIsABadCount) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    auto bytes = rvtest::writeOdol73(crate);
    const rv::OdolLod& lod = crate.lods[0];
    const size_t at = faceCountOffset(bytes, lod);
    put32(bytes, at, 0x7FFFFFFF);
    rv::DecodeError e = errorOf(bytes, "crate.p3d");
    EXPECT_EQ(e.kind, DiagKind::BadCount);
    EXPECT_EQ(e.where, "LOD 0 faces");
    EXPECT_EQ(e.offset, at);
}

TEST(OdolErrors, FaceWithFiveVerticesIsABadCount) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    auto bytes = rvtest::writeOdol73(crate);
    const size_t at = faceCountOffset(bytes, crate.lods[0]) + 10;  // face 0's vertex count
    ASSERT_TRUE(bytes[at] == 3 || bytes[at] == 4);
    bytes[at] = 5;
    rv::DecodeError e = errorOf(bytes, "crate.p3d");
    EXPECT_EQ(e.kind, DiagKind::BadCount);
    EXPECT_EQ(e.offset, at);
}

TEST(OdolErrors, FaceUsingAMissingVertexIsABadValue) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    crate.lods[1].faceIndices[0] = 9999;
    auto bytes = rvtest::writeOdol73(crate);
    rv::DecodeError e = errorOf(bytes, "crate.p3d");
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.where, "LOD 1");
    EXPECT_NE(rv::diagnosticLine(e).find("face 0 uses vertex 9999"), std::string::npos) << rv::diagnosticLine(e);
}

// Material version 20 is DayZ's (refused as unsupported); other unknown versions are bad values.
TEST(OdolErrors, MaterialVersions) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    ASSERT_FALSE(crate.lods[0].materials.empty());
    auto good = rvtest::writeOdol73(crate);
    std::vector<uint8_t> needle(crate.lods[0].materials[0].name.begin(), crate.lods[0].materials[0].name.end());
    needle.push_back(0);
    for (uint8_t x : u32le(11)) needle.push_back(x);
    const size_t at = find(good, needle) + needle.size() - 4;
    for (auto [version, kind] : {std::pair{20u, DiagKind::Unsupported}, std::pair{99u, DiagKind::BadValue}}) {
        auto bytes = good;
        put32(bytes, at, version);
        rv::DecodeError e = errorOf(bytes, "crate.p3d");
        EXPECT_EQ(e.kind, kind) << version;
        EXPECT_EQ(e.offset, at) << version;
        EXPECT_EQ(e.where, "LOD 0 materials material 0") << version;
    }
}

TEST(OdolErrors, LodStartAfterItsEndIsABadValue) {
    const rv::OdolModel crate = rvtest::makeCrateModel();
    auto bytes = rvtest::writeOdol73(crate);
    // The table (n starts, n ends, n flags) is followed by the body of the last LOD, which the
    // writer puts first: the table is where start[n-1] points just past it.
    const size_t n = crate.lods.size();
    size_t table = 0;
    for (size_t at = 0; at + 9 * n <= bytes.size() && !table; ++at) {
        uint32_t lastStart;
        std::memcpy(&lastStart, &bytes[at + 4 * (n - 1)], 4);
        if (lastStart == at + 9 * n) table = at;
    }
    ASSERT_NE(table, 0u);
    uint32_t start0, end0;
    std::memcpy(&start0, &bytes[table], 4);
    std::memcpy(&end0, &bytes[table + 4 * n], 4);
    put32(bytes, table, end0);
    put32(bytes, table + 4 * n, start0);
    rv::DecodeError e = errorOf(bytes, "crate.p3d");
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.where, "LOD 0");
}

TEST(OdolErrors, MemoryLimitIsItsOwnKind) {
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options small;
    small.memoryLimit = 100;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d", small);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, DiagKind::MemoryLimit);
}

}  // namespace
