// Textures shared by the imports of one batch (issue 42): a texture that many models use is read,
// decoded and PNG-encoded once, by whichever import asks first, and the others reuse its pixels
// and its PNG bytes. Thread-safe: a batch's workers share one (Options::textureCache). Bounded:
// past its capacity the textures used longest ago are let go; an import that holds one keeps it
// alive until it is done with it. The decoded pixels can have a smaller capacity of their own: past
// it, the pixels used longest ago are let go and the PNG stays (a batch, whose outputs embed the
// PNG), and the next import that asks decodes them again and copies the PNG.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rv/error.hpp"

namespace rv {

struct Image;        // rv/image.hpp
class MemoryBudget;  // rv/memory_budget.hpp

// What a cache has done, for a batch's summary and the tests.
struct TextureCacheCounts {
    uint64_t decoded = 0;     // textures read and decoded (failures included: one attempt each)
    uint64_t reused = 0;      // times an import took a texture another import had decoded
    uint64_t pngEncoded = 0;  // PNG files encoded
    uint64_t pngReused = 0;   // times an import copied a PNG another import had encoded
};

struct TextureCacheCounters;  // the counts and the PNG bytes held, shared by a cache and its slots

// A texture's PNG file, made once: the first import that embeds the image encodes it, the others
// copy the bytes. Held by each MaterialImage of a cached texture.
struct PngSlot {
    std::mutex mutex;
    std::shared_ptr<const std::vector<uint8_t>> bytes;  // null until encoded
    std::shared_ptr<TextureCacheCounters> counters;
    // The cache let its texture go: its bytes no longer count against the cache's capacity.
    // Atomics, so that letting go never waits for an encode in progress.
    std::atomic<bool> evicted{false};
    std::atomic<uint64_t> counted{0};  // of bytes, what the cache's count of PNG bytes holds
};

class TextureCache {
public:
    // `capacityBytes`: the pixels and PNG bytes it keeps at most (textureCacheCapacity);
    // `pixelCapacityBytes`: the decoded pixels among them that no import holds (all, by default).
    explicit TextureCache(uint64_t capacityBytes, uint64_t pixelCapacityBytes = UINT64_MAX);
    ~TextureCache();
    TextureCache(const TextureCache&) = delete;
    TextureCache& operator=(const TextureCache&) = delete;

    struct Texture {
        std::shared_ptr<const Image> image;  // null when it could not be had
        std::string problem;                 // why not, in plain words
        std::shared_ptr<PngSlot> png;        // its PNG, shared (null without an image)
        bool keep = true;  // false: not remembered (an import's memory limit refused it, not the file)
    };
    // The texture under `key` (where it was found, and how it was decoded): `decode` makes it for
    // the first caller; a caller that asks while it is being made waits for it and reuses it.
    Texture get(const std::string& key, const std::function<Texture()>& decode);

    TextureCacheCounts counts() const;
    uint64_t bytesHeld() const;

private:
    struct Entry;
    void touch(const std::string& key, Entry& entry);
    void keepPixels(const std::string& key, Entry& entry, std::shared_ptr<const Image> image);
    void dropPixels(Entry& entry);
    void evictBeyondCapacity();
    Texture remade(const std::string& key, Entry& entry, const std::function<Texture()>& decode);

    uint64_t capacity_, pixelCapacity_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Entry>> entries_;
    std::list<std::string> recent_;        // keys of made entries, least recently used first
    std::list<std::string> pixelsRecent_;  // keys of entries that keep their pixels, the same way
    uint64_t held_ = 0;                    // of entries and the pixels they keep
    uint64_t pixelsHeld_ = 0;              // of the pixels they keep
    std::shared_ptr<TextureCacheCounters> counters_;
};

// What a cache shared by imports that each have `importLimit` bytes keeps at most: half of it,
// never more than defaults::kTextureCacheBytes.
uint64_t textureCacheCapacity(uint64_t importLimit);
// The decoded pixels a batch's cache keeps beyond the imports that hold them: at most
// defaults::kBatchCachePixelBytes of its capacity.
uint64_t batchCachePixelCapacity(uint64_t cacheCapacity);

// `image` as a PNG file (rv::encodePng), through `slot` when there is one: encoded by the first
// caller, a copy of those bytes for the others. `budget` is charged as encodePng charges it.
[[nodiscard]] Result<std::vector<uint8_t>> encodePngOnce(const Image& image, PngSlot* slot, MemoryBudget* budget);

}  // namespace rv
