// The RTM decoder on files written by the test (support/rtm_writer.*) with values the test
// chooses: RTM_0101 (names with bytes after the NUL, -0 in the step), RTM_MDAT, frames that list
// their bones in another order or name one the header lacks; BMTR v3 raw and LZO (liblzo2 packs,
// as the oracle), v4, v5 with flags 0 and 2 and empty arrays; binary16 and int16 edge values;
// hostile counts; and damage sweeps (every cut, every byte flipped) that must never crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "rv/memory_budget.hpp"
#include "rv/open.hpp"
#include "rv/rtm.hpp"
#include "support/byte_writer.hpp"
#include "support/lzo_reference.hpp"
#include "support/rtm_writer.hpp"

namespace {

using rvtest::BmtrRecord;
using rvtest::BmtrSpec;
using rvtest::RtmPlainSpec;

std::array<float, 12> matrix(float seed) {
    std::array<float, 12> m;
    for (size_t i = 0; i < 12; ++i) m[i] = seed + float(i) * 0.25f;
    return m;
}

RtmPlainSpec plainSpec() {
    RtmPlainSpec s;
    s.step = {-0.0f, 1.5f, -2.25f};
    s.bones = {"Pelvis", "Spine", "RightHand"};
    s.phases = {0.25f, 0.75f};
    s.slots = {{matrix(1), matrix(2), matrix(3)}, {matrix(-1), matrix(-2), matrix(-3)}};
    s.garbageAfterNul = true;
    return s;
}

rv::RtmAnimation decodeOk(const std::vector<uint8_t>& bytes, const rv::Options& options = {}) {
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "t.rtm", options);
    EXPECT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    return r.ok() ? std::move(r.value()) : rv::RtmAnimation{};
}

using rvtest::bitsOf;

TEST(RtmPlain, ReadsEveryStoredValue) {
    const rv::RtmAnimation a = decodeOk(rvtest::writeRtmPlain(plainSpec()));
    EXPECT_FALSE(a.binarized);
    EXPECT_EQ(a.signature, "RTM_0101");
    EXPECT_EQ(a.version, 101u);
    EXPECT_EQ(bitsOf(a.step.x), 0x80000000u);  // -0 kept
    EXPECT_EQ(a.step.y, 1.5f);
    EXPECT_EQ(a.step.z, -2.25f);
    EXPECT_EQ(a.frameCount, 2u);
    EXPECT_EQ(a.bones, (std::vector<std::string>{"Pelvis", "Spine", "RightHand"}));  // cut at the NUL
    EXPECT_EQ(a.phases, (std::vector<float>{0.25f, 0.75f}));
    EXPECT_FALSE(a.hasProperties);
    ASSERT_EQ(a.matrices.size(), 6u);
    EXPECT_EQ(a.matrices[0].m, matrix(1));
    EXPECT_EQ(a.matrices[2].m, matrix(3));
    EXPECT_EQ(a.matrices[4].m, matrix(-2));
    EXPECT_EQ(a.matrices[5].position().z, -3.0f + 11 * 0.25f);
    EXPECT_TRUE(a.warnings.empty());
}

TEST(RtmPlain, MdatPropertiesComeFirst) {
    RtmPlainSpec s = plainSpec();
    s.mdat = true;
    s.properties = {{-1, 0.5f, "Step", "Sound"}, {-1, 0.125f, "Test", ""}};
    const rv::RtmAnimation a = decodeOk(rvtest::writeRtmPlain(s));
    EXPECT_EQ(a.signature, "RTM_MDAT+RTM_0101");
    ASSERT_TRUE(a.hasProperties);
    ASSERT_EQ(a.properties.size(), 2u);
    EXPECT_EQ(a.properties[0].phase, 0.5f);
    EXPECT_EQ(a.properties[0].name, "Step");
    EXPECT_EQ(a.properties[0].value, "Sound");
    EXPECT_EQ(a.properties[1].phase, 0.125f);
    EXPECT_EQ(a.properties[1].value, "");
    EXPECT_EQ(a.matrices[3].m, matrix(-1));

    s.properties.clear();  // an empty block still exists
    const rv::RtmAnimation b = decodeOk(rvtest::writeRtmPlain(s));
    EXPECT_TRUE(b.hasProperties);
    EXPECT_TRUE(b.properties.empty());
}

TEST(RtmPlain, FrameInAnotherOrderIsMatchedByNameWithAWarning) {
    RtmPlainSpec s = plainSpec();
    s.slotNames = {{}, {"spine", "PELVIS", "RightHand"}};  // frame 1 swaps the first two, other case
    const rv::RtmAnimation a = decodeOk(rvtest::writeRtmPlain(s));
    ASSERT_EQ(a.matrices.size(), 6u);
    EXPECT_EQ(a.matrices[3].m, matrix(-2));  // Pelvis got slot 1's matrix
    EXPECT_EQ(a.matrices[4].m, matrix(-1));  // Spine got slot 0's
    EXPECT_EQ(a.matrices[5].m, matrix(-3));
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_EQ(a.warnings[0].kind, rv::DiagKind::NameProblem);
    EXPECT_NE(rv::diagnosticLine(a.warnings[0]).find("frame 1"), std::string::npos) << rv::diagnosticLine(a.warnings[0]);
}

TEST(RtmPlain, UnknownOrRepeatedBoneInAFrameIsAnError) {
    RtmPlainSpec s = plainSpec();
    s.slotNames = {{}, {"Pelvis", "Tail", "RightHand"}};
    auto bytes = rvtest::writeRtmPlain(s);
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "t.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
    // header 28 + 3 x 32, frame 0 = 4 + 3 x 80, frame 1's phase, slot 0: slot 1 at 0x1c4
    EXPECT_EQ(r.error().offset, 28u + 96 + 244 + 4 + 80);
    EXPECT_NE(rv::diagnosticLine(r.error()).find("t.rtm: RTM_0101 frame 1: slot 1 at offset 0x1c4"), std::string::npos)
        << rv::diagnosticLine(r.error());

    s.slotNames = {{"Pelvis", "pelvis", "RightHand"}};
    bytes = rvtest::writeRtmPlain(s);
    r = rv::decodeRtm(bytes.data(), bytes.size(), "t.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
}

TEST(RtmPlain, SizeIsCheckedAgainstTheCountsFirst) {
    auto bytes = rvtest::writeRtmPlain(plainSpec());
    bytes.pop_back();
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "short.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
    EXPECT_EQ(r.error().offset, 0x14u);
    EXPECT_NE(rv::diagnosticLine(r.error()).find("short.rtm: RTM_0101: frame count 2 and bone count 3 at offset 0x14"),
              std::string::npos)
        << rv::diagnosticLine(r.error());

    bytes = rvtest::writeRtmPlain(plainSpec());
    bytes.push_back(7);  // a byte after the last frame: read, with a warning
    const rv::RtmAnimation a = decodeOk(bytes);
    ASSERT_EQ(a.warnings.size(), 1u);
    EXPECT_EQ(a.warnings[0].kind, rv::DiagKind::UnreadBytes);
}

BmtrRecord record(int16_t x, int16_t y, int16_t z, int16_t w, uint16_t hx, uint16_t hy, uint16_t hz) {
    BmtrRecord r;
    r.q = {x, y, z, w};
    r.half = {hx, hy, hz};
    return r;
}

std::vector<uint8_t> lzo(const uint8_t* p, size_t n) { return rvtest::lzoBest(p, n); }

// `bones` bones named b0..; frame f, bone b: quaternion (f, b, -b, 16384), halves (b, f, 0x3c00).
BmtrSpec bmtrSpec(uint32_t version, size_t bones, size_t frames) {
    BmtrSpec s;
    s.version = version;
    s.step = {0.5f, -0.0f, 3.0f};
    s.preload = 7;
    s.lzo = lzo;
    for (size_t b = 0; b < bones; ++b) s.bones.push_back("b" + std::to_string(b));
    for (size_t f = 0; f < frames; ++f) {
        s.phases.push_back(float(f) / 4);
        std::vector<BmtrRecord> frame;
        for (size_t b = 0; b < bones; ++b)
            frame.push_back(record(int16_t(f), int16_t(b), int16_t(-int(b)), 16384, uint16_t(b), uint16_t(f), 0x3c00));
        s.frames.push_back(frame);
    }
    return s;
}

// b * 2^-24 for the subnormal halves b < 1024: the expected translation x of bone b.
float subnormal(size_t b) { return std::ldexp(float(b), -24); }

void expectValues(const rv::RtmAnimation& a, const BmtrSpec& s) {
    ASSERT_TRUE(a.binarized);
    EXPECT_EQ(a.signature, "BMTR");
    EXPECT_EQ(a.version, s.version);
    EXPECT_EQ(a.step.x, 0.5f);
    EXPECT_EQ(bitsOf(a.step.y), 0x80000000u);
    EXPECT_EQ(a.bmtrReversed, 1u);
    EXPECT_EQ(a.bmtrPreload, 7u);
    EXPECT_EQ(a.bones, s.bones);
    EXPECT_EQ(a.phases, s.phases);
    ASSERT_EQ(a.frameCount, s.frames.size());
    ASSERT_EQ(a.transforms.size(), s.frames.size() * s.bones.size());
    for (size_t f = 0; f < s.frames.size(); ++f)
        for (size_t b = 0; b < s.bones.size(); ++b) {
            const rv::BmtrTransform& t = a.transforms[f * s.bones.size() + b];
            ASSERT_EQ(t.rotation[0], float(f) / 16384) << f << " " << b;
            ASSERT_EQ(t.rotation[1], float(b) / 16384);
            ASSERT_EQ(t.rotation[2], -float(b) / 16384);
            ASSERT_EQ(t.rotation[3], 1.0f);
            ASSERT_EQ(t.translation[0], subnormal(b));
            ASSERT_EQ(t.translation[1], subnormal(f));
            ASSERT_EQ(t.translation[2], 1.0f);
        }
    EXPECT_TRUE(a.warnings.empty()) << rv::diagnosticLine(a.warnings.front());
}

TEST(RtmBmtr, Version3RawAndLzoBySize) {
    const BmtrSpec small = bmtrSpec(3, 4, 3);  // 56-byte frames: raw
    const rv::RtmAnimation a = decodeOk(rvtest::writeBmtr(small));
    expectValues(a, small);
    EXPECT_FALSE(a.hasProperties);
    EXPECT_EQ(a.bmtrLzoFrames, 0u);

    const BmtrSpec big = bmtrSpec(3, 80, 3);  // 1120-byte frames: LZO, no flag byte
    const std::vector<uint8_t> bytes = rvtest::writeBmtr(big);
    EXPECT_LT(bytes.size(), 3 * 1120u);  // really packed
    const rv::RtmAnimation b = decodeOk(bytes);
    expectValues(b, big);
    EXPECT_EQ(b.bmtrLzoFrames, 3u);
    EXPECT_FALSE(b.bmtrPhasesLzo);

    const BmtrSpec many = bmtrSpec(3, 2, 300);  // 1200-byte phase array: LZO
    const rv::RtmAnimation c = decodeOk(rvtest::writeBmtr(many));
    expectValues(c, many);
    EXPECT_TRUE(c.bmtrPhasesLzo);
}

TEST(RtmBmtr, Version4HasMetadataAndKeystonesAndTheSizeRule) {
    BmtrSpec s = bmtrSpec(4, 80, 2);
    s.metadata = {"alpha", ""};
    s.keystones = {{-1, 0.25f, "Step", "Sound"}, {3, 0.5f, "Test", "Prop"}};
    const rv::RtmAnimation a = decodeOk(rvtest::writeBmtr(s));
    expectValues(a, s);
    EXPECT_EQ(a.metadata, (std::vector<std::string>{"alpha", ""}));
    ASSERT_TRUE(a.hasProperties);
    ASSERT_EQ(a.properties.size(), 2u);
    EXPECT_EQ(a.properties[1].id, 3);
    EXPECT_EQ(a.properties[1].name, "Test");
    EXPECT_EQ(a.properties[1].phase, 0.5f);
    EXPECT_EQ(a.properties[1].value, "Prop");
    EXPECT_EQ(a.bmtrLzoFrames, 2u);
}

TEST(RtmBmtr, Version5FlagsWhateverTheSize) {
    BmtrSpec s = bmtrSpec(5, 4, 4);
    s.keystones = {{-1, 0.25f, "Step", "Sound"}};
    s.lzoPhases = true;                        // a 16-byte array packed: flag 2
    s.lzoFrames = {true, false, true, false};  // 56-byte frames both ways
    const rv::RtmAnimation a = decodeOk(rvtest::writeBmtr(s));
    expectValues(a, s);
    EXPECT_TRUE(a.bmtrPhasesLzo);
    EXPECT_EQ(a.bmtrLzoFrames, 2u);
    ASSERT_EQ(a.properties.size(), 1u);
    EXPECT_EQ(a.properties[0].id, -1);

    const BmtrSpec big = bmtrSpec(5, 80, 2);  // >= 1024 bytes but flag 0: raw
    const std::vector<uint8_t> bytes = rvtest::writeBmtr(big);
    EXPECT_GT(bytes.size(), 2 * 1120u);
    expectValues(decodeOk(bytes), big);
}

// BIS.Core reads no flag byte for an empty array; the decoder follows it (no sample has one).
TEST(RtmBmtr, Version5EmptyArraysHaveNoFlagByte) {
    BmtrSpec s = bmtrSpec(5, 0, 2);
    const std::vector<uint8_t> bytes = rvtest::writeBmtr(s);
    // header 37, no names, two empty arrays (8), phases 4 + flag + 8, frames 2 x 4
    EXPECT_EQ(bytes.size(), 37u + 8 + 13 + 8);
    const rv::RtmAnimation a = decodeOk(bytes);
    EXPECT_EQ(a.frameCount, 2u);
    EXPECT_TRUE(a.transforms.empty());
    EXPECT_TRUE(a.warnings.empty());
}

TEST(RtmBmtr, HalvesAndQuaternionEdgeValues) {
    BmtrSpec s = bmtrSpec(5, 3, 1);
    s.frames[0][0] = record(16384, -16384, 8192, 1, 0x3c00, 0xc000, 0x8000);
    s.frames[0][1] = record(-32768, 32767, 0, -1, 0x7bff, 0x0001, 0x03ff);
    s.frames[0][2] = record(0, 0, 0, 0, 0x7c00, 0xfc00, 0x7e00);
    const rv::RtmAnimation a = decodeOk(rvtest::writeBmtr(s));
    ASSERT_EQ(a.transforms.size(), 3u);
    const auto& t = a.transforms;
    EXPECT_EQ(t[0].rotation, (std::array<float, 4>{1.0f, -1.0f, 0.5f, 1.0f / 16384}));
    EXPECT_EQ(t[0].translation[0], 1.0f);
    EXPECT_EQ(t[0].translation[1], -2.0f);
    EXPECT_EQ(bitsOf(t[0].translation[2]), 0x80000000u);  // -0
    EXPECT_EQ(t[1].rotation, (std::array<float, 4>{-2.0f, 32767.0f / 16384, 0.0f, -1.0f / 16384}));
    EXPECT_EQ(t[1].translation[0], 65504.0f);                                // the largest half
    EXPECT_EQ(t[1].translation[1], std::ldexp(1.0f, -24));                   // the smallest subnormal
    EXPECT_EQ(t[1].translation[2], std::ldexp(1023.0f, -24));                // the largest subnormal
    EXPECT_EQ(t[2].translation[0], std::numeric_limits<float>::infinity());  // IEEE, not BIS's 2^16
    EXPECT_EQ(t[2].translation[1], -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(t[2].translation[2]));
}

TEST(RtmBmtr, HostileFrameCountFailsBeforeAllocating) {
    std::vector<uint8_t> bytes = rvtest::writeBmtr(bmtrSpec(3, 2, 1));
    const uint32_t huge = 0xFFFFFFFFu;
    std::memcpy(bytes.data() + 21, &huge, 4);
    rv::MemoryBudget budget(1 << 20);
    rv::Options o;
    o.budget = &budget;
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "h.rtm", o);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
    EXPECT_EQ(r.error().offset, 21u);
    EXPECT_NE(rv::diagnosticLine(r.error()).find("h.rtm: BMTR: frame count 4294967295 at offset 0x15"), std::string::npos)
        << rv::diagnosticLine(r.error());
    EXPECT_LT(budget.peak(), 4096u);

    bytes = rvtest::writeBmtr(bmtrSpec(3, 2, 1));
    std::memcpy(bytes.data() + 29, &huge, 4);  // bone count: the name count no longer matches
    r = rv::decodeRtm(bytes.data(), bytes.size(), "h.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
    std::memcpy(bytes.data() + 33, &huge, 4);  // and the name count too
    r = rv::decodeRtm(bytes.data(), bytes.size(), "h.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
}

// Small LZO streams that claim much output: 64 frames x 4000 bones decode to 7 MB of transforms
// from a ~20 KB file. Under a 2 MiB budget that stops before anything of that size is allocated.
TEST(RtmBmtr, PackedOutputIsBoundedByTheBudget) {
    BmtrSpec s;
    s.version = 5;
    s.lzo = lzo;
    s.bones.assign(4000, "");
    for (int f = 0; f < 64; ++f) {
        s.phases.push_back(float(f));
        s.frames.emplace_back(4000, BmtrRecord{});
        s.lzoFrames.push_back(true);
    }
    const std::vector<uint8_t> bytes = rvtest::writeBmtr(s);
    ASSERT_LT(bytes.size(), 32u * 1024);
    rv::MemoryBudget budget(2 << 20);
    rv::Options o;
    o.budget = &budget;
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "packed.rtm", o);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::MemoryLimit) << rv::diagnosticLine(r.error());
    EXPECT_LE(budget.peak(), budget.limit());
    // With the default budget the same file decodes.
    const rv::RtmAnimation a = decodeOk(bytes);
    EXPECT_EQ(a.transforms.size(), 64u * 4000);
    EXPECT_EQ(a.transforms.back().rotation[3], 0.0f);
}

TEST(RtmBmtr, UnsupportedVersionAndBadFlag) {
    std::vector<uint8_t> bytes = rvtest::writeBmtr(bmtrSpec(5, 2, 1));
    bytes[4] = 6;
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), "v.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::Unsupported);
    EXPECT_EQ(r.error().offset, 4u);

    bytes = rvtest::writeBmtr(bmtrSpec(5, 2, 1));
    // header 37 + names "b0\0b1\0" 6 + empty metadata and keystones 8 + phase count 4: the flag
    const size_t flagAt = 37 + 6 + 8 + 4;
    ASSERT_EQ(bytes[flagAt], 0u);
    bytes[flagAt] = 1;
    r = rv::decodeRtm(bytes.data(), bytes.size(), "v.rtm");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCompression);
    EXPECT_EQ(r.error().offset, flagAt);
}

TEST(RtmFrontDoor, AnimationsAreSniffedBySignature) {
    const std::vector<uint8_t> plain = rvtest::writeRtmPlain(plainSpec());
    const std::vector<uint8_t> bmtr = rvtest::writeBmtr(bmtrSpec(3, 2, 1));
    EXPECT_EQ(rv::sniffKind(plain.data(), plain.size(), "x.p3d"), rv::FileKind::Animation);
    EXPECT_EQ(rv::sniffKind(bmtr.data(), bmtr.size(), "x"), rv::FileKind::Animation);
    EXPECT_TRUE(rv::looksLikeRtm(bmtr.data(), bmtr.size()));
    EXPECT_FALSE(rv::looksLikeRtm(bmtr.data(), 3));
    EXPECT_STREQ(rv::fileKindName(rv::FileKind::Animation), "an animation");

    auto f = rv::open(plain.data(), plain.size(), "a.rtm");
    ASSERT_TRUE(f.ok()) << rv::diagnosticLine(f.error());
    EXPECT_EQ(f->kind, rv::FileKind::Animation);
    ASSERT_TRUE(f->animation.has_value());
    EXPECT_EQ(f->animation->frameCount, 2u);

    auto refused = rv::open(plain.data(), plain.size(), "a.rtm", {}, rv::accepting(rv::kAcceptModel));
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().kind, rv::DiagKind::NotRecognized);
    EXPECT_NE(rv::diagnosticLine(refused.error()).find("a.rtm is an animation"), std::string::npos) << rv::diagnosticLine(refused.error());
    EXPECT_NE(rv::diagnosticLine(refused.error()).find("--animation"), std::string::npos);

    const std::vector<uint8_t> junk = {'R', 'T', 'M', '_', '0', '1', '0', '2'};
    auto j = rv::decodeRtm(junk.data(), junk.size(), "j.rtm");
    ASSERT_FALSE(j.ok());
    EXPECT_EQ(j.error().kind, rv::DiagKind::NotRecognized);
}

// Every cut and every single-byte change of small fixtures: an error or a result, never a crash.
TEST(RtmDamage, EveryCutAndEveryFlipIsHandled) {
    RtmPlainSpec mdat = plainSpec();
    mdat.mdat = true;
    mdat.properties = {{-1, 0.5f, "Step", "Sound"}};
    BmtrSpec v5 = bmtrSpec(5, 3, 3);
    v5.keystones = {{-1, 0.5f, "K", "V"}};
    v5.lzoPhases = true;
    v5.lzoFrames = {true, false, true};
    const std::vector<std::vector<uint8_t>> files = {rvtest::writeRtmPlain(plainSpec()), rvtest::writeRtmPlain(mdat),
                                                     rvtest::writeBmtr(bmtrSpec(3, 80, 2)), rvtest::writeBmtr(v5),
                                                     rvtest::writeBmtr(bmtrSpec(4, 3, 2))};
    rv::Options o;
    o.memoryLimit = 16 << 20;
    size_t decodes = 0;
    for (const std::vector<uint8_t>& file : files) {
        for (size_t cut = 0; cut < file.size(); ++cut) {
            std::vector<uint8_t> part(file.begin(), file.begin() + long(cut));
            auto r = rv::decodeRtm(part.data(), part.size(), "d.rtm", o);
            ASSERT_FALSE(r.ok()) << "cut at " << cut;
            EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("d.rtm: ", 0), 0u) << rv::diagnosticLine(r.error());
            ++decodes;
        }
        for (size_t at = 0; at < file.size(); ++at)
            for (uint8_t x : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
                std::vector<uint8_t> bad = file;
                bad[at] ^= x;
                auto r = rv::decodeRtm(bad.data(), bad.size(), "d.rtm", o);
                if (!r.ok()) {
                    EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("d.rtm: ", 0), 0u) << rv::diagnosticLine(r.error());
                }
                ++decodes;
            }
    }
    EXPECT_GT(decodes, 5000u);
}

}  // namespace
