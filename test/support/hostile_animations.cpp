#include "support/hostile_animations.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "support/lzo_reference.hpp"
#include "support/rtm_writer.hpp"

namespace rvtest::hostile {
namespace {

constexpr std::array<float, 12> kIdentity{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};  // 3x3 rows, then translation
constexpr int16_t kOne = 32767;                                                 // a stored quaternion's 1

BmtrRecord identityRecord(uint16_t x = 0, uint16_t y = 0, uint16_t z = 0) {
    BmtrRecord r;
    r.q = {0, 0, 0, kOne};
    r.half = {x, y, z};
    return r;
}

}  // namespace

Shape bmtrBomb(uint32_t bones, uint32_t frames) {
    BmtrSpec spec;
    spec.version = 5;
    for (uint32_t b = 0; b < bones; ++b) spec.bones.push_back("b" + std::to_string(b));
    for (uint32_t f = 0; f < frames; ++f) spec.phases.push_back(float(f) / float(frames));
    spec.frames.assign(frames, std::vector<BmtrRecord>(bones, identityRecord()));
    spec.lzoFrames.assign(frames, true);
    spec.lzo = [](const uint8_t* data, size_t size) { return lzoFast(data, size); };
    return {"bmtr_bomb.rtm", writeBmtr(spec)};
}

Shape nonFiniteRtm() {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    RtmPlainSpec spec;
    spec.step = {nan, 0, 1};
    spec.bones = {"all", "top"};  // rv_make_cli_inputs' editable box names its selections so
    spec.phases = {0.0f, 0.2f, 0.4f, 0.6f, 0.8f, 1e38f};
    std::array<float, 12> withNan = kIdentity, infinite = kIdentity, huge = kIdentity;
    withNan[4] = nan;
    infinite[9] = inf;
    for (float& v : huge) v = 1e38f;
    spec.slots = {{kIdentity, kIdentity}, {kIdentity, withNan}, {infinite, kIdentity},
                  {huge, kIdentity},      {kIdentity, kIdentity}, {kIdentity, kIdentity}};
    return {"nonfinite_plain.rtm", writeRtmPlain(spec)};
}

Shape nonFiniteBmtr() {
    constexpr uint16_t kHalfInf = 0x7c00, kHalfNan = 0x7e00;
    BmtrSpec spec;
    spec.version = 3;
    spec.bones = {"all", "top"};  // rv_make_cli_inputs' editable box names its selections so
    spec.phases = {0.0f, 1.0f / 3, 2.0f / 3, 1.0f};
    spec.frames = {{identityRecord(), identityRecord()},
                   {identityRecord(kHalfInf), identityRecord()},
                   {identityRecord(), identityRecord(0, kHalfNan)},
                   {identityRecord(), identityRecord()}};
    return {"nonfinite_bmtr.rtm", writeBmtr(spec)};
}

std::vector<Shape> animationShapes() { return {bmtrBomb(20000, 600), nonFiniteRtm(), nonFiniteBmtr()}; }

}  // namespace rvtest::hostile
