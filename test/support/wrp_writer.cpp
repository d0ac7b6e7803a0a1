#include "support/wrp_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "support/byte_writer.hpp"
#include "support/lzss_encoder.hpp"

namespace rvtest {
namespace {

struct TreeShape {
    uint32_t leafLogX, leafLogY, levels;
};

TreeShape treeShape(uint32_t sizeX, uint32_t sizeY, uint32_t elemSize) {
    TreeShape s{elemSize == 4 ? 0u : 1u, elemSize == 1 ? 1u : 0u, 0};
    auto bits = [](uint32_t n) {
        uint32_t b = 0;
        while ((uint64_t(1) << b) < n) ++b;
        return b;
    };
    auto levels = [](uint32_t log, uint32_t leaf) { return log > leaf ? (log - leaf + 1) / 2 : 0u; };
    s.levels = std::max(levels(bits(sizeX), s.leafLogX), levels(bits(sizeY), s.leafLogY));
    return s;
}

class TreeEncoder {
public:
    TreeEncoder(const uint8_t* cells, uint32_t sx, uint32_t sy, uint32_t es)
        : cells_(cells), sx_(sx), sy_(sy), es_(es), shape_(treeShape(sx, sy, es)) {}

    std::vector<uint8_t> encode() {
        const uint32_t lx = 2 * shape_.levels + shape_.leafLogX, ly = 2 * shape_.levels + shape_.leafLogY;
        if (uniform(0, 0, lx, ly)) {
            w_.boolean(false);
            leaf(0, 0);
        } else {
            w_.boolean(true);
            node(0, 0, lx, ly);
        }
        return w_.bytes;
    }

private:
    // The 4 leaf bytes for the leaf block whose corner is (x0, y0); cells outside the grid are 0.
    void leafBytes(uint64_t x0, uint64_t y0, uint8_t out[4]) const {
        std::memset(out, 0, 4);
        const uint32_t nx = 1u << shape_.leafLogX, ny = 1u << shape_.leafLogY;
        for (uint32_t y = 0; y < ny; ++y)
            for (uint32_t x = 0; x < nx; ++x)
                if (x0 + x < sx_ && y0 + y < sy_)
                    std::memcpy(out + (y * nx + x) * es_, cells_ + ((y0 + y) * sx_ + (x0 + x)) * es_, es_);
    }
    void leaf(uint64_t x0, uint64_t y0) {
        uint8_t b[4];
        leafBytes(x0, y0, b);
        w_.raw(b, 4);
    }
    // True when the square repeats its first leaf block everywhere inside the grid.
    bool uniform(uint64_t x0, uint64_t y0, uint32_t logX, uint32_t logY) const {
        const uint32_t mx = (1u << shape_.leafLogX) - 1, my = (1u << shape_.leafLogY) - 1;
        const uint64_t x1 = std::min<uint64_t>(sx_, x0 + (uint64_t(1) << logX));
        const uint64_t y1 = std::min<uint64_t>(sy_, y0 + (uint64_t(1) << logY));
        uint8_t pattern[4];
        leafBytes(x0, y0, pattern);
        for (uint64_t y = y0; y < y1; ++y)
            for (uint64_t x = x0; x < x1; ++x) {
                const uint32_t cell = ((uint32_t(y) & my) << shape_.leafLogX) | (uint32_t(x) & mx);
                if (std::memcmp(pattern + cell * es_, cells_ + (y * sx_ + x) * es_, es_) != 0) return false;
            }
        return true;
    }
    void node(uint64_t x0, uint64_t y0, uint32_t logX, uint32_t logY) {
        const uint32_t cx = logX - 2, cy = logY - 2;
        const bool bottom = cx == shape_.leafLogX && cy == shape_.leafLogY;
        uint16_t mask = 0;
        for (uint32_t i = 0; i < 16; ++i) {
            const uint64_t x = x0 + (uint64_t(i & 3) << cx), y = y0 + (uint64_t(i >> 2) << cy);
            if (!bottom && !uniform(x, y, cx, cy)) mask |= uint16_t(1u << i);
        }
        w_.u16(mask);
        for (uint32_t i = 0; i < 16; ++i) {
            const uint64_t x = x0 + (uint64_t(i & 3) << cx), y = y0 + (uint64_t(i >> 2) << cy);
            if (mask & (1u << i))
                node(x, y, cx, cy);
            else
                leaf(x, y);
        }
    }

    const uint8_t* cells_;
    uint32_t sx_, sy_, es_;
    TreeShape shape_;
    ByteWriter w_;
};

class OprwWriter {
public:
    OprwWriter(const rv::WrpTerrain& t, const WrpWriteOptions& o) : t_(t), o_(o) {}

    void payload(const void* data, size_t n) {
        const auto* p = static_cast<const uint8_t*>(data);
        if (n < 1024) return w.raw(p, n);  // the 1024-byte rule (notes §1.1)
        if (t_.version >= 23) {
            if (!o_.lzo) throw std::runtime_error("writeOprw: v23+ needs an LZO compressor");
            return w.raw(o_.lzo(p, n));
        }
        w.raw(encodeLzssWithChecksum(p, n));
    }
    void zeros(size_t n) {
        std::vector<uint8_t> z(n, 0);
        payload(z.data(), n);
    }
    template <class T>
    void tree(const std::vector<T>& cells, uint32_t sx, uint32_t sy) {
        w.raw(encodeQuadTree(reinterpret_cast<const uint8_t*>(cells.data()), sx, sy, sizeof(T)));
    }
    void mat(const rv::Mat43& m) { w.raw(m.m.data(), 48); }

    ByteWriter w;

private:
    const rv::WrpTerrain& t_;
    const WrpWriteOptions& o_;
};

int32_t modelIndex(const rv::WrpTerrain& t, const std::string& model) {
    auto it = std::find(t.models.begin(), t.models.end(), model);
    if (it == t.models.end()) throw std::runtime_error("writeOprw: object model not in the model table: " + model);
    return int32_t(it - t.models.begin());
}

std::vector<uint8_t> writeOfp(const rv::WrpTerrain& t) {
    WrpWriteOptions none;
    OprwWriter out(t, none);
    ByteWriter& w = out.w;
    w.magic("OPRW");
    w.u32(t.version);
    if (t.version >= 3) {
        w.u32(t.layerSizeX), w.u32(t.layerSizeY), w.u32(t.mapSizeX), w.u32(t.mapSizeY);
    }
    const size_t cells = size_t(t.layerSizeX) * t.layerSizeY;
    std::vector<uint32_t> geo(cells);
    for (size_t i = 0; i < cells; ++i) geo[i] = t.geography.empty() ? 0 : t.geography[i];
    out.payload(geo.data(), cells * 4);
    out.zeros(cells);  // sound map
    w.u32(uint32_t(t.peaks.size()));
    w.raw(t.peaks.data(), t.peaks.size() * 12);
    out.payload(t.materialIndex.data(), cells * 2);
    out.zeros(cells * 4);  // random
    out.payload(t.elevation.data(), cells * 4);
    w.u32(uint32_t(t.materials.size()));
    for (const std::string& m : t.materials) w.asciiz(m), w.boolean(true);
    w.u32(uint32_t(t.models.size()));
    for (const std::string& m : t.models) w.asciiz(m);
    for (const rv::WrpObject& o : t.objects) {
        w.i32(int32_t(o.id));
        w.i32(modelIndex(t, o.model));
        out.mat(o.transform);
    }
    w.i32(-1);
    return w.bytes;
}

}  // namespace

std::vector<uint8_t> encodeQuadTree(const uint8_t* cells, uint32_t sizeX, uint32_t sizeY, uint32_t elemSize) {
    return TreeEncoder(cells, sizeX, sizeY, elemSize).encode();
}

std::vector<uint8_t> writeOprw(const rv::WrpTerrain& t, const WrpWriteOptions& options) {
    if (t.version == 2 || t.version == 3) return writeOfp(t);
    const uint32_t v = t.version;
    OprwWriter out(t, options);
    ByteWriter& w = out.w;
    const uint32_t lx = t.layerSizeX, ly = t.layerSizeY, mx = t.mapSizeX, my = t.mapSizeY;
    const size_t landCells = size_t(lx) * ly, mapCells = size_t(mx) * my;
    w.magic("OPRW");
    w.u32(v);
    if (v >= 25) w.u32(t.appId);
    w.u32(lx), w.u32(ly), w.u32(mx), w.u32(my);
    w.f32(t.layerCellSize);
    out.tree(t.geography, lx, ly);
    std::vector<uint8_t> sound(size_t(lx) * lx);
    for (size_t i = 0; i < sound.size(); ++i) sound[i] = uint8_t(i * 7);  // varied, so nodes occur
    out.tree(sound, lx, lx);
    w.u32(uint32_t(t.peaks.size()));
    w.raw(t.peaks.data(), t.peaks.size() * 12);
    out.tree(t.materialIndex, lx, ly);
    if (v < 21) out.zeros(landCells * 2);
    if (v >= 18) out.zeros(mapCells);
    if (v >= 22) out.zeros(mapCells);
    out.payload(t.elevation.data(), mapCells * 4);
    w.u32(uint32_t(t.materials.size()));
    for (const std::string& m : t.materials) {
        w.asciiz(m);
        if (v >= 17) w.u8(0);
    }
    w.u32(uint32_t(t.models.size()));
    for (const std::string& m : t.models) w.asciiz(m);
    if (v >= 15) {
        w.u32(uint32_t(t.classedModels.size()));
        for (const rv::WrpClassedModel& c : t.classedModels) {
            w.asciiz(c.className), w.asciiz(c.model);
            w.put(c.position);
            w.i32(c.objectId);
        }
    }
    std::vector<uint32_t> offsets(landCells, 0);
    out.tree(offsets, lx, ly);
    const uint32_t record = v >= 14 ? 60 : 56;
    w.u32(uint32_t(t.objects.size() * record));
    out.tree(offsets, lx, ly);
    ByteWriter info;
    for (const rv::WrpMapInfo& m : t.mapInfo) {
        info.u32(m.type);
        const bool leading = m.type == 25 || m.type == 33 || (m.type >= 41 && m.type <= 43);
        size_t lead = leading ? 8 : 0;
        info.raw(m.bytes.data(), lead);
        if (!leading) info.i32(m.objectId);
        if (m.type == 44) info.u32(uint32_t(m.values.size() / 2));
        info.raw(m.values.data(), m.values.size() * 4);
        info.raw(m.bytes.data() + lead, m.bytes.size() - lead);
    }
    w.u32(uint32_t(info.size()));
    out.zeros(landCells);  // persistent
    out.zeros(mapCells);   // subdivision hints
    w.i32(t.maxObjectId);
    ByteWriter roads;
    for (size_t cell = 0; cell < landCells; ++cell) {
        std::vector<const rv::WrpRoadLink*> links;
        for (const rv::WrpRoadLink& r : t.roads)
            if (r.cell == cell) links.push_back(&r);
        roads.u32(uint32_t(links.size()));
        for (const rv::WrpRoadLink* r : links) {
            roads.i16(int16_t(r->connections.size()));
            roads.raw(r->connections.data(), r->connections.size() * 12);
            if (v >= 24) roads.raw(r->connectionTypes.data(), r->connectionTypes.size());
            roads.i32(r->objectId);
            if (v >= 16) {
                roads.asciiz(r->model);
                roads.raw(r->transform.m.data(), 48);
            }
        }
    }
    w.u32(uint32_t(roads.size()));
    w.raw(roads.bytes);
    for (const rv::WrpObject& o : t.objects) {
        w.u32(o.id);
        w.i32(modelIndex(t, o.model));
        out.mat(o.transform);
        if (v >= 14) w.i32(0);
    }
    w.raw(info.bytes);
    return w.bytes;
}

rv::WrpTerrain makeTestTerrain(uint32_t version, uint32_t landX, uint32_t landY, uint32_t mapX, uint32_t mapY) {
    rv::WrpTerrain t;
    t.signature = "OPRW";
    t.version = version;
    t.appId = version >= 25 ? 1234 : 0;
    t.layerSizeX = landX, t.layerSizeY = landY, t.mapSizeX = mapX, t.mapSizeY = mapY;
    t.layerCellSize = version <= 3 ? 50.0f : 40.0f;
    t.cellSizeStored = version > 3;
    t.elevation.resize(size_t(mapX) * mapY);
    for (uint32_t z = 0; z < mapY; ++z)
        for (uint32_t x = 0; x < mapX; ++x)  // smooth hills, a sea in the south-west corner
            t.elevation[size_t(z) * mapX + x] =
                20.0f * std::sin(float(x) * 0.11f) * std::cos(float(z) * 0.07f) + float(x + z) * 0.25f - 10.0f;
    t.materials = {"", "rv\\test\\data\\layers\\p_000-000_l00.rvmat", "rv\\test\\data\\layers\\p_000-001_l00.rvmat"};
    t.materialIndex.resize(size_t(landX) * landY);
    t.geography.resize(size_t(landX) * landY);
    for (uint32_t z = 0; z < landY; ++z)
        for (uint32_t x = 0; x < landX; ++x) {
            // Large uniform blocks (leaves above the bottom level) next to detailed ones.
            t.materialIndex[size_t(z) * landX + x] = uint16_t(x < landX / 2 ? 1 : ((x + z) % 3));
            t.geography[size_t(z) * landX + x] = uint16_t(z < landY / 2 ? 0x0004 : (x * 31 + z) & 0xFFFF);
        }
    t.peaks = {{100, 55.5f, 200}, {300.25f, 12, 40}};
    t.models = {"rv\\test\\house.p3d", "rv\\test\\tree.p3d", "rv\\test\\road_10.p3d"};
    const float world = float(landX) * t.layerCellSize;
    for (uint32_t i = 0; i < 24; ++i) {
        rv::WrpObject o;
        o.id = 1000 + i;
        o.model = t.models[i % 2];
        const float a = float(i) * 0.5f, s = 1.0f + float(i % 3) * 0.1f;
        o.transform.m = {std::cos(a) * s,
                         0,
                         -std::sin(a) * s,
                         0,
                         s,
                         0,
                         std::sin(a) * s,
                         0,
                         std::cos(a) * s,
                         world * float(i) / 24.0f,
                         5.0f + float(i),
                         world * float(23 - i) / 24.0f};
        t.objects.push_back(o);
    }
    t.maxObjectId = version >= 12 ? 1023 : 0;  // OFP worlds do not store it
    if (version >= 12) {
        for (uint32_t i = 0; i < 5; ++i) {
            rv::WrpRoadLink r;
            r.cell = (i * 7) % (landX * landY);
            r.connections = {{float(i), 1, 2}, {float(i) + 10, 1.5f, 2}};
            if (i == 4) r.connections.push_back({3, 4, 5});
            if (version >= 24) r.connectionTypes.assign(r.connections.size(), uint8_t(i + 1));
            r.objectId = int32_t(2000 + i);
            if (version >= 16) {
                r.model = t.models[2];
                r.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, float(i) * 10, 3, 7};
            }
            t.roads.push_back(r);
        }
        std::sort(t.roads.begin(), t.roads.end(), [](const auto& a, const auto& b) { return a.cell < b.cell; });
        t.mapInfo = {
            {0, 5000, {10.5f, 20.5f}, {}},
            {24, 5001, {1, 2, 3, 4, 5, 6, 7, 8}, {}},
            {25, -1, {1, 2, 3, 4}, {1, 2, 3, 4, 5, 6, 7, 8}},
            {3, 5002, {1, 2, 3, 4, 5, 6, 7, 8}, {9, 8, 7, 6}},
            {34, 5003, {1, 2, 3, 4}, {}},
            {35, 5004, {1, 2, 3, 4, 5, 6}, {1}},
            {44, 5005, {0, 0, 10, 10, 20, 5}, {}},
        };
    }
    if (version >= 15) t.classedModels = {{"Land_House", "rv\\test\\house.p3d", {12, 3, 45}, 3000}};
    return t;
}

}  // namespace rvtest
