// The two codecs of Real Virtuality files, as plain functions over byte ranges.
//
// Both decoders are safe on hostile input: they never read past `in + inSize`, never write past
// `out + outSize`, never reference bytes before `out`, and report where they stopped.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rv {

enum class CodecStatus {
    Ok,
    InputOverrun,       // the stream needs more bytes than were given
    OutputOverrun,      // the stream would produce more than outSize bytes
    LookBehindOverrun,  // a match refers to bytes before the start of the output (LZO only)
    EndedEarly,         // the end marker came before outSize bytes were produced (LZO only)
};

struct CodecResult {
    CodecStatus status = CodecStatus::Ok;
    size_t consumed = 0;  // input bytes read (on success: the compressed stream's length)
    size_t produced = 0;  // output bytes written
    bool ok() const { return status == CodecStatus::Ok; }
};

const char* codecStatusText(CodecStatus status);

// BI's LZSS (OFP ODOL v7, ODOL <= 43, OPRW <= 22): 4 KiB window pre-filled with spaces, flag bits
// LSB first (1 = literal), 12-bit backwards distance + 4-bit length (3..18). Stops after exactly
// outSize bytes; the 32-bit checksum that follows the stream is not read here (see lzssChecksum).
CodecResult decodeLzss(const uint8_t* in, size_t inSize, uint8_t* out, size_t outSize);

// The checksum stored after an LZSS stream: the sum of the decompressed bytes taken as unsigned
// (ODOL, WRP) or as signed int8 (PAA), wrapping at 32 bits.
uint32_t lzssChecksum(const uint8_t* data, size_t size, bool signedBytes = false);

// Standard LZO1X (ODOL >= 44, OPRW >= 23). Decodes until the end-of-stream marker (an M4 match
// with distance 0), which must come exactly when outSize bytes have been produced.
CodecResult decodeLzo1x(const uint8_t* in, size_t inSize, uint8_t* out, size_t outSize);

}  // namespace rv
