// OPRW v12..v25: ArmA, Arma 2 and Arma 3 binarized worlds (notes §3.5, field numbers below).
// Land-sized grids are quad trees; terrain-sized grids are payloads (LZSS with checksum before
// v23, LZO from v23, both by the 1024-byte rule, no flag byte, no count prefix).
//
// Quad trees can describe a huge grid in a few bytes, so they are only validated where they
// stand and expanded at the end, once the road net (4 bytes per land cell, field 25) has proved
// that the file really is as large as its land grid.
#include <cmath>

#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

constexpr uint32_t kDayZAppId = 0x30464E45;  // FourCC 'ENF0'

// Map-info bodies by record type (notes §3.10, from one public reader, uncertain). Unknown
// types end the walk with a warning.
struct MapInfoShape {
    int leadingBytes;  // u32 colour + u32 indicator
    bool objectId;
    int floats;
    int trailingBytes;  // colour bytes, flags
    bool riverList;     // u32 n; (x, z)[n]
};

bool mapInfoShape(uint32_t type, MapInfoShape& shape) {
    switch (type) {
    case 0: case 1: case 2: case 10: case 11: case 12: case 13: case 14: case 15: case 16: case 17:
    case 22: case 23: case 26: case 27: case 30:
        shape = {0, true, 2, 0, false};
        return true;
    case 24: case 31: case 32:
        shape = {0, true, 8, 0, false};
        return true;
    case 25: case 33: case 41: case 42: case 43:
        shape = {8, false, 4, 0, false};
        return true;
    case 3: case 4: case 8: case 9: case 18: case 19: case 20: case 21: case 28: case 29:
    case 36: case 37: case 38: case 39:
        shape = {0, true, 8, 4, false};
        return true;
    case 34:
        shape = {0, true, 4, 0, false};
        return true;
    case 35:
        shape = {0, true, 6, 1, false};
        return true;
    case 44:
        shape = {0, true, 0, 0, true};
        return true;
    default:
        return false;
    }
}

void readMapInfo(ByteReader& r, const FileState& s, WrpTerrain& t) {
    ContextScope scope(r.context(), "map info");
    while (!r.atEnd()) {
        scope.setIndex(int64_t(t.mapInfo.size()));
        const uint64_t at = r.offset();
        WrpMapInfo m;
        m.type = r.u32();
        MapInfoShape shape;
        if (!mapInfoShape(m.type, shape)) {
            s.warn(r, DiagKind::UnknownRecord, "unknown map-info record type " + std::to_string(m.type) + " at offset " + hexOffset(at) +
                          "; the remaining " + std::to_string(r.remaining() + 4) + " bytes of map info are skipped");
            r.skip(r.remaining());
            return;
        }
        m.bytes.resize(size_t(shape.leadingBytes));
        r.readInto(m.bytes.data(), m.bytes.size());
        if (shape.objectId) m.objectId = r.i32();
        size_t floats = size_t(shape.floats);
        if (shape.riverList) floats = size_t(r.count(8, "river points")) * 2;
        m.values.resize(floats);
        r.readInto(m.values.data(), floats * 4);
        const size_t lead = m.bytes.size();
        m.bytes.resize(lead + size_t(shape.trailingBytes));
        r.readInto(m.bytes.data() + lead, size_t(shape.trailingBytes));
        t.mapInfo.push_back(std::move(m));
    }
}

}  // namespace

void readOprw(ByteReader& r, const FileState& s, WrpTerrain& t) {
    const uint32_t v = t.version;
    if (v >= 25) t.appId = r.u32();  // 2
    if (v == 29 || t.appId == kDayZAppId)
        r.fail("this is a DayZ terrain (OPRW " + std::to_string(v) + "), whose layout differs from Arma's; not supported");
    if (v > 25) r.fail("OPRW version " + std::to_string(v) + " (VBS) is not supported; ArmA to Arma 3 use 12 to 25");
    if (v < 12)
        r.fail("OPRW version " + std::to_string(v) + " stores no grid sizes (the first ArmA builds); not supported");

    const uint64_t at = r.offset();  // 3, 4, 5
    const uint32_t landX = r.u32(), landY = r.u32(), mapX = r.u32(), mapY = r.u32();
    checkGridSize(r, at, landX, landY, "land grid");
    checkGridSize(r, at + 8, mapX, mapY, "terrain grid");
    t.layerSizeX = landX, t.layerSizeY = landY, t.mapSizeX = mapX, t.mapSizeY = mapY;
    t.layerCellSize = r.f32();
    t.cellSizeStored = true;
    if (!(t.layerCellSize > 0) || !std::isfinite(t.layerCellSize))
        r.fail("cell size " + std::to_string(t.layerCellSize) + " is not a positive number");

    const QuadTree geography = skipQuadTree(r, landX, landY, 2, "geography");  // 6
    skipQuadTree(r, landX, landX, 1, "sound map");  // 7: both dimensions are X (notes §3.5)
    {
        ContextScope scope(r.context(), "peaks");  // 8
        const uint32_t n = r.count(12, "peaks");
        t.peaks.resize(n);
        r.readInto(t.peaks.data(), size_t(n) * 12);
    }
    const QuadTree materialIndex = skipQuadTree(r, landX, landY, 2, "material indices");  // 9

    PayloadCodec codec(v >= 23 ? PayloadRule::LzoBySize : PayloadRule::LzssBySize, s.budget);
    const uint64_t landCells = uint64_t(landX) * landY, mapCells = uint64_t(mapX) * mapY;
    std::vector<uint8_t> scratch;
    auto skipPayload = [&](uint64_t bytes, const char* what) {
        readGridPayload(r, codec, scratch, bytes, what);
        s.budget += bytes;  // scratch is reused: only the elevation stays in memory
    };
    if (v < 21) skipPayload(landCells * 2, "random");            // 10
    if (v >= 18) skipPayload(mapCells, "grass");                 // 11
    if (v >= 22) skipPayload(mapCells, "primary textures");      // 12
    {
        ContextScope scope(r.context(), "elevation");            // 13
        codec.checkDecodedSize(r, mapCells * 4, "elevation");
        t.elevation.resize(size_t(mapCells));
        codec.read(r, reinterpret_cast<uint8_t*>(t.elevation.data()), size_t(mapCells) * 4, "elevation");
    }
    {
        ContextScope scope(r.context(), "materials");            // 14
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
        ContextScope scope(r.context(), "models");               // 15
        const uint32_t n = r.count(1, "models");
        t.models.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            t.models.push_back(r.asciiz());
        }
    }
    if (v >= 15) {
        ContextScope scope(r.context(), "classed models");       // 16
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
    skipQuadTree(r, landX, landY, 4, "object offsets");          // 17
    const uint64_t objectBytesAt = r.offset();
    const uint32_t objectBytes = r.u32();                        // 18
    skipQuadTree(r, landX, landY, 4, "map object offsets");      // 19
    const uint64_t mapInfoBytesAt = r.offset();
    const uint32_t mapInfoBytes = r.u32();                       // 20
    skipPayload(landCells, "persistent");                        // 21
    skipPayload(mapCells, "subdivision hints");                  // 22
    scratch = {};
    t.maxObjectId = r.i32();                                     // 23

    {
        ContextScope scope(r.context(), "roads");                // 24, 25
        const uint64_t roadBytesAt = r.offset();
        const uint32_t roadBytes = r.u32();
        if (roadBytes > r.remaining() || uint64_t(roadBytes) < landCells * 4)
            r.failAt(roadBytesAt, "road net of " + std::to_string(roadBytes) + " bytes at offset " + hexOffset(roadBytesAt) +
                                      " does not fit: " + std::to_string(r.remaining()) + " bytes are left and " +
                                      std::to_string(landCells) + " land cells need 4 each");
        ByteReader roads = r.sub(r.offset(), r.offset() + roadBytes);
        r.skip(roadBytes);
        for (uint64_t cell = 0; cell < landCells; ++cell) {
            const uint32_t n = roads.count(6, "road links");  // i16 count + i32 id at least
            for (uint32_t i = 0; i < n; ++i) {
                scope.setIndex(int64_t(t.roads.size()));
                WrpRoadLink link;
                link.cell = uint32_t(cell);
                const uint64_t nAt = roads.offset();
                const int16_t connections = roads.i16();
                if (connections < 0)
                    roads.failAt(nAt, "negative connection count " + std::to_string(connections) + " at offset " + hexOffset(nAt));
                roads.checkCount(uint64_t(connections), 12, "road connections");
                link.connections.resize(size_t(connections));
                roads.readInto(link.connections.data(), size_t(connections) * 12);
                if (v >= 24) {
                    link.connectionTypes.resize(size_t(connections));
                    roads.readInto(link.connectionTypes.data(), size_t(connections));
                }
                link.objectId = roads.i32();
                if (v >= 16) {
                    link.model = roads.asciiz();
                    link.transform = readMat43(roads);
                }
                t.roads.push_back(std::move(link));
            }
        }
        if (!roads.atEnd())
            s.warn(roads, DiagKind::EndsEarly, "road net ends " + std::to_string(roads.remaining()) + " bytes before its declared size");
    }
    {
        ContextScope scope(r.context(), "objects");              // 26
        const uint32_t recordBytes = v >= 14 ? 60 : 56;
        if (objectBytes % recordBytes != 0)
            s.warn(r, DiagKind::SizeMismatch, "object table of " + std::to_string(objectBytes) + " bytes (declared at offset " +
                          hexOffset(objectBytesAt) + ") is not a whole number of " + std::to_string(recordBytes) + "-byte records");
        const uint32_t n = objectBytes / recordBytes;
        r.checkCount(n, recordBytes, "objects");
        t.objects.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            WrpObject o;
            o.id = r.u32();
            const uint64_t indexAt = r.offset();
            const int32_t modelIndex = r.i32();  // 0-based (notes §3.9)
            if (modelIndex < 0 || size_t(modelIndex) >= t.models.size())
                r.failAt(indexAt, "model index " + std::to_string(modelIndex) + " at offset " + hexOffset(indexAt) +
                                      " is outside the " + std::to_string(t.models.size()) + "-entry model table");
            o.model = t.models[size_t(modelIndex)];
            o.transform = readMat43(r);
            if (v >= 14) r.i32();  // shape parameter
            t.objects.push_back(std::move(o));
        }
        r.skip(objectBytes - n * recordBytes);
    }
    if (mapInfoBytes != r.remaining())
        s.warn(r, DiagKind::SizeMismatch, "map info declared as " + std::to_string(mapInfoBytes) + " bytes (at offset " + hexOffset(mapInfoBytesAt) +
                      "), " + std::to_string(r.remaining()) + " are left");
    {
        ByteReader info = r.sub(r.offset(), r.offset() + std::min<uint64_t>(mapInfoBytes, r.remaining()));
        readMapInfo(info, s, t);
        r.skip(r.remaining());
    }

    // The file has proved its size: expand the land grids (charged to the memory budget).
    auto charge = [&](uint64_t bytes, const char* what) {
        if (bytes > s.budget) r.fail(std::string(what) + ": " + std::to_string(bytes) + " bytes exceed the memory budget");
        s.budget -= bytes;
    };
    charge(landCells * 4, "land grids");
    t.geography.resize(size_t(landCells));
    expandQuadTree(r, geography, reinterpret_cast<uint8_t*>(t.geography.data()));
    t.materialIndex.resize(size_t(landCells));
    expandQuadTree(r, materialIndex, reinterpret_cast<uint8_t*>(t.materialIndex.data()));
}

}  // namespace rv::wrp
