// One PAA mip to RGBA8: unpack its bytes (paa_storage.cpp), convert its pixel format, undo ZIWS.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/fresh_pixels.hpp"
#include "texture/texture_internal.hpp"

namespace rv {
namespace {

using namespace texture;

// The texture must come from decodePaa over these very bytes: its offsets index them.
void checkArguments(const PaaTexture& t, size_t size, size_t mipIndex) {
    ParseContext context;
    const ByteReader whole(nullptr, nullptr, 0, context);
    if (size != t.fileSize)
        whole.fail(DiagKind::InvalidArgument, "the texture was read from " + std::to_string(t.fileSize) +
                                                  " bytes, not from these " + std::to_string(size));
    if (mipIndex >= t.mips.size())
        whole.fail(DiagKind::InvalidArgument, "mip " + std::to_string(mipIndex) + " asked for, but the texture has " +
                                                  std::to_string(t.mips.size()));
}

void checkMemory(const ByteReader& r, uint64_t needed, const PaaDecodeOptions& options) {
    if (options.budget && needed > options.budget->left())
        r.fail(DiagKind::MemoryLimit, options.budget->overMessage("decoding", needed));
    if (needed > options.memoryLimit)
        r.fail(DiagKind::MemoryLimit, "decoding needs " + std::to_string(needed) + " bytes, over the memory limit (" +
                                          std::to_string(options.memoryLimit) + " bytes)");
}

// P8 indices must name a palette entry: the engine would read past its palette otherwise.
void checkIndices(const ByteReader& r, const PaaTexture& t, const std::vector<uint8_t>& indices) {
    for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i] >= t.palette.size())
            r.fail(DiagKind::BadValue, "pixel " + std::to_string(i) + " uses colour " + std::to_string(indices[i]) +
                                           " of a " + std::to_string(t.palette.size()) + "-colour palette");
}

// A DXT image as bands of one block row (4 pixel rows; 64 KiB at 4096 wide, which stays in cache).
void decodeDxtBands(DxtKind kind, const uint8_t* blocks, Image& img) {
    const size_t rowOfBlocks = size_t(dxtDataSize(kind, img.width, 4));
    appendBands(img, 4, [&](uint32_t y, uint32_t rows, uint8_t* out) {
        decodeDxt(kind, blocks + (y / 4) * rowOfBlocks, img.width, rows, out);
    });
}

void decodeInto(ByteReader& r, const PaaTexture& t, const PaaMip& mip, const PaaDecodeOptions& options, Image& img) {
    const size_t pixels = size_t(mip.width) * mip.height;
    const bool inPlace = isDxt(t.type) && mip.storage == PaaStorage::Raw;  // DXT blocks straight from the file
    checkMemory(r, pixels * 4 + (inPlace ? 0 : mip.decodedSize), options);
    img.width = mip.width;
    img.height = mip.height;
    if (inPlace) {
        decodeDxtBands(dxtKind(t.type), r.take(size_t(mip.decodedSize)), img);
        return;
    }
    std::vector<uint8_t> unpacked(size_t(mip.decodedSize));
    unpackMip(r, mip, options.checksum, unpacked.data());
    if (isDxt(t.type)) {
        decodeDxtBands(dxtKind(t.type), unpacked.data(), img);
        return;
    }
    if (t.type == PaaType::P8) checkIndices(r, t, unpacked);
    const std::array<uint32_t, 256> palette = t.type == PaaType::P8 ? paletteTable(t) : std::array<uint32_t, 256>{};
    const size_t stored = t.type == PaaType::P8 ? 1 : bytesPerPixel(t.type);
    appendBands(img, 16, [&](uint32_t y, uint32_t rows, uint8_t* out) {
        const size_t first = size_t(y) * mip.width, count = size_t(rows) * mip.width;
        if (t.type == PaaType::P8)
            decodeIndices(palette, unpacked.data() + first, count, out);
        else
            decodePixels(t.type, unpacked.data() + first * stored, count, out);
    });
}

}  // namespace

Result<Image> decodePaaMip(const PaaTexture& texture, const uint8_t* data, size_t size, size_t mipIndex,
                           const PaaDecodeOptions& options) {
    Image img;
    ParseContext context;
    ByteReader file(data, data + size, 0, context);
    try {
        checkArguments(texture, size, mipIndex);
        const PaaMip& mip = texture.mips[mipIndex];
        ContextScope scope(context, "mip", int64_t(mipIndex));
        ByteReader r = file.sub(mip.dataOffset, mip.dataOffset + mip.dataSize);
        decodeInto(r, texture, mip, options, img);
        if (texture.hasSwizzle && !options.rawChannels)
            undoSwizzle(texture.swizzle, img.rgba.data(), size_t(img.width) * img.height);
    } catch (const ParseError& e) {
        return errorFromParse(texture.sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(makeError(DiagKind::OutOfMemory, "out of memory decoding mip " + std::to_string(mipIndex)),
                          texture.sourceName);
    }
    return img;
}

}  // namespace rv
