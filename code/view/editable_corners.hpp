// Internal: an editable (MLOD) LOD's face corners turned into vertices, as a binarizer does.
#pragma once

#include <cstdint>
#include <vector>

#include "rv/odol.hpp"

namespace rv::view {

// The vertices of an editable LOD: one per distinct (point, normal, UVs of every set) among the
// corners at each point, and one for each point no face uses. Vertices are ordered by point
// (the point's variants in order of first use), so the LOD's points stay in stored order.
struct EditableVertices {
    std::vector<uint32_t> vertexPoint;   // per vertex: its point
    std::vector<uint32_t> vertexCorner;  // per vertex: a face corner it stands for (UINT32_MAX: loose point)
    std::vector<uint32_t> pointStart;    // per point + 1: its vertices are [pointStart[p], pointStart[p + 1])
    // Per face corner: its vertex, in the binarizer's winding (triangle (v1, v0, v2), quad
    // (v1, v0, v3, v2)), so faces wind as a binarized twin's; lod.faceStart delimits the faces.
    std::vector<uint32_t> faceIndices;
};

// Whether `lod` carries per-corner data to split (an MLOD LOD whose arrays are consistent).
bool hasEditableCorners(const OdolLod& lod);
EditableVertices splitCorners(const OdolLod& lod);
// Bytes splitCorners and the vertex arrays built from it take at most.
uint64_t editableCornerBytes(const OdolLod& lod);

}  // namespace rv::view
