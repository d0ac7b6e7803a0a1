// The texture cache a batch's imports share (rv/texture_cache.hpp): one decode per texture
// whichever thread asks first, no memory of a refusal that was the import's own, the textures used
// longest ago let go past the capacity, and one PNG encode per image.
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

}  // namespace
