// OPRW v2/v3: Operation Flashpoint's binarized world (notes §3.4). Grids are LZSS payloads by
// the 1024-byte rule with no count prefix; v2 has a fixed 256 x 256 grid. One grid serves both
// heights and textures, and the cell size comes from the config (50 m by default).
#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

// v3 stores land and terrain sizes like later versions; OFP uses one grid for both.
void readOfpGridSize(ByteReader& r, const FileState& s, WrpTerrain& t) {
    uint32_t landX = 256, landZ = 256, mapX = 256, mapZ = 256;
    if (t.version >= 3) {
        const uint64_t at = r.offset();
        landX = r.u32(), landZ = r.u32(), mapX = r.u32(), mapZ = r.u32();
        checkGridSize(r, at, landX, landZ, "land grid");
        checkGridSize(r, at + 8, mapX, mapZ, "terrain grid");
        if (landX != mapX || landZ != mapZ)
            s.warn(r, DiagKind::SizeMismatch,
                   "land grid " + std::to_string(landX) + "x" + std::to_string(landZ) + " differs from terrain grid " +
                       std::to_string(mapX) + "x" + std::to_string(mapZ) + "; heights follow the land grid");
    }
    t.layerSizeX = t.mapSizeX = landX;
    t.layerSizeY = t.mapSizeY = landZ;
    t.layerCellSize = s.defaultCellSize;
}

// The grids and the peaks between them: geography, sound map, peaks, texture indices, random,
// elevation.
void readOfpGrids(ByteReader& r, const FileState& s, WrpTerrain& t) {
    PayloadCodec codec(PayloadRule::LzssBySize, s.budget);
    const uint64_t cells = uint64_t(t.layerSizeX) * t.layerSizeY;
    std::vector<uint8_t> scratch;
    auto payload = [&](uint64_t bytes, const char* what) { readGridPayload(r, codec, scratch, bytes, what); };
    payload(cells * 4, "geography");  // 4 bytes per cell in OFP; the low 16 bits match §3.7
    t.geography.resize(cells);
    for (uint64_t i = 0; i < cells; ++i) std::memcpy(&t.geography[i], &scratch[i * 4], 2);
    payload(cells, "sound map");
    {
        ContextScope scope(r.context(), "peaks");
        const uint32_t n = r.count(12, "peaks");
        t.peaks.resize(n);
        r.readInto(t.peaks.data(), size_t(n) * 12);
    }
    payload(cells * 2, "texture indices");
    t.materialIndex.resize(cells);
    std::memcpy(t.materialIndex.data(), scratch.data(), cells * 2);
    payload(cells * 4, "random");
    payload(cells * 4, "elevation");
    t.elevation.resize(cells);
    std::memcpy(t.elevation.data(), scratch.data(), cells * 4);
}

void readOfpTables(ByteReader& r, WrpTerrain& t) {
    {
        ContextScope scope(r.context(), "textures");
        const uint32_t n = r.count(2, "textures");  // asciiz (>= 1 byte) + bool
        for (uint32_t i = 0; i < n; ++i) {
            scope.setIndex(i);
            t.materials.push_back(r.asciiz());
            r.boolean();  // enableUV
        }
    }
    ContextScope scope(r.context(), "models");
    const uint32_t n = r.count(1, "models");
    for (uint32_t i = 0; i < n; ++i) {
        scope.setIndex(i);
        t.models.push_back(r.asciiz());
    }
}

// Objects: (i32 id, i32 model index, mat43) until an id of -1.
void readOfpObjects(ByteReader& r, const FileState& s, WrpTerrain& t) {
    ContextScope scope(r.context(), "objects");
    for (;;) {
        scope.setIndex(int64_t(t.objects.size()));
        const int32_t id = r.i32();
        if (id < 0) break;  // the list ends with id -1
        const uint64_t at = r.offset();
        const int32_t modelIndex = r.i32();
        if (modelIndex < 0 || size_t(modelIndex) >= t.models.size())
            r.failAtStated(DiagKind::BadValue, at,
                           "model index " + std::to_string(modelIndex) + " at offset " + hexOffset(at) +
                               " is outside the " + std::to_string(t.models.size()) + "-entry model table");
        // Each object keeps its own copy of the path (twice its size while the vector grows).
        const std::string& model = t.models[size_t(modelIndex)];
        s.charge(r, 2 * sizeof(WrpObject) + (model.size() > 15 ? model.size() + 1 : 0), "objects");
        WrpObject o;
        o.id = uint32_t(id);
        o.model = model;
        o.transform = readMat43(r);
        t.objects.push_back(std::move(o));
    }
    if (!r.atEnd()) s.warn(r, DiagKind::UnreadBytes, std::to_string(r.remaining()) + " bytes after the object list");
}

}  // namespace

void readOprwOfp(ByteReader& r, const FileState& s, WrpTerrain& t) {
    readOfpGridSize(r, s, t);
    readOfpGrids(r, s, t);
    readOfpTables(r, t);
    readOfpObjects(r, s, t);
}

}  // namespace rv::wrp
