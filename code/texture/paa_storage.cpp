// How one PAA mip's bytes are packed, and unpacking them with the project's own codecs (liblzo2 is
// GPL and only the tests use it).
//
// Where the real files contradict format notes §4:
//   - "4444/1555/AI88: always LZSS": BI's tools do pack every non-DXT mip, even a 1x1 one (7 bytes:
//     flags, two literals, checksum; larger than the 2 raw bytes), but third-party writers store
//     raw mips of exactly w*h*bpp bytes (the synthetic samples). So a mip is LZSS unless its data
//     is exactly w*h*bpp bytes and is not a complete LZSS stream with a matching checksum. (The
//     samples' README rule "raw unless smaller than w*h*bpp" misreads BI's 1x1 and 2x2 mips: it
//     takes the flag byte for a pixel. The stored checksums prove the LZSS reading.)
//   - "the signed checksum": HEMTT writes the unsigned sum (mountain_converted.paa); both are
//     accepted unless the caller pins one.
//   - The 1234 x 8765 P8 mips carry the checksum too (the engine's DecodeLZW reads it).
#include <string>
#include <vector>

#include "rv/compression.hpp"
#include "texture/texture_internal.hpp"

namespace rv::texture {
namespace {

[[noreturn]] void failCodec(const ByteReader& r, const char* codec, uint64_t start, const CodecResult& res,
                            uint64_t expected) {
    r.failAtStated(DiagKind::BadCompression, start + res.consumed,
                   std::string(codec) + " stream at offset " + hexOffset(start) + " failed at offset " +
                       hexOffset(start + res.consumed) + " after " + std::to_string(res.produced) + " of " +
                       std::to_string(expected) + " bytes: " + codecStatusText(res.status));
}

// The data must be used up exactly: bytes left over mean the sizes and the stream disagree.
void requireEnd(const ByteReader& r, const char* codec) {
    if (!r.atEnd())
        r.fail(DiagKind::BadCompression, std::string(codec) + " stream ends " + std::to_string(r.remaining()) +
                                             " bytes before the end of the mip data");
}

bool checksumMatches(uint32_t stored, const uint8_t* data, size_t size, LzssChecksum which) {
    if (which != LzssChecksum::Unsigned && stored == lzssChecksum(data, size, true)) return true;
    return which != LzssChecksum::Signed && stored == lzssChecksum(data, size, false);
}

void unpackLzss(ByteReader& r, const PaaMip& mip, LzssChecksum which, uint8_t* out) {
    const uint64_t start = r.offset();
    const CodecResult res = decodeLzss(r.position(), r.remaining(), out, size_t(mip.decodedSize));
    if (!res.ok()) failCodec(r, "LZSS", start, res, mip.decodedSize);
    r.skip(res.consumed);
    const uint64_t sumAt = r.offset();
    const uint32_t stored = r.u32();
    if (!checksumMatches(stored, out, size_t(mip.decodedSize), which)) {
        const char* pinned = which == LzssChecksum::Signed     ? "signed "
                             : which == LzssChecksum::Unsigned ? "unsigned "
                                                               : "";
        r.failAtStated(DiagKind::BadCompression, sumAt,
                       "LZSS checksum " + std::to_string(stored) + " at offset " + hexOffset(sumAt) + " is not the " +
                           pinned + "sum of the " + std::to_string(mip.decodedSize) + " decoded bytes (signed " +
                           std::to_string(lzssChecksum(out, size_t(mip.decodedSize), true)) + ", unsigned " +
                           std::to_string(lzssChecksum(out, size_t(mip.decodedSize), false)) + ")");
    }
    requireEnd(r, "LZSS");
}

void unpackLzo(ByteReader& r, const PaaMip& mip, uint8_t* out) {
    const uint64_t start = r.offset();
    const CodecResult res = decodeLzo1x(r.position(), r.remaining(), out, size_t(mip.decodedSize));
    if (!res.ok()) failCodec(r, "LZO", start, res, mip.decodedSize);
    r.skip(res.consumed);
    requireEnd(r, "LZO");
}

// OFP's P8 packing (engine LoadPacP8): a byte with bit 7 set repeats the next byte (b & 0x7f) + 1
// times; otherwise b + 1 literal bytes follow. A run past the mip's pixel count is an error (the
// engine would write past its buffer).
void unpackRle(ByteReader& r, const PaaMip& mip, uint8_t* out) {
    const size_t total = size_t(mip.decodedSize);
    size_t op = 0;
    while (op < total) {
        const uint64_t at = r.offset();
        const uint8_t control = r.u8();
        const size_t n = size_t(control & 0x7f) + 1;
        if (n > total - op)
            r.failAtStated(DiagKind::BadCompression, at,
                           "RLE run of " + std::to_string(n) + " at offset " + hexOffset(at) + " overruns the " +
                               std::to_string(total - op) + " pixels left");
        if (control & 0x80) {
            const uint8_t v = r.u8();
            for (size_t i = 0; i < n; ++i) out[op + i] = v;
        } else {
            r.readInto(out + op, n);
        }
        op += n;
    }
    requireEnd(r, "RLE");
}

}  // namespace

void unpackMip(ByteReader& r, const PaaMip& mip, LzssChecksum checksum, uint8_t* out) {
    switch (mip.storage) {
        case PaaStorage::Raw:
            r.readInto(out, size_t(mip.decodedSize));
            break;
        case PaaStorage::Lzo:
            unpackLzo(r, mip, out);
            break;
        case PaaStorage::Lzss:
            unpackLzss(r, mip, checksum, out);
            break;
        case PaaStorage::Rle:
            unpackRle(r, mip, out);
            break;
    }
}

bool isLzssStream(const uint8_t* data, size_t size, size_t decodedSize) {
    std::vector<uint8_t> out(decodedSize);
    const CodecResult res = decodeLzss(data, size, out.data(), decodedSize);
    if (!res.ok() || size - res.consumed != 4) return false;
    uint32_t stored = 0;
    for (int i = 0; i < 4; ++i) stored |= uint32_t(data[res.consumed + size_t(i)]) << (8 * i);
    return checksumMatches(stored, out.data(), decodedSize, LzssChecksum::Either);
}

}  // namespace rv::texture
