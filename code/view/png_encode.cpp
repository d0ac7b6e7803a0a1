// PNG through libdeflate (Debian's libdeflate-dev, MIT): our own few lines of PNG container
// (signature, IHDR, one IDAT, IEND, libdeflate's CRC-32) around libdeflate's zlib stream. It
// replaced stb_image_write's encoder (issue 42), whose deflate knows only the fixed Huffman codes:
// at the level chosen here the sample textures' PNGs came out a quarter smaller, in less time
// (docs/performance.md#png-textures measures both in one run).
#include <libdeflate.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "rv/png.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

std::string sizeText(const Image& image) { return std::to_string(image.width) + " x " + std::to_string(image.height); }

void putU32(uint8_t* p, uint32_t v) {
    p[0] = uint8_t(v >> 24), p[1] = uint8_t(v >> 16), p[2] = uint8_t(v >> 8), p[3] = uint8_t(v);
}

// A chunk's length, type and (after `size` bytes of data already in place) its CRC, at `at`.
void sealChunk(std::vector<uint8_t>& file, size_t at, const char* type, size_t size) {
    putU32(&file[at], uint32_t(size));
    std::memcpy(&file[at + 4], type, 4);
    putU32(&file[at + 8 + size], uint32_t(libdeflate_crc32(0, &file[at + 4], size + 4)));
}

struct CompressorDeleter {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

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

bool pngFits(uint32_t width, uint32_t height, int channels) {
    return uint64_t(width) * uint64_t(channels) + 1 <= kPngMaxFilteredBytes &&
           (uint64_t(width) * uint64_t(channels) + 1) * height <= kPngMaxFilteredBytes;
}

}  // namespace view

uint64_t pngEncodeScratchBytes(uint32_t width, uint32_t height, int channels) {
    const uint64_t filtered = (uint64_t(width) * uint64_t(channels) + 1) * height;
    // The rows (packed as they are made), the zlib stream and the file it is copied into (each at
    // most the rows and 1/16 more: libdeflate's bound is 5 bytes per 5000), and 4 MiB for the
    // compressor's tables and the bound of a tiny image.
    const uint64_t stream = filtered + filtered / 16;
    return filtered + 2 * stream + (uint64_t(4) << 20);
}

namespace view {
namespace {

// One row of RGBA as the PNG's channels: grey is R, grey + alpha R and A. A loop per case, not a
// table lookup per byte: the lookup loop was an eighth of a textured batch's time.
void packRow(const uint8_t* p, uint32_t width, int channels, uint8_t* out) {
    switch (channels) {
        case 4:
            std::memcpy(out, p, size_t(width) * 4);
            break;
        case 3:
            for (uint32_t x = 0; x < width; ++x, p += 4, out += 3) out[0] = p[0], out[1] = p[1], out[2] = p[2];
            break;
        case 2:
            for (uint32_t x = 0; x < width; ++x, p += 4, out += 2) out[0] = p[0], out[1] = p[3];
            break;
        default:
            for (uint32_t x = 0; x < width; ++x, p += 4) *out++ = p[0];
            break;
    }
}

}  // namespace

Result<std::vector<uint8_t>> encodePngAtLevel(const Image& image, int level, MemoryBudget* budget) {
    // The size is checked first, from the dimensions alone (even grey must fit): an image too large
    // is refused before its pixels are read.
    if (!pngFits(image.width, image.height, 1))
        return makeError(DiagKind::BadCount, "PNG encoding: a " + sizeText(image) +
                                                 " image is past what the PNG encoder takes in one piece: its "
                                                 "rows must stay under " +
                                                 std::to_string(kPngMaxFilteredBytes >> 20) + " MiB");
    if (image.width == 0 || image.height == 0 || image.rgba.size() != size_t(image.width) * image.height * 4)
        return makeError(DiagKind::InvalidArgument, "PNG encoding: a " + sizeText(image) + " image with " +
                                                        std::to_string(image.rgba.size()) + " bytes of RGBA");
    const int channels = pngChannels(image);
    if (!pngFits(image.width, image.height, channels))
        return makeError(DiagKind::BadCount, "PNG encoding: a " + sizeText(image) + " image with " +
                                                 std::to_string(channels) +
                                                 " channels is past what the PNG encoder takes in one piece: "
                                                 "its rows must stay under " +
                                                 std::to_string(kPngMaxFilteredBytes >> 20) + " MiB");
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
    const std::unique_ptr<libdeflate_compressor, CompressorDeleter> compressor(libdeflate_alloc_compressor(level));
    if (!compressor)
        return makeError(DiagKind::OutOfMemory, "PNG encoding: out of memory for a " + sizeText(image) + " image");
    // Unfiltered rows (filter byte 0; decoded DXT blocks repeat exactly, which filters would hide),
    // the channels packed on the way. The scratch is never zeroed: every byte is written before
    // it is read, and zeroing fresh pages cost more than the deflate on large maps.
    const size_t rowBytes = size_t(image.width) * size_t(channels);
    const size_t rowsSize = (rowBytes + 1) * image.height;
    const std::unique_ptr<uint8_t[]> rows(new (std::nothrow) uint8_t[rowsSize]);
    const size_t bound = libdeflate_zlib_compress_bound(compressor.get(), rowsSize);
    const std::unique_ptr<uint8_t[]> stream(new (std::nothrow) uint8_t[bound]);
    if (!rows || !stream)
        return makeError(DiagKind::OutOfMemory, "PNG encoding: out of memory for a " + sizeText(image) + " image");
    for (uint32_t y = 0; y < image.height; ++y) {
        uint8_t* out = &rows[size_t(y) * (rowBytes + 1)];
        *out++ = 0;
        packRow(image.rgba.data() + size_t(y) * image.width * 4, image.width, channels, out);
    }
    const size_t z = libdeflate_zlib_compress(compressor.get(), rows.get(), rowsSize, stream.get(), bound);
    if (z == 0)
        return makeError(DiagKind::OutOfMemory, "PNG encoding: the " + sizeText(image) +
                                                    " image's zlib stream did "
                                                    "not fit its bound");
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    static const uint8_t kColourType[5] = {0, 0, 4, 2, 6};  // grey, grey + alpha, RGB, RGBA
    std::vector<uint8_t> file(8 + 25 + 12 + z + 12);
    std::memcpy(file.data(), kSignature, 8);
    putU32(&file[16], image.width);
    putU32(&file[20], image.height);
    file[24] = 8, file[25] = kColourType[channels], file[26] = file[27] = file[28] = 0;
    sealChunk(file, 8, "IHDR", 13);
    const size_t idat = 8 + 25;
    std::memcpy(&file[idat + 8], stream.get(), z);
    sealChunk(file, idat, "IDAT", z);
    sealChunk(file, idat + 12 + z, "IEND", 0);
    return file;
}

}  // namespace view

Result<std::vector<uint8_t>> encodePng(const Image& image, MemoryBudget* budget) {
    return view::encodePngAtLevel(image, view::kPngCompressionLevel, budget);
}

}  // namespace rv
