// Helpers every rvimport Assimp adapter uses to build valid aiScenes by construction.
// (Debian's Assimp aborts on broken invariants instead of returning an error, see shared notes.)
#pragma once

#include <assimp/material.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "assimp/assimp_compat.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/math_types.hpp"
#include "rv/memory_budget.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// "No vertex yet" in a remap table.
inline constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// What the scene builders allocate, charged to the import's budget before they allocate it.
// Assimp's structures are dominated by aiString (1 KiB + 4 bytes, fixed): every node name,
// metadata key and string value, material property key and string value is one. The costs are
// upper bounds (malloc rounds small blocks up to 32 bytes; growing vectors are counted twice).
namespace cost {
constexpr uint64_t kNode = sizeof(aiNode) + 64;  // the node and its child / mesh index arrays
constexpr uint64_t kMetadataEntry = 2 * sizeof(aiString) + sizeof(aiMetadataEntry) + 32;  // key + value
constexpr uint64_t kMaterialProperty = sizeof(aiMaterialProperty) + sizeof(aiString) + 32;
constexpr uint64_t kFace = sizeof(aiFace) + 32 + 16;  // the face, its index block, the staging arrays
constexpr uint64_t kBone = sizeof(aiBone) + 64;
// A mesh of `vertices` vertices with `uvSets` UV sets (normals always counted) and `faces` faces.
inline uint64_t mesh(uint64_t vertices, uint64_t faces, uint64_t uvSets) {
    return sizeof(aiMesh) + vertices * sizeof(aiVector3D) * (2 + uvSets) + faces * kFace;
}
// The view's materials as aiMaterials: 10 properties each today (name, texture paths, four
// colours, shininess, surface), counted as 20 to leave room for glTF's PBR keys, and one per
// stage, plus the property pointer list.
inline uint64_t materials(const ModelView& view) {
    uint64_t properties = 0;
    for (const ViewMaterial& m : view.materials) properties += 20 + (m.embedded ? m.embedded->stages.size() : 0);
    return properties * (kMaterialProperty + 16);
}
}  // namespace cost

// The import's budget as the scene builders use it: a charge that cannot be had throws
// ImportError naming the limit.
class SceneBudget {
public:
    SceneBudget(MemoryBudget& budget, std::string file) : budget_(budget), file_(std::move(file)) {}
    void charge(uint64_t bytes, const std::string& what) {
        if (!budget_.tryCharge(bytes))
            throw ImportError(file_ + ": " + budget_.overMessage(what, bytes), DiagKind::MemoryLimit);
    }
    MemoryBudget& budget() const { return budget_; }
    const std::string& file() const { return file_; }

private:
    MemoryBudget& budget_;
    std::string file_;
};

// aiString holds at most kAiStringCapacity-1 bytes and aiString::Set(std::string) silently keeps
// the old value for longer input; file data is cut here instead.
inline aiString toAiString(const std::string& s) {
    aiString out;
    const size_t n = s.size() < kAiStringCapacity - 1 ? s.size() : kAiStringCapacity - 1;
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

    aiMetadata* build(SceneBudget& budget) const {
        budget.charge(cost::kMetadataEntry * entries_.size(), "node metadata");
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

// The scene's own metadata: where it came from, and its unit. The scene is in metres; FBX files
// say their unit as centimetres per unit (Assimp's FBX exporter writes the scene's
// "UnitScaleFactor", 1 by default), so without 100 here Blender, Unity and Unreal import every
// FBX model a hundredth of its size.
inline aiMetadata* sceneMetadata(const std::string& formatVersion, SceneBudget& budget) {
    MetadataBuilder md;
    md.add("SourceAsset_FormatVersion", formatVersion);
    md.add("SourceAsset_Generator", std::string("rvimport"));
    md.add("UnitScaleFactor", 100.0f);
    md.add("OriginalUnitScaleFactor", 100.0f);
    return md.build(budget);
}

// A node named `name` under `parent` (the caller links it into the parent's children), charged
// to the scene's budget.
inline aiNode* newNode(const std::string& name, aiNode* parent, SceneBudget& budget) {
    budget.charge(cost::kNode, "node '" + name.substr(0, 64) + "'");
    auto* node = new aiNode;
    node->mName = toAiString(name);
    node->mParent = parent;
    return node;
}

// Moves a vector of owned pointers into an aiScene-style array (new[] of raw pointers).
// Deletes what `items` still holds when it goes out of scope: the objects no scene has taken yet.
template <class T>
struct DeleteAll {
    std::vector<T*>& items;
    ~DeleteAll() {
        for (T* item : items) delete item;
    }
};

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
