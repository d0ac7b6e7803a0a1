// Internal: the pieces of the WRP decoder, one file per family.
#pragma once

#include <string>
#include <vector>

#include "compression/compressed_payload.hpp"
#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/wrp.hpp"

namespace rv::wrp {

struct FileState {
    MemoryBudget& budget;  // the import's: decompressed and expanded grids, tables
    WarningList& warnings;
    float defaultCellSize;

    void warn(const ByteReader& r, DiagKind kind, const std::string& text) const { warnings.add(r, kind, text); }
    // Takes `bytes` of structures from the budget before they are allocated.
    void charge(const ByteReader& r, uint64_t bytes, const char* what) const {
        if (!budget.tryCharge(bytes))
            r.fail(DiagKind::MemoryLimit, budget.overMessage(r.context().prefixFor(what) + "reading them", bytes));
    }
};

// Grid sizes from the header, checked before anything is allocated.
void checkGridSize(const ByteReader& r, uint64_t at, uint32_t x, uint32_t y, const char* what);

// decodeWrp with the test hook that records every count field's offset (see odol::decode).
Result<WrpTerrain> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                          std::vector<uint64_t>* countOffsets);

void readEditable4(ByteReader& r, const FileState& s, WrpTerrain& t);  // 4WVR
void readEditable8(ByteReader& r, const FileState& s, WrpTerrain& t);  // 8WVR
void readOprwOfp(ByteReader& r, const FileState& s, WrpTerrain& t);    // OPRW v2, v3
void readOprw(ByteReader& r, const FileState& s, WrpTerrain& t);       // OPRW v12..v25
void readMapInfo(ByteReader& r, const FileState& s, WrpTerrain& t);    // OPRW map-info records

// Quad-tree grids (notes §3.6). skip() walks and validates one stream, leaving the reader after
// it; expand() fills `out` (sizeX * sizeY elements of elemSize bytes) from a validated stream.
struct QuadTree {
    uint64_t begin = 0, end = 0;  // absolute byte range of the stream
    uint32_t sizeX = 0, sizeY = 0, elemSize = 0;
};
QuadTree skipQuadTree(ByteReader& r, uint32_t sizeX, uint32_t sizeY, uint32_t elemSize, const char* what);
void expandQuadTree(const ByteReader& file, const QuadTree& tree, uint8_t* out);

// One grid payload (no count prefix: the grid implies its size) decoded into `scratch`, which
// callers reuse from grid to grid.
inline void readGridPayload(ByteReader& r, const PayloadCodec& codec, std::vector<uint8_t>& scratch, uint64_t bytes,
                            const char* what) {
    ContextScope scope(r.context(), what);
    codec.checkDecodedSize(r, bytes, what);
    scratch.resize(size_t(bytes));
    codec.read(r, scratch.data(), size_t(bytes), what);
}

inline Vec3 readVec3(ByteReader& r) { return r.read<Vec3>(); }
inline Mat43 readMat43(ByteReader& r) { return r.read<Mat43>(); }

}  // namespace rv::wrp
