// rv::encodePng (issues 27, 42): the fewest channels that keep every pixel, read back by stb_image
// (a decoder we did not write) as RGBA byte for byte; and the sizes past one IDAT refused with the
// size named.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rv/png.hpp"
#include "support/image_of.hpp"
#include "support/samples.hpp"
#include "test_paa_common.hpp"
#include "view/view_internal.hpp"

#include "support/stb_image_here.hpp"

using namespace rv;
using rvtest::imageOf;

namespace {

// The PNG's colour type (IHDR byte 25): 0 grey, 2 RGB, 4 grey and alpha, 6 RGBA.
int colourType(const std::vector<uint8_t>& png) { return png.size() > 25 ? png[25] : -1; }

// stb_image's decode of `png` asked for 4 channels, and the channel count it says the file holds.
std::vector<uint8_t> readBack(const std::vector<uint8_t>& png, const Image& like, int& fileChannels) {
    int w = 0, h = 0;
    fileChannels = 0;
    uint8_t* px = stbi_load_from_memory(png.data(), int(png.size()), &w, &h, &fileChannels, 4);
    if (!px) return {};
    std::vector<uint8_t> out;
    if (uint32_t(w) == like.width && uint32_t(h) == like.height) out.assign(px, px + size_t(w) * size_t(h) * 4);
    stbi_image_free(px);
    return out;
}

// Each case is built to need exactly the channel count it names.
struct Case {
    const char* name;
    Image image;
    int channels, colourType;
};

std::vector<Case> cases() {
    return {
        // two greys, opaque: grey
        {"grey", imageOf(2, 1, {7, 7, 7, 255, 200, 200, 200, 255}), 1, 0},
        // greys with an alpha that varies: grey and alpha
        {"grey alpha", imageOf(2, 1, {7, 7, 7, 255, 200, 200, 200, 0}), 2, 4},
        // one pixel with G != B, opaque: RGB
        {"rgb", imageOf(2, 1, {7, 7, 7, 255, 200, 200, 201, 255}), 3, 2},
        // colour and one alpha below 255: RGBA
        {"rgba", imageOf(2, 1, {7, 7, 7, 255, 200, 201, 200, 254}), 4, 6},
        // the last pixel alone breaks both rules: RGBA
        {"last pixel", imageOf(3, 1, {1, 1, 1, 255, 2, 2, 2, 255, 3, 4, 3, 17}), 4, 6},
        // a colour in R alone (R != G = B): RGB
        {"red only", imageOf(1, 2, {9, 0, 0, 255, 0, 0, 0, 255}), 3, 2},
    };
}

}  // namespace

TEST(PngEncode, StoresTheFewestChannelsAndReadsBackAsTheSameRgba) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.name);
        EXPECT_EQ(view::pngChannels(c.image), c.channels);
        const Result<std::vector<uint8_t>> png = encodePng(c.image);
        ASSERT_TRUE(png.ok()) << rv::diagnosticLine(png.error());
        EXPECT_EQ(colourType(png.value()), c.colourType);
        int fileChannels = 0;
        EXPECT_EQ(readBack(png.value(), c.image, fileChannels), c.image.rgba);
        EXPECT_EQ(fileChannels, c.channels);
    }
}

TEST(PngEncode, PacksGreyAsRedAndGreyAlphaAsRedAlpha) {
    const Image img = imageOf(2, 1, {5, 5, 5, 9, 6, 6, 6, 10});
    EXPECT_EQ(view::packChannels(img, 1), (std::vector<uint8_t>{5, 6}));
    EXPECT_EQ(view::packChannels(img, 2), (std::vector<uint8_t>{5, 9, 6, 10}));
    EXPECT_EQ(view::packChannels(img, 3), (std::vector<uint8_t>{5, 5, 5, 6, 6, 6}));
    EXPECT_EQ(view::packChannels(img, 4), img.rgba);
}

// (width x channels + 1) x height: 32767 x 32769 RGBA is 4 295 098 369 bytes, which would wrap
// a 32-bit count and no IDAT can hold. Refused from the dimensions alone (no pixels needed),
// naming the size.
TEST(PngEncode, RefusesSizesPastOneIdatNamingTheSize) {
    const Result<std::vector<uint8_t>> huge = encodePng(imageOf(32767, 32769, {}));
    ASSERT_FALSE(huge.ok());
    EXPECT_EQ(huge.error().kind, DiagKind::BadCount);
    EXPECT_NE(rv::diagnosticLine(huge.error()).find("32767 x 32769"), std::string::npos) << rv::diagnosticLine(huge.error());
    EXPECT_NE(rv::diagnosticLine(huge.error()).find("900 MiB"), std::string::npos) << rv::diagnosticLine(huge.error());
    // 2^31 pixels in one row: past the bound even in grey.
    EXPECT_FALSE(encodePng(imageOf(0x80000000u, 1, {})).ok());

    // The bound: (w * channels + 1) * h <= 900 MiB = 943 718 400 bytes.
    // RGBA 15359^2: 61437 * 15359 = 943 610 883 fits; 15360^2: 61441 * 15360 = 943 733 760 does not.
    EXPECT_TRUE(view::pngFits(15359, 15359, 4));
    EXPECT_FALSE(view::pngFits(15360, 15360, 4));
    // 16384^2 fits in RGB (49153 * 16384 = 805 322 752), not in RGBA (65537 * 16384 = 1 073 758 208).
    EXPECT_TRUE(view::pngFits(16384, 16384, 3));
    EXPECT_FALSE(view::pngFits(16384, 16384, 4));
    EXPECT_FALSE(view::pngFits(32767, 32769, 1));  // 32768 * 32769 = 1 073 774 592
}

TEST(PngEncode, RefusesPixelsThatDoNotMatchTheSize) {
    const Result<std::vector<uint8_t>> empty = encodePng(Image{});
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().kind, DiagKind::InvalidArgument);
    const Result<std::vector<uint8_t>> small = encodePng(imageOf(2, 2, {1, 2, 3, 4}));
    ASSERT_FALSE(small.ok());
    EXPECT_NE(rv::diagnosticLine(small.error()).find("2 x 2"), std::string::npos) << rv::diagnosticLine(small.error());
}

// The encoder's scratch is charged before it is allocated and given back after: an export of a
// texture stays within the one memory limit (an LZO bomb of 130 KB is 256 MiB of RGBA, and the
// encoder once held twice that again uncounted).
TEST(PngEncode, ChargesItsScratchToTheBudgetAndGivesItBack) {
    Image image;
    image.width = 300, image.height = 200;
    image.rgba.assign(size_t(300) * 200 * 4, 0);
    for (size_t i = 0; i < image.rgba.size(); i += 4) image.rgba[i] = uint8_t(i * 7 / 4), image.rgba[i + 3] = 128;
    MemoryBudget budget(uint64_t(1) << 30);
    ASSERT_TRUE(budget.tryCharge(1000));  // what the caller holds already
    const Result<std::vector<uint8_t>> png = encodePng(image, &budget);
    ASSERT_TRUE(png.ok()) << rv::diagnosticLine(png.error());
    EXPECT_EQ(budget.used(), 1000u);
    // RGBA: rows of (300 x 4 + 1) x 200 = 240 200 bytes, the stream and the file (each the rows
    // and 1/16 more: 255 212) and 4 MiB for the compressor.
    EXPECT_EQ(pngEncodeScratchBytes(300, 200, 4), 240200u + 2 * 255212u + (uint64_t(4) << 20));
    EXPECT_EQ(budget.peak(), 1000 + pngEncodeScratchBytes(300, 200, 4));
    // Grey: rows of 301 x 200 (packed as they are made).
    EXPECT_EQ(pngEncodeScratchBytes(300, 200, 1), 60200u + 2 * 63962u + (uint64_t(4) << 20));
}

TEST(PngEncode, RefusesAnImageWhoseScratchPassesTheBudget) {
    Image image;
    image.width = 1024, image.height = 1024;
    image.rgba.assign(size_t(1024) * 1024 * 4, 255);
    MemoryBudget budget(uint64_t(6) << 20);  // grey: 1 MiB packed + 3.5 MiB filtered + 4 MiB > 6 MiB
    const Result<std::vector<uint8_t>> png = encodePng(image, &budget);
    ASSERT_FALSE(png.ok());
    EXPECT_EQ(png.error().kind, DiagKind::MemoryLimit);
    EXPECT_NE(rv::diagnosticLine(png.error()).find("a 1024 x 1024 image needs"), std::string::npos) << rv::diagnosticLine(png.error());
    EXPECT_NE(rv::diagnosticLine(png.error()).find("memory limit of 6 MiB"), std::string::npos) << rv::diagnosticLine(png.error());
    EXPECT_EQ(budget.used(), 0u);
    ASSERT_TRUE(encodePng(image).ok());  // without a budget, as before
}

// Every positive PAA of the variety set (../shared/samples/textures/paa, top mip) and the TFAR
// backpack's colour map: the PNG reads back as exactly the decoded RGBA, with alpha only where
// some pixel's alpha is not 255, and colour only where some pixel's R, G and B differ (both
// counted here from the pixels).
TEST(PngEncode, RealTexturesReadBackExactly) {
    RV_REQUIRE_TEXTURES();
    int seen[5] = {};
    for (const paatest::RefRow& row : paatest::referenceRows()) {
        const bool variety = row.path.rfind("paa/", 0) == 0 && row.path.rfind("paa/negative/", 0) != 0;
        if (row.width == "-" || !(variety || row.path.find("backpack_co.paa") != std::string::npos)) continue;
        SCOPED_TRACE(row.path);
        const std::vector<uint8_t> bytes = rvtest::readBytes(paatest::texturesDir() + "/" + row.path);
        const PaaTexture t = paatest::header(bytes, row.path);
        if (t.mips.empty()) continue;
        const Image img = paatest::mip(t, bytes, 0);
        bool alpha = false, colour = false;
        for (size_t i = 0; i < img.rgba.size(); i += 4) {
            alpha = alpha || img.rgba[i + 3] != 255;
            colour = colour || img.rgba[i] != img.rgba[i + 1] || img.rgba[i + 1] != img.rgba[i + 2];
        }
        const int expected = colour ? (alpha ? 4 : 3) : (alpha ? 2 : 1);
        const Result<std::vector<uint8_t>> png = encodePng(img);
        ASSERT_TRUE(png.ok()) << rv::diagnosticLine(png.error());
        int fileChannels = 0;
        EXPECT_TRUE(readBack(png.value(), img, fileChannels) == img.rgba) << "pixels differ";
        EXPECT_EQ(fileChannels, expected);
        ++seen[expected];
    }
    EXPECT_GT(seen[3], 0) << "no opaque colour texture among the samples";
    EXPECT_GT(seen[4], 0) << "no texture with alpha among the samples";
    EXPECT_GT(seen[3] + seen[4] + seen[2] + seen[1], 40);
}
