// Helpers every rvimport Assimp adapter uses to build valid aiScenes by construction.
// (Debian's Assimp aborts on broken invariants instead of returning an error, see shared notes.)
#pragma once

#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "rv/math_types.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// aiString holds at most MAXLEN-1 bytes and aiString::Set(std::string) silently keeps the old
// value for longer input; file data is cut here instead.
inline aiString toAiString(const std::string& s) {
    aiString out;
    const size_t n = s.size() < size_t(MAXLEN) - 1 ? s.size() : size_t(MAXLEN) - 1;
    out.length = ai_uint32(n);
    s.copy(out.data, n);
    out.data[n] = '\0';
    return out;
}

// The frame every Assimp adapter asks the view for: right-handed y-up, UV origin bottom-left.
inline Frame assimpFrame() { return Frame{Axes::YUp, true}; }

// The view (rv/view.hpp) has already converted into Assimp's frame: these only copy.
inline aiVector3D toAi(const Vec3& v) { return {v.x, v.y, v.z}; }
inline aiMatrix4x4 toAi(const Mat4& t) {
    const auto& m = t.m;
    return aiMatrix4x4(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13], m[14],
                       m[15]);
}

// Collects metadata entries, then allocates the aiMetadata once (aiMetadata::Add reallocates
// per entry and takes std::string keys that aiString may silently drop).
class MetadataBuilder {
public:
    using Value = std::variant<bool, int32_t, float, std::string, aiVector3D>;
    void add(std::string key, Value value) { entries_.emplace_back(std::move(key), std::move(value)); }
    bool empty() const { return entries_.empty(); }

    aiMetadata* build() const {
        aiMetadata* md = aiMetadata::Alloc(unsigned(entries_.size()));
        for (unsigned i = 0; i < entries_.size(); ++i) {
            const auto& [key, value] = entries_[i];
            std::visit(
                [&](const auto& v) {
                    using T = std::decay_t<decltype(v)>;
                    // Set() refuses an empty key and assigns keys through the dropping
                    // std::string path: give it a placeholder, then store the real key.
                    if constexpr (std::is_same_v<T, std::string>)
                        md->Set(i, std::string("k"), toAiString(v));
                    else
                        md->Set(i, std::string("k"), v);
                },
                value);
            md->mKeys[i] = toAiString(key);
        }
        return md;
    }

private:
    std::vector<std::pair<std::string, Value>> entries_;
};

// Moves a vector of owned pointers into an aiScene-style array (new[] of raw pointers).
template <class T>
T** releaseArray(std::vector<T*>& items, unsigned& count) {
    count = unsigned(items.size());
    if (items.empty()) return nullptr;
    T** out = new T*[items.size()];
    for (size_t i = 0; i < items.size(); ++i) out[i] = items[i];
    items.clear();
    return out;
}

}  // namespace rv::assimp
