// libFuzzer: PBO headers and every entry's data (stored and LZSS-packed), under a small limit.
#include <cstddef>
#include <cstdint>

#include "rv/pbo.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    rv::Result<rv::PboArchive> pbo = rv::readPbo(data, size, "fuzz.pbo", options);
    if (!pbo) return 0;
    for (size_t i = 0; i < pbo->entries.size() && i < 64; ++i)
        (void)rv::readPboEntry(pbo.value(), i, data, size, "fuzz.pbo", options);
    (void)rv::unsafePathReason(pbo->prefix);
    return 0;
}
