// The editable terrain families: 4WVR (OFP, notes §3.2) and 8WVR (ArmA+, notes §3.3). Plain
// arrays, no compression; objects run to the end of the file.
#include <cmath>

#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

// 4WVR heights are i16 in units of 0.045 m (the engine's LANDDATA_SCALE 0.03 x 1.5); the wiki's
// alternative 0.05 is wrong (notes §3.2).
constexpr float kHeight4Scale = 0.045f;

}  // namespace

void readEditable4(ByteReader& r, const FileState& s, WrpTerrain& t) {
    const uint64_t at = r.offset();
    const int32_t x = r.i32(), z = r.i32();
    if (x <= 0 || z <= 0)
        r.failAtStated(DiagKind::BadCount, at,
                       "grid size " + std::to_string(x) + " x " + std::to_string(z) + " at offset " + hexOffset(at) +
                           " is not positive");
    checkGridSize(r, at, uint32_t(x), uint32_t(z), "grid");
    const uint64_t cells = uint64_t(x) * uint64_t(z);
    r.checkCount(cells, 4, "height and texture grids");  // i16 height + u16 texture index per cell
    t.layerSizeX = t.mapSizeX = uint32_t(x);
    t.layerSizeY = t.mapSizeY = uint32_t(z);
    t.layerCellSize = s.defaultCellSize;
    {
        ContextScope scope(r.context(), "heights");
        t.elevation.resize(cells);
        const uint8_t* raw = r.take(cells * 2);
        for (uint64_t i = 0; i < cells; ++i) {
            int16_t h;
            std::memcpy(&h, raw + 2 * i, 2);
            t.elevation[i] = float(h) * kHeight4Scale;
        }
    }
    {
        ContextScope scope(r.context(), "texture indices");
        t.materialIndex.resize(cells);
        r.readInto(t.materialIndex.data(), cells * 2);
    }
    {
        ContextScope scope(r.context(), "texture names");
        r.need(512 * 32, "texture name table");
        t.materials.resize(512);
        for (std::string& name : t.materials) name = r.fixedString(32);
        // Trailing unused slots are empty; keep the table only as long as it is used.
        while (!t.materials.empty() && t.materials.back().empty()) t.materials.pop_back();
    }
    for (uint16_t i : t.materialIndex)
        if (i >= t.materials.size() && i < 512) {
            s.warn(r, DiagKind::NameProblem, "a cell uses texture slot " + std::to_string(i) + ", which has no name");
            break;
        }
    ContextScope scope(r.context(), "objects");
    // 128-byte records until the end of the file; an empty model name also ends the list.
    while (r.remaining() >= 128) {
        scope.setIndex(int64_t(t.objects.size()));
        WrpObject o;
        o.transform = readMat43(r);
        o.id = r.u32();
        o.model = r.fixedString(76);
        if (o.model.empty()) break;
        t.objects.push_back(std::move(o));
    }
    if (r.remaining() != 0 && r.remaining() < 128)
        s.warn(r, DiagKind::UnreadBytes, std::to_string(r.remaining()) + " bytes after the last object");
}

void readEditable8(ByteReader& r, const FileState& s, WrpTerrain& t) {
    const uint64_t at = r.offset();
    const int32_t lx = r.i32(), lz = r.i32(), mx = r.i32(), mz = r.i32();
    if (lx <= 0 || lz <= 0 || mx <= 0 || mz <= 0)
        r.failAtStated(DiagKind::BadCount, at,
                       "grid sizes " + std::to_string(lx) + "x" + std::to_string(lz) + ", " + std::to_string(mx) + "x" +
                           std::to_string(mz) + " at offset " + hexOffset(at) + " are not all positive");
    checkGridSize(r, at, uint32_t(lx), uint32_t(lz), "texture grid");
    checkGridSize(r, at + 8, uint32_t(mx), uint32_t(mz), "terrain grid");
    t.layerSizeX = uint32_t(lx), t.layerSizeY = uint32_t(lz);
    t.mapSizeX = uint32_t(mx), t.mapSizeY = uint32_t(mz);
    t.layerCellSize = r.f32();
    t.cellSizeStored = true;
    if (!(t.layerCellSize > 0) || !std::isfinite(t.layerCellSize))
        r.fail(DiagKind::BadValue, "cell size " + std::to_string(t.layerCellSize) + " is not a positive number");
    {
        ContextScope scope(r.context(), "elevation");
        const uint64_t n = uint64_t(mx) * uint64_t(mz);
        r.checkCount(n, 4, "elevation");
        t.elevation.resize(n);
        r.readInto(t.elevation.data(), n * 4);
    }
    {
        ContextScope scope(r.context(), "material indices");
        const uint64_t n = uint64_t(lx) * uint64_t(lz);
        r.checkCount(n, 2, "material indices");
        t.materialIndex.resize(n);
        r.readInto(t.materialIndex.data(), n * 2);
    }
    {
        ContextScope scope(r.context(), "materials");
        const uint32_t n = r.count(4, "materials");
        t.materials.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            // Each entry is a list of (u32 length, chars) ended by a zero length; entries hold
            // one path (the rvmat) or nothing (entry 0). The wiki's "unknown" ints are the ends.
            std::string path;
            for (uint32_t part = 0;; ++part) {
                const uint32_t len = r.count(1, "material name");
                if (len == 0) break;
                std::string text(reinterpret_cast<const char*>(r.take(len)), len);
                if (part == 0)
                    path = std::move(text);
                else if (part == 1)
                    s.warn(r, DiagKind::NameProblem,
                           "material " + std::to_string(i) + " has more than one name; the first is kept");
            }
            t.materials.push_back(std::move(path));
        }
    }
    ContextScope scope(r.context(), "objects");
    while (!r.atEnd()) {
        scope.setIndex(int64_t(t.objects.size()));
        WrpObject o;
        o.transform = readMat43(r);
        o.id = r.u32();
        s.charge(r, 2 * sizeof(WrpObject), "objects");  // twice: the vector grows
        const uint32_t len = r.count(1, "model name");
        o.model.assign(reinterpret_cast<const char*>(r.take(len)), len);
        // The list closes with a dummy: empty name, id 0x7FFFFFFF (notes §3.3). Drop it.
        if (o.model.empty() && r.atEnd()) break;
        t.objects.push_back(std::move(o));
    }
}

}  // namespace rv::wrp
