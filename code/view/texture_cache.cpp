// Textures shared by the imports of one batch (include/rv/texture_cache.hpp).
#include "rv/texture_cache.hpp"

#include <algorithm>
#include <iterator>

#include "rv/defaults.hpp"
#include "rv/image.hpp"
#include "rv/png.hpp"

namespace rv {

struct TextureCacheCounters {
    std::atomic<uint64_t> decoded{0}, reused{0}, pngEncoded{0}, pngReused{0};
    std::atomic<uint64_t> pngBytes{0};  // PNG bytes the cache's slots hold
};

namespace {
constexpr uint64_t kEntryBytes = sizeof(Image);  // what an entry costs beside its pixels
}

struct TextureCache::Entry {
    std::mutex making;  // held while the first caller decodes; the others wait on it
    bool made = false;
    Texture texture;                    // its image null while the cache does not keep the pixels (see `pixels`)
    std::weak_ptr<const Image> pixels;  // alive while an import holds them
    uint32_t width = 0, height = 0;     // of the pixels the PNG is made from
    uint64_t pixelBytes = 0;
    bool listed = false, pixelsListed = false;
    std::list<std::string>::iterator at, pixelsAt;  // in recent_ and pixelsRecent_, when listed
};

uint64_t textureCacheCapacity(uint64_t importLimit) { return std::min(defaults::kTextureCacheBytes, importLimit / 2); }

uint64_t batchCachePixelCapacity(uint64_t cacheCapacity) {
    return std::min(defaults::kBatchCachePixelBytes, cacheCapacity);
}

TextureCache::TextureCache(uint64_t capacityBytes, uint64_t pixelCapacityBytes)
    : capacity_(capacityBytes),
      pixelCapacity_(pixelCapacityBytes),
      counters_(std::make_shared<TextureCacheCounters>()) {}

TextureCache::~TextureCache() = default;

// Under mutex_, as every function below that changes an entry.
void TextureCache::touch(const std::string& key, Entry& entry) {
    auto found = entries_.find(key);
    if (found == entries_.end() || found->second.get() != &entry || !entry.listed) return;  // let go meanwhile
    recent_.splice(recent_.end(), recent_, entry.at);
    if (entry.pixelsListed) pixelsRecent_.splice(pixelsRecent_.end(), pixelsRecent_, entry.pixelsAt);
}

void TextureCache::dropPixels(Entry& entry) {
    if (!entry.pixelsListed) return;
    pixelsRecent_.erase(entry.pixelsAt);
    entry.pixelsListed = false;
    entry.texture.image.reset();
    held_ -= entry.pixelBytes, pixelsHeld_ -= entry.pixelBytes;
}

// The entry keeps `image` (as the most recent), then the pixels past their capacity are let go.
void TextureCache::keepPixels(const std::string& key, Entry& entry, std::shared_ptr<const Image> image) {
    entry.pixels = image;
    if (!entry.listed || entry.pixelsListed) return;
    entry.texture.image = std::move(image);
    entry.pixelsAt = pixelsRecent_.insert(pixelsRecent_.end(), key);
    entry.pixelsListed = true;
    held_ += entry.pixelBytes, pixelsHeld_ += entry.pixelBytes;
    while (pixelsHeld_ > pixelCapacity_ && !pixelsRecent_.empty()) {
        auto found = entries_.find(pixelsRecent_.front());
        if (found == entries_.end()) {
            pixelsRecent_.pop_front();  // not expected: an erased entry leaves this list first
            continue;
        }
        dropPixels(*found->second);
    }
}

void TextureCache::evictBeyondCapacity() {
    while (!recent_.empty() && held_ + counters_->pngBytes.load() > capacity_) {
        const std::string key = recent_.front();
        recent_.pop_front();
        auto found = entries_.find(key);
        if (found == entries_.end()) continue;
        Entry& e = *found->second;
        dropPixels(e);
        e.listed = false;
        held_ -= kEntryBytes;
        if (PngSlot* slot = e.texture.png.get()) {
            slot->evicted = true;  // then whichever of this and encodePngOnce comes second uncounts
            counters_->pngBytes -= slot->counted.exchange(0);
        }
        entries_.erase(found);
    }
}

TextureCache::Texture TextureCache::get(const std::string& key, const std::function<Texture()>& decode) {
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        std::shared_ptr<Entry>& slot = entries_[key];
        if (!slot) slot = std::make_shared<Entry>();
        entry = slot;
    }
    std::lock_guard<std::mutex> making(entry->making);
    if (entry->made) {
        std::unique_lock<std::mutex> lock(mutex_);
        Texture t = entry->texture;
        if (t.png && !t.image) t.image = entry->pixels.lock();  // still held by another import
        if (t.png && !t.image) {
            lock.unlock();
            return remade(key, *entry, decode);
        }
        touch(key, *entry);
        if (t.image) keepPixels(key, *entry, t.image);
        evictBeyondCapacity();
        counters_->reused++;
        return t;
    }
    Texture t = decode();
    counters_->decoded++;
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = entries_.find(key);
    const bool ours = found != entries_.end() && found->second == entry;
    if (!t.keep) {
        // Refused by this import's own memory limit: the next import tries again with its own.
        if (ours) entries_.erase(found);
        return t;
    }
    if (t.image && !t.png) {
        t.png = std::make_shared<PngSlot>();
        t.png->counters = counters_;
    }
    entry->texture = t;
    entry->texture.image.reset();  // keepPixels decides
    entry->made = true;
    if (t.image) {
        entry->width = t.image->width, entry->height = t.image->height;
        entry->pixelBytes = uint64_t(t.image->width) * t.image->height * 4;
    }
    if (ours) {
        held_ += kEntryBytes;
        entry->at = recent_.insert(recent_.end(), key);
        entry->listed = true;
        if (t.image) keepPixels(key, *entry, t.image);
        evictBeyondCapacity();
    }
    return t;
}

// A texture whose pixels the cache let go and no import holds: decoded again, its PNG reused.
TextureCache::Texture TextureCache::remade(const std::string& key, Entry& entry,
                                           const std::function<Texture()>& decode) {
    Texture t = decode();
    counters_->decoded++;
    std::lock_guard<std::mutex> lock(mutex_);
    touch(key, entry);
    if (!t.image) return t;  // this import's memory limit: the entry stays as it was for the next
    // The same pixels as before (decoding is exact), so the PNG is theirs; a file replaced on disk
    // meanwhile gets its own encode (no slot).
    if (t.image->width != entry.width || t.image->height != entry.height) return t;
    t.png = entry.texture.png;
    keepPixels(key, entry, t.image);
    evictBeyondCapacity();
    return t;
}

TextureCacheCounts TextureCache::counts() const {
    TextureCacheCounts c;
    c.decoded = counters_->decoded.load();
    c.reused = counters_->reused.load();
    c.pngEncoded = counters_->pngEncoded.load();
    c.pngReused = counters_->pngReused.load();
    return c;
}

uint64_t TextureCache::bytesHeld() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return held_ + counters_->pngBytes.load();
}
Result<std::vector<uint8_t>> encodePngOnce(const Image& image, PngSlot* slot, MemoryBudget* budget) {
    if (!slot) return encodePng(image, budget);
    std::lock_guard<std::mutex> lock(slot->mutex);  // one encode: the others wait for its bytes
    if (slot->bytes) {
        if (slot->counters) slot->counters->pngReused++;
        return std::vector<uint8_t>(*slot->bytes);
    }
    Result<std::vector<uint8_t>> png = encodePng(image, budget);
    if (!png) return png;  // not kept: a limit of this import's, or an image PNG cannot hold
    slot->bytes = std::make_shared<const std::vector<uint8_t>>(png.value());
    if (slot->counters) {
        slot->counters->pngEncoded++;
        slot->counters->pngBytes += slot->bytes->size();
        slot->counted = slot->bytes->size();
        if (slot->evicted) slot->counters->pngBytes -= slot->counted.exchange(0);
    }
    return png;
}

}  // namespace rv
