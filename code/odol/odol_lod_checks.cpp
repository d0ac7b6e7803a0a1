// The consistency every decoded LOD must have, whatever its version: per-vertex arrays are
// empty or one per vertex (else dropped with a warning, so consumers can rely on it), faces use
// existing vertices (else the file is broken), selections drop what does not exist (a warning).
#include <algorithm>

#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

template <class T>
void requirePerVertex(ByteReader& r, const FileState& s, std::vector<T>& v, size_t vertices, const char* what) {
    if (!v.empty() && v.size() != vertices) {
        s.warn(r, DiagKind::SizeMismatch,
               std::string(what) + " has " + std::to_string(v.size()) + " entries for " + std::to_string(vertices) +
                   " vertices; dropped");
        v.clear();
    }
}

void requireExistingVertices(ByteReader& r, const OdolLod& lod) {
    const size_t nv = lod.positions.size();
    for (size_t i = 0; i < lod.faceIndices.size(); ++i)
        if (lod.faceIndices[i] >= nv) {
            size_t face = size_t(std::upper_bound(lod.faceStart.begin(), lod.faceStart.end(), uint32_t(i)) -
                                 lod.faceStart.begin()) -
                          1;
            r.fail(DiagKind::BadValue, "face " + std::to_string(face) + " uses vertex " +
                                           std::to_string(lod.faceIndices[i]) + " of " + std::to_string(nv));
        }
}

// Removes vertices and faces that do not exist from a selection, with their weights.
bool dropMissingMembers(OdolSelection& sel, size_t vertexCount, size_t faceCount) {
    auto bad = [&](uint32_t x) { return x >= vertexCount; };
    auto badFace = [&](uint32_t x) { return x >= faceCount; };
    size_t before = sel.vertices.size() + sel.faces.size();
    if (std::any_of(sel.vertices.begin(), sel.vertices.end(), bad)) {
        if (!sel.vertexWeights.empty()) {
            size_t w = 0;
            for (size_t i = 0; i < sel.vertices.size(); ++i)
                if (!bad(sel.vertices[i])) sel.vertexWeights[w++] = sel.vertexWeights[i];
            sel.vertexWeights.resize(w);
        }
        sel.vertices.erase(std::remove_if(sel.vertices.begin(), sel.vertices.end(), bad), sel.vertices.end());
    }
    sel.faces.erase(std::remove_if(sel.faces.begin(), sel.faces.end(), badFace), sel.faces.end());
    return sel.vertices.size() + sel.faces.size() != before;
}

}  // namespace

void finishLod(ByteReader& r, const FileState& s, OdolLod& lod) {
    const size_t nv = lod.positions.size();
    requirePerVertex(r, s, lod.normals, nv, "normals");
    requirePerVertex(r, s, lod.clipFlags, nv, "clip flags");
    requirePerVertex(r, s, lod.tangents, nv, "ST coordinates");
    requirePerVertex(r, s, lod.bitangents, nv, "ST coordinates");
    requirePerVertex(r, s, lod.vertexBones, nv, "vertex bone references");
    for (size_t i = 0; i < lod.uvSets.size(); ++i) requirePerVertex(r, s, lod.uvSets[i], nv, "UV set");
    while (!lod.uvSets.empty() && lod.uvSets.back().empty()) lod.uvSets.pop_back();
    requireExistingVertices(r, lod);
    for (OdolSelection& sel : lod.selections)
        if (dropMissingMembers(sel, nv, lod.faceCount()))
            s.warn(r, DiagKind::IndexOutOfRange,
                   "selection '" + sel.name + "' refers to vertices or faces that do not exist; those were dropped");
}

}  // namespace rv::odol
