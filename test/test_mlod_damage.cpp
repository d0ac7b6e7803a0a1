// Damage sweeps over editable models (as test_damage_real.cpp does for ODOL): the writer's P3DM
// and SP3X boxes and the editable samples under 400 KB are truncated, patched and given hostile
// values at exactly the count fields the decoder reads (LOD counts, point/normal/face counts, tag
// sizes). Each decode must end in a model whose view builds, or a clean error naming the file and
// an offset inside it. Deterministic (fixed seeds).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "mlod/mlod_parse.hpp"
#include "rv/view.hpp"
#include "support/mlod_writer.hpp"
#include "support/samples.hpp"

namespace {

std::string check(const std::vector<uint8_t>& bytes, const std::string& what) {
    rv::Options options;
    options.memoryLimit = uint64_t(256) << 20;
    auto r = rv::mlod::decode(bytes.data(), bytes.size(), "damaged", options, nullptr);
    if (r.ok()) {
        options.lods = "all";
        rv::Frame frame;
        frame.axes = rv::Axes::YUp;
        frame.splitFoldedQuads = true;
        auto view = rv::buildModelView(r.value(), options, frame);
        if (!view.ok() && view.error().kind != rv::DiagKind::MemoryLimit)
            return what + ": the view failed: " + rv::diagnosticLine(view.error());
        return {};
    }
    if (rv::diagnosticLine(r.error()).rfind("damaged: ", 0) != 0) return what + ": message does not name the file: " + rv::diagnosticLine(r.error());
    if (r.error().offset > bytes.size()) return what + ": offset beyond the file: " + rv::diagnosticLine(r.error());
    if (r.error().severity != rv::Severity::Error || int(r.error().kind) >= 100)
        return what + ": an error with a warning's kind or severity: " + rv::diagnosticLine(r.error());
    return {};
}

using rvtest::spread;

void sweep(const std::vector<uint8_t>& original, uint32_t seed) {
    std::vector<uint64_t> counts;
    ASSERT_TRUE(rv::mlod::decode(original.data(), original.size(), "sample", rv::Options{}, &counts).ok());
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    std::vector<uint8_t> bytes;
    std::vector<size_t> lengths = spread(original.size(), original.size() <= 4096 ? original.size() : 96);
    for (size_t k = 1; k <= 8 && k <= original.size(); ++k) lengths.push_back(original.size() - k);
    for (size_t len : lengths) {
        bytes.assign(original.begin(), original.begin() + long(len));
        const std::string failure = check(bytes, "truncated to " + std::to_string(len));
        ASSERT_TRUE(failure.empty()) << failure;
    }
    for (size_t pick : spread(counts.size(), 200)) {
        const uint64_t at = counts[pick];
        for (uint32_t v : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u, 0x00FFFFFFu, 0x00010000u, 0u, 1u}) {
            bytes = original;
            std::memcpy(&bytes[at], &v, 4);
            const std::string failure = check(bytes, "value " + std::to_string(v) + " at " + std::to_string(at));
            ASSERT_TRUE(failure.empty()) << failure;
        }
    }
    std::mt19937 rng(seed);
    for (size_t at : spread(original.size(), 128)) {
        bytes = original;
        bytes[at] ^= 0xFF;
        std::string failure = check(bytes, "byte flipped at " + std::to_string(at));
        ASSERT_TRUE(failure.empty()) << failure;
        bytes = original;
        for (size_t k = 0; k < 8 && at + k < bytes.size(); ++k) bytes[at + k] = uint8_t(rng());
        failure = check(bytes, "8 random bytes at " + std::to_string(at));
        ASSERT_TRUE(failure.empty()) << failure;
    }
}

TEST(MlodDamage, WriterBoxes) {
    sweep(rvtest::writeMlod(rvtest::makeBoxModel(false)), 7);
    sweep(rvtest::writeMlod(rvtest::makeBoxModel(true)), 8);
}

std::vector<std::string> smallSamples() {
    std::vector<std::string> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (const std::vector<std::string>& c : rvtest::readTsv(dir + "/editable.tsv"))
        if (!c.empty() && rvtest::readBytes(dir + "/" + c[0]).size() < 400u * 1024) out.push_back(c[0]);
    return out;
}

class EditableDamage : public testing::TestWithParam<std::string> {};

TEST_P(EditableDamage, TruncationPatchesAndHostileCounts) {
    const std::vector<uint8_t> original = rvtest::readBytes(rvtest::samplesDir() + "/" + GetParam());
    ASSERT_FALSE(original.empty());
    sweep(original, 4321);
}

INSTANTIATE_TEST_SUITE_P(Samples, EditableDamage, testing::ValuesIn(smallSamples()),
                         [](const testing::TestParamInfo<std::string>& param) {
                             std::string n;
                             for (char c : param.param) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EditableDamage);

}  // namespace
