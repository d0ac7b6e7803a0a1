// Test-side generator of hostile shapes (issue 15): small, valid-looking files whose decoded
// model or Assimp scene is many times their size. Each is built with the project's own writers
// (odol_writer, wrp_writer, LZO from liblzo2), so every byte is known to the test. They are unit
// tests (test_hostile_shapes.cpp), inputs of the CLI's memory test under `ulimit -v`
// (hostile_memory_test.py via rv_make_hostile) and fuzz seeds (rv_make_fuzz_seeds).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rvtest::hostile {

struct Shape {
    std::string name;            // file name: "aliased_lods.p3d"
    std::vector<uint8_t> bytes;  // the file
    uint64_t mark = 0;           // aliasedLods: the offset of LOD 1's start entry, which the error names
};

// ODOL v73: one LOD of `vertices` zero vertices (LZO packs them to a few bytes each array), then
// `aliases` tiny LODs whose table entries are rewritten to point at LOD 0's bytes: a decoder
// that decodes each alias again needs `aliases` times LOD 0's memory.
Shape aliasedLods(uint32_t aliases, uint32_t vertices);

// ODOL v73: a visual LOD with `count` named properties of 1-byte names and values (4 bytes each
// in the file; in Assimp each is a metadata entry of two 1 KiB aiStrings).
Shape propertyFlood(uint32_t count);

// ODOL v73: `count` sections of one triangle each, every one textured "dN\x.paa" (different
// folders, one base name), so every material is named "x.paa #N" and is its own aiMaterial.
Shape sameNameMaterials(uint32_t count);

// ODOL v73: the demo crate's visual LOD with `count` proxies of distinct model names (about 80
// bytes each in the file; in Assimp each is a node with metadata, which Assimp's exporters copy
// and rebuild before they write).
Shape proxyFlood(uint32_t count);

// OPRW v25: a `side` x `side` height grid of zeros (LZO), a 32 x 32 land grid, no objects.
Shape elevationBomb(uint32_t side);

// OPRW v25: a 64 x 64 land grid with `links` road links without connections or model name
// (55 bytes each in the file, a node with metadata each in Assimp).
Shape roadFlood(uint32_t links);

// PAA DXT1, one `side` x `side` mip of one 8-byte block repeated (LZO packs it ~250:1): blue and
// transparent texels, so a PNG of it keeps four channels. 8192 gives 256 MiB of RGBA from about
// 130 KB; the memory limit must cover the pixels and the PNG encoder's scratch together.
Shape lzoBombTexture(uint32_t side);

// The texture shapes (rv_make_hostile --textures): kept apart from the model and terrain shapes,
// which every front end opens as a model or terrain.
std::vector<Shape> textureShapes();

// Every shape at the sizes of the reports (each file under 2 MB), and smaller ones for
// fuzz seeds (under 256 KiB, so the fuzzers stay fast).
std::vector<Shape> allShapes();
std::vector<Shape> seedShapes();

// Bytes the heap holds now (glibc's mallinfo2); nullopt elsewhere (and under ASan, whose
// allocator replaces glibc's), where the heap checks are skipped.
std::optional<uint64_t> heapInUse();

}  // namespace rvtest::hostile
