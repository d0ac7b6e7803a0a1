// PNG and TGA stand-ins for missing .paa files, through stb_image (Debian's libstb-dev: public
// domain / MIT), kept static to this file like the PNG writer. Only the two formats a converted
// P: drive holds are compiled in.
#include "rv/png.hpp"

#include <string>

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace rv {
namespace {

// Every allocation stb_image makes goes through these and is counted against the decode's
// memory limit (thread-local: decodes on other threads have their own). stb sizes some buffers
// from the file before reading it (an IDAT chunk's length, a zlib stream's output, which
// doubles as it inflates), so a few hostile bytes could otherwise ask for gigabytes; here such
// an allocation fails and stb reports "outofmem".
thread_local uint64_t tImageBytesLeft = 0;
constexpr size_t kHeader = 16;  // keeps stb's blocks 16-byte aligned; holds the block's size

void* imageMalloc(size_t n) {
    if (n > tImageBytesLeft || n > SIZE_MAX - kHeader) return nullptr;
    auto* block = static_cast<unsigned char*>(std::malloc(n + kHeader));
    if (!block) return nullptr;
    std::memcpy(block, &n, sizeof n);
    tImageBytesLeft -= n;
    return block + kHeader;
}
void imageFree(void* p) {
    if (!p) return;
    auto* block = static_cast<unsigned char*>(p) - kHeader;
    size_t n;
    std::memcpy(&n, block, sizeof n);
    tImageBytesLeft += n;
    std::free(block);
}
void* imageRealloc(void* p, size_t n) {
    if (!p) return imageMalloc(n);
    size_t old;
    std::memcpy(&old, static_cast<unsigned char*>(p) - kHeader, sizeof old);
    void* q = imageMalloc(n);
    if (!q) return nullptr;  // p stays valid, as realloc promises
    std::memcpy(q, p, old < n ? old : n);
    imageFree(p);
    return q;
}

}  // namespace
}  // namespace rv

#define STBI_MALLOC(n) rv::imageMalloc(n)
#define STBI_REALLOC(p, n) rv::imageRealloc(p, n)
#define STBI_FREE(p) rv::imageFree(p)
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
// Arma's largest textures are 8192²; a larger side in a stand-in is refused before any pixel is
// allocated (stb checks this while reading the header).
#define STBI_MAX_DIMENSIONS 16384
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace rv {
namespace {

DecodeError imageError(DiagKind kind, const std::string& name, const std::string& message) {
    return withSource(makeError(kind, message, 0, "image"), name);
}

}  // namespace

Result<Image> decodeImageFile(const uint8_t* data, size_t size, const std::string& name, uint64_t memoryLimit) {
    if (size > size_t(INT32_MAX)) return imageError(DiagKind::MemoryLimit, name, "image file larger than 2 GiB");
    int w = 0, h = 0, channels = 0;
    tImageBytesLeft = memoryLimit;
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels))
        return imageError(DiagKind::NotRecognized, name,
                          std::string("not a PNG or TGA image (") + stbi_failure_reason() + ")");
    // stb decodes into one buffer of w*h*4 (plus a row or two of scratch for PNG filters).
    const uint64_t needed = uint64_t(w) * uint64_t(h) * 4 * 2;
    if (needed > memoryLimit)
        return imageError(DiagKind::MemoryLimit, name,
                          std::to_string(w) + "x" + std::to_string(h) + " image needs " + std::to_string(needed) +
                              " bytes, over the memory limit (" + std::to_string(memoryLimit) + " bytes)");
    tImageBytesLeft = memoryLimit;
    stbi_uc* pixels = stbi_load_from_memory(data, int(size), &w, &h, &channels, 4);
    if (!pixels)
        return imageError(DiagKind::Truncated, name, std::string("cannot decode the image: ") + stbi_failure_reason());
    Image img;
    img.width = uint32_t(w);
    img.height = uint32_t(h);
    img.rgba.assign(pixels, pixels + size_t(w) * size_t(h) * 4);
    stbi_image_free(pixels);
    return img;
}

}  // namespace rv
