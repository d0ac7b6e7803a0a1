// What we refuse, and how: one clear line naming the file, the structure and the byte offset.
#include <gtest/gtest.h>

#include "support/load.hpp"
#include "support/odol_writer.hpp"

namespace {

std::string errorOf(const std::vector<uint8_t>& b, const char* name = "model.p3d") {
    auto res = rv::decodeOdol(b.data(), b.size(), name);
    EXPECT_FALSE(res.ok());
    return res.ok() ? "" : res.error().message;
}

std::vector<uint8_t> header(const char* magic, uint32_t version) {
    std::vector<uint8_t> b(magic, magic + 4);
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t(version >> (8 * i)));
    b.resize(64, 0);
    return b;
}

TEST(OdolErrors, EditableMlodIsRecognised) {
    EXPECT_EQ(errorOf(header("MLOD", 257), "box.p3d"),
              "box.p3d: this is an editable MLOD model (starts with 'MLOD' at offset 0x0), not a binarized ODOL; "
              "open it with Object Builder or the a3ob Blender add-on");
}

TEST(OdolErrors, RealMlodSampleIsRecognised) {
    std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent";
    auto b = rvtest::readBytes(dir + "/editable/agm/agm_epipen.p3d");
    EXPECT_NE(errorOf(b).find("editable MLOD"), std::string::npos);
}

TEST(OdolErrors, UnknownMagicAndVersions) {
    EXPECT_EQ(errorOf(header("OPRW", 25)), "model.p3d: not an ODOL model: starts with 'OPRW' at offset 0x0");
    EXPECT_EQ(errorOf(header("ODOL", 99)),
              "model.p3d: ODOL version 99 at offset 0x4 is not supported (7 and 28..75 are)");
    EXPECT_EQ(errorOf(header("ODOL", 10042)),
              "model.p3d: ODOL version 10042 at offset 0x4 is a VBS model; not supported");
    EXPECT_EQ(errorOf({'O', 'D'}), "model.p3d: file is 2 bytes, too short for an ODOL header (ends at offset 0x2)");
}

TEST(OdolErrors, EncryptedV75IsRefused) {
    auto b = header("ODOL", 75);
    b[8] = 1;
    EXPECT_EQ(errorOf(b), "model.p3d: header: the model is encrypted (words at offset 0x8 are non-zero); "
                          "encrypted ODOL cannot be read");
}

TEST(OdolErrors, HostileLodCountNamesTheOffset) {
    auto b = header("ODOL", 73);
    b[8] = 0;                       // appID
    b[12] = 0;                      // empty prefix
    b[13] = b[14] = b[15] = b[16] = 0xFF;  // LOD count 4294967295
    EXPECT_EQ(errorOf(b), "model.p3d: LOD resolutions: LODs: count 4294967295 at offset 0xd exceeds the 47 bytes left");
}

TEST(OdolErrors, TruncatedRealFileNamesTheLodAndOffset) {
    std::string dir = rvtest::samplesDir();
    if (dir.empty()) GTEST_SKIP() << "../shared/samples is absent";
    auto b = rvtest::readBytes(dir + "/real/tfar-pairs/odol/tf_bussole.p3d");
    b.resize(b.size() / 2);
    std::string e = errorOf(b, "tf_bussole.p3d");
    EXPECT_EQ(e.rfind("tf_bussole.p3d: LOD ", 0), 0u) << e;
    EXPECT_NE(e.find("offset 0x"), std::string::npos) << e;
}

TEST(OdolErrors, BadCompressionFlagIsRefused) {
    // The crate written raw has flag 0 before its first non-empty payload (the mass array);
    // a flag of 1 has never been seen in real files and must be refused with its offset.
    rv::OdolModel crate = rvtest::makeCrateModel();
    auto bytes = rvtest::writeOdol73(crate);
    auto good = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    ASSERT_TRUE(good.ok());
    // mass array: u32 count 24 followed by flag 0; find it after the model info's start.
    const uint8_t needle[] = {24, 0, 0, 0, 0, 0, 0, 0xA0, 0x40};  // count 24, flag 0, 5.0f
    auto it = std::search(bytes.begin(), bytes.end(), std::begin(needle), std::end(needle));
    ASSERT_NE(it, bytes.end());
    size_t flagAt = size_t(it - bytes.begin()) + 4;
    bytes[flagAt] = 1;
    char expect[160];
    std::snprintf(expect, sizeof expect,
                  "crate.p3d: model info mass array: mass array: compression flag 1 at offset 0x%zx is neither 0 "
                  "(raw) nor 2 (LZO)",
                  flagAt);
    EXPECT_EQ(errorOf(bytes, "crate.p3d"), expect);
}

}  // namespace
