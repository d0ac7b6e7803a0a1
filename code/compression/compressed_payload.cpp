#include "compression/compressed_payload.hpp"

#include <string>

#include "rv/compression.hpp"

namespace rv {
namespace {

// Best-case expansion of each codec, used to bound a declared size by the bytes that are left:
// LZSS turns at most 17 input bytes (flag + 8 references) into 8 x 18 output bytes; an LZO1X
// length extension adds 255 output bytes per input byte.
constexpr uint64_t kLzssMaxRatio = 9;
constexpr uint64_t kLzoMaxRatio = 256;
constexpr size_t kCompressionThreshold = 1024;  // engine MIN_COMPRESS_SIZE

}  // namespace

uint64_t PayloadCodec::mostDecodedFrom(uint64_t bytes) const {
    return bytes * (rule_ == PayloadRule::LzssBySize ? kLzssMaxRatio : kLzoMaxRatio) + 64;
}

void PayloadCodec::checkCountAt(const ByteReader& r, uint64_t countOffset, uint64_t n, size_t elementSize,
                                const char* what) const {
    r.context().noteCount(countOffset);
    uint64_t size = n * elementSize;  // n < 2^32 and elementSize small: no overflow
    uint64_t limit = mostDecodedFrom(r.remaining());
    if (size > limit)
        r.failAtStated(DiagKind::BadCount, countOffset,
                       std::string(what) + ": count " + std::to_string(n) + " at offset " + hexOffset(countOffset) +
                           " needs " + std::to_string(size) + " bytes, more than the " + std::to_string(r.remaining()) +
                           " bytes left can hold even compressed");
    checkFilledCountAt(r, countOffset, n, elementSize, what);
}

void PayloadCodec::checkFilledCountAt(const ByteReader& r, uint64_t countOffset, uint64_t n, size_t elementSize,
                                      const char* what) const {
    r.context().noteCount(countOffset);
    const uint64_t size = n * elementSize;
    if (size > budget_->left())
        r.failAtStated(DiagKind::MemoryLimit, countOffset,
                       budget_->overMessage(r.context().prefixFor(what) + "count " + std::to_string(n) + " at offset " +
                                                hexOffset(countOffset),
                                            size));
}

void PayloadCodec::checkVerticesAt(const ByteReader& r, uint64_t countOffset, uint64_t n, const char* what) const {
    r.context().noteCount(countOffset);
    if (n * 12 > mostDecodedFrom(r.remaining()))
        r.failAtStated(DiagKind::BadCount, countOffset,
                       r.context().prefixFor(what) + "count " + std::to_string(n) + " at offset " +
                           hexOffset(countOffset) + " is more vertices than the " + std::to_string(r.remaining()) +
                           " bytes left can hold positions for, even compressed");
}

void PayloadCodec::charge(const ByteReader& r, uint64_t size, const char* what) const {
    // "LOD 0 named properties: reading them needs ...": the context names the structure already.
    if (!budget_->tryCharge(size))
        r.fail(DiagKind::MemoryLimit, budget_->overMessage(r.context().prefixFor(what) + "reading them", size));
}

void PayloadCodec::checkDecodedSize(const ByteReader& r, uint64_t size, const char* what) const {
    checkCountAt(r, r.offset(), size, 1, what);
}

void PayloadCodec::read(ByteReader& r, uint8_t* dst, size_t size, const char* what) const {
    if (size == 0) return;  // no flag byte, no checksum for empty payloads
    charge(r, size, what);

    bool compressed;
    uint64_t start = r.offset();
    if (rule_ == PayloadRule::LzoByFlag) {
        uint8_t flag = r.u8();
        // Only 0 and 2 occur in real v64+ files (52 payloads measured); 1 has never been seen,
        // so it is refused rather than guessed at.
        if (flag != 0 && flag != 2)
            r.failAtStated(DiagKind::BadCompression, start,
                           std::string(what) + ": compression flag " + std::to_string(flag) + " at offset " +
                               hexOffset(start) + " is neither 0 (raw) nor 2 (LZO)");
        compressed = flag == 2;
    } else {
        compressed = size >= kCompressionThreshold;
    }
    if (!compressed) {
        r.readInto(dst, size);
        return;
    }

    uint64_t streamAt = r.offset();
    const uint8_t* in = r.position();
    size_t inSize = r.remaining();
    CodecResult res =
        rule_ == PayloadRule::LzssBySize ? decodeLzss(in, inSize, dst, size) : decodeLzo1x(in, inSize, dst, size);
    if (!res.ok())
        r.failAtStated(DiagKind::BadCompression, streamAt + res.consumed,
                       std::string(what) + ": " + (rule_ == PayloadRule::LzssBySize ? "LZSS" : "LZO") +
                           " stream at offset " + hexOffset(streamAt) + " failed at offset " +
                           hexOffset(streamAt + res.consumed) + " after " + std::to_string(res.produced) + " of " +
                           std::to_string(size) + " bytes: " + codecStatusText(res.status));
    r.skip(res.consumed);
    if (rule_ == PayloadRule::LzssBySize) {
        uint64_t sumAt = r.offset();
        uint32_t stored = r.u32();
        uint32_t actual = lzssChecksum(dst, size);
        if (stored != actual)
            r.failAtStated(DiagKind::BadCompression, sumAt,
                           std::string(what) + ": LZSS checksum at offset " + hexOffset(sumAt) + " is " +
                               std::to_string(stored) + " but the " + std::to_string(size) + " decoded bytes sum to " +
                               std::to_string(actual));
    }
}

}  // namespace rv
