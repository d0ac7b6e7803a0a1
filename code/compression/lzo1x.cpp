// Safe LZO1X decoder (format notes §1.2), written from the stream format, not from liblzo2.
//
// Opcodes, by the value t of the instruction byte:
//   t 0..15 after a literal-free match: literal run of t+3 bytes (t == 0: length extension)
//   t 0..15 after a literal run:        a 3-byte match at distance 0x801 + (t>>2) + (next<<2)
//   t 0..15 after 1..3 trailing literals: M1, 2 bytes at distance 1 + (t>>2) + (next<<2)
//   t 16..31: M4, distance 0x4000 + ((t&8)<<11) + 14-bit field; distance 0x4000 exactly = end
//   t 32..63: M3, distance 1 + 14-bit field
//   t 64..255: M2, length (t>>5)+1, distance 1 + ((t>>2)&7) + (next<<3)
// The low two bits of the last distance byte give 0..3 literals that follow a match.
// Every read and write is checked; BI streams carry no length, so the decoder also reports how
// many input bytes the stream took (the next field starts there).
//
// Speed: this is benchmarked against liblzo2 (test/bench). The helpers below are all inlined
// into the one loop in decodeLzo1x; the stream state lives in a local struct whose address never
// escapes, so the cursors stay in registers.
#include <cstring>

#include "rv/compression.hpp"

#if defined(__GNUC__)
#define RV_LZO_INLINE inline __attribute__((always_inline))
#else
#define RV_LZO_INLINE inline
#endif

namespace rv {
namespace {

// What an instruction byte below 16 means depends on what came before it.
enum class After : uint8_t {
    Match,          // a match without trailing literals, or the start: a literal run follows
    LiteralRun,     // a literal run of 4 or more: a 3-byte match at distance 0x801+
    ShortLiterals,  // 1..3 literals after a match: M1, a 2-byte match
};

struct Match {
    size_t distance, length;
};

// The cursors and the outcome. Each check records why it failed and returns false, so every
// step below can stop with `return false`.
struct LzoStream {
    const uint8_t* ip;
    const uint8_t* const ipEnd;
    uint8_t* op;
    uint8_t* const opEnd;
    uint8_t* const out;
    CodecStatus status = CodecStatus::Ok;
    bool ended = false;  // the end-of-stream marker was read

    bool fail(CodecStatus s) {
        status = s;
        return false;
    }
    bool haveInput(size_t n) { return size_t(ipEnd - ip) >= n || fail(CodecStatus::InputOverrun); }
    bool haveRoom(size_t n) { return size_t(opEnd - op) >= n || fail(CodecStatus::OutputOverrun); }
    bool haveBehind(size_t d) { return size_t(op - out) >= d || fail(CodecStatus::LookBehindOverrun); }
};

// A length field of 0 continues in the next bytes: each zero byte adds 255 and the first
// non-zero byte adds itself to `base`. Bounded by the output size, so a hostile run of zeros
// cannot overflow t.
RV_LZO_INLINE bool extendLength(LzoStream& z, size_t base, size_t& t) {
    t = base;
    for (;;) {
        if (!z.haveInput(1)) return false;
        if (*z.ip != 0) break;
        t += 255;
        ++z.ip;
        if (t > size_t(z.opEnd - z.out)) return z.fail(CodecStatus::OutputOverrun);
    }
    t += *z.ip++;
    return true;
}

RV_LZO_INLINE bool copyLiterals(LzoStream& z, size_t n) {
    if (!z.haveInput(n) || !z.haveRoom(n)) return false;
    std::memcpy(z.op, z.ip, n);
    z.op += n;
    z.ip += n;
    return true;
}

// 1..3 literals after a match (or opening the stream). The next instruction byte must exist
// too: checked here, before the copy, so a cut stream fails where it was cut.
RV_LZO_INLINE bool copyShortLiterals(LzoStream& z, size_t n) {
    if (!z.haveInput(n + 1) || !z.haveRoom(n)) return false;
    for (size_t i = 0; i < n; ++i) z.op[i] = z.ip[i];
    z.op += n;
    z.ip += n;
    return true;
}

// M3 (t 32..63) and M4 (t 16..31) share their tail: an optional length extension, then a
// 14-bit distance field in two bytes whose low two bits are the trailing literal count.
RV_LZO_INLINE bool readDistance14(LzoStream& z, size_t& field) {
    if (!z.haveInput(2)) return false;
    field = (z.ip[0] >> 2) + (size_t(z.ip[1]) << 6);
    z.ip += 2;
    return true;
}

// An instruction byte 16..255. Returns false on error, and at the end marker (z.ended set).
RV_LZO_INLINE bool readLongMatch(LzoStream& z, size_t t, Match& m) {
    size_t field;
    if (t >= 64) {  // M2
        if (!z.haveInput(1)) return false;
        m.distance = 1 + ((t >> 2) & 7) + (size_t(*z.ip++) << 3);
        m.length = (t >> 5) + 1;
        return true;
    }
    if (t >= 32) {  // M3
        t &= 31;
        if (t == 0 && !extendLength(z, 31, t)) return false;
        if (!readDistance14(z, field)) return false;
        m.distance = 1 + field;
        m.length = t + 2;
        return true;
    }
    // M4: distance 0x4000 + the high bit in t + the field; 0x4000 exactly marks the end.
    const size_t high = (t & 8) << 11;
    t &= 7;
    if (t == 0 && !extendLength(z, 7, t)) return false;
    if (!readDistance14(z, field)) return false;
    if (high + field == 0) {
        z.ended = true;
        return false;
    }
    m.distance = 0x4000 + high + field;
    m.length = t + 2;
    return true;
}

// An instruction byte 0..15 read as a match: after a literal run a 3-byte match reaching past
// the 2 KiB M2 window, after 1..3 trailing literals an M1 2-byte match.
RV_LZO_INLINE bool readShortMatch(LzoStream& z, size_t t, After after, Match& m) {
    if (!z.haveInput(1)) return false;
    const size_t base = after == After::LiteralRun ? 1 + 0x0800 : 1;
    m.distance = base + (t >> 2) + (size_t(*z.ip++) << 2);
    m.length = after == After::LiteralRun ? 3 : 2;
    return true;
}

// Copies a match from `distance` back. Overlap (distance < length) repeats a pattern and must go
// forward byte by byte; otherwise copy in 8-byte steps when room allows.
RV_LZO_INLINE bool copyMatch(LzoStream& z, const Match& m) {
    if (!z.haveBehind(m.distance) || !z.haveRoom(m.length)) return false;
    uint8_t* op = z.op;
    const uint8_t* src = op - m.distance;
    if (m.distance >= 8 && size_t(z.opEnd - op) >= m.length + 8) {
        // Whole 8-byte words may overshoot the length by up to 7 bytes, which the check above
        // keeps inside the output; words never overlap since distance >= 8.
        for (size_t i = 0; i < m.length; i += 8) {
            uint64_t w;
            std::memcpy(&w, src + i, 8);
            std::memcpy(op + i, &w, 8);
        }
    } else {
        for (size_t i = 0; i < m.length; ++i) op[i] = src[i];
    }
    z.op = op + m.length;
    return true;
}

// A stream may open with a literal run coded as 17 + length (t > 17 cannot be a first match).
// A run of 1..3 is followed by an instruction read as after a match's trailing literals.
RV_LZO_INLINE bool openStream(LzoStream& z, After& after) {
    if (!z.haveInput(1)) return false;
    if (*z.ip <= 17) return true;
    const size_t t = size_t(*z.ip++) - 17;
    if (t < 4) {
        after = After::ShortLiterals;
        return copyShortLiterals(z, t);
    }
    after = After::LiteralRun;
    return copyLiterals(z, t);
}

// One instruction: a literal run, or a match with its trailing literals. Returns false on error
// and at the end marker.
RV_LZO_INLINE bool step(LzoStream& z, After& after) {
    if (!z.haveInput(1)) return false;
    const size_t t = *z.ip++;
    Match m;
    if (t >= 16) {
        if (!readLongMatch(z, t, m)) return false;
    } else if (after == After::Match) {
        after = After::LiteralRun;
        if (t != 0) return copyLiterals(z, t + 3);
        size_t n;
        return extendLength(z, 15, n) && copyLiterals(z, n + 3);
    } else if (!readShortMatch(z, t, after, m)) {
        return false;
    }
    if (!copyMatch(z, m)) return false;
    const size_t trailing = z.ip[-2] & 3;
    after = trailing ? After::ShortLiterals : After::Match;
    return trailing == 0 || copyShortLiterals(z, trailing);
}

}  // namespace

CodecResult decodeLzo1x(const uint8_t* in, size_t inSize, uint8_t* out, size_t outSize) {
    LzoStream z{in, in + inSize, out, out + outSize, out};
    After after = After::Match;
    if (openStream(z, after))
        while (step(z, after)) {}
    const size_t consumed = size_t(z.ip - in), produced = size_t(z.op - out);
    if (!z.ended) return {z.status, consumed, produced};
    if (z.op != z.opEnd) return {CodecStatus::EndedEarly, consumed, produced};
    return {CodecStatus::Ok, consumed, produced};
}

}  // namespace rv
