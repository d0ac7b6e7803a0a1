// Every animation of ../shared/samples/animations/reference.tsv decodes to the values the
// independent readers agree on: signature, version, step bits, counts, bone names, phases,
// properties and the transform hashes (FNV-1a 64 as that README defines them); the one corrupt
// file fails at its counts, naming the file, the structure and the offset. Then a damage sweep
// over real files: every truncation, never a crash.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "rv/rtm.hpp"
#include "support/byte_writer.hpp"
#include "support/samples.hpp"

namespace {

// The samples README's hashes: FNV-1a 64 with the textbook basis (not the manifest's).
struct Fnv {
    uint64_t h = 0xcbf29ce484222325ull;
    void bytes(const void* p, size_t n) {
        const auto* b = static_cast<const uint8_t*>(p);
        for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
    }
    void f32(float v) { bytes(&v, 4); }
    std::string hex() const {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
        return buf;
    }
};

using rvtest::bitsOf;

std::string hex8(float f) {
    char buf[9];
    std::snprintf(buf, sizeof buf, "%08x", bitsOf(f));
    return buf;
}

std::string g9(float f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", double(f));
    return buf;
}

// A binary16 bit pattern of a float that came from one (exact), for the raw14 hash.
uint16_t halfBits(float f) {
    const uint32_t u = bitsOf(f);
    const uint16_t sign = uint16_t((u >> 16) & 0x8000u);
    const int e = int((u >> 23) & 0xff);
    const uint32_t m = u & 0x7fffffu;
    if (e == 0xff) return uint16_t(sign | 0x7c00u | (m ? 0x200u | (m >> 13) : 0));
    if (e == 0 && m == 0) return sign;
    if (e - 127 >= -14) return uint16_t(sign | uint32_t(e - 112) << 10 | (m >> 13));
    // subnormal half: mh * 2^-24 = 1.m * 2^(e-127), so mh = (1.m * 2^23) >> (126 - e)
    return uint16_t(sign | ((m | 0x800000u) >> (126 - e)));
}

struct Row {
    std::map<std::string, std::string> cell;
    const std::string& operator[](const std::string& k) const {
        static const std::string none;
        auto it = cell.find(k);
        return it == cell.end() ? none : it->second;
    }
};
void PrintTo(const Row& r, std::ostream* os) { *os << r["file"]; }

std::vector<Row> referenceRows() {
    std::vector<Row> rows;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return rows;
    std::ifstream f(dir + "/animations/reference.tsv");
    std::string line;
    std::vector<std::string> header;
    auto split = [](const std::string& s) {
        std::vector<std::string> out(1);
        for (char c : s) {
            if (c == '\t')
                out.emplace_back();
            else
                out.back().push_back(c);
        }
        return out;
    };
    if (!std::getline(f, line)) return rows;
    header = split(line);
    while (std::getline(f, line)) {
        Row r;
        const std::vector<std::string> c = split(line);
        for (size_t i = 0; i < header.size(); ++i) r.cell[header[i]] = i < c.size() ? c[i] : "";
        rows.push_back(std::move(r));
    }
    return rows;
}

bool negative(const Row& r) { return r["signature"].rfind("(none", 0) == 0; }


std::string join(const std::vector<std::string>& v, const char* sep) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
    return s;
}

std::string propsCell(const rv::RtmAnimation& a) {
    if (!a.hasProperties) return "";
    if (a.properties.empty()) return "(none)";
    std::vector<std::string> parts;
    for (const rv::RtmProperty& p : a.properties)
        parts.push_back(g9(p.phase) + "@" + hex8(p.phase) + ":" + p.name + "=" + p.value);
    return join(parts, ";");
}

class RtmSample : public testing::TestWithParam<Row> {};

TEST_P(RtmSample, MatchesReference) {
    RV_REQUIRE_SAMPLES();
    const Row& row = GetParam();
    const std::string path = rvtest::samplesDir() + "/animations/" + row["file"];
    const std::vector<uint8_t> bytes = rvtest::readBytes(path);
    ASSERT_FALSE(bytes.empty()) << path;
    const std::string name = row["file"].substr(row["file"].rfind('/') + 1);
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), name);
    if (negative(row)) {
        ASSERT_FALSE(r.ok()) << "the corrupt file decoded";
        const rv::DecodeError& e = r.error();
        EXPECT_TRUE(e.kind == rv::DiagKind::Truncated || e.kind == rv::DiagKind::BadCount) << rv::diagnosticLine(e);
        EXPECT_EQ(rv::diagnosticLine(e).rfind(name + ": ", 0), 0u) << rv::diagnosticLine(e);
        EXPECT_NE(rv::diagnosticLine(e).find("offset 0x"), std::string::npos) << rv::diagnosticLine(e);
        EXPECT_NE(rv::diagnosticLine(e).find("RTM_0101"), std::string::npos) << rv::diagnosticLine(e);  // the structure
        return;
    }
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    const rv::RtmAnimation& a = r.value();
    EXPECT_TRUE(a.warnings.empty()) << rv::diagnosticLine(a.warnings.front());
    EXPECT_EQ(a.signature, row["signature"]);
    EXPECT_EQ(a.binarized, row["signature"] == "BMTR");
    EXPECT_EQ(a.binarized ? std::to_string(a.version) : "0" + std::to_string(a.version), row["version"]);
    EXPECT_EQ(hex8(a.step.x) + "," + hex8(a.step.y) + "," + hex8(a.step.z), row["step_bits"]);
    EXPECT_EQ(std::to_string(a.frameCount), row["frames"]);
    EXPECT_EQ(std::to_string(a.bones.size()), row["bones"]);
    EXPECT_EQ(join(a.bones, "|"), row["bone_names"]);
    ASSERT_EQ(a.phases.size(), size_t(a.frameCount));
    Fnv ph;
    std::vector<std::string> phaseText;
    for (float p : a.phases) {
        ph.f32(p);
        phaseText.push_back(g9(p));
    }
    EXPECT_EQ(ph.hex(), row["phase_fnv64"]);
    EXPECT_EQ(join(phaseText, ","), row["phases"]);
    EXPECT_EQ(propsCell(a), row["props"]);

    Fnv xf, raw14;
    const size_t n = size_t(a.frameCount) * a.bones.size();
    if (a.binarized) {
        ASSERT_EQ(a.transforms.size(), n);
        for (const rv::BmtrTransform& t : a.transforms) {
            for (float v : t.rotation) {
                xf.f32(v);
                const int16_t q = int16_t(std::lround(double(v) * 16384.0));
                raw14.bytes(&q, 2);
            }
            for (float v : t.translation) {
                xf.f32(v);
                const uint16_t h = halfBits(v);
                raw14.bytes(&h, 2);
            }
        }
        EXPECT_EQ(raw14.hex(), row["raw14_fnv64"]);
        EXPECT_EQ("reversed=" + std::to_string(a.bmtrReversed) + " preload=" + std::to_string(a.bmtrPreload),
                  row["bmtr_header"]);
    } else {
        ASSERT_EQ(a.matrices.size(), n);
        for (const rv::Mat43& m : a.matrices) xf.bytes(m.m.data(), 48);
    }
    EXPECT_EQ(xf.hex(), row["xf_fnv64"]);
}

std::string rowName(const testing::TestParamInfo<Row>& info) {
    std::string n;
    for (char c : info.param["file"]) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return n;
}

INSTANTIATE_TEST_SUITE_P(Animations, RtmSample, testing::ValuesIn(referenceRows()), rowName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RtmSample);

TEST(RtmSamples, ReferenceHasEveryKind) {
    RV_REQUIRE_SAMPLES();
    const std::vector<Row> rows = referenceRows();
    EXPECT_EQ(rows.size(), 31u);
    int negatives = 0, bmtr = 0, mdat = 0;
    for (const Row& r : rows) {
        negatives += negative(r);
        bmtr += r["signature"] == "BMTR";
        mdat += r["signature"] == "RTM_MDAT+RTM_0101";
    }
    EXPECT_EQ(negatives, 1);
    EXPECT_EQ(bmtr, 12);
    EXPECT_EQ(mdat, 1);
}

// Every cut of a few real files (plain, MDAT, BMTR v3 raw and LZO, v5 LZO) ends in an error or a
// result, never a crash (the sanitizer build catches any read out of bounds).
TEST(RtmSamples, EveryTruncationIsHandled) {
    RV_REQUIRE_SAMPLES();
    const char* const files[] = {"rtm/armaio/animation.rtm", "rtm/armaio/animation_bmtr.rtm", "rtm/agm/agm_dancing.rtm",
                                 "rtm/dayz-epoch-108/eede3155_saw_idle.rtm", "rtm/ah-64d/fza_ah64_leftcargo.rtm"};
    for (const char* rel : files) {
        const std::vector<uint8_t> bytes = rvtest::readBytes(rvtest::samplesDir() + "/animations/" + rel);
        ASSERT_FALSE(bytes.empty()) << rel;
        // Long files: every cut in the first 4 KiB and the last 512 bytes, every 7th in between.
        for (size_t cut = 0; cut < bytes.size(); ++cut) {
            if (cut > 4096 && cut + 512 < bytes.size() && cut % 7) continue;
            std::vector<uint8_t> part(bytes.begin(), bytes.begin() + long(cut));
            auto r = rv::decodeRtm(part.data(), part.size(), "cut.rtm");
            ASSERT_FALSE(r.ok()) << rel << " cut at " << cut << " decoded";
            EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("cut.rtm: ", 0), 0u);
        }
    }
}

}  // namespace
