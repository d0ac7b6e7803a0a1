// Field-by-field comparison of a model the tests wrote with the model the decoder read back.
#include "support/model_compare.hpp"

#include <gtest/gtest.h>

namespace rvtest {

void expectSameModel(const rv::OdolModel& want, const rv::OdolModel& got) {
    EXPECT_EQ(got.version, want.version);
    EXPECT_TRUE(got.warnings.empty()) << (got.warnings.empty() ? "" : rv::diagnosticLine(got.warnings.front()));
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

}  // namespace rvtest
