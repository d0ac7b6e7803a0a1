// Internal: what building the view costs, charged to the import's MemoryBudget before it is built.
#pragma once

#include <cstdint>

#include "rv/odol.hpp"
#include "rv/view.hpp"

namespace rv::view {

// A conservative estimate of the heap bytes buildLod and faceMaterials take for `lod`: every
// array at its largest (folded quads split, every vertex loose) and twice the size of the
// arrays that grow by push_back. Worst case about 20 bytes of view per byte of LOD body, from
// selections (16 bytes per 4-byte stored vertex index) and triangles.
uint64_t lodViewBytes(const OdolLod& lod, const Frame& frame);

}  // namespace rv::view
