// libFuzzer: our glTF writer on whatever the decoders accept. The first byte picks the input kind
// and the options (bit 0: terrain, else model; bit 1: .gltf, else .glb; bit 2: --instancing
// nodes; bit 3: quantization off; bits 4-5: --terrain-step 1/2/3/7; bit 6: a region; bit 7: LODs
// "all"); the rest is the file, decoded with a 64 MiB limit. The whole output is written to a
// sink that counts bytes, so every tile piece is built, and the glb must be as long as its header
// says. A writer that reports success with a broken file traps.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "rv/gltf.hpp"
#include "rv/open.hpp"

namespace {

void require(bool ok) {
    if (!ok) __builtin_trap();
}

void writeAll(const rv::GltfOutput& out, bool binary) {
    uint64_t total = 0;
    uint8_t head[12] = {};
    const rv::ByteSink sink = [&](const void* data, size_t size) {
        if (total < 12) std::memcpy(head + total, data, std::min<size_t>(size, size_t(12 - total)));
        total += size;
        return true;
    };
    require(out.writeMain(sink));
    if (binary) {
        uint32_t declared = 0;
        std::memcpy(&declared, head + 8, 4);
        require(std::memcmp(head, "glTF", 4) == 0 && declared == total);
    }
    for (size_t i = 0; i < out.sideFileCount(); ++i) {
        require(!out.sideFileName(i).empty());
        require(out.writeSideFile(i, [](const void*, size_t) { return true; }));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const uint8_t b = data[0];
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    options.lods = (b & 0x80) ? "all" : "first";
    rv::GltfOptions gltf;
    gltf.binary = !(b & 2);
    gltf.stem = "fuzz";
    gltf.gpuInstancing = !(b & 4);
    gltf.quantize = !(b & 8);
    gltf.instanceIds = !(b & 0x40) || !(b & 4);  // --target unity: instanced without "_ID"
    static const uint32_t steps[4] = {1, 2, 3, 7};
    gltf.grid.step = steps[(b >> 4) & 3];
    gltf.grid.tileCells = 16;
    if (b & 0x40) gltf.grid.west = 10, gltf.grid.south = 5, gltf.grid.east = 300, gltf.grid.north = 200;
    // Either the whole output is written, or the refusal says why.
    auto check = [&](const rv::Result<rv::GltfOutput>& out) {
        if (out) writeAll(out.value(), gltf.binary);
        else require(!rv::diagnosticLine(out.error()).empty());
    };
    // Through the door, as every front end opens a file for the writer (bit 0 only names it).
    auto file = rv::openForGltf(data + 1, size - 1, (b & 1) ? "fuzz.wrp" : "fuzz.p3d", options, gltf);
    if (file) check(rv::gltfFromFile(file.value(), gltf));
    else require(!rv::diagnosticLine(file.error()).empty());
    return 0;
}
