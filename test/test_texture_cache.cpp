// The texture cache a batch's imports share (rv/texture_cache.hpp): one decode per texture
// whichever thread asks first, no memory of a refusal that was the import's own, the textures used
// longest ago let go past the capacity, and one PNG encode per image, also when a batch's cache
// lets the pixels go between imports.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "rv/image.hpp"
#include "rv/png.hpp"
#include "rv/texture_cache.hpp"

namespace {

rv::TextureCache::Texture pixels(uint32_t side, uint8_t value) {
    rv::TextureCache::Texture t;
    t.image = std::make_shared<const rv::Image>(
        rv::Image{side, side, std::vector<uint8_t>(size_t(side) * side * 4, value)});
    return t;
}

TEST(TextureCache, EightThreadsAskingAtOnceDecodeOnce) {
    rv::TextureCache cache(64 << 20);
    std::atomic<int> decodes{0};
    std::vector<std::shared_ptr<const rv::Image>> got(8);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < got.size(); ++i)
        threads.emplace_back([&, i] {
            got[i] = cache
                         .get("a.paa",
                              [&] {
                                  ++decodes;
                                  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the others arrive
                                  return pixels(16, 7);
                              })
                         .image;
        });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(decodes.load(), 1);
    for (const auto& image : got) EXPECT_EQ(image.get(), got[0].get());
    EXPECT_EQ(cache.counts().decoded, 1u);
    EXPECT_EQ(cache.counts().reused, 7u);
}

TEST(TextureCache, AFailureIsRememberedAnImportsRefusalIsNot) {
    rv::TextureCache cache(64 << 20);
    int broken = 0, refused = 0;
    for (int i = 0; i < 3; ++i) {
        const auto t = cache.get("broken.paa", [&] {
            ++broken;
            rv::TextureCache::Texture f;
            f.problem = "not a texture";
            return f;
        });
        EXPECT_EQ(t.problem, "not a texture");
        EXPECT_FALSE(t.image);
        cache.get("big.paa", [&] {
            ++refused;
            rv::TextureCache::Texture f;
            f.problem = "over this import's memory limit";
            f.keep = false;
            return f;
        });
    }
    EXPECT_EQ(broken, 1);
    EXPECT_EQ(refused, 3);  // each import tries under its own limit
}

TEST(TextureCache, TheTexturesUsedLongestAgoAreLetGo) {
    const uint64_t one = 32 * 32 * 4 + sizeof(rv::Image);
    rv::TextureCache cache(2 * one + one / 2);  // room for two
    int decodes = 0;
    auto get = [&](const char* key) {
        return cache.get(key, [&] {
            ++decodes;
            return pixels(32, 1);
        });
    };
    const auto a = get("a"), b = get("b");
    get("a");  // a is now the most recent
    get("c");  // lets b go
    EXPECT_EQ(decodes, 3);
    EXPECT_LE(cache.bytesHeld(), 2 * one + one / 2);
    get("a");
    EXPECT_EQ(decodes, 3);
    get("b");
    EXPECT_EQ(decodes, 4);
    EXPECT_EQ(b.image->width, 32u);  // a holder keeps what the cache let go
}

TEST(TextureCache, OnePngEncodePerImage) {
    rv::TextureCache cache(64 << 20);
    const rv::TextureCache::Texture t = cache.get("a.paa", [] { return pixels(8, 200); });
    ASSERT_TRUE(t.png);
    const auto first = rv::encodePngOnce(*t.image, t.png.get(), nullptr);
    const auto again = rv::encodePngOnce(*t.image, t.png.get(), nullptr);
    const auto plain = rv::encodePng(*t.image, nullptr);
    ASSERT_TRUE(first.ok() && again.ok() && plain.ok());
    EXPECT_EQ(first.value(), plain.value());
    EXPECT_EQ(again.value(), plain.value());
    EXPECT_EQ(cache.counts().pngEncoded, 1u);
    EXPECT_EQ(cache.counts().pngReused, 1u);
    EXPECT_EQ(cache.bytesHeld(), 8 * 8 * 4 + sizeof(rv::Image) + plain->size());
}

// A cache that keeps no pixels beyond their imports: the pixels live as long as an import holds
// them, the PNG as long as the texture; the next import decodes the pixels again, copies the PNG.
TEST(TextureCache, ABatchKeepsThePngAndLetsThePixelsGo) {
    rv::TextureCache cache(64 << 20, 0);  // no pixels kept beyond their imports
    int decodes = 0;
    auto get = [&](uint32_t side) {
        return cache.get("a.paa", [&] {
            ++decodes;
            return pixels(side, 200);
        });
    };
    std::vector<uint8_t> firstPng;
    std::weak_ptr<const rv::Image> firstPixels;
    {
        const rv::TextureCache::Texture held = get(8);
        const rv::TextureCache::Texture meanwhile = get(8);  // another import while the first holds it
        EXPECT_EQ(decodes, 1);
        EXPECT_EQ(meanwhile.image.get(), held.image.get());
        EXPECT_EQ(meanwhile.png.get(), held.png.get());
        firstPng = rv::encodePngOnce(*held.image, held.png.get(), nullptr).value();
        firstPixels = held.image;
        // Only the PNG and the entry are held, not the 256 bytes of pixels an import holds.
        EXPECT_EQ(cache.bytesHeld(), sizeof(rv::Image) + firstPng.size());
    }
    EXPECT_TRUE(firstPixels.expired());  // no import holds them: the cache let them go too
    const rv::TextureCache::Texture later = get(8);
    EXPECT_EQ(decodes, 2);
    ASSERT_TRUE(later.image && later.png);
    EXPECT_EQ(later.image->rgba, std::vector<uint8_t>(8 * 8 * 4, 200));
    EXPECT_EQ(rv::encodePngOnce(*later.image, later.png.get(), nullptr).value(), firstPng);
    EXPECT_EQ(cache.counts().pngEncoded, 1u);  // the PNG was copied, not made again
    EXPECT_EQ(cache.counts().pngReused, 1u);
    EXPECT_EQ(cache.counts().decoded, 2u);
}

// A batch's cache keeps the pixels used last up to their own capacity, and the PNG of every one.
TEST(TextureCache, PixelsPastTheirCapacityAreLetGoFirst) {
    const uint64_t pixelBytes = 32 * 32 * 4;
    rv::TextureCache cache(64 << 20, pixelBytes + pixelBytes / 2);  // room for one texture's pixels
    int decodes = 0;
    auto get = [&](const char* key) {
        return cache.get(key, [&] {
            ++decodes;
            return pixels(32, 7);
        });
    };
    const std::shared_ptr<rv::PngSlot> aPng = get("a").png;  // no import holds the pixels after this
    get("b");                                                 // keeps b's pixels, lets a's go
    EXPECT_EQ(decodes, 2);
    get("b");
    EXPECT_EQ(decodes, 2);  // b's pixels were kept
    EXPECT_EQ(cache.bytesHeld(), 2 * sizeof(rv::Image) + pixelBytes);
    const rv::TextureCache::Texture a = get("a");
    EXPECT_EQ(decodes, 3);  // decoded again, with the PNG slot it had
    EXPECT_EQ(a.png.get(), aPng.get());
    EXPECT_EQ(cache.counts().decoded, 3u);
    EXPECT_EQ(cache.counts().reused, 1u);
}

// A file replaced on disk between two imports decodes to other pixels: the old PNG is not theirs.
TEST(TextureCache, PixelsDecodedAgainAtAnotherSizeGetNoOldPng) {
    rv::TextureCache cache(64 << 20, 0);  // no pixels kept beyond their imports
    uint32_t side = 8;
    auto get = [&] { return cache.get("a.paa", [&] { return pixels(side, 10); }); };
    {
        const rv::TextureCache::Texture first = get();
        ASSERT_TRUE(rv::encodePngOnce(*first.image, first.png.get(), nullptr).ok());
    }
    side = 16;
    const rv::TextureCache::Texture replaced = get();
    ASSERT_TRUE(replaced.image);
    EXPECT_EQ(replaced.image->width, 16u);
    EXPECT_FALSE(replaced.png);  // encoded by its own import, from its own pixels
}

}  // namespace
