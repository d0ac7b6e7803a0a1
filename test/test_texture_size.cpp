// Options::maxTextureSize (issue 27): which of a .paa's own mips an output takes under a cap
// (rv::textureMipWithin), and that material textures come as that mip, pixel for pixel, while a
// .png/.tga stand-in is left as it is.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/material_textures.hpp"
#include "rv/paa.hpp"
#include "rv/texture.hpp"
#include "support/samples.hpp"
#include "support/temp_dir.hpp"
#include "test_paa_common.hpp"

namespace fs = std::filesystem;
using namespace rv;

namespace {

std::vector<TextureMipInfo> withMips(const std::vector<std::pair<uint32_t, uint32_t>>& sizes) {
    std::vector<TextureMipInfo> mips;
    for (const auto& [w, h] : sizes) {
        TextureMipInfo m;
        m.width = w;
        m.height = h;
        mips.push_back(m);
    }
    return mips;
}

}  // namespace

TEST(MaxTextureSize, LargestMipWithinTheCap) {
    const std::vector<TextureMipInfo> t = withMips({{1024, 512}, {512, 256}, {256, 128}, {128, 64}, {4, 4}});
    EXPECT_EQ(textureMipWithin(t, 0), 0u);  // no cap
    EXPECT_EQ(textureMipWithin(t, 1024), 0u);
    EXPECT_EQ(textureMipWithin(t, 5000), 0u);
    EXPECT_EQ(textureMipWithin(t, 1023), 1u);  // both sides must fit: 1024 x 512 does not
    EXPECT_EQ(textureMipWithin(t, 512), 1u);
    EXPECT_EQ(textureMipWithin(t, 511), 2u);
    EXPECT_EQ(textureMipWithin(t, 4), 4u);
    EXPECT_EQ(textureMipWithin({}, 512), 0u);
}

TEST(MaxTextureSize, SmallestMipWhenNoneFits) {
    EXPECT_EQ(textureMipWithin(withMips({{1024, 1024}, {512, 512}, {256, 256}}), 100), 2u);
    EXPECT_EQ(textureMipWithin(withMips({{64, 2048}, {32, 1024}}), 512), 1u);  // tall: the height decides
}

// The mip table is read as stored, not assumed sorted; equal sizes go to the earlier mip.
TEST(MaxTextureSize, TableOrderIsNotAssumed) {
    const std::vector<TextureMipInfo> t = withMips({{64, 64}, {256, 256}, {128, 128}, {128, 128}});
    EXPECT_EQ(textureMipWithin(t, 200), 2u);
    EXPECT_EQ(textureMipWithin(t, 300), 1u);
    EXPECT_EQ(textureMipWithin(t, 10), 0u);  // the smallest, 64 x 64
}

// TFAR's backpack colour map (DXT1, 1024^2 with 9 mips down to 4^2): under a cap of 512 the
// resolver gives its 512 x 512 mip, exactly as decodePaaMip decodes mip 1; under 100, the 64 x 64
// mip 4; under 2, the smallest, 4 x 4 (mip 8).
TEST(MaxTextureSize, MaterialTexturesComeAsTheMip) {
    RV_REQUIRE_TEXTURES();
    const std::string rootDir = paatest::texturesDir() + "/data-root";
    const std::string file = rootDir + "/task_force_radio_items/models/data/backpack_co.paa";
    if (!fs::exists(file)) GTEST_SKIP() << file << " is absent";
    auto root = DataRoot::open(rootDir);
    ASSERT_TRUE(root) << rv::diagnosticLine(root.error());
    const std::vector<uint8_t> bytes = rvtest::readBytes(file);
    const PaaTexture paa = paatest::header(bytes, "backpack_co.paa");
    ASSERT_EQ(paa.mips.size(), 9u);
    struct Case {
        uint32_t cap, mip, side;
    };
    for (const Case& c : {Case{0, 0, 1024}, Case{512, 1, 512}, Case{100, 4, 64}, Case{2, 8, 4}}) {
        SCOPED_TRACE("cap " + std::to_string(c.cap));
        Options options;
        options.maxTextureSize = c.cap;
        TextureResolver resolver(&root.value(), options);
        ViewMaterial vm;
        vm.texture = "task_force_radio_items\\models\\data\\backpack_co.paa";
        const ResolvedMaterial r = resolver.resolve(vm);
        ASSERT_EQ(r.baseColor, 0);
        ASSERT_TRUE(r.images[0].image) << r.images[0].problem;
        EXPECT_EQ(r.images[0].image->width, c.side);
        EXPECT_EQ(r.images[0].image->height, c.side);
        EXPECT_TRUE(r.images[0].image->rgba == paatest::mip(paa, bytes, c.mip).rgba) << "not mip " << c.mip;
    }
}

// A .tga standing in for a missing .paa has no mips to choose from: used as it is.
TEST(MaxTextureSize, StandInsAreLeftAsTheyAre) {
    rvtest::TempDir dir("rv_maxtex");
    fs::create_directories(dir.dir / "mod");
    // 4 x 2, 32-bit, top row first (descriptor 0x28), BGRA
    std::vector<uint8_t> tga = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0, 32, 0x28};
    for (int i = 0; i < 8; ++i) tga.insert(tga.end(), {uint8_t(i), 0, 0, 255});
    std::ofstream(dir.dir / "mod" / "big_co.tga", std::ios::binary)
        .write(reinterpret_cast<const char*>(tga.data()), std::streamsize(tga.size()));
    auto root = DataRoot::open(dir.dir.u8string());
    ASSERT_TRUE(root) << rv::diagnosticLine(root.error());
    Options options;
    options.maxTextureSize = 1;
    TextureResolver resolver(&root.value(), options);
    ViewMaterial vm;
    vm.texture = "mod\\big_co.paa";
    const ResolvedMaterial r = resolver.resolve(vm);
    ASSERT_EQ(r.baseColor, 0);
    ASSERT_TRUE(r.images[0].image) << r.images[0].problem;
    EXPECT_TRUE(r.images[0].where.substituted);
    EXPECT_EQ(r.images[0].image->width, 4u);
    EXPECT_EQ(r.images[0].image->height, 2u);
}
