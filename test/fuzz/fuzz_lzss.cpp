// libFuzzer: BI LZSS. The first two bytes choose the output size; the output buffer is exactly
// that size on the heap, so writing one byte past it trips AddressSanitizer.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "rv/compression.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const size_t outSize = size_t(data[0]) | size_t(data[1]) << 8;  // up to 64 KiB
    std::unique_ptr<uint8_t[]> out(new uint8_t[outSize ? outSize : 1]);
    const rv::CodecResult r = rv::decodeLzss(data + 2, size - 2, out.get(), outSize);
    if (r.consumed > size - 2 || r.produced > outSize) __builtin_trap();
    if (r.ok()) (void)rv::lzssChecksum(out.get(), outSize);
    return 0;
}
