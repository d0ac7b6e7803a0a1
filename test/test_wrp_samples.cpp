// Every terrain sample of ../shared/samples/terrain.tsv decodes to the grid size, object count
// and elevation hash that independent readers agree on, plus values checked by hand.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cmath>
#include <cstring>

#include "rv/wrp.hpp"
#include "support/samples.hpp"

namespace {

std::vector<rvtest::TerrainRow> terrainRows() {
    const std::string dir = rvtest::samplesDir();
    return dir.empty() ? std::vector<rvtest::TerrainRow>{} : rvtest::readTerrainManifest(dir);
}

rv::WrpTerrain load(const std::string& rel) {
    auto bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + rel);
    auto r = rv::decodeWrp(bytes.data(), bytes.size(), rel);
    EXPECT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    return r.ok() ? std::move(r.value()) : rv::WrpTerrain{};
}


class WrpSample : public testing::TestWithParam<rvtest::TerrainRow> {};

TEST_P(WrpSample, MatchesManifest) {
    const auto& row = GetParam();
    const rv::WrpTerrain t = load(row.path);
    EXPECT_EQ(t.mapSizeX, row.mapX);
    EXPECT_EQ(t.mapSizeY, row.mapY);
    EXPECT_EQ(t.elevation.size(), size_t(row.mapX) * row.mapY);
    // terrain.tsv counts 8WVR's closing dummy object, which the decoder drops (notes §3.3).
    const int64_t dummy = t.signature == "8WVR" ? 1 : 0;
    EXPECT_EQ(int64_t(t.objects.size()) + dummy, row.objects);
    EXPECT_TRUE(t.warnings.empty()) << rv::diagnosticLine(t.warnings.front());
    EXPECT_EQ(t.materialIndex.size(), size_t(t.layerSizeX) * t.layerSizeY);
    for (const rv::WrpObject& o : t.objects) EXPECT_FALSE(o.model.empty());
    if (!row.elevFnv64.empty()) {
        // The samples README calls this the textbook FNV-1a, but the values are FNV-1a with the
        // same decimal offset basis as geo_fnv64 (1469598103934665603), checked on all four.
        rvtest::GeoHash h;
        h.bytes(t.elevation.data(), t.elevation.size() * 4);
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016" PRIx64, h.h);
        EXPECT_EQ(buf, row.elevFnv64);
    }
}

INSTANTIATE_TEST_SUITE_P(Terrains, WrpSample, testing::ValuesIn(terrainRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(WrpSample);

}  // namespace
