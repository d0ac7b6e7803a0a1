// Every PAA of ../shared/samples/textures/reference-decodes.tsv against the reference decodes of
// two independent readers (arma-tools and a libsquish + liblzo2 harness), plus checks of our own
// where the references are silent or wrong: the stored LZSS checksums against the pixels, the
// ARGB8888 file both readers refuse, and BI's tiny packed GUI mips that arma-tools misreads.
#include <filesystem>
#include <map>
#include <set>

#include "test_paa_common.hpp"

namespace {

using paatest::fnv64;
using paatest::RefRow;

// BI packs even 1x1 and 2x2 non-DXT mips with LZSS; arma-tools reads a mip as raw when its data
// is not smaller than w*h*bpp, and so takes the LZSS flag byte for pixel data. Checked by hand
// below (PaaTinyMips), not against its hash.
const std::set<std::string> kMisreadByArmatools = {
    "paa/ARGB1555/PixelSplitterBold10-02.paa",
    "paa/ARGB4444/gear_ui_blue_empty.paa",
    "paa/ARGB4444/gear_ui_blue_full.paa",
};

std::vector<RefRow> decodableRows() {
    std::vector<RefRow> out;
    for (const RefRow& r : paatest::referenceRows())
        if (r.path.rfind("paa/negative/", 0) != 0) out.push_back(r);
    return out;
}

std::string lzoList(const rv::PaaTexture& t) {
    std::string s;
    for (size_t i = 0; i < t.mips.size(); ++i)
        if (t.mips[i].storage == rv::PaaStorage::Lzo) s += (s.empty() ? "" : ",") + std::to_string(i);
    return s.empty() ? "none" : s;
}

std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

class PaaReference : public testing::TestWithParam<RefRow> {};

TEST_P(PaaReference, MatchesReferenceDecode) {
    RV_REQUIRE_TEXTURES();
    const RefRow& row = GetParam();
    const std::vector<uint8_t> bytes = rvtest::readBytes(paatest::texturesDir() + "/" + row.path);
    const rv::PaaTexture t = paatest::header(bytes, fileName(row.path));
    ASSERT_FALSE(t.mips.empty());
    EXPECT_EQ(std::to_string(t.width()), row.width);
    EXPECT_EQ(std::to_string(t.height()), row.height);
    EXPECT_EQ(std::to_string(t.mips.size()), row.mips);
    EXPECT_EQ(lzoList(t), row.lzo);

    const rv::Image stored = paatest::mip(t, bytes, 0, {true});
    const rv::Image shown = paatest::mip(t, bytes, 0);
    ASSERT_EQ(stored.rgba.size(), size_t(t.width()) * t.height() * 4);
    if (row.armatools != "-" && !kMisreadByArmatools.count(row.path)) {
        EXPECT_EQ(fnv64(stored.rgba), row.armatools);
        EXPECT_EQ(fnv64(shown.rgba), row.swizzled != "-" ? row.swizzled : row.armatools);
    }
    if (row.squish != "-") {
        EXPECT_EQ(fnv64(stored.rgba), row.squish);
    }
    EXPECT_EQ(t.hasSwizzle, row.swizzled != "-");

    // Every mip decodes, to its own size.
    for (size_t i = 1; i < t.mips.size(); ++i) {
        const rv::Image m = paatest::mip(t, bytes, i);
        EXPECT_EQ(m.width, t.mips[i].width);
        EXPECT_EQ(m.rgba.size(), size_t(t.mips[i].width) * t.mips[i].height * 4) << "mip " << i;
    }
}

std::string testName(const testing::TestParamInfo<RefRow>& p) { return paatest::rowName(p.param.path); }

INSTANTIATE_TEST_SUITE_P(Textures, PaaReference, testing::ValuesIn(decodableRows()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PaaReference);

uint32_t le32(const std::vector<uint8_t>& b, size_t at) {
    return uint32_t(b[at]) | (uint32_t(b[at + 1]) << 8) | (uint32_t(b[at + 2]) << 16) | (uint32_t(b[at + 3]) << 24);
}

uint32_t byteSum(const std::vector<uint8_t>& b, bool signedBytes) {
    uint32_t s = 0;
    for (uint8_t v : b) s += signedBytes ? uint32_t(int32_t(int8_t(v))) : v;
    return s;
}

// HEMTT's ARGB8888 file stores the unsigned LZSS sum; arma-tools refuses it, so our decode is
// checked against the file itself: its size, the checksum (a sum of the B, G, R, A bytes does not
// depend on their order, so the RGBA output must give the stored value), and its CGVA average.
TEST(PaaArgb8888, UnsignedChecksumMatchesThePixels) {
    RV_REQUIRE_TEXTURES();
    const std::vector<uint8_t> bytes =
        rvtest::readBytes(paatest::texturesDir() + "/paa/ARGB8888/mountain_converted.paa");
    const rv::PaaTexture t = paatest::header(bytes, "mountain_converted.paa");
    ASSERT_EQ(t.mips.size(), 1u);
    EXPECT_EQ(t.type, rv::PaaType::Argb8888);
    EXPECT_EQ(t.width(), 617u);
    EXPECT_EQ(t.height(), 255u);
    EXPECT_EQ(t.mips[0].storage, rv::PaaStorage::Lzss);

    // The file ends: ... checksum (4), terminator u32 0, u16 0.
    ASSERT_GE(bytes.size(), 10u);
    for (size_t i = bytes.size() - 6; i < bytes.size(); ++i) ASSERT_EQ(bytes[i], 0) << "byte " << i;
    const uint32_t stored = le32(bytes, bytes.size() - 10);

    const rv::Image img = paatest::mip(t, bytes, 0, {false, rv::LzssChecksum::Unsigned});
    ASSERT_EQ(img.rgba.size(), 617u * 255u * 4u);
    EXPECT_EQ(byteSum(img.rgba, false), stored);
    EXPECT_NE(byteSum(img.rgba, true), stored);
    auto pinnedSigned = rv::decodePaaMip(t, bytes.data(), bytes.size(), 0, {false, rv::LzssChecksum::Signed});
    ASSERT_FALSE(pinnedSigned.ok());
    EXPECT_EQ(pinnedSigned.error().kind, rv::DiagKind::BadCompression);
    EXPECT_EQ(paatest::mip(t, bytes, 0).rgba, img.rgba);  // Either accepts it

    // CGVA (stored 94 94 93 ff) is the writer's average colour: a coarse check that the pixels are
    // this picture and not garbage (it cannot tell a channel swap: the three are within 1). Over
    // the samples CGVA follows the pixels only loosely (BI's tool averages in another space and
    // weights by alpha; HEMTT's baer_converted.paa writes it with R and B swapped).
    ASSERT_TRUE(t.hasAverageColor);
    double sum[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < img.rgba.size(); ++i) sum[i % 4] += img.rgba[i];
    const double n = 617.0 * 255.0;
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(sum[c] / n, 0x93 + 0.5, 1.5) << "channel " << c;
    EXPECT_EQ(sum[3] / n, 255.0);
    EXPECT_EQ(t.averageColor.r, 0x93);
    EXPECT_EQ(t.averageColor.a, 0xff);
}

// The stored u16 of a 4444 / 1555 pixel, rebuilt from its RGBA by inverting the widening.
uint16_t storedWord(rv::PaaType type, const uint8_t* p) {
    if (type == rv::PaaType::Argb4444)
        return uint16_t(((p[3] / 17) << 12) | ((p[0] / 17) << 8) | ((p[1] / 17) << 4) | (p[2] / 17));
    return uint16_t((p[3] ? 0x8000 : 0) | ((p[0] >> 3) << 10) | ((p[1] >> 3) << 5) | (p[2] >> 3));
}

// Every LZSS mip of the 4444 and 1555 samples: the stored words rebuilt from our pixels sum, as
// signed bytes, to the checksum stored after the stream (the last 4 bytes of the mip's data). So
// the pixels, the channel order and the signed sum are all what BI's tool wrote.
TEST(PaaSignedChecksum, RebuiltPixelsSumToTheStoredChecksum) {
    RV_REQUIRE_TEXTURES();
    int checked = 0;
    for (const char* type : {"ARGB4444", "ARGB1555"}) {
        for (const auto& e : std::filesystem::directory_iterator(paatest::texturesDir() + "/paa/" + type)) {
            const std::vector<uint8_t> bytes = rvtest::readBytes(e.path().string());
            const rv::PaaTexture t = paatest::header(bytes, e.path().filename().string());
            for (size_t m = 0; m < t.mips.size(); ++m) {
                if (t.mips[m].storage != rv::PaaStorage::Lzss) continue;
                const rv::Image img = paatest::mip(t, bytes, m, {true, rv::LzssChecksum::Signed});
                std::vector<uint8_t> words;
                for (size_t i = 0; i < img.rgba.size(); i += 4) {
                    const uint16_t w = storedWord(t.type, &img.rgba[i]);
                    words.push_back(uint8_t(w));
                    words.push_back(uint8_t(w >> 8));
                }
                const uint32_t stored = le32(bytes, size_t(t.mips[m].dataOffset + t.mips[m].dataSize - 4));
                EXPECT_EQ(byteSum(words, true), stored) << e.path() << " mip " << m;
                if (byteSum(words, false) != stored) {
                    auto pinned =
                        rv::decodePaaMip(t, bytes.data(), bytes.size(), m, {true, rv::LzssChecksum::Unsigned});
                    EXPECT_FALSE(pinned.ok()) << e.path() << " mip " << m;
                }
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 28);  // the README counts 23; the 5 tiny mips of the three GUI files are LZSS too
}

// BI's tiny packed mips, decoded by hand from their bytes (data after the 7-byte mip header):
//   PixelSplitterBold10-02 1x1 1555: 03 | ff 7f | 7e 00 00 00   flags 0b11, two literals,
//       checksum 0x7e = int8(0xff) + int8(0x7f) = -1 + 127: one pixel 0x7fff
//   gear_ui_blue_empty 2x2 4444:     03 | ac 59 | 02 03 | 14 00 00 00   two literals, then a match
//       2 back, 6 long: ac 59 x 4; checksum 0x14 = 4 * (int8(0xac) + 0x59): four pixels 0x59ac
//   gear_ui_blue_full 2x2 4444:      03 | ac c9 | 02 03 | d4 fd ff ff: four pixels 0xc9ac
// arma-tools reads those bytes as raw pixels (03ff...), which its hashes confirm.
TEST(PaaTinyMips, PackedLikeEveryBiMip) {
    RV_REQUIRE_TEXTURES();
    struct Case {
        const char* path;
        rv::PaaType type;
        uint32_t w, h;
        uint16_t pixel;
    };
    const Case cases[] = {
        {"paa/ARGB1555/PixelSplitterBold10-02.paa", rv::PaaType::Argb1555, 1, 1, 0x7fff},
        {"paa/ARGB4444/gear_ui_blue_empty.paa", rv::PaaType::Argb4444, 2, 2, 0x59ac},
        {"paa/ARGB4444/gear_ui_blue_full.paa", rv::PaaType::Argb4444, 2, 2, 0xc9ac},
    };
    std::map<std::string, std::string> armatools;
    for (const RefRow& r : paatest::referenceRows()) armatools[r.path] = r.armatools;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.path);
        const std::vector<uint8_t> bytes = rvtest::readBytes(paatest::texturesDir() + "/" + c.path);
        const rv::PaaTexture t = paatest::header(bytes, fileName(c.path));
        ASSERT_EQ(t.type, c.type);
        ASSERT_EQ(t.mips[0].storage, rv::PaaStorage::Lzss);
        const rv::Image img = paatest::mip(t, bytes, 0);
        std::vector<uint8_t> expected;
        const uint32_t v = c.pixel;
        for (uint32_t i = 0; i < c.w * c.h; ++i) {
            if (c.type == rv::PaaType::Argb4444) {
                expected.insert(expected.end(), {uint8_t(((v >> 8) & 15) * 17), uint8_t(((v >> 4) & 15) * 17),
                                                 uint8_t((v & 15) * 17), uint8_t((v >> 12) * 17)});
            } else {
                auto w5 = [](uint32_t x) { return uint8_t((x << 3) | (x >> 2)); };
                expected.insert(expected.end(),
                                {w5((v >> 10) & 31), w5((v >> 5) & 31), w5(v & 31), uint8_t(v & 0x8000 ? 255 : 0)});
            }
        }
        EXPECT_EQ(img.rgba, expected);
        // The raw misreading: the first w*h*2 bytes of the mip's data as pixels.
        const uint8_t* d = bytes.data() + t.mips[0].dataOffset;
        std::vector<uint8_t> misread;
        for (uint32_t i = 0; i < c.w * c.h; ++i) {
            const uint32_t x = uint32_t(d[2 * i]) | (uint32_t(d[2 * i + 1]) << 8);
            if (c.type == rv::PaaType::Argb4444) {
                misread.insert(misread.end(), {uint8_t(((x >> 8) & 15) * 17), uint8_t(((x >> 4) & 15) * 17),
                                               uint8_t((x & 15) * 17), uint8_t((x >> 12) * 17)});
            } else {
                auto w5 = [](uint32_t y) { return uint8_t((y << 3) | (y >> 2)); };
                misread.insert(misread.end(),
                               {w5((x >> 10) & 31), w5((x >> 5) & 31), w5(x & 31), uint8_t(x & 0x8000 ? 255 : 0)});
            }
        }
        EXPECT_EQ(fnv64(misread), armatools[c.path]);
        EXPECT_NE(fnv64(img.rgba), armatools[c.path]);
    }
}

// Real-file quirks of the README: SFFO 2 bytes early, GALF 01 ff ff ff, the missing u16, .pac.
TEST(PaaQuirks, RealFileQuirksAreTolerated) {
    RV_REQUIRE_TEXTURES();
    const std::string dir = paatest::texturesDir() + "/paa/";
    {
        const std::vector<uint8_t> b = rvtest::readBytes(dir + "DXT5/prc343_anim0034.paa");
        const rv::PaaTexture t = paatest::header(b, "prc343_anim0034.paa");
        ASSERT_EQ(t.mipOffsets.size(), 16u);
        ASSERT_EQ(t.mips.size(), 1u);
        EXPECT_EQ(uint64_t(t.mipOffsets[0]) + 2, t.mips[0].headerOffset);
        ASSERT_EQ(t.warnings.size(), 1u);
        EXPECT_EQ(t.warnings[0].kind, rv::DiagKind::SizeMismatch);
    }
    {
        const std::vector<uint8_t> b = rvtest::readBytes(dir + "DXT5/head_nasalcannula.paa");
        const rv::PaaTexture t = paatest::header(b, "head_nasalcannula.paa");
        EXPECT_EQ(t.flags, 0xffffff01u);
        EXPECT_TRUE(t.alpha());
        EXPECT_FALSE(t.transparent());
        EXPECT_TRUE(t.warnings.empty());
        EXPECT_TRUE(t.trailingZero);
    }
    {
        const std::vector<uint8_t> b = rvtest::readBytes(dir + "DXT5/synthetic_dark.pac");
        const rv::PaaTexture t = paatest::header(b, "synthetic_dark.pac");
        EXPECT_EQ(t.type, rv::PaaType::Dxt5);  // by its type field, not by its name
        EXPECT_TRUE(t.typed);
        EXPECT_FALSE(t.trailingZero);
        EXPECT_TRUE(t.warnings.empty());
    }
}

// Every file of paa/negative/ is refused with a typed error naming the file and an offset.
TEST(PaaNegative, EveryMalformedFileIsRefused) {
    RV_REQUIRE_TEXTURES();
    struct Case {
        rv::DiagKind kind;
        bool inMip;  // the header reads; the mip's data is what is wrong
    };
    const std::map<std::string, Case> expected = {
        {"c16_textureDummy.paa", {rv::DiagKind::Truncated, false}},
        {"two_bytes.paa", {rv::DiagKind::Truncated, false}},
        {"vial_ca.paa", {rv::DiagKind::NotRecognized, false}},
        {"InvalidPaa.paa", {rv::DiagKind::NotRecognized, false}},
        {"fuzz_argb8888_oob.paa", {rv::DiagKind::NotRecognized, false}},
        {"fuzz_dxt_oob.paa", {rv::DiagKind::NotRecognized, false}},
        {"fuzz_lzw_overflow.paa", {rv::DiagKind::NotRecognized, false}},
        {"UnsupportedPaa.paa", {rv::DiagKind::BadCount, false}},
        {"truncated_header.paa", {rv::DiagKind::Truncated, false}},
        {"truncated_dxt1_lzo.paa", {rv::DiagKind::Truncated, false}},
        {"bad_checksum_argb4444.paa", {rv::DiagKind::BadCompression, true}},
    };
    size_t seen = 0;
    for (const auto& e : std::filesystem::directory_iterator(paatest::texturesDir() + "/paa/negative")) {
        const std::string name = e.path().filename().string();
        SCOPED_TRACE(name);
        ASSERT_TRUE(expected.count(name)) << "a negative sample without an expectation";
        const Case& c = expected.at(name);
        ++seen;
        const std::vector<uint8_t> bytes = rvtest::readBytes(e.path().string());
        auto h = rv::decodePaa(bytes.data(), bytes.size(), name);
        rv::DecodeError err;
        if (c.inMip) {
            ASSERT_TRUE(h.ok()) << rv::diagnosticLine(h.error());
            auto m = rv::decodePaaMip(h.value(), bytes.data(), bytes.size(), 0);
            ASSERT_FALSE(m.ok());
            err = m.error();
            EXPECT_EQ(err.where, "mip 0");
        } else {
            ASSERT_FALSE(h.ok());
            err = h.error();
        }
        EXPECT_EQ(err.kind, c.kind) << rv::diagnosticLine(err);
        EXPECT_EQ(rv::diagnosticLine(err).rfind(name + ": ", 0), 0u) << rv::diagnosticLine(err);
        EXPECT_NE(rv::diagnosticLine(err).find("offset 0x"), std::string::npos) << rv::diagnosticLine(err);
        EXPECT_LE(err.offset, bytes.size());
    }
    EXPECT_EQ(seen, expected.size());
}

}  // namespace
