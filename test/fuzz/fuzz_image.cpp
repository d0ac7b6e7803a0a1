// libFuzzer: the .png/.tga stand-ins for missing .paa files (rv::decodeImageFile, stb_image
// behind our size check) with a 4 MiB limit: a hostile header can only end in a clean error, and
// a decoded image holds exactly width * height * 4 bytes.
#include <cstddef>
#include <cstdint>

#include "rv/png.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Result<rv::Image> img = rv::decodeImageFile(data, size, "fuzz.png", uint64_t(4) << 20);  // small: more runs per second
    if (img.ok() && img->rgba.size() != size_t(img->width) * img->height * 4) __builtin_trap();
    if (!img.ok() && rv::diagnosticLine(img.error()).empty()) __builtin_trap();
    return 0;
}
