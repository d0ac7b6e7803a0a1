// Test-side ODOL v73 writer, written from the format notes (§2.3-2.7), for fixtures whose every
// value the tests choose: quads, untextured sections, selections with weights, proxies,
// properties, several UV sets, materials with stages, raw and LZO payloads.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "rv/odol.hpp"

namespace rvtest {

// A UV set stored exactly as given: bounds and raw i16 values (u, v pairs), for tests of the
// dequantisation that choose the quantised values themselves.
struct PackedUvSet {
    size_t lod = 0, set = 0;  // which set of which LOD it replaces; q must hold 2 per vertex
    float minU = 0, minV = 0, maxU = 1, maxV = 1;
    std::vector<int16_t> q;
};

struct OdolWriteOptions {
    // Compresses one payload into an LZO1X stream; when empty, every payload is stored raw
    // (flag 0). With it, payloads of at least `lzoFrom` bytes are stored as LZO (flag 2).
    std::function<std::vector<uint8_t>(const uint8_t*, size_t)> lzo;
    size_t lzoFrom = 64;
    std::vector<PackedUvSet> packedUvs;
    // When set, receives the file offset of the LOD table (u32 starts[n], then u32 ends[n]), for
    // fixtures that rewrite it.
    size_t* lodTableOffset = nullptr;
    // When set, receives the file offset of the first LOD's clip-flags count.
    size_t* clipFlagsOffset = nullptr;
};

// Writes `model` as ODOL v73. Normals are packed from the model's outward normals; UVs are
// quantised between each set's min and max as D3D SHORT2N (min -> -32767, max -> 32767), so
// they read back within half a step, (max-min)/65534/2, plus float rounding.
std::vector<uint8_t> writeOdol73(const rv::OdolModel& model, const OdolWriteOptions& options = {});

// The model behind the bundled demo file and several tests: "rv_crate", an asymmetric crate
// (a box with a lid handle on +x, so mirrored imports are visible), with a memory LOD of named
// points, a geometry LOD with mass and properties, a shadow volume, and a proxy.
rv::OdolModel makeCrateModel();

}  // namespace rvtest
