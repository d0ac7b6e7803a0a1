// RTM_0101, the plain (editable) animation, and the RTM_MDAT block of frame properties that may
// come before it. Layouts: docs/formats.md#rtm-animations and the animation samples' README.
//
//   RTM_MDAT: "RTM_MDAT", u32 (0), u32 property count, per property float32 phase, then name and
//             value as a length byte + bytes; RTM_0101 follows right after.
//   RTM_0101: "RTM_0101", step 3 x float32, u32 frames, u32 bones, bones x 32-byte name; then per
//             frame float32 phase and per bone a 32-byte name + 12 float32 (a 4x3, rows aside, up,
//             dir, position).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <unordered_map>

#include "rtm/rtm_internal.hpp"
#include "rv/paths.hpp"

namespace rv::rtm {
namespace {

constexpr uint64_t kNameField = 32;
constexpr uint64_t kMatrixBytes = 48;
constexpr uint64_t kSlotBytes = kNameField + kMatrixBytes;

// Bone names fold by the project's ASCII rule (A-Z only), never the C locale's tolower.
std::string lowerAscii(const std::string& s) { return asciiLower(s); }

// MDAT strings carry their length in one byte and no NUL.
std::string shortString(ByteReader& r) {
    const uint8_t n = r.u8();
    const uint8_t* p = r.take(n);
    return std::string(reinterpret_cast<const char*>(p), n);
}

}  // namespace

void readMdat(const Reading& in, RtmAnimation& out) {
    ByteReader& r = in.r;
    ContextScope scope(r.context(), "RTM_MDAT block");
    r.skip(8);
    // 0 in the one sample and in every writer known (armaio, A3OB); its meaning is not known, so
    // another value is reported and otherwise ignored.
    if (const uint32_t unknown = r.u32(); unknown != 0)
        in.warnings.add(
            r, DiagKind::UnknownRecord,
            "the u32 after the signature is " + std::to_string(unknown) + ", 0 in every known file; ignored");
    // A property is at least 6 bytes (phase and two length bytes): the count is bounded by that.
    const uint32_t count = r.count(6, "properties");
    charge(in, uint64_t(count) * sizeof(RtmProperty), "properties");
    out.properties.reserve(count);
    ContextScope each(r.context(), "property", 0);
    for (uint32_t i = 0; i < count; ++i) {
        each.setIndex(i);
        RtmProperty p;
        p.phase = r.f32();
        p.name = shortString(r);
        p.value = shortString(r);
        out.properties.push_back(std::move(p));
    }
    out.hasProperties = true;
}

namespace {

// Each frame: its phase, then one named 4x3 matrix per header bone.
void readFrames(const Reading& in, uint32_t frames, uint32_t bones, RtmAnimation& out) {
    ByteReader& r = in.r;
    // Built on the first slot that does not repeat the header's name at its place (no sample has
    // one): lower-cased header name -> its first index.
    std::unordered_map<std::string, uint32_t> byName;
    std::vector<uint8_t> filled(bones);
    for (uint32_t f = 0; f < frames; ++f) {
        ContextScope frameScope(r.context(), "frame", f);
        out.phases.push_back(r.f32());
        std::fill(filled.begin(), filled.end(), uint8_t(0));
        for (uint32_t s = 0; s < bones; ++s) {
            const uint64_t slotAt = r.offset();
            const std::string name = r.fixedString(kNameField);
            uint32_t target = s;
            // Every sample repeats the header's names in the header's order. A frame that lists
            // another name is matched to the header by name, as the engine matches bones,
            // case-insensitively; a name the header lacks cannot be placed.
            if (name != out.bones[s]) {
                if (byName.empty())
                    for (uint32_t i = bones; i-- > 0;) byName[lowerAscii(out.bones[i])] = i;
                const auto found = byName.find(lowerAscii(name));
                if (found == byName.end())
                    r.failAtStated(DiagKind::BadValue, slotAt,
                                   "slot " + std::to_string(s) + " at offset " + hexOffset(slotAt) + " names bone '" +
                                       name + "', which is not among the header's " + std::to_string(bones) +
                                       " bone names");
                target = found->second;
                in.warnings.add(r, DiagKind::NameProblem,
                                "slot " + std::to_string(s) + " names bone '" + name + "' where the header has '" +
                                    out.bones[s] + "'; its matrix goes to header bone " + std::to_string(target) +
                                    " by name");
            }
            if (filled[target])
                r.failAtStated(DiagKind::BadValue, slotAt,
                               "slot " + std::to_string(s) + " at offset " + hexOffset(slotAt) + " names bone '" +
                                   name + "' again: an earlier slot of this frame already gave its matrix");
            filled[target] = 1;
            r.readInto(out.matrices[size_t(f) * bones + target].m.data(), kMatrixBytes);
        }
    }
}

}  // namespace

void readPlain(const Reading& in, RtmAnimation& out) {
    ByteReader& r = in.r;
    ContextScope scope(r.context(), "RTM_0101");
    r.skip(8);
    out.version = 101;
    out.step.x = r.f32();
    out.step.y = r.f32();
    out.step.z = r.f32();
    const uint64_t countsAt = r.offset();
    r.context().noteCount(countsAt);
    r.context().noteCount(countsAt + 4);
    const uint32_t frames = r.u32(), bones = r.u32();

    // The whole size follows from the two counts (28 + 32 B + F (4 + 80 B) bytes, nothing after),
    // so it is checked before anything is read: a damaged file (the saw_idle.rtm that a text
    // replace of "and" by "&&" left 3 bytes short) then fails at its counts with the sizes,
    // instead of reading shifted names. Division, not multiplication: no count can overflow it.
    const uint64_t left = r.remaining();
    const uint64_t perFrame = 4 + uint64_t(bones) * kSlotBytes;
    const bool fits = bones <= left / kNameField && frames <= (left - bones * kNameField) / perFrame;
    if (!fits) {
        // In double: F (4 + 80 B) can pass 2^64; beyond 2^53 the digits are approximate, which a
        // message about such a count can afford.
        const double need = double(bones) * kNameField + double(frames) * double(perFrame);
        char needText[48];
        std::snprintf(needText, sizeof needText, "%.0f", need);
        r.failAtStated(DiagKind::BadCount, countsAt,
                       "frame count " + std::to_string(frames) + " and bone count " + std::to_string(bones) +
                           " at offset " + hexOffset(countsAt) + " need " + needText +
                           " bytes of bone names and frames after offset " + hexOffset(r.offset()) + ", but only " +
                           std::to_string(left) + " bytes are left");
    }
    const uint64_t need = bones * kNameField + frames * perFrame;

    charge(in, uint64_t(bones) * sizeof(std::string), "bone names");
    charge(in, uint64_t(frames) * sizeof(float), "phases");
    charge(in, uint64_t(frames) * bones * sizeof(Mat43), "bone matrices");
    {
        ContextScope names(r.context(), "bone name", 0);
        out.bones.reserve(bones);
        for (uint32_t i = 0; i < bones; ++i) {
            names.setIndex(i);
            // Cut at the first NUL: Bohemia's tools leave stack bytes after it (9 of the 17
            // readable plain samples), which every reader, and the engine, ignores.
            out.bones.push_back(r.fixedString(kNameField));
        }
    }
    out.frameCount = frames;
    out.phases.reserve(frames);
    out.matrices.resize(size_t(frames) * bones);

    readFrames(in, frames, bones, out);
    if (!r.atEnd())
        in.warnings.add(r, DiagKind::UnreadBytes,
                        std::to_string(r.remaining()) + " bytes follow the last frame (the counts at offset " +
                            hexOffset(countsAt) + " account for " + std::to_string(need) + " bytes after the header)");
}

}  // namespace rv::rtm
