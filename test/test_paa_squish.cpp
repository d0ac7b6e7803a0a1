// libsquish (Debian's 1.15, test side only) as the oracle of the DXT block decoder: seeded random
// blocks, plus the corner cases random bytes rarely hit (equal endpoints, the DXT1 3-colour mode,
// DXT5's 6-alpha mode), must decode to exactly squish's pixels; and whole images of npot sizes to
// squish::DecompressImage's, which clips partial blocks the same way.
#include <gtest/gtest.h>
#include <squish.h>

#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "texture/texture_internal.hpp"

namespace {

using rv::texture::DxtKind;

struct Kind {
    DxtKind kind;
    int flags;
    size_t bytes;
    const char* name;
};
const Kind kKinds[] = {{DxtKind::Dxt1, squish::kDxt1, 8, "DXT1"},
                       {DxtKind::Dxt3, squish::kDxt3, 16, "DXT3"},
                       {DxtKind::Dxt5, squish::kDxt5, 16, "DXT5"}};

// Random bytes, with the colour and alpha endpoints sometimes forced equal or ordered either way.
void randomBlock(std::mt19937& rng, const Kind& k, uint8_t* b) {
    for (size_t i = 0; i < k.bytes; ++i) b[i] = uint8_t(rng());
    uint8_t* colour = k.kind == DxtKind::Dxt1 ? b : b + 8;
    switch (rng() % 4) {
        case 0:  // c0 == c1
            std::memcpy(colour + 2, colour, 2);
            break;
        case 1:  // most likely c0 > c1
            if (colour[1] < colour[3]) std::swap(colour[1], colour[3]);
            break;
        case 2:  // most likely c0 < c1
            if (colour[1] > colour[3]) std::swap(colour[1], colour[3]);
            break;
        default:
            break;
    }
    if (k.kind == DxtKind::Dxt5 && rng() % 3 == 0) b[1] = b[0];  // a0 == a1
}

TEST(PaaSquishOracle, RandomBlocksMatchLibsquish) {
    std::mt19937 rng(20240514);
    for (const Kind& k : kKinds) {
        SCOPED_TRACE(k.name);
        uint8_t block[16], ours[64], theirs[64];
        size_t mismatches = 0;
        for (int n = 0; n < 200000; ++n) {
            randomBlock(rng, k, block);
            rv::texture::decodeDxt(k.kind, block, 4, 4, ours);
            squish::Decompress(theirs, block, k.flags);
            if (std::memcmp(ours, theirs, 64) != 0 && ++mismatches <= 3) {
                ADD_FAILURE() << "block " << n << " differs from libsquish";
            }
        }
        EXPECT_EQ(mismatches, 0u);
    }
}

TEST(PaaSquishOracle, ClippedImagesMatchLibsquish) {
    std::mt19937 rng(7);
    const int sizes[][2] = {{1, 1}, {2, 2}, {3, 5}, {4, 4}, {5, 3}, {13, 7}, {64, 1}, {1, 64}, {37, 29}, {256, 6}};
    for (const Kind& k : kKinds) {
        for (const auto& s : sizes) {
            SCOPED_TRACE(testing::Message() << k.name << " " << s[0] << "x" << s[1]);
            const uint32_t w = uint32_t(s[0]), h = uint32_t(s[1]);
            std::vector<uint8_t> blocks(size_t(rv::texture::dxtDataSize(k.kind, w, h)));
            for (size_t i = 0; i < blocks.size(); i += k.bytes) randomBlock(rng, k, &blocks[i]);
            std::vector<uint8_t> ours(size_t(w) * h * 4), theirs(size_t(w) * h * 4);
            rv::texture::decodeDxt(k.kind, blocks.data(), w, h, ours.data());
            squish::DecompressImage(theirs.data(), int(w), int(h), blocks.data(), k.flags);
            EXPECT_EQ(ours, theirs);
        }
    }
}

}  // namespace
