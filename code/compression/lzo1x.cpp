// Safe LZO1X decoder (format notes §1.2), written from the stream format, not from liblzo2.
//
// Opcodes, by the value t of the instruction byte:
//   t 0..15 after a literal-free match: M1, 2 bytes at distance 1 + (t>>2) + (next<<2)
//   t 0..15 after a literal run:       a 3-byte match at distance 0x801 + (t>>2) + (next<<2)
//   t 0..15 otherwise:                 literal run of t+3 bytes (t == 0: length extension)
//   t 16..31: M4, distance 0x4000 + ((t&8)<<11) + 14-bit field; distance 0x4000 exactly = end
//   t 32..63: M3, distance 1 + 14-bit field
//   t 64..255: M2, length (t>>5)+1, distance 1 + ((t>>2)&7) + (next<<3)
// The low two bits of the last distance byte give 0..3 literals that follow a match.
// Every read and write is checked; BI streams carry no length, so the decoder also reports how
// many input bytes the stream took (the next field starts there).
#include <cstring>

#include "rv/compression.hpp"

namespace rv {
namespace {

// Copies a match of `length` bytes from `distance` back. Overlap (distance < length) repeats a
// pattern and must go forward byte by byte; otherwise copy in 8-byte steps when room allows.
inline void copyMatch(uint8_t* op, size_t distance, size_t length, const uint8_t* opEnd) {
    const uint8_t* src = op - distance;
    if (distance >= 8 && size_t(opEnd - op) >= length + 8) {
        // Reading/writing whole 8-byte words may overshoot `length` by up to 7 bytes, which the
        // check above keeps inside the output; words never overlap since distance >= 8.
        for (size_t i = 0; i < length; i += 8) {
            uint64_t w;
            std::memcpy(&w, src + i, 8);
            std::memcpy(op + i, &w, 8);
        }
        return;
    }
    for (size_t i = 0; i < length; ++i) op[i] = src[i];
}

}  // namespace

CodecResult decodeLzo1x(const uint8_t* in, size_t inSize, uint8_t* out, size_t outSize) {
    const uint8_t* ip = in;
    const uint8_t* const ipEnd = in + inSize;
    uint8_t* op = out;
    uint8_t* const opEnd = out + outSize;
    size_t t = 0, distance = 0, length = 0;
    CodecStatus status = CodecStatus::Ok;

#define RV_NEED_IN(n)                                                             \
    do {                                                                          \
        if (size_t(ipEnd - ip) < size_t(n)) { status = CodecStatus::InputOverrun; goto fail; } \
    } while (0)
#define RV_NEED_OUT(n)                                                             \
    do {                                                                           \
        if (size_t(opEnd - op) < size_t(n)) { status = CodecStatus::OutputOverrun; goto fail; } \
    } while (0)
#define RV_NEED_BEHIND(d)                                                               \
    do {                                                                                \
        if (size_t(op - out) < size_t(d)) { status = CodecStatus::LookBehindOverrun; goto fail; } \
    } while (0)
// A run of zero bytes adds 255 each, then a non-zero byte ends the extension. Bounded by the
// output size so a hostile run of zeros cannot overflow t.
#define RV_EXTEND_LENGTH(base)                                                       \
    do {                                                                             \
        t = (base);                                                                  \
        for (;;) {                                                                   \
            RV_NEED_IN(1);                                                           \
            if (*ip != 0) break;                                                     \
            t += 255;                                                                \
            ++ip;                                                                    \
            if (t > outSize) { status = CodecStatus::OutputOverrun; goto fail; }     \
        }                                                                            \
        t += *ip++;                                                                  \
    } while (0)

    RV_NEED_IN(1);
    if (*ip > 17) {
        // A stream may open with a literal run coded as 17 + length.
        t = size_t(*ip++) - 17;
        if (t < 4) goto match_next;
        RV_NEED_IN(t);
        RV_NEED_OUT(t);
        std::memcpy(op, ip, t);
        op += t;
        ip += t;
        goto first_literal_run;
    }

    for (;;) {
        RV_NEED_IN(1);
        t = *ip++;
        if (t >= 16) goto match;
        if (t == 0) RV_EXTEND_LENGTH(15);
        RV_NEED_IN(t + 3);
        RV_NEED_OUT(t + 3);
        std::memcpy(op, ip, t + 3);
        op += t + 3;
        ip += t + 3;

    first_literal_run:
        RV_NEED_IN(1);
        t = *ip++;
        if (t >= 16) goto match;
        RV_NEED_IN(1);
        distance = 1 + 0x0800 + (t >> 2) + (size_t(*ip++) << 2);
        RV_NEED_BEHIND(distance);
        RV_NEED_OUT(3);
        {
            const uint8_t* src = op - distance;  // distance > 0x800: no overlap
            op[0] = src[0];
            op[1] = src[1];
            op[2] = src[2];
            op += 3;
        }
        goto match_done;

        for (;;) {
        match:
            if (t >= 64) {  // M2
                RV_NEED_IN(1);
                distance = 1 + ((t >> 2) & 7) + (size_t(*ip++) << 3);
                length = (t >> 5) + 1;
            } else if (t >= 32) {  // M3
                t &= 31;
                if (t == 0) RV_EXTEND_LENGTH(31);
                RV_NEED_IN(2);
                distance = 1 + (ip[0] >> 2) + (size_t(ip[1]) << 6);
                ip += 2;
                length = t + 2;
            } else if (t >= 16) {  // M4, or the end-of-stream marker
                distance = (t & 8) << 11;
                t &= 7;
                if (t == 0) RV_EXTEND_LENGTH(7);
                RV_NEED_IN(2);
                distance += (ip[0] >> 2) + (size_t(ip[1]) << 6);
                ip += 2;
                if (distance == 0) goto end_of_stream;
                distance += 0x4000;
                length = t + 2;
            } else {  // M1: a 2-byte match right after another match
                RV_NEED_IN(1);
                distance = 1 + (t >> 2) + (size_t(*ip++) << 2);
                length = 2;
            }
            RV_NEED_BEHIND(distance);
            RV_NEED_OUT(length);
            copyMatch(op, distance, length, opEnd);
            op += length;

        match_done:
            t = ip[-2] & 3;
            if (t == 0) break;
        match_next:
            RV_NEED_IN(t + 1);
            RV_NEED_OUT(t);
            for (size_t i = 0; i < t; ++i) op[i] = ip[i];
            op += t;
            ip += t;
            t = *ip++;
        }
    }

end_of_stream:
    if (op != opEnd) return {CodecStatus::EndedEarly, size_t(ip - in), size_t(op - out)};
    return {CodecStatus::Ok, size_t(ip - in), size_t(op - out)};

fail:
    return {status, size_t(ip - in), size_t(op - out)};

#undef RV_NEED_IN
#undef RV_NEED_OUT
#undef RV_NEED_BEHIND
#undef RV_EXTEND_LENGTH
}

}  // namespace rv
