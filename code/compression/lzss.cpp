// BI LZSS decoder (format notes §1.1).
//
// The engine keeps a 4096-byte ring whose first 4078 slots hold spaces and starts writing at slot
// 4078. A back-reference stores a distance d backwards from the write position, not an absolute
// ring slot (all 23 v40 payloads in our samples only decode under that reading). Decoding
// straight into the output buffer is equivalent: source = out - d, and a source before the start
// of the output reads the ring's pre-fill, a space. d == 0 would name the slot being written,
// whose old content is 4096 bytes back, so it is treated as d = 4096.
#include "rv/compression.hpp"

namespace rv {

const char* codecStatusText(CodecStatus status) {
    switch (status) {
        case CodecStatus::Ok:
            return "ok";
        case CodecStatus::InputOverrun:
            return "compressed stream is truncated";
        case CodecStatus::OutputOverrun:
            return "stream decodes to more bytes than expected";
        case CodecStatus::LookBehindOverrun:
            return "match refers to data before the start of the output";
        case CodecStatus::EndedEarly:
            return "stream ends before the expected size";
    }
    return "unknown codec status";
}

CodecResult decodeLzss(const uint8_t* in, size_t inSize, uint8_t* out, size_t outSize) {
    size_t ip = 0, op = 0;
    while (op < outSize) {
        if (ip >= inSize) return {CodecStatus::InputOverrun, ip, op};
        unsigned flags = in[ip++];
        for (int bit = 0; bit < 8 && op < outSize; ++bit, flags >>= 1) {
            if (flags & 1) {
                if (ip >= inSize) return {CodecStatus::InputOverrun, ip, op};
                out[op++] = in[ip++];
                continue;
            }
            if (inSize - ip < 2) return {CodecStatus::InputOverrun, ip, op};
            unsigned b0 = in[ip], b1 = in[ip + 1];
            ip += 2;
            size_t distance = b0 | ((b1 & 0xF0u) << 4);
            if (distance == 0) distance = 4096;
            size_t length = (b1 & 0x0Fu) + 3;
            // The engine truncates a match that runs past the expected size; so do we.
            if (length > outSize - op) length = outSize - op;
            if (distance > op) {
                // Starts in the space-filled pre-history of the ring.
                size_t spaces = distance - op;
                if (spaces > length) spaces = length;
                for (size_t i = 0; i < spaces; ++i) out[op + i] = 0x20;
                op += spaces;
                length -= spaces;
            }
            const uint8_t* src = out + op - distance;
            uint8_t* dst = out + op;
            for (size_t i = 0; i < length; ++i) dst[i] = src[i];  // may overlap: byte order matters
            op += length;
        }
    }
    return {CodecStatus::Ok, ip, op};
}

uint32_t lzssChecksum(const uint8_t* data, size_t size, bool signedBytes) {
    uint32_t sum = 0;
    if (signedBytes) {
        for (size_t i = 0; i < size; ++i) sum += uint32_t(int32_t(int8_t(data[i])));
    } else {
        for (size_t i = 0; i < size; ++i) sum += data[i];
    }
    return sum;
}

}  // namespace rv
