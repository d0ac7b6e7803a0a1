// What the decoder tolerates, and how it says so: each oddity is dropped or repaired with a
// warning of a definite kind, at the structure where it was found. Models from the test-side
// writer with one thing wrong each.
#include <gtest/gtest.h>

#include "support/odol_writer.hpp"

namespace {

using rv::DiagKind;

rv::OdolModel decodeWithWarnings(const rv::OdolModel& m) {
    auto bytes = rvtest::writeOdol73(m);
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    EXPECT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    return res.ok() ? std::move(res.value()) : rv::OdolModel{};
}

// The one warning of a decode (the test fails unless there is exactly one).
rv::Warning onlyWarning(const rv::OdolModel& m) {
    EXPECT_EQ(m.warnings.size(), 1u);
    if (m.warnings.size() > 1)
        for (const rv::Warning& w : m.warnings) ADD_FAILURE() << rv::diagnosticLine(w);
    if (m.warnings.empty()) return {};
    const rv::Warning& w = m.warnings[0];
    EXPECT_EQ(w.severity, rv::Severity::Warning);
    EXPECT_EQ(rv::diagnosticLine(w).rfind("crate.p3d: " + w.where + ": ", 0), 0u) << rv::diagnosticLine(w);
    return w;
}

TEST(OdolWarnings, TheCrateHasNone) { EXPECT_TRUE(decodeWithWarnings(rvtest::makeCrateModel()).warnings.empty()); }

TEST(OdolWarnings, SectionTextureBeyondTheTableIsDropped) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    crate.lods[0].sections[0].textureIndex = 7;
    rv::OdolModel got = decodeWithWarnings(crate);
    rv::Warning w = onlyWarning(got);
    EXPECT_EQ(w.kind, DiagKind::IndexOutOfRange);
    EXPECT_EQ(w.where, "LOD 0 sections section 0");
    EXPECT_EQ(got.lods[0].sections[0].textureIndex, -1);
}

TEST(OdolWarnings, SelectionWeightsThatDoNotMatchAreDropped) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    crate.lods[0].selections[0].vertexWeights = {1, 2};  // 4 vertices
    rv::OdolModel got = decodeWithWarnings(crate);
    rv::Warning w = onlyWarning(got);
    EXPECT_EQ(w.kind, DiagKind::SizeMismatch);
    EXPECT_EQ(w.where, "LOD 0 selections selection 0");
    EXPECT_TRUE(got.lods[0].selections[0].vertexWeights.empty());
}

TEST(OdolWarnings, SelectedVerticesThatDoNotExistAreDropped) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    crate.lods[2].selections[0].vertices.push_back(9999);
    rv::OdolModel got = decodeWithWarnings(crate);
    rv::Warning w = onlyWarning(got);
    EXPECT_EQ(w.kind, DiagKind::IndexOutOfRange);
    EXPECT_EQ(w.where, "LOD 2");
    EXPECT_EQ(got.lods[2].selections[0].vertices.size(), 24u);
}

TEST(OdolWarnings, PerVertexArraysOfTheWrongLengthAreDropped) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    crate.lods[0].normals.pop_back();
    rv::OdolModel got = decodeWithWarnings(crate);
    rv::Warning w = onlyWarning(got);
    EXPECT_EQ(w.kind, DiagKind::SizeMismatch);
    EXPECT_EQ(w.where, "LOD 0");
    EXPECT_TRUE(got.lods[0].normals.empty());
}

}  // namespace
