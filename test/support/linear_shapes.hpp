// Test-side generator of the shapes of issue 29: small files on which a decoder or an adapter
// once did superlinear work (each warning recounting lines from the file's start, raP class
// bodies read again inside each other, a TexGen lookup scanning the whole root per stage,
// corners of one point compared pairwise, every selection visited for every mesh, and a PBO
// of many entries). Each takes a scale; the growth tests (test_linear_growth.cpp) build it at
// x1, x2, x4 and x8 and count the work, and rv_make_fuzz_seeds writes the x1 shapes as seeds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rv/odol.hpp"
#include "support/mlod_writer.hpp"

namespace rvtest::linear {

// A text config of `lines` lines "#a": one skipped-preprocessor-line warning each.
std::string preprocessorLines(uint32_t lines);

// A raP file whose root holds `classes` classes; class k's body starts inside the value entry k
// of one shared run of `classes` entries and counts the entries after it, so the bodies overlap
// and a reader that accepts them reads classes^2 / 2 entries. The body of class 1 starts inside
// the body of class 0: its offset is `secondBody`.
struct RapOverlap {
    std::vector<uint8_t> bytes;
    uint64_t secondBody = 0;
};
RapOverlap rapOverlap(uint32_t classes);

// A text rvmat of `stages` classes StageN { texture; texGen = 0; }, then the one class TexGen0
// they share, last, so that a lookup by scanning the root reads every stage.
std::string texGenStages(uint32_t stages);

// An editable LOD: a fan of `faces` triangles around point 0, whose corner there has a UV of its
// own in every face (so point 0 splits into `faces` vertices), and `faces + 1` rim points whose
// corners agree (one vertex each).
std::vector<MlodLodSpec> cornerFan(uint32_t faces);

// ODOL v73: `sections` triangles of 3 vertices of their own, each with its own texture (one
// mesh each in Assimp), and one selection "all" holding every vertex.
std::vector<uint8_t> meshesTimesSelection(uint32_t sections);

// An ODOL v73 LOD of one triangle and `selections` selections of its 3 vertices, each named
// apart (one bone each with --selections-as-bones).
std::vector<uint8_t> manySelections(uint32_t selections);

// A PBO of `entries` stored entries of 1 byte, "dN\fN.txt" spread over folders of 100.
std::vector<uint8_t> manyEntries(uint32_t entries);

// Every shape at `times` its base scale (the growth tests' x1), named for its folder of fuzz
// seeds: "config/...", "mlod/...", "odol/...", "pbo/...".
struct NamedShape {
    std::string path;
    std::vector<uint8_t> bytes;
};
std::vector<NamedShape> shapesAt(uint32_t times);

// Short distinct names: "0", "1", ... "z", "01"... (base 36).
std::string shortName(uint32_t i);

// A section of the one face `face`, drawn with texture `face` and no material.
rv::OdolSection oneFaceSection(uint32_t face);

}  // namespace rvtest::linear
