#include "support/hostile_shapes.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <cstring>

#include "support/linear_shapes.hpp"
#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"
#include "support/wrp_writer.hpp"

namespace rvtest::hostile {
namespace {

std::vector<uint8_t> lzo(const uint8_t* data, size_t size) { return lzoFast(data, size); }

// The crate's model info with no special LODs and no masses, so any LOD list fits it.
rv::OdolModel emptyModel() {
    rv::OdolModel m = makeCrateModel();
    m.lods.clear();
    m.info.mass.clear();
    for (auto& s : m.info.specialLods) s = -1;
    return m;
}

std::vector<uint8_t> writeModel(const rv::OdolModel& m, size_t* tableAt = nullptr) {
    OdolWriteOptions o;
    o.lzo = lzo;
    o.lodTableOffset = tableAt;
    return writeOdol73(m, o);
}

// A LOD of three vertices and no faces: the least the writer can produce.
rv::OdolLod tinyLod(float resolution) {
    rv::OdolLod l;
    l.resolution = resolution;
    l.name = rv::lodName(resolution);
    l.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    l.faceStart = {0};
    return l;
}

using rvtest::linear::shortName;

void putU32(std::vector<uint8_t>& b, size_t at, uint32_t v) { std::memcpy(b.data() + at, &v, 4); }
uint32_t getU32(const std::vector<uint8_t>& b, size_t at) {
    uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

}  // namespace

Shape aliasedLods(uint32_t aliases, uint32_t vertices) {
    rv::OdolModel m = emptyModel();
    rv::OdolLod big = makeCrateModel().lods[0];
    big.positions.resize(big.positions.size() + vertices);
    big.normals.resize(big.positions.size(), rv::Vec3{0, 1, 0});
    for (auto& set : big.uvSets) set.resize(big.positions.size());
    m.lods.push_back(big);
    for (uint32_t k = 0; k < aliases; ++k) m.lods.push_back(tinyLod(2.0f + float(k)));
    size_t table = 0;
    Shape s{"aliased_lods.p3d", writeModel(m, &table)};
    s.mark = table + 4;
    const uint32_t n = uint32_t(m.lods.size());
    const uint32_t start = getU32(s.bytes, table), end = getU32(s.bytes, table + 4 * n);
    for (uint32_t k = 1; k < n; ++k) {
        putU32(s.bytes, table + 4 * k, start);
        putU32(s.bytes, table + 4 * (n + k), end);
    }
    return s;
}

Shape propertyFlood(uint32_t count) {
    rv::OdolModel m = emptyModel();
    rv::OdolLod lod = makeCrateModel().lods[0];
    lod.properties.clear();
    for (uint32_t i = 0; i < count; ++i) lod.properties.push_back({shortName(i), "1"});
    m.lods.push_back(lod);
    return {"property_flood.p3d", writeModel(m)};
}

Shape sameNameMaterials(uint32_t count) {
    rv::OdolModel m = emptyModel();
    rv::OdolLod lod = tinyLod(1.0f);
    lod.normals.assign(3, rv::Vec3{0, 0, 1});
    lod.uvSets = {{{0, 0}, {1, 0}, {0, 1}}};
    for (uint32_t i = 0; i < count; ++i) {
        lod.faceIndices.insert(lod.faceIndices.end(), {0, 1, 2});
        lod.faceStart.push_back(uint32_t(lod.faceIndices.size()));
        lod.textures.push_back("d" + shortName(i) + "\\x.paa");
        lod.sections.push_back(rvtest::linear::oneFaceSection(i));
    }
    m.lods.push_back(lod);
    return {"same_name_materials.p3d", writeModel(m)};
}

Shape proxyFlood(uint32_t count) {
    rv::OdolModel m = makeCrateModel();
    rv::OdolLod& visual = m.lods[0];
    const rv::OdolProxy one = visual.proxies.at(0);
    visual.proxies.clear();
    for (uint32_t i = 0; i < count; ++i) {
        rv::OdolProxy p = one;
        p.model = "\\p\\" + shortName(i) + ".p3d";
        p.sequenceId = int32_t(i + 1);
        visual.proxies.push_back(p);
    }
    return {"proxy_flood.p3d", writeModel(m)};
}

Shape elevationBomb(uint32_t side) {
    rv::WrpTerrain t = makeTestTerrain(25, 32, 32, side, side);
    std::fill(t.elevation.begin(), t.elevation.end(), 0.0f);
    t.objects.clear();
    WrpWriteOptions o;
    o.lzo = lzo;
    return {"elevation_bomb.wrp", writeOprw(t, o)};
}

Shape roadFlood(uint32_t links) {
    rv::WrpTerrain t = makeTestTerrain(25, 64, 64, 64, 64);
    t.objects.clear();
    t.roads.clear();
    const uint32_t cells = t.layerSizeX * t.layerSizeY;
    for (uint32_t i = 0; i < links; ++i) {
        rv::WrpRoadLink r;
        r.cell = uint32_t(uint64_t(i) * cells / links);  // sorted by cell, as the file stores them
        r.objectId = int32_t(10000 + i);
        r.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        t.roads.push_back(r);
    }
    WrpWriteOptions o;
    o.lzo = lzo;
    return {"road_flood.wrp", writeOprw(t, o)};
}

Shape lzoBombTexture(uint32_t side) {
    // c0 = 0x001f <= c1 = 0xf800: DXT1's three-colour mode, where index 3 is transparent black.
    const uint8_t block[8] = {0x1f, 0x00, 0x00, 0xf8, 0x0c, 0x0c, 0x0c, 0x0c};
    const size_t blocks = size_t(side / 4) * (side / 4);
    std::vector<uint8_t> dxt(blocks * 8);
    for (size_t i = 0; i < blocks; ++i) std::memcpy(&dxt[i * 8], block, 8);
    const std::vector<uint8_t> packed = lzo(dxt.data(), dxt.size());
    std::vector<uint8_t> f;
    auto put16 = [&](uint32_t v) { f.insert(f.end(), {uint8_t(v), uint8_t(v >> 8)}); };
    put16(0xff01);          // DXT1
    put16(0);               // no palette
    put16(side | 0x8000u);  // bit 15: the mip is LZO-packed
    put16(side);
    const uint32_t n = uint32_t(packed.size());
    f.insert(f.end(), {uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16)});
    f.insert(f.end(), packed.begin(), packed.end());
    f.insert(f.end(), {0, 0, 0, 0, 0, 0});  // the mip list's end, the trailing zero
    return {"lzo_bomb.paa", f};
}

std::vector<Shape> textureShapes() { return {lzoBombTexture(8192)}; }

std::vector<Shape> allShapes() {
    return {aliasedLods(1000, 40000), propertyFlood(100000), sameNameMaterials(20000),
            proxyFlood(20000),        elevationBomb(4096),   roadFlood(30000)};
}

std::optional<uint64_t> heapInUse() {
#if defined(__SANITIZE_ADDRESS__)
    return std::nullopt;  // ASan's allocator replaces glibc's: mallinfo2 reports nothing
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const struct mallinfo2 m = mallinfo2();
    return uint64_t(m.uordblks) + uint64_t(m.hblkhd);
#else
    return std::nullopt;
#endif
}

std::vector<Shape> seedShapes() {
    return {aliasedLods(100, 4000), propertyFlood(5000), sameNameMaterials(2000),
            elevationBomb(1024),    roadFlood(3000),     proxyFlood(2000)};
}

}  // namespace rvtest::hostile
