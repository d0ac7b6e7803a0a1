// A built LOD without the vertices only proxy markers use (view_internal.hpp, dropVertices).
// A proxy's marker triangle (binarized: its own three points in a hidden section; editable: the
// corners of its face) is never drawn, and its corners would otherwise be stray vertices: three
// points a metre or two from the model in Blender, and glTF bounds (POSITION min/max) that make a
// viewer frame a man as a speck. ODOL keeps those points in the vertex table; the view does not.
#include <algorithm>

#include "view/view_internal.hpp"

namespace rv::view {
namespace {

// Keeps the entries of `values` whose vertex `renumber` keeps (one entry per vertex), in order.
template <class T>
void keepVertices(std::vector<T>& values, const std::vector<uint32_t>& renumber) {
    if (values.size() != renumber.size()) return;  // an array the LOD does not have
    size_t out = 0;
    for (size_t v = 0; v < values.size(); ++v)
        if (renumber[v] != UINT32_MAX) values[out++] = std::move(values[v]);
    values.resize(out);
}

void renumberAll(std::vector<uint32_t>& indices, const std::vector<uint32_t>& renumber) {
    for (uint32_t& i : indices) i = renumber[i];
}

}  // namespace

void dropVertices(LodView& lod, const std::vector<bool>& drop) {
    const size_t count = lod.positions.size();
    if (drop.size() != count || std::none_of(drop.begin(), drop.end(), [](bool d) { return d; })) return;
    std::vector<uint32_t> renumber(count, UINT32_MAX);
    uint32_t next = 0;
    for (size_t v = 0; v < count; ++v)
        if (!drop[v] || (!lod.vertexMass.empty() && lod.vertexMass[v] != 0.0f)) renumber[v] = next++;
    if (next == count) return;
    keepVertices(lod.positions, renumber);
    keepVertices(lod.normals, renumber);
    keepVertices(lod.tangents, renumber);
    for (std::vector<Vec2>& uvs : lod.uvSets) keepVertices(uvs, renumber);
    keepVertices(lod.vertexPoint, renumber);
    keepVertices(lod.vertexMass, renumber);
    keepVertices(lod.joints, renumber);
    keepVertices(lod.jointWeights, renumber);
    renumberAll(lod.corners, renumber);  // drawn corners and loose points are all kept
    renumberAll(lod.triangles, renumber);
    renumberAll(lod.loosePoints, renumber);
    for (SelectionView& s : lod.selections) {  // a proxy's selection loses its marker, as binarize empties it
        size_t out = 0;
        for (size_t i = 0; i < s.vertices.size(); ++i) {
            if (renumber[s.vertices[i]] == UINT32_MAX) continue;
            s.vertices[out] = renumber[s.vertices[i]];
            if (i < s.weights.size()) s.weights[out] = s.weights[i];
            ++out;
        }
        s.vertices.resize(out);
        if (s.weights.size() > out) s.weights.resize(out);
    }
}

}  // namespace rv::view
