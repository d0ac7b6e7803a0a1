// Packed UVs (ODOL v45+, format notes §2.7.9): i16 values between per-set bounds, decoded as
// u = min + (q + 32767) * (max - min) / 65534 (D3D SHORT2N: -32767 is min, 32767 is max).
//  - chosen raw values written by the test-side writer decode to the float the test computes;
//  - on every v45+ sample of the manifest, every decoded UV lies within its set's stored bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "odol/odol_parse.hpp"
#include "support/odol_writer.hpp"
#include "support/samples.hpp"

namespace {

// The quantised values every test set cycles through: both ends of SHORT2N, their neighbours,
// the middle, and -32768, which SHORT2N does not use (one step below the minimum).
const int16_t kChosen[] = {-32767, 32767, 0, -1, 1, -32766, 32766, 16383, -16384, 12345, -32768, 7};
constexpr size_t kChosenCount = sizeof kChosen / sizeof kChosen[0];

int16_t chosenU(size_t k) { return kChosen[k % kChosenCount]; }
int16_t chosenV(size_t k) { return kChosen[(k * 5 + 3) % kChosenCount]; }

rvtest::PackedUvSet chosenSet(size_t lod, size_t set, size_t vertices, float minU, float minV, float maxU, float maxV) {
    rvtest::PackedUvSet p;
    p.lod = lod, p.set = set;
    p.minU = minU, p.minV = minV, p.maxU = maxU, p.maxV = maxV;
    for (size_t k = 0; k < vertices; ++k) {
        p.q.push_back(chosenU(k));
        p.q.push_back(chosenV(k));
    }
    return p;
}

// The rule, written out here rather than taken from the decoder: in float, the sum as an
// integer, times the range, divided by 65534.
float expectedFloat(int16_t q, float lo, float hi) { return lo + float(int(q) + 32767) * (hi - lo) / 65534.0f; }
// The same in double: the float result may differ from it only by rounding.
double expectedDouble(int16_t q, float lo, float hi) {
    return double(lo) + (double(q) + 32767.0) * (double(hi) - double(lo)) / 65534.0;
}

void expectDecoded(float got, int16_t q, float lo, float hi, const std::string& what) {
    EXPECT_EQ(got, expectedFloat(q, lo, hi)) << what << " q=" << q;
    const double tolerance = 4 * std::ldexp(1.0, -24) * std::max(std::fabs(lo), std::fabs(hi));
    EXPECT_NEAR(got, expectedDouble(q, lo, hi), tolerance) << what << " q=" << q;
}

TEST(OdolUv, ChosenQuantisedValuesDecodeToTheRule) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    const size_t n0 = crate.lods[0].positions.size(), n2 = crate.lods[2].positions.size();
    ASSERT_EQ(crate.lods[0].uvSets.size(), 2u);
    ASSERT_EQ(crate.lods[2].uvSets.size(), 1u);
    // Bounds whose arithmetic is exact in float, and bounds where it rounds.
    struct Bounds {
        float minU, minV, maxU, maxV;
    };
    const Bounds b00{-0.5f, 0.0f, 1.5f, 1.0f}, b01{0.1f, -3.25f, 0.7f, 12.0f}, b20{-2.0f, 0.3f, 3.0f, 0.30001f};
    rvtest::OdolWriteOptions opt;
    opt.packedUvs = {chosenSet(0, 0, n0, b00.minU, b00.minV, b00.maxU, b00.maxV),
                     chosenSet(0, 1, n0, b01.minU, b01.minV, b01.maxU, b01.maxV),
                     chosenSet(2, 0, n2, b20.minU, b20.minV, b20.maxU, b20.maxV)};
    auto bytes = rvtest::writeOdol73(crate, opt);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    const rv::OdolModel& m = res.value();
    struct Check {
        size_t lod, set;
        Bounds b;
    };
    for (const Check& c : {Check{0, 0, b00}, Check{0, 1, b01}, Check{2, 0, b20}}) {
        const std::vector<rv::Vec2>& uv = m.lods[c.lod].uvSets.at(c.set);
        ASSERT_EQ(uv.size(), c.lod == 0 ? n0 : n2);
        const std::string what = "LOD " + std::to_string(c.lod) + " set " + std::to_string(c.set);
        for (size_t k = 0; k < uv.size(); ++k) {
            expectDecoded(uv[k].u, chosenU(k), c.b.minU, c.b.maxU, what + " u");
            expectDecoded(uv[k].v, chosenV(k), c.b.minV, c.b.maxV, what + " v");
        }
    }
    // The ends of SHORT2N are the stored bounds exactly where float arithmetic allows it.
    auto vertexWith = [](int16_t (*chosen)(size_t), int16_t q) {
        size_t k = 0;
        while (chosen(k) != q) ++k;
        return k;
    };
    const std::vector<rv::Vec2>& s00 = m.lods[0].uvSets[0];
    const std::vector<rv::Vec2>& s01 = m.lods[0].uvSets[1];
    EXPECT_EQ(s00[vertexWith(chosenU, -32767)].u, -0.5f);
    EXPECT_EQ(s00[vertexWith(chosenU, 32767)].u, 1.5f);
    EXPECT_EQ(s00[vertexWith(chosenV, -32767)].v, 0.0f);
    EXPECT_EQ(s00[vertexWith(chosenV, 32767)].v, 1.0f);
    EXPECT_EQ(s01[vertexWith(chosenU, -32767)].u, 0.1f);
    EXPECT_EQ(s01[vertexWith(chosenV, -32767)].v, -3.25f);
    EXPECT_EQ(s01[vertexWith(chosenV, 32767)].v, 12.0f);
    // -32768 lies one step below the minimum.
    EXPECT_LT(s00[vertexWith(chosenU, -32768)].u, -0.5f);
}

// The writer's quantisation and the decoder's rule are inverses to within half a step.
TEST(OdolUv, WrittenUvsReadBackWithinHalfAStep) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    auto bytes = rvtest::writeOdol73(crate);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    for (size_t l = 0; l < crate.lods.size(); ++l)
        for (size_t s = 0; s < crate.lods[l].uvSets.size(); ++s) {
            const auto& want = crate.lods[l].uvSets[s];
            const auto& got = res->lods[l].uvSets.at(s);
            float minU = want[0].u, maxU = want[0].u, minV = want[0].v, maxV = want[0].v;
            for (const rv::Vec2& t : want) {
                minU = std::min(minU, t.u), maxU = std::max(maxU, t.u);
                minV = std::min(minV, t.v), maxV = std::max(maxV, t.v);
            }
            const float slack = 1e-6f;
            for (size_t k = 0; k < want.size(); ++k) {
                EXPECT_LE(std::fabs(got[k].u - want[k].u), (maxU - minU) / 65534 / 2 + slack)
                    << l << "/" << s << "/" << k;
                EXPECT_LE(std::fabs(got[k].v - want[k].v), (maxV - minV) / 65534 / 2 + slack)
                    << l << "/" << s << "/" << k;
            }
        }
}

std::vector<rvtest::ManifestRow> packedUvRows() {
    std::vector<rvtest::ManifestRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (auto& r : rvtest::readManifest(dir))
        if (r.signature == "ODOL" && r.version >= 45) out.push_back(r);
    return out;
}

class PackedUvSample : public testing::TestWithParam<rvtest::ManifestRow> {};

// Within [min, max], with one exception that the float rule itself makes: for q = 32767 it
// computes min + (max - min), and when max - min is not exact in float that sum can round to one
// ulp above max (about 5% of bound pairs; 2 UVs of real/ascz-mods/CUP_Backpack_ACR.p3d). A value
// above max must therefore be exactly the rule's value for q = 32767, and nothing may be below min.
TEST_P(PackedUvSample, EveryUvLiesWithinItsSetsBounds) {
    const auto& row = GetParam();
    auto bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + row.path);
    ASSERT_FALSE(bytes.empty());
    std::vector<rv::odol::UvSetRecord> records;
    rv::odol::DecodeHooks hooks;
    hooks.uvSets = &records;
    auto res = rv::odol::decode(bytes.data(), bytes.size(), row.path, rv::Options{}, hooks);
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    size_t checked = 0, topRounded = 0;
    auto within = [&](float x, float lo, float hi) {
        if (x >= lo && x <= hi) return true;
        if (x > hi && x == expectedFloat(32767, lo, hi) && x == std::nextafter(hi, INFINITY)) {
            ++topRounded;
            return true;
        }
        return false;
    };
    for (const rv::odol::UvSetRecord& rec : records) {
        unsigned lod = 0, set = 0;
        ASSERT_EQ(std::sscanf(rec.where.c_str(), "LOD %u UV set %u", &lod, &set), 2) << rec.where;
        ASSERT_LT(lod, res->lods.size());
        const auto& sets = res->lods[lod].uvSets;
        if (set >= sets.size()) {  // only empty sets are dropped, and only from the end
            EXPECT_EQ(rec.count, 0u) << rec.where;
            continue;
        }
        ASSERT_EQ(sets[set].size(), rec.count) << rec.where;
        size_t outside = 0;
        for (const rv::Vec2& t : sets[set])
            if (!within(t.u, rec.minU, rec.maxU) || !within(t.v, rec.minV, rec.maxV)) ++outside;
        EXPECT_EQ(outside, 0u) << rec.where << ": bounds u " << rec.minU << ".." << rec.maxU << ", v " << rec.minV
                               << ".." << rec.maxV;
        checked += sets[set].size();
    }
    RecordProperty("uvs_checked", int(checked));
    RecordProperty("top_rounded", int(topRounded));
}

INSTANTIATE_TEST_SUITE_P(Manifest, PackedUvSample, testing::ValuesIn(packedUvRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PackedUvSample);

}  // namespace
