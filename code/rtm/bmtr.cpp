// BMTR, the binarized animation (what Binarize makes of an RTM_0101), versions 3, 4 and 5.
// Layout (animation samples' README, "Format notes"; docs/formats.md#rtm-animations):
//
//   0 "BMTR", 4 u32 version, 8 u8 (1 in every sample: BIS.RTM's "reversed"), 9 step 3 x float32,
//   21 u32 frames, 25 u32 (BIS.RTM's "PreloadCount"), 29 u32 bones, 33 u32 name count (= bones),
//   37 the bone names, asciiz;
//   v >= 4: u32 count + asciiz strings (metadata), u32 count + keystones (int32 id, asciiz name,
//           float32 phase, asciiz value);
//   then the phase array (u32 count = frames, payload of float32) and per frame a transform array
//   (u32 count = bones, payload of 14-byte records: 4 x int16 quaternion x, y, z, w / 16384, then
//   3 x binary16 translation).
//
// Payloads ("compressed arrays", as in ODOL) hold no length: an LZO1X stream is decoded to its end
// marker with the known output size and the next field starts right after it.
#include <cstring>

#include "compression/compressed_payload.hpp"
#include "rtm/rtm_internal.hpp"

namespace rv::rtm {
namespace {

struct Record {  // one stored transform, 14 bytes
    uint8_t b[14];
};
static_assert(sizeof(Record) == 14, "BMTR records are 14 bytes");

constexpr uint64_t kLzoMaxRatio = 256;  // an LZO1X length byte adds 255 output bytes (compressed_payload.cpp)
constexpr size_t kCompressionThreshold = 1024;

// Which payload rule a version follows.
//  v3: LZO1X iff the payload is >= 1024 bytes, no flag byte (the samples: 66-68-bone frames of
//      924-952 bytes raw, 127/128-bone frames LZO; armaio reads a flag byte here and fails on
//      every v3 file, BIS.RTM, A3OB and the corpus's own reader agree on this rule).
//  v4: UNVERIFIED, no v4 file was ever found. Read as BIS.RTM reads it (the size rule, like v3);
//      armaio would read a flag byte, A3OB neither the flag nor the v4 arrays. A real v4 file
//      should settle this: until then a v4 decode may be wrong.
//  v5: a flag byte before each payload, 0 raw or 2 LZO, whatever its size (64faf5d2_Rup_RopeFX
//      compresses 938-byte frames; animation_bmtr_lzo stores frames of one size both ways).
//      An empty payload has no flag byte: BIS.Core reads none for 0 elements (as ODOL v64+ does,
//      PayloadCodec::read), armaio and A3OB would read one. No sample has an empty array.
PayloadRule ruleOf(uint32_t version) { return version >= 5 ? PayloadRule::LzoByFlag : PayloadRule::LzoBySize; }

// Whether the payload at the cursor is LZO (for `info`); the codec itself decides when reading.
bool payloadIsLzo(const ByteReader& r, PayloadRule rule, uint64_t size) {
    if (size == 0) return false;
    if (rule == PayloadRule::LzoByFlag) return r.remaining() > 0 && r.position()[0] == 2;
    return size >= kCompressionThreshold;
}

uint32_t countAt(ByteReader& r, uint64_t& at) {
    at = r.offset();
    r.context().noteCount(at);
    return r.u32();
}

// `count` asciiz strings (bone names, metadata), each message naming `each` and its index.
void readStrings(ByteReader& r, uint32_t count, const char* each, std::vector<std::string>& out) {
    ContextScope scope(r.context(), each, 0);
    out.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
        scope.setIndex(i);
        out.push_back(r.asciiz());
    }
}

}  // namespace

// IEEE 754 binary16. Exponent 31 is Inf (mantissa 0) or NaN, as IEEE says; BIS.Core's ShortFloat
// reads it as a normal number, 2^16 (1 + m/1024). No sample has one, so IEEE is followed.
float halfToFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    uint32_t bits;
    if (exponent == 31) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {  // subnormal: normalise
        int e = 113;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            --e;
        }
        bits = sign | (uint32_t(e) << 23) | ((mantissa & 0x3ffu) << 13);
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

namespace {

// The counts the header gives, and where (for messages about them).
struct BmtrCounts {
    uint32_t frames = 0, bones = 0;
    uint64_t framesAt = 0, bonesAt = 0;
};

// Version, reversal, step, the counts and the bone names.
BmtrCounts readHeader(const Reading& in, RtmAnimation& out) {
    ByteReader& r = in.r;
    r.skip(4);
    const uint64_t versionAt = r.offset();
    out.version = r.u32();
    if (out.version < 3 || out.version > 5)
        r.failAtStated(DiagKind::Unsupported, versionAt,
                       "BMTR version " + std::to_string(out.version) + " at offset " + hexOffset(versionAt) +
                           " is not supported (3, 4 and 5 are)");
    out.bmtrReversed = r.u8();
    out.step.x = r.f32();
    out.step.y = r.f32();
    out.step.z = r.f32();
    uint64_t framesAt, bonesAt, namesAt;
    const uint32_t frames = countAt(r, framesAt);
    out.bmtrPreload = r.u32();
    const uint32_t bones = countAt(r, bonesAt);
    // Every frame has at least its u32 count: bound the frame count before anything is sized by it.
    if (frames > r.remaining() / 4)
        r.failAtStated(DiagKind::BadCount, framesAt,
                       "frame count " + std::to_string(frames) + " at offset " + hexOffset(framesAt) + " exceeds the " +
                           std::to_string(r.remaining()) + " bytes left (each frame takes at least 4)");
    const uint32_t names = countAt(r, namesAt);
    if (names != bones)
        r.failAtStated(DiagKind::BadCount, namesAt,
                       "bone name count " + std::to_string(names) + " at offset " + hexOffset(namesAt) +
                           " differs from the bone count " + std::to_string(bones) + " at offset " +
                           hexOffset(bonesAt));
    r.checkCount(names, 1, "bone names");  // asciiz: one byte at least
    charge(in, uint64_t(names) * sizeof(std::string), "bone names");
    readStrings(r, names, "bone name", out.bones);
    return {frames, bones, framesAt, bonesAt};
}

// v4+: metadata strings and keystones (named events at phases).
void readKeystones(const Reading& in, RtmAnimation& out) {
    ByteReader& r = in.r;
    {
        uint64_t at;
        const uint32_t strings = countAt(r, at);
        r.checkCount(strings, 1, "metadata strings");
        charge(in, uint64_t(strings) * sizeof(std::string), "metadata strings");
        readStrings(r, strings, "metadata string", out.metadata);
    }
    {
        uint64_t at;
        const uint32_t keystones = countAt(r, at);
        r.checkCount(keystones, 10, "keystones");  // id, phase and two NULs at least
        charge(in, uint64_t(keystones) * sizeof(RtmProperty), "keystones");
        ContextScope each(r.context(), "keystone", 0);
        out.properties.reserve(keystones);
        for (uint32_t i = 0; i < keystones; ++i) {
            each.setIndex(i);
            RtmProperty p;
            p.id = r.i32();
            p.name = r.asciiz();
            p.phase = r.f32();
            p.value = r.asciiz();
            out.properties.push_back(std::move(p));
        }
        out.hasProperties = true;  // the block exists, even empty ("(none)" in reference.tsv)
    }
}

// The phases, then each frame's transform records (quaternion as i16 / 16384, translation as
// binary16), LZO-compressed where the version's rule says.
void readFrames(const Reading& in, const BmtrCounts& c, RtmAnimation& out) {
    ByteReader& r = in.r;
    const uint32_t frames = c.frames, bones = c.bones;
    const uint64_t framesAt = c.framesAt, bonesAt = c.bonesAt;
    const PayloadRule rule = ruleOf(out.version);
    const PayloadCodec codec(rule, in.budget);
    {
        ContextScope phases(r.context(), "phases");
        uint64_t at;
        const uint32_t n = countAt(r, at);
        if (n != frames)
            r.failAtStated(DiagKind::BadCount, at,
                           "phase count " + std::to_string(n) + " at offset " + hexOffset(at) +
                               " differs from the frame count " + std::to_string(frames) + " at offset " +
                               hexOffset(framesAt));
        out.bmtrPhasesLzo = payloadIsLzo(r, rule, uint64_t(n) * 4);
        codec.readElements(r, at, n, out.phases, "phases");
    }

    // All frames' records must come from the bytes left, even at LZO's best ratio; then the
    // decoded transforms are charged before they are allocated.
    const uint64_t recordBytes = uint64_t(bones) * sizeof(Record);
    if (recordBytes && frames > (uint64_t(r.remaining()) * kLzoMaxRatio + 64) / recordBytes)
        r.failAtStated(DiagKind::BadCount, framesAt,
                       "frame count " + std::to_string(frames) + " and bone count " + std::to_string(bones) +
                           " at offsets " + hexOffset(framesAt) + " and " + hexOffset(bonesAt) +
                           " need more transform records than the " + std::to_string(r.remaining()) +
                           " bytes left can hold even compressed");
    charge(in, uint64_t(frames) * bones * sizeof(BmtrTransform), "transforms");
    out.frameCount = frames;
    out.transforms.resize(size_t(frames) * bones);

    std::vector<Record> records;
    for (uint32_t f = 0; f < frames; ++f) {
        ContextScope frameScope(r.context(), "frame", f);
        uint64_t at;
        const uint32_t n = countAt(r, at);
        if (n != bones)
            r.failAtStated(DiagKind::BadCount, at,
                           "transform count " + std::to_string(n) + " at offset " + hexOffset(at) +
                               " differs from the bone count " + std::to_string(bones) + " at offset " +
                               hexOffset(bonesAt));
        if (payloadIsLzo(r, rule, recordBytes)) ++out.bmtrLzoFrames;
        codec.readElements(r, at, n, records, "transforms");
        codec.release(recordBytes);  // the records are scratch: decoded, converted, dropped
        BmtrTransform* dst = out.transforms.data() + size_t(f) * bones;
        for (uint32_t b = 0; b < bones; ++b) {
            const uint8_t* p = records[b].b;
            for (int k = 0; k < 4; ++k) {
                int16_t q;
                std::memcpy(&q, p + 2 * k, 2);
                dst[b].rotation[size_t(k)] = float(q) / 16384.0f;  // exact: a power-of-two scale
            }
            for (int k = 0; k < 3; ++k) {
                uint16_t h;
                std::memcpy(&h, p + 8 + 2 * k, 2);
                dst[b].translation[size_t(k)] = halfToFloat(h);
            }
        }
    }
}

}  // namespace

void readBmtr(const Reading& in, RtmAnimation& out) {
    ByteReader& r = in.r;
    ContextScope scope(r.context(), "BMTR");
    const BmtrCounts counts = readHeader(in, out);
    if (out.version >= 4) readKeystones(in, out);
    readFrames(in, counts, out);
    if (!r.atEnd())
        in.warnings.add(r, DiagKind::UnreadBytes,
                        std::to_string(r.remaining()) + " bytes follow the last frame; every known BMTR ends there");
}

}  // namespace rv::rtm
