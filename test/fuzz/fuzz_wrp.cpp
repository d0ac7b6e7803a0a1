// libFuzzer: the WRP decoder (4WVR, 8WVR, OPRW v2/v3 and v12..v25) with a 64 MiB budget, so a
// hostile grid size can only end in a clean error. A failure must name an offset inside the input.
#include <cstddef>
#include <cstdint>

#include "rv/wrp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    rv::Result<rv::WrpTerrain> r = rv::decodeWrp(data, size, "fuzz.wrp", options);
    if (!r.ok() && (rv::diagnosticLine(r.error()).empty() || r.error().offset > size)) __builtin_trap();
    return 0;
}
