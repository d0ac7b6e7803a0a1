// Damage sweeps over real files (ufbx style): every real ODOL and terrain sample is truncated,
// patched and given hostile values at exactly the count fields the decoder reads; each decode
// must end in a model or a clean error that names the file and an offset inside it.
// Deterministic (fixed seeds).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "odol/odol_parse.hpp"
#include "rv/odol.hpp"
#include "rv/wrp.hpp"
#include "support/samples.hpp"
#include "wrp/wrp_parse.hpp"

namespace {

// Decodes `bytes` with decoder `decode(data, size, name, options)`; returns a failure
// description, or "" when the outcome is acceptable.
template <class Decode>
std::string check(Decode decode, const std::vector<uint8_t>& bytes, const std::string& what) {
    rv::Options options;
    options.memoryLimit = uint64_t(256) << 20;
    auto r = decode(bytes.data(), bytes.size(), "damaged", options, nullptr);
    if (r.ok()) return {};
    if (rv::diagnosticLine(r.error()).rfind("damaged: ", 0) != 0)
        return what + ": message does not name the file: " + rv::diagnosticLine(r.error());
    if (r.error().offset > bytes.size()) return what + ": offset beyond the file: " + rv::diagnosticLine(r.error());
    if (r.error().severity != rv::Severity::Error || int(r.error().kind) >= 100)
        return what + ": an error with a warning's kind or severity: " + rv::diagnosticLine(r.error());
    return {};
}

using rvtest::spread;

// The sweeps: truncation (every length of small files, 96 spread lengths of big ones, plus the
// last 8), hostile values at `extraTargets` and at up to 200 of the count fields the decoder
// reads, single-byte flips and 8-byte random patches at 128 spread offsets.
template <class Decode>
void sweep(Decode decode, const std::vector<uint8_t>& original, std::vector<uint64_t> extraTargets, uint32_t seed) {
    std::vector<uint64_t> counts;
    ASSERT_TRUE(decode(original.data(), original.size(), "sample", rv::Options{}, &counts).ok());
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());

    std::vector<uint8_t> bytes;
    std::vector<size_t> lengths = spread(original.size(), original.size() <= 4096 ? original.size() : 96);
    for (size_t k = 1; k <= 8 && k <= original.size(); ++k) lengths.push_back(original.size() - k);
    for (size_t len : lengths) {
        bytes.assign(original.begin(), original.begin() + long(len));
        const std::string failure = check(decode, bytes, "truncated to " + std::to_string(len));
        ASSERT_TRUE(failure.empty()) << failure;
    }
    for (size_t pick : spread(counts.size(), 200)) extraTargets.push_back(counts[pick]);
    for (uint64_t at : extraTargets) {
        if (at + 4 > original.size()) continue;
        for (uint32_t v : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u, 0x00FFFFFFu, 0x00010000u}) {
            bytes = original;
            std::memcpy(&bytes[at], &v, 4);
            const std::string failure =
                check(decode, bytes, "value " + std::to_string(v) + " at " + std::to_string(at));
            ASSERT_TRUE(failure.empty()) << failure;
        }
    }
    std::mt19937 rng(seed);
    for (size_t at : spread(original.size(), 128)) {
        bytes = original;
        bytes[at] ^= 0xFF;
        std::string failure = check(decode, bytes, "byte flipped at " + std::to_string(at));
        ASSERT_TRUE(failure.empty()) << failure;
        bytes = original;
        for (size_t k = 0; k < 8 && at + k < bytes.size(); ++k) bytes[at + k] = uint8_t(rng());
        failure = check(decode, bytes, "8 random bytes at " + std::to_string(at));
        ASSERT_TRUE(failure.empty()) << failure;
    }
}

auto decodeModel = [](const uint8_t* d, size_t n, const std::string& name, const rv::Options& o,
                      std::vector<uint64_t>* counts) { return rv::odol::decode(d, n, name, o, counts); };
auto decodeTerrain = [](const uint8_t* d, size_t n, const std::string& name, const rv::Options& o,
                        std::vector<uint64_t>* counts) { return rv::wrp::decode(d, n, name, o, counts); };

std::vector<rvtest::ManifestRow> realRows() {
    std::vector<rvtest::ManifestRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (auto& r : rvtest::readManifest(dir))
        if (r.signature == "ODOL" && (r.path.rfind("real/", 0) == 0 || r.path.rfind("v7/", 0) == 0)) out.push_back(r);
    return out;
}

class RealDamage : public testing::TestWithParam<rvtest::ManifestRow> {};

TEST_P(RealDamage, TruncationPatchesAndHostileCounts) {
    const std::vector<uint8_t> original = rvtest::readBytes(rvtest::samplesDir() + "/" + GetParam().path);
    ASSERT_FALSE(original.empty());
    sweep(decodeModel, original, {}, 1234);
}

INSTANTIATE_TEST_SUITE_P(Samples, RealDamage, testing::ValuesIn(realRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RealDamage);

// The terrain samples (the 9 MB 8WVR is left to the fuzzer); the header's grid sizes are
// targeted too.
std::vector<rvtest::TerrainRow> smallTerrainRows() {
    std::vector<rvtest::TerrainRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (auto& r : rvtest::readTerrainManifest(dir))
        if (rvtest::readBytes(dir + "/" + r.path).size() < (2u << 20)) out.push_back(r);
    return out;
}

class RealWrpDamage : public testing::TestWithParam<rvtest::TerrainRow> {};

TEST_P(RealWrpDamage, TruncationPatchesAndHostileCounts) {
    const std::vector<uint8_t> original = rvtest::readBytes(rvtest::samplesDir() + "/" + GetParam().path);
    ASSERT_FALSE(original.empty());
    sweep(decodeTerrain, original, {4, 8, 12, 16, 20}, 99);
}

INSTANTIATE_TEST_SUITE_P(Terrains, RealWrpDamage, testing::ValuesIn(smallTerrainRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RealWrpDamage);

}  // namespace
