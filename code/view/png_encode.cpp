// PNG through stb_image_write (Debian's libstb-dev: public domain / MIT), kept static to this file
// so that other users of stb in the same program do not clash with it.
#include <mutex>
#include <new>
#include <string>

#include "rv/png.hpp"
#include "view/view_internal.hpp"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace rv {
namespace {

// stb's level and filter are globals of stb's (of this file's copy), read by every encode: they
// are set once, to the one pair of values view::kPngCompressionLevel and view::kPngFilter, before
// the first encode, and never written again, so encodes on several threads at once (the C ABI,
// batch -j) only read them.
void setStbSettingsOnce() {
    static std::once_flag once;
    std::call_once(once, [] {
        stbi_write_png_compression_level = view::kPngCompressionLevel;
        stbi_write_force_png_filter = view::kPngFilter;
    });
}

std::string sizeText(const Image& image) { return std::to_string(image.width) + " x " + std::to_string(image.height); }

}  // namespace

namespace view {

int pngChannels(const Image& image) {
    bool opaque = true, grey = true;
    const uint8_t* p = image.rgba.data();
    for (size_t i = 0, n = image.rgba.size() / 4; i < n && (opaque || grey); ++i, p += 4) {
        opaque = opaque && p[3] == 255;
        grey = grey && p[0] == p[1] && p[1] == p[2];
    }
    return grey ? (opaque ? 1 : 2) : (opaque ? 3 : 4);
}

std::vector<uint8_t> packChannels(const Image& image, int channels) {
    // Which of R, G, B, A each stored channel is: grey is R (= G = B), grey + alpha is R, A.
    static const int kPick[5][4] = {{}, {0}, {0, 3}, {0, 1, 2}, {0, 1, 2, 3}};
    const size_t pixels = image.rgba.size() / 4;
    std::vector<uint8_t> out(pixels * size_t(channels));
    uint8_t* o = out.data();
    const uint8_t* p = image.rgba.data();
    for (size_t i = 0; i < pixels; ++i, p += 4)
        for (int c = 0; c < channels; ++c) *o++ = p[kPick[channels][c]];
    return out;
}

bool pngFitsStb(uint32_t width, uint32_t height, int channels) {
    return uint64_t(width) * uint64_t(channels) + 1 <= kPngMaxFilteredBytes &&
           (uint64_t(width) * uint64_t(channels) + 1) * height <= kPngMaxFilteredBytes;
}

}  // namespace view

uint64_t pngEncodeScratchBytes(uint32_t width, uint32_t height, int channels) {
    const uint64_t filtered = (uint64_t(width) * uint64_t(channels) + 1) * height;
    const uint64_t packed = channels < 4 ? uint64_t(width) * height * uint64_t(channels) : 0;
    return packed + filtered / 2 * 7 + (uint64_t(4) << 20);  // 3.5 F: the deflate stream and the file
}

Result<std::vector<uint8_t>> encodePng(const Image& image, MemoryBudget* budget) {
    // The size is checked first, from the dimensions alone (even grey must fit): an image too large
    // for stb is refused before its pixels are read.
    if (!view::pngFitsStb(image.width, image.height, 1))
        return makeError(DiagKind::BadCount, "PNG encoding: a " + sizeText(image) +
                                                 " image is past what the PNG encoder (stb_image_write) can "
                                                 "take: its filtered rows must stay under " +
                                                 std::to_string(view::kPngMaxFilteredBytes >> 20) + " MiB");
    if (image.width == 0 || image.height == 0 || image.rgba.size() != size_t(image.width) * image.height * 4)
        return makeError(DiagKind::InvalidArgument, "PNG encoding: a " + sizeText(image) + " image with " +
                                                        std::to_string(image.rgba.size()) + " bytes of RGBA");
    const int channels = view::pngChannels(image);
    if (!view::pngFitsStb(image.width, image.height, channels))
        return makeError(DiagKind::BadCount, "PNG encoding: a " + sizeText(image) + " image with " +
                                                 std::to_string(channels) +
                                                 " channels is past what the PNG encoder (stb_image_write) can "
                                                 "take: its filtered rows must stay under " +
                                                 std::to_string(view::kPngMaxFilteredBytes >> 20) + " MiB");
    const uint64_t scratch = pngEncodeScratchBytes(image.width, image.height, channels);
    if (budget && !budget->tryCharge(scratch))
        return makeError(DiagKind::MemoryLimit,
                         "PNG encoding: " + budget->overMessage("a " + sizeText(image) + " image", scratch));
    struct Release {
        MemoryBudget* budget;
        uint64_t bytes;
        ~Release() {
            if (budget) budget->release(bytes);
        }
    } release{budget, scratch};
    std::vector<uint8_t> packed;
    if (channels != 4) packed = view::packChannels(image, channels);
    const uint8_t* pixels = channels == 4 ? image.rgba.data() : packed.data();
    setStbSettingsOnce();
    struct Sink {
        std::vector<uint8_t> bytes;
        bool failed = false;
    } sink;
    auto write = [](void* context, void* data, int size) {
        auto* s = static_cast<Sink*>(context);
        const auto* p = static_cast<const uint8_t*>(data);
        try {
            s->bytes.insert(s->bytes.end(), p, p + size);
        } catch (const std::bad_alloc&) {  // no exception crosses stb's C code
            s->failed = true;
        }
    };
    if (!stbi_write_png_to_func(write, &sink, int(image.width), int(image.height), channels, pixels,
                                int(image.width) * channels) ||
        sink.failed)
        return makeError(DiagKind::OutOfMemory, "PNG encoding: out of memory for a " + sizeText(image) + " image");
    return std::move(sink.bytes);
}

}  // namespace rv
