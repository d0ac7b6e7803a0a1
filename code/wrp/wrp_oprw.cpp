// OPRW v12..v25: ArmA, Arma 2 and Arma 3 binarized worlds (notes §3.5, field numbers below).
// Land-sized grids are quad trees; terrain-sized grids are payloads (LZSS with checksum before
// v23, LZO from v23, both by the 1024-byte rule, no flag byte, no count prefix).
//
// Quad trees can describe a huge grid in a few bytes, so they are only validated where they
// stand and expanded at the end, once the road net (4 bytes per land cell, field 25) has proved
// that the file really is as large as its land grid.
//
// readOprw reads the fields in file order, one stage per group: header, land grids, terrain
// grids, tables, object index, roads, objects, map info; then expands the land grids.
#include <cmath>

#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

constexpr uint32_t kDayZAppId = 0x30464E45;  // FourCC 'ENF0'

// What early fields tell later stages.
struct OprwLayout {
    uint32_t landX = 0, landY = 0, mapX = 0, mapY = 0;
    QuadTree geography, materialIndex;  // validated in place, expanded last
    uint64_t objectBytesAt = 0, mapInfoBytesAt = 0;
    uint32_t objectBytes = 0, mapInfoBytes = 0;
    uint64_t landCells() const { return uint64_t(landX) * landY; }
    uint64_t mapCells() const { return uint64_t(mapX) * mapY; }
};

// Terrain-sized payloads decoded into one scratch buffer that is reused from grid to grid.
class GridPayloads {
public:
    GridPayloads(ByteReader& r, const FileState& s, uint32_t version)
        : r_(r), s_(s), codec_(version >= 23 ? PayloadRule::LzoBySize : PayloadRule::LzssBySize, s.budget) {}
    const PayloadCodec& codec() const { return codec_; }
    // Decodes and drops a grid we do not keep; its bytes go back to the memory budget.
    void skip(uint64_t bytes, const char* what) {
        readGridPayload(r_, codec_, scratch_, bytes, what);
        s_.budget.release(bytes);
    }

private:
    ByteReader& r_;
    const FileState& s_;
    PayloadCodec codec_;
    std::vector<uint8_t> scratch_;
};

// Field 2 and the versions we refuse: DayZ shares the signature with a different layout, VBS
// (26+) adds fields, and the first ArmA builds (10, 11) store no grid sizes.
void readAppIdAndCheckVersion(ByteReader& r, WrpTerrain& t) {
    const uint32_t v = t.version;
    if (v >= 25) t.appId = r.u32();
    if (v == 29 || t.appId == kDayZAppId)
        r.fail(DiagKind::Unsupported, "this is a DayZ terrain (OPRW " + std::to_string(v) +
                                          "), whose layout differs from Arma's; not supported");
    if (v > 25)
        r.fail(DiagKind::Unsupported,
               "OPRW version " + std::to_string(v) + " (VBS) is not supported; ArmA to Arma 3 use 12 to 25");
    if (v < 12)
        r.fail(DiagKind::Unsupported,
               "OPRW version " + std::to_string(v) + " stores no grid sizes (the first ArmA builds); not supported");
}

// Fields 3-5: grid sizes and the land cell size.
void readGridSizes(ByteReader& r, WrpTerrain& t, OprwLayout& g) {
    const uint64_t at = r.offset();
    g.landX = r.u32(), g.landY = r.u32(), g.mapX = r.u32(), g.mapY = r.u32();
    checkGridSize(r, at, g.landX, g.landY, "land grid");
    checkGridSize(r, at + 8, g.mapX, g.mapY, "terrain grid");
    t.layerSizeX = g.landX, t.layerSizeY = g.landY, t.mapSizeX = g.mapX, t.mapSizeY = g.mapY;
    t.layerCellSize = r.f32();
    t.cellSizeStored = true;
    if (!(t.layerCellSize > 0) || !std::isfinite(t.layerCellSize))
        r.fail(DiagKind::BadValue, "cell size " + std::to_string(t.layerCellSize) + " is not a positive number");
}

// Fields 6-9: the land-sized quad trees and the peaks between them.
void readLandGrids(ByteReader& r, WrpTerrain& t, OprwLayout& g) {
    g.geography = skipQuadTree(r, g.landX, g.landY, 2, "geography");  // 6
    skipQuadTree(r, g.landX, g.landX, 1, "sound map");                // 7: both dimensions are X (notes §3.5)
    {
        ContextScope scope(r.context(), "peaks");  // 8
        const uint32_t n = r.count(12, "peaks");
        t.peaks.resize(n);
        r.readInto(t.peaks.data(), size_t(n) * 12);
    }
    g.materialIndex = skipQuadTree(r, g.landX, g.landY, 2, "material indices");  // 9
}

// Fields 10-13: terrain-sized payloads; only the elevation is kept.
void readTerrainGrids(ByteReader& r, WrpTerrain& t, const OprwLayout& g, GridPayloads& payloads) {
    const uint32_t v = t.version;
    if (v < 21) payloads.skip(g.landCells() * 2, "random");        // 10
    if (v >= 18) payloads.skip(g.mapCells(), "grass");             // 11
    if (v >= 22) payloads.skip(g.mapCells(), "primary textures");  // 12
    ContextScope scope(r.context(), "elevation");                  // 13
    payloads.codec().checkDecodedSize(r, g.mapCells() * 4, "elevation");
    t.elevation.resize(size_t(g.mapCells()));
    payloads.codec().read(r, reinterpret_cast<uint8_t*>(t.elevation.data()), size_t(g.mapCells()) * 4, "elevation");
}

// Fields 14-16: materials, the model table, classed models.
void readTables(ByteReader& r, WrpTerrain& t) {
    const uint32_t v = t.version;
    {
        ContextScope scope(r.context(), "materials");  // 14
        // A "major" byte follows each path from v17 ("major texture" pass in BI's version list);
        // whether v12-16 have it is unknown (notes §3.5), no such file is public.
        const bool major = v >= 17;
        const uint32_t n = r.count(major ? 2 : 1, "materials");
        t.materials.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            t.materials.push_back(r.asciiz());
            if (major) r.u8();
        }
    }
    {
        ContextScope scope(r.context(), "models");  // 15
        const uint32_t n = r.count(1, "models");
        t.models.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            t.models.push_back(r.asciiz());
        }
    }
    if (v < 15) return;
    ContextScope scope(r.context(), "classed models");  // 16
    const uint32_t n = r.count(18, "classed models");
    for (uint32_t i = 0; i < n; ++i) {
        scope.setIndex(i);
        WrpClassedModel c;
        c.className = r.asciiz();
        c.model = r.asciiz();
        c.position = readVec3(r);
        c.objectId = r.i32();
        t.classedModels.push_back(std::move(c));
    }
}

// Fields 17-23: the per-cell object offsets (not needed: objects are read in order), the
// object table and map-info sizes, two more grids we drop, and the highest object id.
void readObjectIndex(ByteReader& r, WrpTerrain& t, OprwLayout& g, GridPayloads& payloads) {
    skipQuadTree(r, g.landX, g.landY, 4, "object offsets");  // 17
    g.objectBytesAt = r.offset();
    g.objectBytes = r.u32();                                     // 18
    skipQuadTree(r, g.landX, g.landY, 4, "map object offsets");  // 19
    g.mapInfoBytesAt = r.offset();
    g.mapInfoBytes = r.u32();                          // 20
    payloads.skip(g.landCells(), "persistent");        // 21
    payloads.skip(g.mapCells(), "subdivision hints");  // 22
    t.maxObjectId = r.i32();                           // 23
}

// One road link (§3.8): connection points, their types (v24+), the object id, and from v16 the
// road's model and transform.
void readRoadLink(ByteReader& roads, uint32_t version, WrpRoadLink& link) {
    const uint64_t nAt = roads.offset();
    const int16_t connections = roads.i16();
    if (connections < 0)
        roads.failAtStated(DiagKind::BadCount, nAt,
                           "negative connection count " + std::to_string(connections) + " at offset " + hexOffset(nAt));
    roads.checkCount(uint64_t(connections), 12, "road connections");
    link.connections.resize(size_t(connections));
    roads.readInto(link.connections.data(), size_t(connections) * 12);
    if (version >= 24) {
        link.connectionTypes.resize(size_t(connections));
        roads.readInto(link.connectionTypes.data(), size_t(connections));
    }
    link.objectId = roads.i32();
    if (version >= 16) {
        link.model = roads.asciiz();
        link.transform = readMat43(roads);
    }
}

// Fields 24-25: the road net, a count of links per land cell. At 4 bytes per cell at least,
// its declared size is what proves the land grid's size (see the top of the file).
void readRoads(ByteReader& r, const FileState& s, WrpTerrain& t, const OprwLayout& g) {
    ContextScope scope(r.context(), "roads");
    const uint64_t roadBytesAt = r.offset();
    const uint32_t roadBytes = r.u32();
    if (roadBytes > r.remaining() || uint64_t(roadBytes) < g.landCells() * 4)
        r.failAtStated(DiagKind::BadCount, roadBytesAt,
                       "road net of " + std::to_string(roadBytes) + " bytes at offset " + hexOffset(roadBytesAt) +
                           " does not fit: " + std::to_string(r.remaining()) + " bytes are left and " +
                           std::to_string(g.landCells()) + " land cells need 4 each");
    ByteReader roads = r.sub(r.offset(), r.offset() + roadBytes);
    r.skip(roadBytes);
    for (uint64_t cell = 0; cell < g.landCells(); ++cell) {
        const uint32_t n = roads.count(6, "road links");  // i16 count + i32 id at least
        // A link is 6 bytes at least in the file, ~150 in memory (twice that while the vector grows).
        if (n) s.charge(roads, uint64_t(n) * 2 * sizeof(WrpRoadLink), "road links");
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(int64_t(t.roads.size()));
            WrpRoadLink link;
            link.cell = uint32_t(cell);
            readRoadLink(roads, t.version, link);
            t.roads.push_back(std::move(link));
        }
    }
    if (!roads.atEnd())
        s.warn(roads, DiagKind::EndsEarly,
               "road net ends " + std::to_string(roads.remaining()) + " bytes before its declared size");
}

// Field 26: fixed-size object records (60 bytes from v14, 56 before: no shape parameter).
void readObjects(ByteReader& r, const FileState& s, WrpTerrain& t, const OprwLayout& g) {
    ContextScope scope(r.context(), "objects");
    const uint32_t recordBytes = t.version >= 14 ? 60 : 56;
    if (g.objectBytes % recordBytes != 0)
        s.warn(r, DiagKind::SizeMismatch,
               "object table of " + std::to_string(g.objectBytes) + " bytes (declared at offset " +
                   hexOffset(g.objectBytesAt) + ") is not a whole number of " + std::to_string(recordBytes) +
                   "-byte records");
    const uint32_t n = g.objectBytes / recordBytes;
    r.checkCount(n, recordBytes, "objects");
    t.objects.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        scope.setIndex(i);
        WrpObject o;
        o.id = r.u32();
        const uint64_t indexAt = r.offset();
        const int32_t modelIndex = r.i32();  // 0-based (notes §3.9)
        if (modelIndex < 0 || size_t(modelIndex) >= t.models.size())
            r.failAtStated(DiagKind::BadValue, indexAt,
                           "model index " + std::to_string(modelIndex) + " at offset " + hexOffset(indexAt) +
                               " is outside the " + std::to_string(t.models.size()) + "-entry model table");
        // Each object keeps its own copy of the model path: a long path in a 60-byte record.
        const std::string& model = t.models[size_t(modelIndex)];
        s.charge(r, sizeof(WrpObject) + (model.size() > 15 ? model.size() + 1 : 0), "objects");
        o.model = model;
        o.transform = readMat43(r);
        if (t.version >= 14) r.i32();  // shape parameter
        t.objects.push_back(std::move(o));
    }
    r.skip(g.objectBytes - n * recordBytes);
}

// Field 27: map info fills the rest of the file; its declared size is a cross-check.
void readMapInfoBlock(ByteReader& r, const FileState& s, WrpTerrain& t, const OprwLayout& g) {
    if (g.mapInfoBytes != r.remaining())
        s.warn(r, DiagKind::SizeMismatch,
               "map info declared as " + std::to_string(g.mapInfoBytes) + " bytes (at offset " +
                   hexOffset(g.mapInfoBytesAt) + "), " + std::to_string(r.remaining()) + " are left");
    ByteReader info = r.sub(r.offset(), r.offset() + std::min<uint64_t>(g.mapInfoBytes, r.remaining()));
    readMapInfo(info, s, t);
    r.skip(r.remaining());
}

// The file has proved its size: expand the land grids (charged to the memory budget).
void expandLandGrids(ByteReader& r, const FileState& s, WrpTerrain& t, const OprwLayout& g) {
    const uint64_t bytes = g.landCells() * 4;
    if (!s.budget.tryCharge(bytes)) r.fail(DiagKind::MemoryLimit, s.budget.overMessage("land grids", bytes));
    t.geography.resize(size_t(g.landCells()));
    expandQuadTree(r, g.geography, reinterpret_cast<uint8_t*>(t.geography.data()));
    t.materialIndex.resize(size_t(g.landCells()));
    expandQuadTree(r, g.materialIndex, reinterpret_cast<uint8_t*>(t.materialIndex.data()));
}

}  // namespace

void readOprw(ByteReader& r, const FileState& s, WrpTerrain& t) {
    OprwLayout layout;
    readAppIdAndCheckVersion(r, t);
    readGridSizes(r, t, layout);
    readLandGrids(r, t, layout);
    {
        GridPayloads payloads(r, s, t.version);
        readTerrainGrids(r, t, layout, payloads);
        readTables(r, t);
        readObjectIndex(r, t, layout, payloads);
    }
    readRoads(r, s, t, layout);
    readObjects(r, s, t, layout);
    readMapInfoBlock(r, s, t, layout);
    expandLandGrids(r, s, t, layout);
}

}  // namespace rv::wrp
