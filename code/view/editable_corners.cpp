// Editable LODs store one normal and one UV per face corner; every output (Assimp, glTF, the C
// ABI, Blender's custom normals) wants them per vertex. So corners are merged into vertices the
// way a binarizer does it: corners at the same point with bit-identical normal and UVs share a
// vertex, others split it. (Twins in samples/editable.tsv: the binarized LODs hold more vertices
// than points for exactly this reason, and every binarized vertex sits on an editable point.)
#include <cstring>
#include <unordered_map>

#include "core/work_meter.hpp"
#include "view/editable_corners.hpp"

namespace rv::view {
namespace {

uint32_t floatBits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

// The bits that make a corner distinct besides its point: its normal and its UV in every set.
size_t keyLength(const OdolLod& lod) { return 3 + 2 * lod.cornerUvSets.size(); }

uint32_t keyWord(const OdolLod& lod, size_t corner, size_t k) {
    if (k < 3) {
        const uint32_t n = lod.cornerNormals[corner];
        if (n >= lod.normals.size()) return UINT32_MAX;  // no normal
        const Vec3& v = lod.normals[n];
        return floatBits(k == 0 ? v.x : k == 1 ? v.y : v.z);
    }
    const Vec2& uv = lod.cornerUvSets[(k - 3) / 2][corner];
    return floatBits((k - 3) % 2 == 0 ? uv.u : uv.v);
}

// Corners as hash keys: equal when at the same point with the same key bits. Finding a corner's
// variant by hash instead of comparing it with every earlier variant of its point keeps a point
// shared by many distinct corners linear (a 1.9 MB model took 36-47 s, issue 29).
struct CornerHash {
    const OdolLod* lod;
    size_t operator()(uint32_t c) const {
        uint64_t h = 0x9e3779b97f4a7c15ull ^ lod->faceIndices[c];
        for (size_t k = 0, n = keyLength(*lod); k < n; ++k) h = (h ^ keyWord(*lod, c, k)) * 0x100000001b3ull;
        return size_t(h ^ (h >> 29));
    }
};
struct SameCorner {
    const OdolLod* lod;
    bool operator()(uint32_t a, uint32_t b) const {
        work::count(1);
        if (lod->faceIndices[a] != lod->faceIndices[b]) return false;
        for (size_t k = 0, n = keyLength(*lod); k < n; ++k)
            if (keyWord(*lod, a, k) != keyWord(*lod, b, k)) return false;
        return true;
    }
};

}  // namespace

bool hasEditableCorners(const OdolLod& lod) {
    const size_t corners = lod.faceIndices.size();
    if (lod.cornerNormals.size() != corners || lod.faceStart.empty()) return false;
    for (const std::vector<Vec2>& set : lod.cornerUvSets)
        if (set.size() != corners) return false;
    return true;
}

uint64_t editableCornerBytes(const OdolLod& lod) {
    const uint64_t corners = lod.faceIndices.size(), points = lod.positions.size();
    // per corner: its variant, an entry of its point's list (doubled for growth), a hash node and
    // bucket; per point: its list; the result
    return corners * (4 + 8 + 48) + points * 24 + (corners + points) * 12 + points * 8;
}

EditableVertices splitCorners(const OdolLod& lod) {
    const size_t points = lod.positions.size(), corners = lod.faceIndices.size();
    // Per point, its distinct corner keys in order of first use; per corner, its variant there.
    std::vector<std::vector<uint32_t>> variants(points);  // per point: corners that start a variant
    std::vector<uint32_t> variantOf(corners);
    // The corner that starts each variant -> its index among its point's variants.
    std::unordered_map<uint32_t, uint32_t, CornerHash, SameCorner> first(corners, CornerHash{&lod}, SameCorner{&lod});
    for (size_t c = 0; c < corners; ++c) {
        std::vector<uint32_t>& list = variants[lod.faceIndices[c]];
        work::count(1);
        const auto [at, added] = first.try_emplace(uint32_t(c), uint32_t(list.size()));
        if (added) list.push_back(uint32_t(c));
        variantOf[c] = at->second;
    }
    EditableVertices out;
    out.pointStart.resize(points + 1, 0);
    for (size_t p = 0; p < points; ++p)
        out.pointStart[p + 1] = out.pointStart[p] + uint32_t(variants[p].empty() ? 1 : variants[p].size());
    out.vertexPoint.resize(out.pointStart[points]);
    out.vertexCorner.resize(out.pointStart[points], UINT32_MAX);
    for (size_t p = 0; p < points; ++p)
        for (uint32_t v = out.pointStart[p]; v < out.pointStart[p + 1]; ++v) {
            out.vertexPoint[v] = uint32_t(p);
            if (!variants[p].empty()) out.vertexCorner[v] = variants[p][v - out.pointStart[p]];
        }
    // The binarizer's winding (engine PolyVertices::Reverse, format notes §8.3): swap the first
    // two corners and, in a quad, the last two.
    out.faceIndices.resize(corners);
    for (size_t f = 0; f + 1 < lod.faceStart.size(); ++f) {
        const uint32_t begin = lod.faceStart[f], n = lod.faceStart[f + 1] - begin;
        for (uint32_t k = 0; k < n; ++k) {
            uint32_t from = k;
            if (n >= 2 && k < 2) from = 1 - k;
            if (n == 4 && k >= 2) from = 5 - k;
            const size_t c = begin + from;
            out.faceIndices[begin + k] = out.pointStart[lod.faceIndices[c]] + variantOf[c];
        }
    }
    return out;
}

}  // namespace rv::view
