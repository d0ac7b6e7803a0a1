// Every ODOL sample with a geo_fnv64 in ../shared/samples/manifest.tsv decodes to exactly the
// counts and geometry hash that two independent public readers agree on.
#include <gtest/gtest.h>

#include <cinttypes>

#include "rv/odol.hpp"
#include "support/model_hash.hpp"
#include "support/samples.hpp"

namespace {

std::vector<rvtest::ManifestRow> odolRows() {
    std::vector<rvtest::ManifestRow> out;
    std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (auto& r : rvtest::readManifest(dir))
        if (r.signature == "ODOL" && !r.geoFnv64.empty()) out.push_back(r);
    return out;
}

using rvtest::geoHash;

class OdolSample : public testing::TestWithParam<rvtest::ManifestRow> {};

TEST_P(OdolSample, MatchesManifest) {
    const auto& row = GetParam();
    auto bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + row.path);
    ASSERT_FALSE(bytes.empty()) << row.path;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), row.path);
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    const rv::OdolModel& m = res.value();
    EXPECT_EQ(m.version, row.version);
    int64_t verts = 0, faces = 0, sels = 0;
    for (const rv::OdolLod& l : m.lods) {
        verts += int64_t(l.positions.size());
        faces += int64_t(l.faceCount());
        sels += int64_t(l.selections.size());
    }
    EXPECT_EQ(int64_t(m.lods.size()), row.lods);
    EXPECT_EQ(verts, row.verts);
    EXPECT_EQ(faces, row.faces);
    EXPECT_EQ(sels, row.selections);
    EXPECT_EQ(geoHash(m), row.geoFnv64);
    // Bohemia's own files decode without a single warning; armake's v68 files warn only about
    // the missing LOD tails.
    for (const rv::Warning& w : m.warnings) {
        EXPECT_EQ(w.kind, rv::DiagKind::EndsEarly) << rv::diagnosticLine(w);
        EXPECT_EQ(w.severity, rv::Severity::Warning);
        EXPECT_NE(rv::diagnosticLine(w).find("LOD ends 5 bytes early"), std::string::npos) << rv::diagnosticLine(w);
    }
    if (row.path.rfind("real/", 0) == 0) {
        EXPECT_TRUE(m.warnings.empty());
    }
}

INSTANTIATE_TEST_SUITE_P(Manifest, OdolSample, testing::ValuesIn(odolRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OdolSample);

TEST(OdolSamples, PresentOrSkipped) {
    if (rvtest::samplesDir().empty())
        GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR): real-file tests skipped";
    EXPECT_GE(odolRows().size(), 100u);
}

}  // namespace
