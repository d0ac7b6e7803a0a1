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

struct TextureCache::Entry {
    std::mutex making;  // held while the first caller decodes; the others wait on it
    bool made = false;
    Texture texture;
    uint64_t pixelBytes = 0;
    bool listed = false;
    std::list<std::string>::iterator at;  // in recent_, when listed
};

uint64_t textureCacheCapacity(uint64_t importLimit) { return std::min(defaults::kTextureCacheBytes, importLimit / 2); }

TextureCache::TextureCache(uint64_t capacityBytes)
    : capacity_(capacityBytes), counters_(std::make_shared<TextureCacheCounters>()) {}

TextureCache::~TextureCache() = default;

void TextureCache::touch(const std::string& key, Entry& entry) {
    auto found = entries_.find(key);
    if (found == entries_.end() || found->second.get() != &entry || !entry.listed) return;  // let go meanwhile
    recent_.splice(recent_.end(), recent_, entry.at);
}

void TextureCache::evictBeyondCapacity() {
    while (!recent_.empty() && held_ + counters_->pngBytes.load() > capacity_) {
        const std::string key = recent_.front();
        recent_.pop_front();
        auto found = entries_.find(key);
        if (found == entries_.end()) continue;
        Entry& e = *found->second;
        e.listed = false;
        held_ -= e.pixelBytes;
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
        std::lock_guard<std::mutex> lock(mutex_);
        touch(key, *entry);
        counters_->reused++;
        return entry->texture;
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
    entry->made = true;
    entry->pixelBytes = t.image ? uint64_t(t.image->width) * t.image->height * 4 + sizeof(Image) : 64;
    if (ours) {
        held_ += entry->pixelBytes;
        entry->at = recent_.insert(recent_.end(), key);
        entry->listed = true;
        evictBeyondCapacity();
    }
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
