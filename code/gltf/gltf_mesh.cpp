// View LODs as glTF meshes (gltf_mesh.hpp).
#include "gltf/gltf_mesh.hpp"

#include "gltf/gltf_skin.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rv::gltf {
namespace {

// Positions with their exact bounds (the validator checks accessor min/max against the data).
uint32_t positionAccessor(Document& doc, const std::vector<Vec3>& positions, std::vector<Warning>& warnings,
                          const std::string& name) {
    std::vector<Vec3> p = positions;
    std::array<float, 3> lo{}, hi{};
    lo.fill(std::numeric_limits<float>::max());
    hi.fill(std::numeric_limits<float>::lowest());
    uint32_t bad = 0;
    for (Vec3& v : p) {
        float* c = &v.x;
        for (int k = 0; k < 3; ++k) {
            if (!std::isfinite(c[k])) c[k] = 0, ++bad;
            lo[size_t(k)] = std::min(lo[size_t(k)], c[k]);
            hi[size_t(k)] = std::max(hi[size_t(k)], c[k]);
        }
    }
    if (bad)
        warnings.push_back(withSource(
            makeWarning(DiagKind::BadValue,
                        std::to_string(bad) + " non-finite coordinate(s) written as 0 (glTF cannot hold them)"),
            name));
    const uint64_t size = p.size() * sizeof(Vec3);
    const uint32_t view = doc.addView(doc.addBytes(bytesOf(p)), size, kArrayBuffer);
    return doc.addAccessor(view, 0, kFloat, p.size(), "VEC3", false, vec3(lo), vec3(hi));
}

template <class T>
uint32_t plainAccessor(Document& doc, const std::vector<T>& values, const char* type) {
    const uint32_t view = doc.addView(doc.addBytes(bytesOf(values)), values.size() * sizeof(T), kArrayBuffer);
    return doc.addAccessor(view, 0, kFloat, values.size(), type);
}

// The LOD's indices (triangles, then loose points) as 16-bit when every vertex index fits below
// 65535 (the largest value is reserved for primitive restart), else 32-bit.
struct Indices {
    uint32_t view = 0;
    Component component = kUInt;
    uint32_t width = 4;
};

Indices indexView(Document& doc, const LodView& lod, const std::vector<uint32_t>& points) {
    Indices ix;
    const bool small = lod.positions.size() < 65535;
    ix.component = small ? kUShort : kUInt;
    ix.width = small ? 2 : 4;
    std::vector<uint8_t> bytes;
    bytes.reserve((lod.triangles.size() + points.size()) * ix.width + 4);
    auto put = [&](uint32_t v) {
        for (uint32_t b = 0; b < ix.width; ++b) bytes.push_back(uint8_t(v >> (8 * b)));
    };
    for (uint32_t v : lod.triangles) put(v);
    while (bytes.size() % 4) bytes.push_back(0);  // the points' accessor starts 4-aligned
    for (uint32_t v : points) put(v);
    const uint64_t size = bytes.size();
    ix.view = doc.addView(doc.addBytes(std::move(bytes)), size, kElementArrayBuffer);
    return ix;
}

}  // namespace

std::vector<size_t> uvSetsPerMaterial(const ModelView& view) {
    std::vector<size_t> sets(view.materials.size(), std::numeric_limits<size_t>::max());
    for (const LodView& lod : view.lods)
        for (const MaterialGroup& g : lod.groups)
            if (g.material < sets.size()) sets[g.material] = std::min(sets[g.material], lod.uvSets.size());
    for (size_t& s : sets)
        if (s == std::numeric_limits<size_t>::max()) s = 0;
    return sets;
}

int32_t addLodMesh(Document& doc, const LodView& lod, const std::vector<int32_t>& materials, const std::string& name,
                   std::vector<Warning>& warnings, const SkinNodes* skin) {
    const bool triangles = !lod.triangles.empty();
    const std::vector<uint32_t> points = lod.drawLoosePoints ? lod.loosePoints : std::vector<uint32_t>{};
    if (lod.positions.empty() || (!triangles && points.empty())) return -1;
    Json attributes = {{"POSITION", positionAccessor(doc, lod.positions, warnings, name)}};
    if (!lod.normals.empty() && lod.normals.size() == lod.positions.size())
        attributes["NORMAL"] = plainAccessor(doc, lod.normals, "VEC3");
    if (lod.tangents.size() == lod.positions.size() && attributes.contains("NORMAL"))
        attributes["TANGENT"] = plainAccessor(doc, lod.tangents, "VEC4");
    for (size_t s = 0; s < lod.uvSets.size(); ++s)
        if (lod.uvSets[s].size() == lod.positions.size())
            attributes["TEXCOORD_" + std::to_string(s)] = plainAccessor(doc, lod.uvSets[s], "VEC2");
    if (skin) addSkinAttributes(doc, lod, *skin, attributes);
    const Indices ix = indexView(doc, lod, points);
    Json primitives = Json::array();
    for (const MaterialGroup& g : lod.groups) {
        if (!g.triangleCount) continue;
        Json p = {{"attributes", attributes},
                  {"indices", doc.addAccessor(ix.view, uint64_t(g.firstTriangle) * 3 * ix.width, ix.component,
                                              uint64_t(g.triangleCount) * 3, "SCALAR")}};
        if (g.material < materials.size() && materials[g.material] >= 0) p["material"] = materials[g.material];
        primitives.push_back(std::move(p));
    }
    if (!points.empty()) {
        const uint64_t at = (lod.triangles.size() * ix.width + 3) & ~uint64_t(3);
        primitives.push_back({{"attributes", attributes},
                              {"mode", 0},
                              {"indices", doc.addAccessor(ix.view, at, ix.component, points.size(), "SCALAR")}});
    }
    if (primitives.empty()) return -1;
    return int32_t(doc.push("meshes", {{"name", name}, {"primitives", std::move(primitives)}}));
}

Json nodeMatrix(const Mat4& m) {
    Json a = Json::array();
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) a.push_back(m.m[size_t(r * 4 + c)]);
    return a;
}

}  // namespace rv::gltf
