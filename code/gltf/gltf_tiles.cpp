// Terrain tiles as glTF vertex and index arrays (gltf_tiles.hpp).
#include "gltf/gltf_tiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rv::gltf {
namespace {

// Appends an array of known size with one resize, then fills it in place (a resize per value
// was a sixth of the export's time).
class Appender {
public:
    Appender(std::vector<uint8_t>& out, size_t bytes) {
        const size_t at = out.size();
        out.resize(at + bytes);
        p_ = out.data() + at;
    }
    template <class T>
    void put(const T& value) {
        std::memcpy(p_, &value, sizeof(T));
        p_ += sizeof(T);
    }

private:
    uint8_t* p_;
};

void align4(std::vector<uint8_t>& out) {
    while (out.size() % 4) out.push_back(0);
}

// Rounded to nearest (half away from zero) without lround's library call: these run per vertex.
// NaN (a damaged height grid) becomes 0: casting it is undefined.
int8_t snorm8(float v) {
    if (!(v == v)) return 0;
    const float x = std::clamp(v, -1.0f, 1.0f) * 127.0f;
    return int8_t(x >= 0 ? x + 0.5f : x - 0.5f);
}
uint16_t unorm16(float v) { return v == v ? uint16_t(std::clamp(v, 0.0f, 1.0f) * 65535.0f + 0.5f) : 0; }

// glTF holds no NaN or infinity (JSON bounds cannot say them): such a value is written as 0.
Vec3 finite(Vec3 v) {
    for (float* c : {&v.x, &v.y, &v.z})
        if (!std::isfinite(*c)) *c = 0;
    return v;
}
Vec2 finite(Vec2 v) {
    if (!std::isfinite(v.u)) v.u = 0;
    if (!std::isfinite(v.v)) v.v = 0;
    return v;
}

bool isMapped(const TerrainLayers* layers, uint32_t material) { return layers && layers->layer(material).mapped(); }

// Writes the vertices `vertices` (tile vertex indices) of one set and returns its layout (runs
// are added by the caller).
TileVertexSet writeVertices(const TerrainTile& tile, const std::vector<uint32_t>& vertices, const TerrainLayer* layer,
                            const TerrainView& view, bool quantize, std::vector<uint8_t>& out, uint64_t base) {
    TileVertexSet set;
    set.vertexCount = uint32_t(vertices.size());
    set.wideIndices = vertices.size() >= 65535;
    set.min.fill(std::numeric_limits<float>::max());
    set.max.fill(std::numeric_limits<float>::lowest());
    const size_t n = vertices.size();
    set.positions = out.size() - base;
    Appender positions(out, n * 12);
    for (uint32_t v : vertices) {
        const Vec3 p = finite(tile.positions[v]);
        const float c[3] = {p.x, p.y, p.z};
        for (size_t k = 0; k < 3; ++k) {
            set.min[k] = std::min(set.min[k], c[k]);
            set.max[k] = std::max(set.max[k], c[k]);
        }
        positions.put(p);
    }
    set.normals = out.size() - base;
    Appender normals(out, n * (quantize ? 4 : 12));
    for (uint32_t v : vertices) {
        const Vec3 normal =
            std::isfinite(tile.normals[v].x + tile.normals[v].y + tile.normals[v].z) ? tile.normals[v] : Vec3{0, 1, 0};
        if (quantize) {
            const int8_t q[4] = {snorm8(normal.x), snorm8(normal.y), snorm8(normal.z), 0};
            normals.put(q);
        } else {
            normals.put(normal);
        }
    }
    set.mapUv = out.size() - base;
    Appender mapUvs(out, n * (quantize ? 4 : 8));
    for (uint32_t v : vertices) {
        const Vec2& uv = tile.uvs[v];
        if (quantize) {
            const uint16_t q[2] = {unorm16(uv.u), unorm16(uv.v)};
            mapUvs.put(q);
        } else {
            mapUvs.put(finite(uv));
        }
    }
    if (layer) {
        set.layerUv = true;
        set.layerUvs = out.size() - base;
        Appender layerUvs(out, n * 8);
        for (uint32_t v : vertices) layerUvs.put(finite(tileLayerUv(*layer, view, tile, v)));
    }
    return set;
}

void writeIndices(const std::vector<uint32_t>& indices, bool wide, std::vector<uint8_t>& out) {
    Appender a(out, indices.size() * (wide ? 4 : 2));
    for (uint32_t i : indices) {
        if (wide)
            a.put(i);
        else
            a.put(uint16_t(i));
    }
    align4(out);
}

}  // namespace

TileLayout encodeTile(const TerrainTile& tile, const TerrainView& view, const TerrainLayers* layers, bool quantize,
                      std::vector<uint8_t>& out) {
    TileLayout layout;
    const uint64_t base = out.size();
    // Enough for every array (a border vertex may be written once per material): no regrowth.
    out.reserve(out.size() +
                tile.positions.size() * 44 * std::max<size_t>(1, tile.groups.size()) /
                    (tile.groups.size() > 1 ? 2 : 1) +
                tile.cellTriangles.size() * 4 + 64);
    const bool anyMapped = std::any_of(tile.groups.begin(), tile.groups.end(),
                                       [&](const TileGroup& g) { return isMapped(layers, g.material); });
    if (!anyMapped) {
        std::vector<uint32_t> all(tile.positions.size());
        for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        TileVertexSet set = writeVertices(tile, all, nullptr, view, quantize, out, base);
        for (const TileGroup& g : tile.groups) {
            const auto first = tile.cellTriangles.begin() + std::ptrdiff_t(g.firstCell) * 6;
            const std::vector<uint32_t> indices(first, first + std::ptrdiff_t(g.cellCount) * 6);
            set.runs.push_back({g.material, uint32_t(indices.size()), out.size() - base});
            writeIndices(indices, set.wideIndices, out);
        }
        layout.sets.push_back(std::move(set));
    } else {
        std::vector<uint32_t> remap(tile.positions.size(), UINT32_MAX);
        for (const TileGroup& g : tile.groups) {
            std::vector<uint32_t> vertices, indices;
            for (size_t k = size_t(g.firstCell) * 6; k < size_t(g.firstCell + g.cellCount) * 6; ++k) {
                const uint32_t v = tile.cellTriangles[k];
                if (remap[v] == UINT32_MAX) remap[v] = uint32_t(vertices.size()), vertices.push_back(v);
                indices.push_back(remap[v]);
            }
            for (uint32_t v : vertices) remap[v] = UINT32_MAX;
            const TerrainLayer* layer = isMapped(layers, g.material) ? &layers->layer(g.material) : nullptr;
            TileVertexSet set = writeVertices(tile, vertices, layer, view, quantize, out, base);
            set.runs.push_back({g.material, uint32_t(indices.size()), out.size() - base});
            writeIndices(indices, set.wideIndices, out);
            layout.sets.push_back(std::move(set));
        }
    }
    layout.size = out.size() - base;
    return layout;
}

}  // namespace rv::gltf
