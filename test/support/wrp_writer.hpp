// Test-side OPRW writer, written from the format notes (§3.4-3.10): v2/v3 (OFP, LZSS) and v12..v25
// (quad-tree grids, LZSS payloads before v23 and LZO from v23, roads, classed models, map info),
// so every field the decoder reads can be round-tripped, including what no public file has.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "rv/wrp.hpp"

namespace rvtest {

struct WrpWriteOptions {
    // LZO1X compressor for v23+ payloads of 1024 bytes or more (required for those versions).
    std::function<std::vector<uint8_t>(const uint8_t*, size_t)> lzo;
};

// Writes `t` as OPRW t.version (2, 3 or 12..25). Fields the version lacks are not written;
// objects' models must appear in t.models.
std::vector<uint8_t> writeOprw(const rv::WrpTerrain& t, const WrpWriteOptions& options = {});

// A terrain whose every field is set, sized landX x landY cells and mapX x mapY samples, with
// what `version` can hold (roads, classed models, map info, connection types).
rv::WrpTerrain makeTestTerrain(uint32_t version, uint32_t landX, uint32_t landY, uint32_t mapX, uint32_t mapY);

// The encoder: one quad tree (notes §3.6) for a grid of elemSize-byte cells.
std::vector<uint8_t> encodeQuadTree(const uint8_t* cells, uint32_t sizeX, uint32_t sizeY, uint32_t elemSize);

}  // namespace rvtest
