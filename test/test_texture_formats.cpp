// The one texture interface (rv/texture.hpp): what it tells a front end about a file without
// naming its format's decoder, and that its pixels are the written ones. Fixtures from the
// test-side PAA writer; expected pixels from the textures README's formulas (test_paa_common.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rv/open.hpp"
#include "rv/texture.hpp"
#include "test_paa_common.hpp"

using namespace rv;

namespace {

// An ARGB8888 texture of two mips (4 x 2, then 2 x 1), every pixel's bytes B, G, R, A distinct.
paatest::PaaSpec twoMips8888() {
    paatest::PaaSpec s;
    s.type = 0x8888;
    for (uint32_t w : {4u, 2u}) {
        paatest::MipSpec m;
        m.width = w;
        m.height = w / 2;
        for (uint32_t i = 0; i < w * (w / 2); ++i) m.data.insert(m.data.end(), {uint8_t(i), uint8_t(40 + i), 200, 255});
        s.mips.push_back(m);
    }
    return s;
}

std::vector<uint8_t> rgbaOf(const paatest::MipSpec& m) {  // B, G, R, A -> R, G, B, A
    std::vector<uint8_t> out;
    for (size_t i = 0; i < m.data.size(); i += 4)
        out.insert(out.end(), {m.data[i + 2], m.data[i + 1], m.data[i], m.data[i + 3]});
    return out;
}

}  // namespace

TEST(TextureFormats, DescribesAPaaWithoutItsDecoder) {
    const paatest::PaaSpec spec = twoMips8888();
    const std::vector<uint8_t> file = paatest::writePaa(spec);
    auto t = readTexture(file.data(), file.size(), "x_co.paa");
    ASSERT_TRUE(t.ok()) << diagnosticLine(t.error());
    EXPECT_EQ(t->container, "PAA");
    EXPECT_EQ(t->encoding, "ARGB8888");
    EXPECT_EQ(t->sourceName, "x_co.paa");
    EXPECT_EQ(t->fileSize, file.size());
    ASSERT_EQ(t->mips.size(), 2u);
    EXPECT_EQ(t->width(), 4u);
    EXPECT_EQ(t->height(), 2u);
    EXPECT_EQ(t->mips[1].width, 2u);
    EXPECT_EQ(t->mips[1].height, 1u);
    EXPECT_STREQ(t->mips[0].storage, "raw");
    // type u16, palette count u16, then the first mip's header (u16 w, u16 h, u24 size): data at 11
    EXPECT_EQ(t->mips[0].headerOffset, 4u);
    EXPECT_EQ(t->mips[0].dataOffset, 11u);
    EXPECT_EQ(t->mips[0].storedSize, 32u);
    EXPECT_EQ(t->mips[1].dataOffset, 11u + 32u + 7u);
    EXPECT_TRUE(t->warnings.empty());
    ASSERT_TRUE(t->paa.has_value());  // the format's own header, for info and dump
    EXPECT_EQ(t->paa->typeTag, 0x8888);

    for (size_t i = 0; i < 2; ++i) {
        auto img = decodeTextureMip(t.value(), file.data(), file.size(), i);
        ASSERT_TRUE(img.ok()) << diagnosticLine(img.error());
        EXPECT_EQ(img->rgba, rgbaOf(spec.mips[i])) << "mip " << i;
    }
    auto past = decodeTextureMip(t.value(), file.data(), file.size(), 2);
    ASSERT_FALSE(past.ok());
    EXPECT_EQ(past.error().kind, DiagKind::InvalidArgument);
}

// OFP's files without a type: the name decides, as the engine does.
TEST(TextureFormats, UntypedFilesAreToldByTheirName) {
    paatest::PaaSpec spec;
    spec.typed = false;
    spec.palette = {{0, 0, 255}, {0, 255, 0}};  // b, g, r: red, green
    paatest::MipSpec m;
    m.width = 2;
    m.height = 2;
    m.data = {0x03, 0, 1, 0, 1};  // RLE: a literal run of four indices
    spec.mips.push_back(m);
    const std::vector<uint8_t> file = paatest::writePaa(spec);

    EXPECT_TRUE(isTexture(file.data(), file.size(), "old.pac"));
    EXPECT_TRUE(isTexture(file.data(), file.size(), "OLD.PAA"));
    EXPECT_FALSE(isTexture(file.data(), file.size(), "old.bin"));
    auto pac = readTexture(file.data(), file.size(), "old.pac");
    ASSERT_TRUE(pac.ok()) << diagnosticLine(pac.error());
    EXPECT_EQ(pac->container, "PAC");
    EXPECT_EQ(pac->encoding, "P8");
    EXPECT_STREQ(pac->mips[0].storage, "RLE");
    auto img = decodeTextureMip(pac.value(), file.data(), file.size(), 0);
    ASSERT_TRUE(img.ok()) << diagnosticLine(img.error());
    const std::vector<uint8_t> redGreen = {255, 0, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255};
    EXPECT_EQ(img->rgba, redGreen);

    auto bin = readTexture(file.data(), file.size(), "old.bin");
    ASSERT_FALSE(bin.ok());
    EXPECT_EQ(bin.error().kind, DiagKind::NotRecognized);
    EXPECT_NE(diagnosticLine(bin.error()).find("old.bin"), std::string::npos);
}

// A signature beats the name: a typed PAA under any name is a texture, and the door says so.
TEST(TextureFormats, TheDoorOpensTexturesThroughTheInterface) {
    const paatest::PaaSpec spec = twoMips8888();
    const std::vector<uint8_t> file = paatest::writePaa(spec);
    EXPECT_TRUE(isTexture(file.data(), file.size(), "renamed.bin"));
    auto opened = open(file.data(), file.size(), "renamed.bin");
    ASSERT_TRUE(opened.ok()) << diagnosticLine(opened.error());
    EXPECT_EQ(opened->kind, FileKind::Texture);
    ASSERT_TRUE(opened->texture.has_value());
    EXPECT_EQ(opened->texture->encoding, "ARGB8888");
}

// decodeTexture is what materials use: the cap picks the mip, and the budget bounds the decode.
TEST(TextureFormats, DecodeTextureHonoursTheCapAndTheBudget) {
    const paatest::PaaSpec spec = twoMips8888();
    const std::vector<uint8_t> file = paatest::writePaa(spec);
    Options capped;
    capped.maxTextureSize = 2;
    auto small = decodeTexture(file.data(), file.size(), "x_co.paa", capped);
    ASSERT_TRUE(small.ok()) << diagnosticLine(small.error());
    EXPECT_EQ(small->width, 2u);
    EXPECT_EQ(small->rgba, rgbaOf(spec.mips[1]));

    MemoryBudget budget(16);  // less than the 4 x 2 mip's 32 bytes
    Options tight;
    tight.budget = &budget;
    auto refused = decodeTexture(file.data(), file.size(), "x_co.paa", tight);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().kind, DiagKind::MemoryLimit) << diagnosticLine(refused.error());
}
