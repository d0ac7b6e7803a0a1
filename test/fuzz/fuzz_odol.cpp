// libFuzzer: the whole ODOL decoder (v7 and v28..v75) with a 64 MiB decompression budget, so a
// hostile size can only end in a clean error. A failure must name an offset inside the input.
#include <cstddef>
#include <cstdint>

#include "rv/odol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    rv::Result<rv::OdolModel> r = rv::decodeOdol(data, size, "fuzz.p3d", options);
    if (!r.ok() && (rv::diagnosticLine(r.error()).empty() || r.error().offset > size)) __builtin_trap();
    return 0;
}
