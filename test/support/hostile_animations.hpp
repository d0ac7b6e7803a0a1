// Hostile animation files (issue 40), written with the project's own RTM/BMTR writers: what a
// crafted .rtm does to the one memory budget and to the floats that reach an output.
#pragma once

#include <cstdint>
#include <vector>

#include "support/hostile_shapes.hpp"

namespace rvtest::hostile {

// BMTR v5: `bones` bones of identity records in each of `frames` frames, every frame LZO-packed
// (zeros pack about 250:1). 20,000 bones x 600 frames is about 1 MB that decodes to hundreds
// of MB: several of them given to one export must share its one budget.
Shape bmtrBomb(uint32_t bones, uint32_t frames);

// RTM_0101, bones "all" and "top", six frames: frame 0 is the identity at phase 0; frame 1 has a NaN
// in top's matrix, frame 2 an infinite translation, frame 3 values of 1e38 (finite, but too
// large to decompose into a float scale), frame 4 is fine at phase 0.8, frame 5 has phase 1e38
// (a time no float holds); the step is NaN. Only frames 0 and 4 can be keyed.
Shape nonFiniteRtm();

// BMTR v3, bones "all" and "top", four frames at phases 0, 1/3, 2/3, 1: frame 1 has an infinite
// binary16 translation, frame 2 a NaN one. Frames 0 and 3 can be keyed.
Shape nonFiniteBmtr();

// The shapes above at the sizes of the report (rv_make_hostile --animations).
std::vector<Shape> animationShapes();

}  // namespace rvtest::hostile
