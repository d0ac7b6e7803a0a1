#include "support/rtm_writer.hpp"

#include <cstring>
#include <stdexcept>

#include "support/byte_writer.hpp"

namespace rvtest {
namespace {

void nameField(ByteWriter& w, const std::string& name, bool garbage) {
    if (name.size() >= 32) throw std::invalid_argument("RTM name fields hold 31 bytes and a NUL");
    uint8_t field[32] = {};
    std::memcpy(field, name.data(), name.size());
    if (garbage)
        for (size_t i = name.size() + 1; i < 32; ++i) field[i] = uint8_t(0xA0 + i);
    w.raw(field, 32);
}

void shortString(ByteWriter& w, const std::string& s) {
    w.u8(uint8_t(s.size()));
    w.raw(s.data(), s.size());
}

// One BMTR payload: v5 a flag byte (none for an empty array), v3/v4 LZO iff >= 1024 bytes.
void payload(ByteWriter& w, const BmtrSpec& spec, const std::vector<uint8_t>& data, bool lzoWanted) {
    if (data.empty()) return;
    bool lzo = spec.version >= 5 ? lzoWanted : data.size() >= 1024;
    if (spec.version >= 5) w.u8(lzo ? 2 : 0);
    if (!lzo) {
        w.raw(data);
        return;
    }
    if (!spec.lzo) throw std::invalid_argument("BmtrSpec::lzo is needed for a packed array");
    w.raw(spec.lzo(data.data(), data.size()));
}

}  // namespace

std::vector<uint8_t> writeRtmPlain(const RtmPlainSpec& spec) {
    ByteWriter w;
    if (spec.mdat) {
        w.raw("RTM_MDAT", 8);
        w.u32(0);
        w.u32(uint32_t(spec.properties.size()));
        for (const RtmWriteProperty& p : spec.properties) {
            w.f32(p.phase);
            shortString(w, p.name);
            shortString(w, p.value);
        }
    }
    w.raw("RTM_0101", 8);
    for (float v : spec.step) w.f32(v);
    w.u32(uint32_t(spec.phases.size()));
    w.u32(uint32_t(spec.bones.size()));
    for (const std::string& b : spec.bones) nameField(w, b, spec.garbageAfterNul);
    for (size_t f = 0; f < spec.phases.size(); ++f) {
        w.f32(spec.phases[f]);
        for (size_t s = 0; s < spec.bones.size(); ++s) {
            const bool own = f < spec.slotNames.size() && !spec.slotNames[f].empty();
            nameField(w, own ? spec.slotNames[f][s] : spec.bones[s], spec.garbageAfterNul);
            for (float v : spec.slots.at(f).at(s)) w.f32(v);
        }
    }
    return w.bytes;
}

std::vector<uint8_t> writeBmtr(const BmtrSpec& spec) {
    ByteWriter w;
    w.magic("BMTR");
    w.u32(spec.version);
    w.u8(spec.reversed);
    for (float v : spec.step) w.f32(v);
    w.u32(uint32_t(spec.frames.size()));
    w.u32(spec.preload);
    w.u32(uint32_t(spec.bones.size()));
    w.u32(uint32_t(spec.bones.size()));
    for (const std::string& b : spec.bones) w.asciiz(b);
    if (spec.version >= 4) {
        w.u32(uint32_t(spec.metadata.size()));
        for (const std::string& s : spec.metadata) w.asciiz(s);
        w.u32(uint32_t(spec.keystones.size()));
        for (const RtmWriteProperty& k : spec.keystones) {
            w.i32(k.id);
            w.asciiz(k.name);
            w.f32(k.phase);
            w.asciiz(k.value);
        }
    }
    w.u32(uint32_t(spec.phases.size()));
    std::vector<uint8_t> phases(spec.phases.size() * 4);
    if (!phases.empty()) std::memcpy(phases.data(), spec.phases.data(), phases.size());
    payload(w, spec, phases, spec.lzoPhases);
    for (size_t f = 0; f < spec.frames.size(); ++f) {
        const std::vector<BmtrRecord>& records = spec.frames[f];
        w.u32(uint32_t(records.size()));
        std::vector<uint8_t> bytes;
        for (const BmtrRecord& r : records) {
            uint8_t rec[14];
            std::memcpy(rec, r.q.data(), 8);
            std::memcpy(rec + 8, r.half.data(), 6);
            bytes.insert(bytes.end(), rec, rec + 14);
        }
        payload(w, spec, bytes, f < spec.lzoFrames.size() && spec.lzoFrames[f]);
    }
    return w.bytes;
}

}  // namespace rvtest
