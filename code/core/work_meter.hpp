// Internal: a count of the steps taken by the loops that once grew superlinearly with their input
// (issue 29): bytes scanned for a line number, entries compared in a config lookup, corner keys
// compared, selection weights visited. The growth tests read it around a decode of one shape at
// x1, x2, x4 and x8 and check that the work grows linearly, by counting instead of timing. It is
// per thread, so parallel decodes do not contend and a test sees only its own thread's work; it
// costs one add per call site, never one per byte.
#pragma once

#include <cstdint>

namespace rv::work {

inline thread_local uint64_t stepsTaken = 0;

inline void count(uint64_t steps) { stepsTaken += steps; }

// The steps this thread has taken so far; a test subtracts two readings.
inline uint64_t steps() { return stepsTaken; }

}  // namespace rv::work
