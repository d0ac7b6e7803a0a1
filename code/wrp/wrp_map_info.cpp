// OPRW field 27, map info (format notes §3.10): the 2D map's annotations as typed records,
// running to the end of the block. Record shapes come from one public reader and are
// uncertain; an unknown type ends the walk with a warning instead of failing the terrain.
#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

// Map-info bodies by record type.
struct MapInfoShape {
    int leadingBytes;  // u32 colour + u32 indicator
    bool objectId;
    int floats;
    int trailingBytes;  // colour bytes, flags
    bool riverList;     // u32 n; (x, z)[n]
};

bool mapInfoShape(uint32_t type, MapInfoShape& shape) {
    switch (type) {
        case 0:
        case 1:
        case 2:
        case 10:
        case 11:
        case 12:
        case 13:
        case 14:
        case 15:
        case 16:
        case 17:
        case 22:
        case 23:
        case 26:
        case 27:
        case 30:
            shape = {0, true, 2, 0, false};
            return true;
        case 24:
        case 31:
        case 32:
            shape = {0, true, 8, 0, false};
            return true;
        case 25:
        case 33:
        case 41:
        case 42:
        case 43:
            shape = {8, false, 4, 0, false};
            return true;
        case 3:
        case 4:
        case 8:
        case 9:
        case 18:
        case 19:
        case 20:
        case 21:
        case 28:
        case 29:
        case 36:
        case 37:
        case 38:
        case 39:
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

}  // namespace

void readMapInfo(ByteReader& r, const FileState& s, WrpTerrain& t) {
    ContextScope scope(r.context(), "map info");
    while (!r.atEnd()) {
        scope.setIndex(int64_t(t.mapInfo.size()));
        const uint64_t at = r.offset();
        WrpMapInfo m;
        m.type = r.u32();
        MapInfoShape shape;
        if (!mapInfoShape(m.type, shape)) {
            s.warn(r, DiagKind::UnknownRecord,
                   "unknown map-info record type " + std::to_string(m.type) + " at offset " + hexOffset(at) +
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

}  // namespace rv::wrp
