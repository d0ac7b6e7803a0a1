// Editable LODs store one normal and one UV per face corner; every output (Assimp, glTF, the C
// ABI, Blender's custom normals) wants them per vertex. So corners are merged into vertices the
// way a binarizer does it: corners at the same point with bit-identical normal and UVs share a
// vertex, others split it. (Twins in samples/editable.tsv: the binarized LODs hold more vertices
// than points for exactly this reason, and every binarized vertex sits on an editable point.)
#include <algorithm>
#include <cstring>
#include <vector>

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

bool sameCorner(const OdolLod& lod, uint32_t a, uint32_t b) {
    if (lod.faceIndices[a] != lod.faceIndices[b]) return false;
    for (size_t k = 0, n = keyLength(lod); k < n; ++k)
        if (keyWord(lod, a, k) != keyWord(lod, b, k)) return false;
    return true;
}

// The corners that start a variant, by hash of point and key: finding a corner's variant this way
// instead of comparing it with every earlier variant of its point keeps a point shared by many
// distinct corners linear (a 1.9 MB model took 36-47 s, issue 29). Open addressing over corner
// indices, at least twice as many slots as corners, so probes stay short and nothing is allocated
// per corner.
class CornerTable {
public:
    explicit CornerTable(const OdolLod& lod) : lod_(lod) {
        size_t slots = 16;
        while (slots < 2 * lod.faceIndices.size()) slots <<= 1;
        slots_.assign(slots, kEmpty);
    }

    // The corner that started c's variant: an earlier one, or c itself when its variant is new.
    uint32_t first(uint32_t c) {
        const size_t mask = slots_.size() - 1;
        for (size_t i = hash(c) & mask;; i = (i + 1) & mask) {
            work::count(1);
            if (slots_[i] == kEmpty) return slots_[i] = c;
            if (sameCorner(lod_, slots_[i], c)) return slots_[i];
        }
    }

private:
    static constexpr uint32_t kEmpty = UINT32_MAX;

    uint64_t hash(uint32_t c) const {
        uint64_t h = (lod_.faceIndices[c] + 1) * 0x9e3779b97f4a7c15ull;
        for (size_t k = 0, n = keyLength(lod_); k < n; ++k) {
            h = (h ^ keyWord(lod_, c, k)) * 0xff51afd7ed558ccdull;
            h ^= h >> 32;
        }
        return h;
    }

    const OdolLod& lod_;
    std::vector<uint32_t> slots_;
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
    // per corner: its variant, whether it starts one, up to 4 table slots; per point: its variant
    // count; the result
    return corners * (4 + 1 + 16) + points * 4 + (corners + points) * 12 + points * 8;
}

EditableVertices splitCorners(const OdolLod& lod) {
    const size_t points = lod.positions.size(), corners = lod.faceIndices.size();
    // Per corner, its variant among its point's (numbered in order of first use); per point, how
    // many it has.
    std::vector<uint32_t> variantOf(corners), variantCount(points, 0);
    std::vector<uint8_t> startsVariant(corners, 0);
    CornerTable table(lod);
    for (uint32_t c = 0; c < corners; ++c) {
        const uint32_t first = table.first(c);
        startsVariant[c] = first == c;
        variantOf[c] = first == c ? variantCount[lod.faceIndices[c]]++ : variantOf[first];
    }
    EditableVertices out;
    out.pointStart.resize(points + 1, 0);
    for (size_t p = 0; p < points; ++p)
        out.pointStart[p + 1] = out.pointStart[p] + std::max<uint32_t>(variantCount[p], 1);
    out.vertexPoint.resize(out.pointStart[points]);
    out.vertexCorner.resize(out.pointStart[points], UINT32_MAX);  // a loose point's one vertex
    for (size_t p = 0; p < points; ++p)
        for (uint32_t v = out.pointStart[p]; v < out.pointStart[p + 1]; ++v) out.vertexPoint[v] = uint32_t(p);
    for (uint32_t c = 0; c < corners; ++c)
        if (startsVariant[c]) out.vertexCorner[out.pointStart[lod.faceIndices[c]] + variantOf[c]] = c;
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
