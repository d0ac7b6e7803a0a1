// One LOD of the model view: vertices in the adapter's frame, polygons and triangles grouped by
// material, loose points, selections with decoded weights, named points, proxies (view.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>

#include "view/d3.hpp"
#include "view/editable_corners.hpp"
#include "view/view_budget.hpp"
#include "view/view_internal.hpp"

namespace rv::view {
namespace {

struct Placement {
    Axes axes;
    // Added to stored positions before the frame change: zero when they are already where the
    // options want them, +centre for ODOL without autocenter, -centre for MLOD with it (in float,
    // so an MLOD point lands on f32(point - centre), bit for bit its binarized twin's position).
    Vec3 offset;
    Vec3 place(const Vec3& p) const { return toFrame(axes, Vec3{p.x + offset.x, p.y + offset.y, p.z + offset.z}); }
};

// The faces the view draws: the LOD's own, or an editable LOD's corners mapped to its split
// vertices in the binarizer's winding (editable_corners.hpp).
struct FaceTable {
    const std::vector<uint32_t>& start;
    const std::vector<uint32_t>& indices;
    size_t vertexCount;
};

// An editable LOD's vertices: each split vertex takes its point's position and its corner's
// normal and UVs; loose points get no normal (repaired below) and UV 0.
void copyEditableVertices(const OdolLod& lod, const EditableVertices& split, const Placement& at, const Frame& frame,
                          LodView& out) {
    const size_t n = split.vertexPoint.size();
    out.positions.resize(n);
    out.vertexPoint = split.vertexPoint;
    for (size_t i = 0; i < n; ++i) out.positions[i] = at.place(lod.positions[split.vertexPoint[i]]);
    if (!lod.normals.empty()) {
        out.normals.assign(n, Vec3{0, 0, 0});
        for (size_t i = 0; i < n; ++i) {
            const uint32_t c = split.vertexCorner[i];
            if (c != UINT32_MAX && lod.cornerNormals[c] < lod.normals.size())
                out.normals[i] = toFrame(frame.axes, lod.normals[lod.cornerNormals[c]]);
        }
    }
    for (const std::vector<Vec2>& set : lod.cornerUvSets) {
        std::vector<Vec2> uv(n, Vec2{0, 0});
        for (size_t i = 0; i < n; ++i)
            if (split.vertexCorner[i] != UINT32_MAX) uv[i] = set[split.vertexCorner[i]];
        if (frame.uvBottomLeft)
            for (Vec2& t : uv) t.v = 1.0f - t.v;
        out.uvSets.push_back(std::move(uv));
    }
}

void copyVertices(const OdolLod& lod, const Placement& at, const Frame& frame, LodView& out) {
    const size_t n = lod.positions.size();
    out.positions.resize(n);
    out.vertexPoint.resize(n);
    for (size_t i = 0; i < n; ++i) {
        out.positions[i] = at.place(lod.positions[i]);
        out.vertexPoint[i] = uint32_t(i);
    }
    if (lod.normals.size() == n) {
        out.normals.resize(n);
        for (size_t i = 0; i < n; ++i) out.normals[i] = toFrame(frame.axes, lod.normals[i]);
    }
    for (const std::vector<Vec2>& set : lod.uvSets) {
        if (set.size() != n) continue;  // only complete sets: one UV per vertex
        std::vector<Vec2> uv(set);
        if (frame.uvBottomLeft)
            for (Vec2& t : uv) t.v = 1.0f - t.v;
        out.uvSets.push_back(std::move(uv));
    }
}

// Outputs need unit normals (glTF requires them; Blender's custom normals treat zero as "auto").
// Binarized LODs store some zero normals (three vertices of AGM_M84's LOD 0, on degenerate
// corners) and quantized ones a little off unit length. Off-length normals are rescaled; a zero
// or non-finite one takes the average direction of the stored normals of the vertices it shares
// triangles with, or the frame's up axis when it has none.
void repairNormals(LodView& out, const Frame& frame) {
    auto length = [](const Vec3& v) { return std::sqrt(double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z); };
    auto usable = [&](const Vec3& v) {
        const double l = length(v);
        return std::isfinite(l) && l > 1e-6;
    };
    std::vector<uint32_t> broken;
    for (uint32_t i = 0; i < out.normals.size(); ++i) {
        Vec3& n = out.normals[i];
        if (!usable(n)) {
            broken.push_back(i);
            continue;
        }
        const double l = length(n);
        if (std::fabs(l - 1.0) > 1e-4) n = {float(n.x / l), float(n.y / l), float(n.z / l)};
    }
    if (broken.empty()) return;
    std::vector<Vec3> sum(out.normals.size(), Vec3{0, 0, 0});
    std::vector<char> isBroken(out.normals.size(), 0);
    for (uint32_t i : broken) isBroken[i] = 1;
    for (size_t t = 0; t + 2 < out.triangles.size(); t += 3)
        for (int a = 0; a < 3; ++a) {
            const uint32_t v = out.triangles[t + size_t(a)];
            if (v >= isBroken.size() || !isBroken[v]) continue;
            for (int b = 0; b < 3; ++b) {
                const uint32_t w = out.triangles[t + size_t(b)];
                if (w >= isBroken.size() || isBroken[w]) continue;
                sum[v] = {sum[v].x + out.normals[w].x, sum[v].y + out.normals[w].y, sum[v].z + out.normals[w].z};
            }
        }
    const Vec3 up = toFrame(frame.axes, Vec3{0, 1, 0});  // the model's up in the output frame
    for (uint32_t i : broken) {
        const double l = length(sum[i]);
        out.normals[i] = usable(sum[i]) ? Vec3{float(sum[i].x / l), float(sum[i].y / l), float(sum[i].z / l)} : up;
    }
}

// Faces in the order of their material's first use, stable within a material.
std::vector<uint32_t> facesByGroup(const std::vector<uint32_t>& faceMaterial, std::vector<uint32_t>& groupMaterial) {
    std::unordered_map<uint32_t, uint32_t> groupOf;
    std::vector<uint32_t> sizes;
    for (uint32_t m : faceMaterial) {
        auto [it, fresh] = groupOf.emplace(m, uint32_t(groupMaterial.size()));
        if (fresh) {
            groupMaterial.push_back(m);
            sizes.push_back(0);
        }
        ++sizes[it->second];
    }
    std::vector<uint32_t> start(sizes.size(), 0);
    for (size_t g = 1; g < sizes.size(); ++g) start[g] = start[g - 1] + sizes[g - 1];
    std::vector<uint32_t> order(faceMaterial.size());
    for (uint32_t f = 0; f < faceMaterial.size(); ++f) order[start[groupOf[faceMaterial[f]]]++] = f;
    return order;
}

D3 sub(const Vec3& a, const Vec3& b) { return {double(a.x) - b.x, double(a.y) - b.y, double(a.z) - b.z}; }
double dot(const Vec3& a, const D3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Whether a host that splits quad (p0, p1, p2, p3) itself might not use the diagonal p0-p2.
// Blender 3.4 flips a quad to the p1-p3 diagonal when its two fan triangles face opposite ways
// (mesh_tessellate: is_quad_flip_v3_first_third_fast), or, when face normals are at hand, when
// p1 or p3 is not strictly on its side of the diagonal across the face normal
// (..._with_normal). Both tests are run here in double with a relative margin, so a quad near
// either boundary is split too: splitting more than needed never changes the triangles drawn.
bool splitsFolded(const Vec3& p0, const Vec3& p1, const Vec3& p2, const Vec3& p3) {
    const D3 d02 = sub(p2, p0);
    const double scale = dot(d02, d02) + dot(sub(p1, p0), sub(p1, p0)) + dot(sub(p3, p0), sub(p3, p0));
    if (!(scale > 0)) return true;  // degenerate (or NaN): let the triangles speak
    const double eps = 1e-6 * scale;
    if (dot(cross(sub(p1, p0), d02), cross(sub(p3, p0), d02)) > -eps * scale) return true;
    D3 n = cross(sub(p0, p2), sub(p1, p3));  // Blender's quad normal: (v1 - v3) x (v2 - v4)
    const double len = length(n);
    if (!(len > 0)) return true;
    n = {n.x / len, n.y / len, n.z / len};
    const D3 tangent = cross(d02, n);
    // Blender compares dot products of absolute float positions: its rounding grows with the
    // distance from the origin, so the margin does too.
    const double reach = std::sqrt(scale) + std::fabs(p0.x) + std::fabs(p0.y) + std::fabs(p0.z);
    const double margin = 1e-6 * length(tangent) * reach;
    const double d = dot(p0, tangent);
    return dot(p3, tangent) >= d - margin || dot(p1, tangent) <= d + margin;
}

// Appends one polygon of face f.
void pushPolygon(LodView& out, uint32_t f, std::initializer_list<uint32_t> corners) {
    out.corners.insert(out.corners.end(), corners);
    out.polygonStart.push_back(uint32_t(out.corners.size()));
    out.polygonFace.push_back(f);
}

// Appends face f as a polygon (or, for a folded quad in a host-split frame, two) and its fan
// triangles. Mirroring frames reverse the corners but keep the first:
// (v0, v1, ..., vn-1) -> (v0, vn-1, ..., v1), so the fan's diagonals stay.
void addPolygon(const FaceTable& faces, uint32_t f, const Frame& frame, LodView& out, std::vector<bool>& used) {
    const bool reverse = mirrors(frame.axes);
    const uint32_t begin = faces.start[f], n = faces.start[f + 1] - begin;
    const uint32_t* idx = faces.indices.data() + begin;
    auto corner = [&](uint32_t k) { return idx[reverse && k ? n - k : k]; };
    for (uint32_t k = 0; k < n; ++k) used[idx[k]] = true;
    if (frame.splitFoldedQuads && n == 4 &&
        splitsFolded(out.positions[corner(0)], out.positions[corner(1)], out.positions[corner(2)],
                     out.positions[corner(3)])) {
        pushPolygon(out, f, {corner(0), corner(1), corner(2)});
        pushPolygon(out, f, {corner(0), corner(2), corner(3)});
    } else {
        for (uint32_t k = 0; k < n; ++k) out.corners.push_back(corner(k));
        out.polygonStart.push_back(uint32_t(out.corners.size()));
        out.polygonFace.push_back(f);
    }
    // The engine draws (v0, v1, v2), (v0, v2, v3)...; in a mirrored frame each is reversed.
    for (uint32_t k = 1; k + 1 < n; ++k) {
        out.triangles.push_back(idx[0]);
        out.triangles.push_back(idx[reverse ? k + 1 : k]);
        out.triangles.push_back(idx[reverse ? k : k + 1]);
        out.triangleFace.push_back(f);
    }
}

// `markerOnly` gets the vertices only the faces `markers` lists use (dropVertices takes them out).
void buildPolygons(const FaceTable& faces, const std::vector<uint32_t>& faceMaterial, const Frame& frame,
                   const std::vector<uint32_t>& markers, LodView& out, std::vector<bool>& markerOnly) {
    std::vector<uint32_t> groupMaterial;
    const std::vector<uint32_t> order = facesByGroup(faceMaterial, groupMaterial);
    std::vector<bool> used(faces.vertexCount, false), hidden(faces.vertexCount, false);
    out.polygonStart.push_back(0);
    out.corners.reserve(faces.indices.size());
    size_t next = 0;
    for (uint32_t material : groupMaterial) {
        if (material == kHiddenFace) {  // a proxy marker, or hidden by a config's retexturing: not drawn
            // Its corners are not loose points either: they would be drawn as stray dots.
            for (; next < order.size() && faceMaterial[order[next]] == material; ++next)
                for (uint32_t c = faces.start[order[next]]; c < faces.start[order[next] + 1]; ++c)
                    hidden[faces.indices[c]] = true;
            continue;
        }
        MaterialGroup g;
        g.material = material;
        g.firstPolygon = uint32_t(out.polygonFace.size());
        g.firstTriangle = uint32_t(out.triangleFace.size());
        for (; next < order.size() && faceMaterial[order[next]] == material; ++next) {
            addPolygon(faces, order[next], frame, out, used);
            out.polygonMaterial.resize(out.polygonFace.size(), material);
        }
        g.polygonCount = uint32_t(out.polygonFace.size()) - g.firstPolygon;
        g.triangleCount = uint32_t(out.triangleFace.size()) - g.firstTriangle;
        out.groups.push_back(g);
    }
    for (uint32_t v = 0; v < used.size(); ++v)
        if (!used[v] && !hidden[v]) out.loosePoints.push_back(v);
    // A face a retexturing hides keeps its vertices (a variant hides what another shows).
    markerOnly.assign(faces.vertexCount, false);
    for (uint32_t f : markers)
        for (uint32_t c = faces.start[f]; c < faces.start[f + 1]; ++c)
            markerOnly[faces.indices[c]] = !used[faces.indices[c]];
}

// Selection weight bytes (format notes §2.7.5): as in MLOD, 0 and 1 both mean full weight;
// other values are byte/255 like the skinning weights. Real samples store 1 or nothing.
// Editable models store Object Builder's byte: 1 full, b > 1 (256 - b) / 255 (254 is the
// lightest, 2/255), only for selected points.
float selectionWeight(const OdolSelection& sel, size_t i, bool editable) {
    if (sel.vertexWeights.size() != sel.vertices.size()) return 1.0f;
    const uint8_t b = sel.vertexWeights[i];
    if (b <= 1) return 1.0f;
    return editable ? float(256 - b) / 255.0f : float(b) / 255.0f;
}

// Selections name points; `pointStart` (editable LODs, else empty) maps each to its vertices.
void buildSelections(const OdolLod& lod, const std::vector<uint32_t>& pointStart, bool editable, LodView& out) {
    const size_t n = pointStart.empty() ? out.positions.size() : pointStart.size() - 1;
    for (const OdolSelection& sel : lod.selections) {
        SelectionView s;
        s.name = sel.name;
        for (size_t i = 0; i < sel.vertices.size(); ++i) {
            const uint32_t p = sel.vertices[i];
            if (p >= n) continue;  // the decoder warned already
            const float w = selectionWeight(sel, i, editable);
            const uint32_t first = pointStart.empty() ? p : pointStart[p];
            const uint32_t end = pointStart.empty() ? p + 1 : pointStart[p + 1];
            for (uint32_t v = first; v < end; ++v) {
                s.vertices.push_back(v);
                s.weights.push_back(w);
            }
        }
        out.selections.push_back(std::move(s));
    }
}

// Memory LODs and LODs without faces hold places, not shapes: each named selection is a point.
void buildNamedPoints(LodView& out) {
    for (const SelectionView& sel : out.selections) {
        if (sel.vertices.empty()) continue;
        double sum[3] = {0, 0, 0};
        for (uint32_t v : sel.vertices) {
            sum[0] += out.positions[v].x;
            sum[1] += out.positions[v].y;
            sum[2] += out.positions[v].z;
        }
        const double k = double(sel.vertices.size());
        out.namedPoints.push_back(
            {sel.name, Vec3{float(sum[0] / k), float(sum[1] / k), float(sum[2] / k)}, uint32_t(sel.vertices.size())});
    }
}

void buildProxies(const OdolLod& lod, const Placement& at, LodView& out) {
    for (const OdolProxy& p : lod.proxies) {
        ProxyView v;
        char index[16];
        std::snprintf(index, sizeof index, ".%03d", int(p.sequenceId));
        v.name = "proxy:" + p.model + index;
        v.path = p.model;
        v.index = p.sequenceId;
        Mat43 placed = p.transform;
        placed.m[9] += at.offset.x, placed.m[10] += at.offset.y, placed.m[11] += at.offset.z;
        v.transform = toFrame(at.axes, placed);
        out.proxies.push_back(std::move(v));
    }
}

}  // namespace

uint64_t lodViewBytes(const OdolLod& lod, const Frame& frame) {
    constexpr uint64_t kGrowth = 2;  // push_back doubles capacity
    // An editable LOD may split every corner into a vertex of its own, besides its points.
    const uint64_t f = lod.faceCount(), c = lod.faceIndices.size();
    const uint64_t v = lod.positions.size() + (hasEditableCorners(lod) ? c : 0);
    const uint64_t triangles = c > 2 * f ? c - 2 * f : 0;
    const uint64_t polygons = frame.splitFoldedQuads ? 2 * f : f;
    uint64_t bytes = v * (12 + 12 + 4 + 4 + 4 + 1);  // positions, normals, vertexPoint, loose, mass, used
    bytes += v * 8 * std::max(lod.uvSets.size(), lod.cornerUvSets.size());  // UV sets
    if (!lod.tangents.empty()) bytes += v * 16;                             // tangents
    if (hasEditableCorners(lod)) bytes += editableCornerBytes(lod);
    bytes += f * 80;                                              // face materials, group order and map
    bytes += polygons * 12 + (c + polygons) * 4 * kGrowth;        // polygon tables, corners (+2 per split quad)
    bytes += triangles * 16 * kGrowth;                            // 3 indices and a face per triangle
    bytes += lod.sections.size() * (sizeof(ViewMaterial) + 256);  // material table entries and names
    for (const OdolSection& s : lod.sections)
        if (s.textureIndex >= 0 && size_t(s.textureIndex) < lod.textures.size())
            bytes += 3 * lod.textures[size_t(s.textureIndex)].size();
    for (const OdolSelection& s : lod.selections)
        bytes += sizeof(SelectionView) + sizeof(NamedPoint) + 2 * s.name.size() + s.vertices.size() * 8 * kGrowth;
    for (const OdolProxy& p : lod.proxies) bytes += sizeof(ProxyView) + 3 * p.model.size() + 16;
    return bytes;
}

LodView buildLod(const OdolModel& model, uint32_t lodIndex, const std::vector<uint32_t>& faceMaterial,
                 const std::vector<uint32_t>& markers, const Options& options, const Frame& frame) {
    const OdolLod& lod = model.lods[lodIndex];
    LodView out;
    out.lodIndex = lodIndex;
    out.name = lod.name;
    out.resolution = lod.resolution;
    out.kind = lodKind(lod.resolution);
    out.source = &lod;
    out.properties = &lod.properties;
    const Vec3 c = model.info.boundingCenter;
    const Vec3 minusC{-c.x, -c.y, -c.z};
    const Vec3 offset =
        model.editable ? (options.autocenter ? minusC : Vec3{0, 0, 0}) : (options.autocenter ? Vec3{0, 0, 0} : c);
    const Placement at{frame.axes, offset};

    const bool split = model.editable && hasEditableCorners(lod);
    EditableVertices editable;
    std::vector<bool> markerOnly;
    if (split) {
        editable = splitCorners(lod);
        copyEditableVertices(lod, editable, at, frame, out);
        buildPolygons({lod.faceStart, editable.faceIndices, out.positions.size()}, faceMaterial, frame, markers, out,
                      markerOnly);
    } else {
        copyVertices(lod, at, frame, out);
        buildPolygons({lod.faceStart, lod.faceIndices, out.positions.size()}, faceMaterial, frame, markers, out,
                      markerOnly);
    }
    repairNormals(out, frame);
    if (!split && options.tangents) buildTangents(lod, frame, out);
    out.isPointLod = out.kind == LodKind::Memory || out.kind == LodKind::PointCloud || lod.faceCount() == 0;
    out.drawLoosePoints = !out.loosePoints.empty() && (out.isPointLod || !isRendered(out.kind));
    buildSelections(lod, editable.pointStart, model.editable, out);
    if (out.kind == LodKind::Memory || lod.faceCount() == 0) buildNamedPoints(out);
    buildProxies(lod, at, out);
    // Per-point masses belong to the geometry LOD (model info, notes §2.5).
    const int32_t geometry = model.info.specialLods[SpecialLod::Geometry];
    if (geometry >= 0 && uint32_t(geometry) == lodIndex && model.info.mass.size() == lod.positions.size()) {
        // A split point keeps its mass on its first vertex, so the LOD's total stays the model's.
        out.vertexMass.assign(out.positions.size(), 0.0f);
        for (size_t v = 0; v < out.vertexMass.size(); ++v)
            if (v == 0 || out.vertexPoint[v] != out.vertexPoint[v - 1])
                out.vertexMass[v] = model.info.mass[out.vertexPoint[v]];
    }
    dropVertices(out, markerOnly);
    return out;
}

}  // namespace rv::view
