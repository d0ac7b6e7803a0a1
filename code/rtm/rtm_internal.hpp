// Internal to the RTM decoder (rv/rtm.hpp): the readers of its three blocks, shared by
// rtm_decode.cpp (dispatch), rtm_plain.cpp (RTM_MDAT, RTM_0101) and bmtr.cpp (BMTR v3..v5).
#pragma once

#include <cstdint>
#include <string>

#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/memory_budget.hpp"
#include "rv/rtm.hpp"

namespace rv::rtm {

// What every block reader works with: the cursor, the import's budget and the warnings.
struct Reading {
    ByteReader& r;
    MemoryBudget& budget;
    WarningList& warnings;
};

// Takes `bytes` from the budget before an allocation; fails with MemoryLimit (naming `what`).
void charge(const Reading& in, uint64_t bytes, const char* what);

// An RTM_MDAT block at the cursor (signature included): its frame properties.
void readMdat(const Reading& in, RtmAnimation& out);
// An RTM_0101 block at the cursor (signature included), to the end of the data.
void readPlain(const Reading& in, RtmAnimation& out);
// A BMTR file at the cursor (signature included), to the end of the data.
void readBmtr(const Reading& in, RtmAnimation& out);

// IEEE 754 binary16 to float (exact: every half is a float).
float halfToFloat(uint16_t h);

}  // namespace rv::rtm
