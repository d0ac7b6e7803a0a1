// The PAA / PAC container (format notes §4): type, TAGGs, palette and the mip table. No pixel
// is unpacked here; every mip is located and its size checked, so decodePaaMip can trust them.
//
// Where the real files contradict or extend the notes:
//   - SFFO (mip offsets) can point 2 bytes before the mip headers (ACRE2's prc343_anim0034/35.paa),
//     so the mips are walked in order and SFFO is only compared, with a warning when it is off.
//   - GALF is 1 or 2 in its low byte, but some files store 01 ff ff ff (head_nasalcannula.paa):
//     only bits 0 and 1 are read.
//   - The closing u16 0 after the u32 0 terminator is missing from third-party files (the
//     synthetic samples); its absence is accepted.
//   - The LZO flag (bit 15 of the width) is set per mip: LZO files keep their small mips raw, and
//     cinder_nohq.paa has a raw top mip over LZO lower ones.
//   - The notes size DXT mips as w*h/2 (DXT1) or w*h; mips below 4x4 hold a whole block, so the
//     size is max(1, ceil(w/4)) * max(1, ceil(h/4)) * 8 or 16.
#include <cstdio>
#include <cstring>
#include <string>

#include "core/diagnostics.hpp"
#include "rv/paths.hpp"
#include "texture/texture_internal.hpp"

namespace rv {
namespace {

using texture::bytesPerPixel;

struct HeaderReader {
    ByteReader& r;
    PaaTexture& t;
    WarningList& warnings;
    const Options& options;
    uint64_t sffoOffset = 0;
};

bool isKnownType(uint16_t v) {
    return (v >= 0xFF01 && v <= 0xFF05) || v == 0x4444 || v == 0x1555 || v == 0x8888 || v == 0x8080;
}

// The engine treats a file whose first u16 is no type as an OFP texture without one: the TAGGs
// or the palette start at offset 0, and the extension decides P8 (.pac) or ARGB4444.
void readType(HeaderReader& h) {
    h.t.typeTag = h.r.u16();
    if (isKnownType(h.t.typeTag)) {
        h.t.type = PaaType(h.t.typeTag);
        return;
    }
    h.t.typed = false;
    h.t.type = endsWithNoCase(h.t.sourceName, ".pac") ? PaaType::P8 : PaaType::Argb4444;
    h.r.seek(0);
}

PaaColor argbColor(uint32_t v) {  // u32 ARGB: bytes B, G, R, A
    return {uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v), uint8_t(v >> 24)};
}

// A tag holding one u32 (CGVA, CXAM, GALF, ZIWS): shorter is an error, longer a warning.
uint32_t tagWord(HeaderReader& h, const PaaTag& tag, const ByteReader& body) {
    if (tag.size < 4) body.fail(DiagKind::BadValue, tag.name + " holds " + std::to_string(tag.size) + " bytes, not 4");
    if (tag.size > 4)
        h.warnings.add(body, DiagKind::SizeMismatch,
                       tag.name + " holds " + std::to_string(tag.size) + " bytes; the first 4 were read");
    uint32_t v;
    std::memcpy(&v, body.position(), 4);
    return v;
}

void readSwizzle(HeaderReader& h, uint32_t v, const ByteReader& body) {
    h.t.hasSwizzle = true;
    static const char* const kChannel[4] = {"A", "R", "G", "B"};
    for (size_t c = 0; c < 4; ++c) {
        h.t.swizzle[c] = uint8_t(v >> (8 * c));
        if (h.t.swizzle[c] > 8)
            h.warnings.add(body, DiagKind::IndexOutOfRange,
                           std::string("ZIWS value ") + std::to_string(h.t.swizzle[c]) + " for " + kChannel[c] +
                               " is past BI's swizzle table (0-8); it moves nothing");
    }
}

void readTagBody(HeaderReader& h, const PaaTag& tag, const ByteReader& body) {
    const std::string& n = tag.name;
    if (n == "CGVA" || n == "CXAM") {
        const PaaColor c = argbColor(tagWord(h, tag, body));
        (n == "CGVA" ? h.t.averageColor : h.t.maxColor) = c;
        (n == "CGVA" ? h.t.hasAverageColor : h.t.hasMaxColor) = true;
    } else if (n == "GALF") {
        h.t.flags = tagWord(h, tag, body);
        h.t.hasFlags = true;
    } else if (n == "ZIWS") {
        readSwizzle(h, tagWord(h, tag, body), body);
    } else if (n == "SFFO") {
        if (tag.size % 4)
            h.warnings.add(body, DiagKind::SizeMismatch,
                           "SFFO holds " + std::to_string(tag.size) + " bytes, not a multiple of 4");
        h.t.mipOffsets.resize(tag.size / 4);
        if (!h.t.mipOffsets.empty()) std::memcpy(h.t.mipOffsets.data(), body.position(), h.t.mipOffsets.size() * 4);
        h.sffoOffset = body.offset();
    } else if (n == "PROC") {
        const char* p = reinterpret_cast<const char*>(body.position());
        h.t.procedural.assign(p, strnlen(p, tag.size));
    } else {
        h.warnings.add(body, DiagKind::UnknownRecord,
                       "unknown TAGG '" + n + "' (" + std::to_string(tag.size) + " bytes) skipped");
    }
}

void readTags(HeaderReader& h) {
    ContextScope scope(h.r.context(), "TAGG", 0);
    for (int64_t i = 0; h.r.remaining() >= 4 && std::memcmp(h.r.position(), "GGAT", 4) == 0; ++i) {
        scope.setIndex(i);
        PaaTag tag;
        tag.offset = h.r.offset();
        h.r.skip(4);
        const uint8_t* name = h.r.take(4);
        tag.name.assign(reinterpret_cast<const char*>(name), 4);
        const uint64_t sizeAt = h.r.offset();
        h.r.context().noteCount(sizeAt);
        tag.size = h.r.u32();
        if (tag.size > h.r.remaining())
            h.r.failAtStated(DiagKind::BadCount, sizeAt,
                             tag.name + " size " + std::to_string(tag.size) + " at offset " + hexOffset(sizeAt) +
                                 " exceeds the " + std::to_string(h.r.remaining()) + " bytes left");
        const ByteReader body = h.r.sub(h.r.offset(), h.r.offset() + tag.size);
        readTagBody(h, tag, body);
        h.r.skip(tag.size);
        h.t.tags.push_back(std::move(tag));
    }
}

// nColors x (b, g, r). The engine refuses more than 256 colours.
void readPalette(HeaderReader& h) {
    ContextScope scope(h.r.context(), "palette");
    const uint64_t at = h.r.offset();
    h.r.context().noteCount(at);
    const uint16_t n = h.r.u16();
    if (n <= 256 && size_t(n) * 3 <= h.r.remaining()) {
        h.t.palette.resize(n);
        for (PaaColor& c : h.t.palette) {
            const uint8_t* p = h.r.take(3);
            c = {p[2], p[1], p[0], 255};
        }
        return;
    }
    const std::string why =
        "count " + std::to_string(n) + " at offset " + hexOffset(at) +
        (n > 256 ? std::string(" is over 256") : " exceeds the " + std::to_string(h.r.remaining()) + " bytes left");
    if (!h.t.typed) {
        char tag[8];
        std::snprintf(tag, sizeof tag, "0x%04x", unsigned(h.t.typeTag));
        h.r.failAtStated(DiagKind::NotRecognized, at,
                         std::string("not a texture: the first u16 ") + tag +
                             " at offset 0x0 is no PAA type, and read as an untyped OFP texture its palette " + why);
    }
    h.r.failAt(DiagKind::BadCount, at, why);
}

// Mip dimensions, with P8's LZSS magic and the LZO flag taken apart.
PaaMip readMipHeader(HeaderReader& h, bool& lzo) {
    PaaMip mip;
    mip.headerOffset = h.r.offset();
    uint16_t w = h.r.u16(), hgt = h.r.u16();
    bool magic = false;
    if (h.t.type == PaaType::P8 && w == 1234 && hgt == 8765) {  // the engine's MAGIC_W_LZW / MAGIC_H_LZW
        magic = true;
        w = h.r.u16();
        hgt = h.r.u16();
    }
    lzo = (w & 0x8000) != 0;
    mip.width = w & 0x7fffu;
    mip.height = hgt;
    if (mip.width == 0 || mip.height == 0)
        h.r.failAtStated(DiagKind::BadValue, mip.headerOffset,
                         "size " + std::to_string(mip.width) + "x" + std::to_string(mip.height) + " at offset " +
                             hexOffset(mip.headerOffset) + " has a zero side");
    const uint8_t* s = h.r.take(3);
    mip.dataSize = uint32_t(s[0]) | (uint32_t(s[1]) << 8) | (uint32_t(s[2]) << 16);
    mip.dataOffset = h.r.offset();
    mip.storage = magic ? PaaStorage::Lzss : h.t.type == PaaType::P8 ? PaaStorage::Rle : PaaStorage::Raw;
    return mip;
}

[[noreturn]] void failSize(const HeaderReader& h, const PaaMip& mip, DiagKind kind, const std::string& why) {
    h.r.failAt(kind, mip.headerOffset,
               std::to_string(mip.width) + "x" + std::to_string(mip.height) + " " + paaTypeName(h.t.type) +
                   " mip at offset " + hexOffset(mip.headerOffset) + ": " + why);
}

// Decides how the mip is stored and checks that its data can hold it: raw data must be complete,
// packed data must not claim more than its codec's best ratio could give.
void classifyMip(HeaderReader& h, PaaMip& mip, bool lzo) {
    const uint64_t pixels = uint64_t(mip.width) * mip.height;
    if (isDxt(h.t.type)) {
        mip.decodedSize = texture::dxtDataSize(texture::dxtKind(h.t.type), mip.width, mip.height);
        mip.storage = lzo ? PaaStorage::Lzo : PaaStorage::Raw;
    } else {
        if (lzo)
            failSize(h, mip, DiagKind::Unsupported, "the LZO flag (bit 15 of the width) is only known on DXT mips");
        mip.decodedSize = pixels * bytesPerPixel(h.t.type);
        if (h.t.type != PaaType::P8) mip.storage = PaaStorage::Lzss;
    }
    const uint64_t ratio = mip.storage == PaaStorage::Lzo    ? texture::kLzoMaxRatio
                           : mip.storage == PaaStorage::Rle  ? texture::kRleMaxRatio
                           : mip.storage == PaaStorage::Lzss ? texture::kLzssMaxRatio
                                                             : 1;
    if (mip.decodedSize > uint64_t(mip.dataSize) * ratio + (ratio > 1 ? 64 : 0))
        failSize(h, mip, DiagKind::BadCount,
                 "needs " + std::to_string(mip.decodedSize) + " bytes, more than its " + std::to_string(mip.dataSize) +
                     " data bytes can hold" + (ratio > 1 ? " even packed" : ""));
    // Within an import (Options::budget), what its budget has left, named by its limit.
    const MemoryBudget* budget = h.options.budget;
    if (budget && mip.decodedSize + pixels * 4 > budget->left())
        failSize(h, mip, DiagKind::MemoryLimit, budget->overMessage("decoding", mip.decodedSize + pixels * 4));
    if (mip.decodedSize + pixels * 4 > h.options.memoryLimit)
        failSize(h, mip, DiagKind::MemoryLimit,
                 "decoding needs " + std::to_string(mip.decodedSize + pixels * 4) + " bytes, over the memory limit (" +
                     std::to_string(h.options.memoryLimit) + " bytes)");
    // Third-party writers store raw non-DXT mips; BI's tools pack every one (paa_storage.cpp).
    if (mip.storage == PaaStorage::Lzss && h.t.type != PaaType::P8 && mip.dataSize == mip.decodedSize &&
        !texture::isLzssStream(h.r.position(), mip.dataSize, size_t(mip.decodedSize)))
        mip.storage = PaaStorage::Raw;
    if (mip.storage == PaaStorage::Raw && mip.dataSize > mip.decodedSize)
        h.warnings.add(h.r, DiagKind::UnreadBytes,
                       std::to_string(mip.dataSize - mip.decodedSize) + " data bytes after the mip's " +
                           std::to_string(mip.decodedSize) + " are not read");
}

void readMips(HeaderReader& h) {
    ContextScope scope(h.r.context(), "mip", 0);
    for (int64_t i = 0;; ++i) {
        scope.setIndex(i);
        if (h.r.remaining() < 4)
            h.r.fail(DiagKind::Truncated,
                     "the data ends after " + std::to_string(i) + " mips, before the mip table's closing u32 0");
        if (std::memcmp(h.r.position(), "\0\0\0\0", 4) == 0) {
            h.r.skip(4);
            break;
        }
        bool lzo = false;
        PaaMip mip = readMipHeader(h, lzo);
        h.r.context().noteCount(mip.dataOffset - 3);
        if (mip.dataSize > h.r.remaining())
            h.r.failAtStated(DiagKind::Truncated, mip.dataOffset - 3,
                             "data size " + std::to_string(mip.dataSize) + " at offset " +
                                 hexOffset(mip.dataOffset - 3) + " exceeds the " + std::to_string(h.r.remaining()) +
                                 " bytes left");
        classifyMip(h, mip, lzo);
        h.r.skip(mip.dataSize);
        h.t.mips.push_back(mip);
    }
    if (h.t.mips.empty()) h.r.fail(DiagKind::BadValue, "the mip table is empty");
}

// After the terminator: BI's u16 0, or nothing (third-party writers).
void readTail(HeaderReader& h) {
    if (h.r.remaining() >= 2 && h.r.position()[0] == 0 && h.r.position()[1] == 0) {
        h.r.skip(2);
        h.t.trailingZero = true;
    }
    if (!h.r.atEnd())
        h.warnings.add(h.r, DiagKind::UnreadBytes,
                       std::to_string(h.r.remaining()) + " bytes after the mip table are not read");
}

// SFFO is informational: say so when it disagrees with the mips as walked.
void compareOffsets(HeaderReader& h, const uint8_t* data, size_t size) {
    for (size_t i = 0; i < h.t.mipOffsets.size() && i < h.t.mips.size(); ++i) {
        const uint64_t stored = h.t.mipOffsets[i], actual = h.t.mips[i].headerOffset;
        if (stored == actual) continue;
        ParseContext context;
        ByteReader at(data, data + size, 0, context);
        at.seek(h.sffoOffset + 4 * i);
        const int64_t delta = int64_t(stored) - int64_t(actual);
        h.warnings.add(at, DiagKind::SizeMismatch,
                       "SFFO puts mip " + std::to_string(i) + " at " + hexOffset(stored) + " (" +
                           std::to_string(delta) + " bytes from its header at " + hexOffset(actual) +
                           "); the mips were read in order");
        return;  // one warning per file is enough to say SFFO is not to be trusted
    }
}

}  // namespace

const char* paaTypeName(PaaType type) {
    switch (type) {
        case PaaType::Dxt1:
            return "DXT1";
        case PaaType::Dxt2:
            return "DXT2";
        case PaaType::Dxt3:
            return "DXT3";
        case PaaType::Dxt4:
            return "DXT4";
        case PaaType::Dxt5:
            return "DXT5";
        case PaaType::Argb4444:
            return "ARGB4444";
        case PaaType::Argb1555:
            return "ARGB1555";
        case PaaType::Argb8888:
            return "ARGB8888";
        case PaaType::Ai88:
            return "AI88";
        case PaaType::P8:
            return "P8";
    }
    return "unknown";
}

bool isDxt(PaaType type) { return uint16_t(type) >= 0xFF01 && uint16_t(type) <= 0xFF05; }

const char* paaStorageName(PaaStorage storage) {
    switch (storage) {
        case PaaStorage::Raw:
            return "raw";
        case PaaStorage::Lzo:
            return "LZO";
        case PaaStorage::Lzss:
            return "LZSS";
        case PaaStorage::Rle:
            return "RLE";
    }
    return "unknown";
}

bool hasPaaType(const uint8_t* data, size_t size) { return size >= 2 && isKnownType(uint16_t(data[0] | data[1] << 8)); }

bool isPaaName(const std::string& name) { return endsWithNoCase(name, ".paa") || endsWithNoCase(name, ".pac"); }

Result<PaaTexture> decodePaa(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    PaaTexture t;
    t.sourceName = sourceName;
    t.fileSize = size;
    ParseContext context;
    ByteReader r(data, data + size, 0, context);
    WarningList warnings;
    HeaderReader h{r, t, warnings, options};
    try {
        readType(h);
        readTags(h);
        readPalette(h);
        readMips(h);
        readTail(h);
        compareOffsets(h, data, size);
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(
            makeError(DiagKind::OutOfMemory, "out of memory at offset " + hexOffset(r.offset()), r.offset()),
            sourceName);
    }
    t.warnings = warnings.finish(sourceName);
    return t;
}

}  // namespace rv
