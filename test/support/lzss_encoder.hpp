// Test-side BI LZSS encoder, written from the format notes (§1.1), so the decoder is checked
// against streams it did not produce itself. Greedy longest match within the 4 KiB window,
// overlapping matches allowed (distance < length), flag bits LSB first with 1 = literal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rvtest {

// The compressed stream, without the trailing checksum.
std::vector<uint8_t> encodeLzss(const uint8_t* data, size_t size);
// Stream + u32 checksum (sum of the bytes, unsigned), as ODOL and WRP store it.
std::vector<uint8_t> encodeLzssWithChecksum(const uint8_t* data, size_t size);

}  // namespace rvtest
