// libFuzzer: the PAA / PAC decoder: decodePaa, then every mip in both channel modes, with a 16 MiB
// limit so a hostile mip size can only end in a clean error. A failure must name an offset inside
// the input. Inputs whose first u16 is no PAA type are read once more as a .pac (P8), since the
// name decides what an untyped OFP texture is.
#include <cstddef>
#include <cstdint>

#include "rv/paa.hpp"

namespace {

void decodeAll(const uint8_t* data, size_t size, const char* name) {
    rv::Options options;
    options.memoryLimit = uint64_t(16) << 20;
    rv::Result<rv::PaaTexture> t = rv::decodePaa(data, size, name, options);
    if (!t.ok()) {
        if (rv::diagnosticLine(t.error()).empty() || t.error().offset > size) __builtin_trap();
        return;
    }
    for (size_t i = 0; i < t->mips.size(); ++i) {
        rv::PaaDecodeOptions mipOptions;
        mipOptions.memoryLimit = options.memoryLimit;
        mipOptions.rawChannels = (i & 1) != 0;
        rv::Result<rv::Image> img = rv::decodePaaMip(t.value(), data, size, i, mipOptions);
        if (img.ok() && img->rgba.size() != size_t(t->mips[i].width) * t->mips[i].height * 4) __builtin_trap();
        if (!img.ok() && (rv::diagnosticLine(img.error()).empty() || img.error().offset > size)) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    decodeAll(data, size, "fuzz.paa");
    if (!rv::hasPaaType(data, size)) decodeAll(data, size, "fuzz.pac");
    return 0;
}
