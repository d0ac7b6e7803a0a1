// Models written by our own test-side v73 writer (from the notes) decode to exactly what was
// written, raw and LZO; every truncation and byte patch of them ends in success or a clean error.
#include <gtest/gtest.h>
#include <lzo/lzo1x.h>

#include <cstring>


#include "support/odol_writer.hpp"

namespace {

std::vector<uint8_t> liblzo(const uint8_t* p, size_t n) {
    static bool init = lzo_init() == LZO_E_OK;
    EXPECT_TRUE(init);
    std::vector<uint8_t> out(n + n / 16 + 64 + 3), wrk(LZO1X_999_MEM_COMPRESS);
    lzo_uint len = out.size();
    EXPECT_EQ(lzo1x_999_compress(p, n, out.data(), &len, wrk.data()), LZO_E_OK);
    out.resize(len);
    return out;
}

rv::OdolModel decodeOk(const std::vector<uint8_t>& bytes) {
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    EXPECT_TRUE(res.ok()) << res.error().message;
    return res.ok() ? res.value() : rv::OdolModel{};
}

void expectSameModel(const rv::OdolModel& want, const rv::OdolModel& got) {
    EXPECT_EQ(got.version, 73u);
    EXPECT_TRUE(got.warnings.empty()) << got.warnings.front();
    EXPECT_EQ(got.info.boundingCenter.y, want.info.boundingCenter.y);
    EXPECT_EQ(got.info.mass, want.info.mass);
    ASSERT_EQ(got.lods.size(), want.lods.size());
    for (size_t i = 0; i < want.lods.size(); ++i) {
        SCOPED_TRACE("LOD " + std::to_string(i));
        const rv::OdolLod &w = want.lods[i], &g = got.lods[i];
        EXPECT_EQ(g.name, w.name);
        EXPECT_EQ(g.resolution, w.resolution);
        ASSERT_EQ(g.positions.size(), w.positions.size());
        for (size_t k = 0; k < w.positions.size(); ++k) {
            EXPECT_EQ(g.positions[k].x, w.positions[k].x);
            EXPECT_EQ(g.positions[k].y, w.positions[k].y);
            EXPECT_EQ(g.positions[k].z, w.positions[k].z);
        }
        EXPECT_EQ(g.faceIndices, w.faceIndices);
        EXPECT_EQ(g.faceStart, w.faceStart);
        ASSERT_EQ(g.normals.size(), w.normals.size());
        for (size_t k = 0; k < w.normals.size(); ++k) {
            EXPECT_NEAR(g.normals[k].x, w.normals[k].x, 1.0 / 511);
            EXPECT_NEAR(g.normals[k].y, w.normals[k].y, 1.0 / 511);
            EXPECT_NEAR(g.normals[k].z, w.normals[k].z, 1.0 / 511);
        }
        ASSERT_EQ(g.uvSets.size(), w.uvSets.size());
        for (size_t s = 0; s < w.uvSets.size(); ++s)
            for (size_t k = 0; k < w.uvSets[s].size(); ++k) {
                EXPECT_NEAR(g.uvSets[s][k].u, w.uvSets[s][k].u, 2e-5);
                EXPECT_NEAR(g.uvSets[s][k].v, w.uvSets[s][k].v, 2e-5);
            }
        EXPECT_EQ(g.textures, w.textures);
        ASSERT_EQ(g.materials.size(), w.materials.size());
        for (size_t k = 0; k < w.materials.size(); ++k) {
            EXPECT_EQ(g.materials[k].name, w.materials[k].name);
            ASSERT_EQ(g.materials[k].stages.size(), w.materials[k].stages.size());
            for (size_t t = 0; t < w.materials[k].stages.size(); ++t)
                EXPECT_EQ(g.materials[k].stages[t].texture, w.materials[k].stages[t].texture);
            EXPECT_EQ(g.materials[k].diffuse, w.materials[k].diffuse);
            EXPECT_EQ(g.materials[k].thermalStage.texture, w.materials[k].thermalStage.texture);
        }
        ASSERT_EQ(g.sections.size(), w.sections.size());
        for (size_t k = 0; k < w.sections.size(); ++k) {
            EXPECT_EQ(g.sections[k].firstFace, w.sections[k].firstFace);
            EXPECT_EQ(g.sections[k].endFace, w.sections[k].endFace);
            EXPECT_EQ(g.sections[k].textureIndex, w.sections[k].textureIndex);
            EXPECT_EQ(g.sections[k].materialIndex, w.sections[k].materialIndex);
            EXPECT_EQ(g.sections[k].areaOverTex, w.sections[k].areaOverTex);
        }
        ASSERT_EQ(g.selections.size(), w.selections.size());
        for (size_t k = 0; k < w.selections.size(); ++k) {
            EXPECT_EQ(g.selections[k].name, w.selections[k].name);
            EXPECT_EQ(g.selections[k].vertices, w.selections[k].vertices);
            EXPECT_EQ(g.selections[k].faces, w.selections[k].faces);
            EXPECT_EQ(g.selections[k].vertexWeights, w.selections[k].vertexWeights);
        }
        ASSERT_EQ(g.properties.size(), w.properties.size());
        for (size_t k = 0; k < w.properties.size(); ++k) {
            EXPECT_EQ(g.properties[k].name, w.properties[k].name);
            EXPECT_EQ(g.properties[k].value, w.properties[k].value);
        }
        ASSERT_EQ(g.proxies.size(), w.proxies.size());
        for (size_t k = 0; k < w.proxies.size(); ++k) {
            EXPECT_EQ(g.proxies[k].model, w.proxies[k].model);
            EXPECT_EQ(g.proxies[k].transform.m, w.proxies[k].transform.m);
            EXPECT_EQ(g.proxies[k].sequenceId, w.proxies[k].sequenceId);
            EXPECT_EQ(g.proxies[k].selectionIndex, w.proxies[k].selectionIndex);
        }
    }
}

TEST(OdolFixtures, CrateRoundTripsRaw) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    expectSameModel(crate, decodeOk(rvtest::writeOdol73(crate)));
}

TEST(OdolFixtures, CrateRoundTripsWithLzoPayloads) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    opt.lzoFrom = 1;  // even tiny payloads, as Bohemia's binarizer does (flag 2 below 1024 B)
    auto bytes = rvtest::writeOdol73(crate, opt);
    EXPECT_LT(bytes.size(), rvtest::writeOdol73(crate).size());
    expectSameModel(crate, decodeOk(bytes));
}

// ufbx-style damage sweep: every truncation, every single-byte flip, and hostile counts written
// at every offset must end in success or a clean error naming an offset, quickly.
TEST(OdolFixtures, DamageSweepEndsCleanly) {
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    for (bool lzo : {false, true}) {
        auto good = rvtest::writeOdol73(rvtest::makeCrateModel(), lzo ? opt : rvtest::OdolWriteOptions{});
        size_t failures = 0, runs = 0;
        auto check = [&](const std::vector<uint8_t>& b) {
            auto res = rv::decodeOdol(b.data(), b.size(), "crate.p3d");
            ++runs;
            if (!res.ok()) {
                ++failures;
                EXPECT_EQ(res.error().message.rfind("crate.p3d: ", 0), 0u) << res.error().message;
                EXPECT_NE(res.error().message.find("offset 0x"), std::string::npos) << res.error().message;
                EXPECT_LE(res.error().offset, b.size());
            }
        };
        for (size_t cut = 0; cut < good.size(); ++cut)
            check(std::vector<uint8_t>(good.begin(), good.begin() + ptrdiff_t(cut)));
        for (size_t at = 0; at < good.size(); ++at) {
            auto b = good;
            b[at] ^= 0xFF;
            check(b);
        }
        for (uint32_t hostile : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u}) {
            for (size_t at = 0; at + 4 <= good.size(); ++at) {
                auto b = good;
                std::memcpy(b.data() + at, &hostile, 4);
                check(b);
            }
        }
        EXPECT_GT(failures, good.size());  // every truncation at least must fail
        RecordProperty(lzo ? "runs_lzo" : "runs_raw", int(runs));  // hangs are caught by the ctest timeout
    }
}

TEST(OdolFixtures, MemoryBudgetIsEnforced) {
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::DecodeOptions small;
    small.maxDecodedBytes = 100;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d", small);
    ASSERT_FALSE(res.ok());
    EXPECT_NE(res.error().message.find("memory budget"), std::string::npos) << res.error().message;
}

}  // namespace
