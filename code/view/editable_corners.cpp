// Editable LODs store one normal and one UV per face corner; every output (Assimp, glTF, the C
// ABI, Blender's custom normals) wants them per vertex. So corners are merged into vertices the
// way a binarizer does it: corners at the same point with bit-identical normal and UVs share a
// vertex, others split it. (Twins in samples/editable.tsv: the binarized LODs hold more vertices
// than points for exactly this reason, and every binarized vertex sits on an editable point.)
#include <cstring>

#include "view/editable_corners.hpp"

namespace rv::view {
namespace {

uint32_t floatBits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

// The bits that make a corner distinct besides its point: its normal and its UV in every set.
void cornerKey(const OdolLod& lod, size_t corner, std::vector<uint32_t>& out) {
    out.clear();
    const uint32_t n = lod.cornerNormals[corner];
    if (n < lod.normals.size()) {
        const Vec3& v = lod.normals[n];
        out.insert(out.end(), {floatBits(v.x), floatBits(v.y), floatBits(v.z)});
    } else {
        out.insert(out.end(), {UINT32_MAX, UINT32_MAX, UINT32_MAX});  // no normal
    }
    for (const std::vector<Vec2>& set : lod.cornerUvSets) {
        out.push_back(floatBits(set[corner].u));
        out.push_back(floatBits(set[corner].v));
    }
}

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
    const uint64_t key = 4 * (3 + 2 * lod.cornerUvSets.size());
    // variant lists (key + index per corner, doubled for growth), corner map, the result
    return corners * (2 * (key + 8) + 8) + (corners + points) * 12 + points * 8;
}

EditableVertices splitCorners(const OdolLod& lod) {
    const size_t points = lod.positions.size(), corners = lod.faceIndices.size();
    // Per point, its distinct corner keys in order of first use; per corner, its variant there.
    std::vector<std::vector<uint32_t>> variants(points);  // per point: corners that start a variant
    std::vector<uint32_t> variantOf(corners);
    std::vector<uint32_t> key, other;
    for (size_t c = 0; c < corners; ++c) {
        std::vector<uint32_t>& list = variants[lod.faceIndices[c]];
        cornerKey(lod, c, key);
        uint32_t found = uint32_t(list.size());
        for (uint32_t i = 0; i < list.size(); ++i) {
            cornerKey(lod, list[i], other);
            if (other == key) {
                found = i;
                break;
            }
        }
        if (found == list.size()) list.push_back(uint32_t(c));
        variantOf[c] = found;
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
