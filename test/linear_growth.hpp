// The growth check of issue 29: a shape's work (rv::work, counted by the decoder) at x1, x2, x4
// and x8 of a base scale. Linear growth costs at most 16 times x1 at x8 (the bound); a
// quadratic one costs 64 times. No timing: the counts are the same on every machine.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>

#include "core/work_meter.hpp"

namespace rvtest {

// Runs `run(scale)` at base, 2 base, 4 base, 8 base; returns the work of each.
template <class Run>
std::array<uint64_t, 4> workAtScales(uint32_t base, Run run) {
    std::array<uint64_t, 4> work{};
    for (size_t i = 0; i < work.size(); ++i) {
        const uint64_t before = rv::work::steps();
        run(base << i);
        work[i] = rv::work::steps() - before;
    }
    return work;
}

template <class Run>
void expectLinearWork(const char* shape, uint32_t base, Run run) {
    const std::array<uint64_t, 4> w = workAtScales(base, run);
    std::printf("%s: work %llu, %llu, %llu, %llu at x1, x2, x4, x8 (x1 = %u)\n", shape, (unsigned long long)w[0],
                (unsigned long long)w[1], (unsigned long long)w[2], (unsigned long long)w[3], base);
    EXPECT_GT(w[0], 0u) << shape << ": no work counted, so the check would pass for anything";
    EXPECT_LE(w[3], 16 * w[0]) << shape << ": x8 does " << double(w[3]) / double(w[0]) << " times the work of x1";
}

}  // namespace rvtest
