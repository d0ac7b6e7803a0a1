// Exact values from real files. Each expected value was obtained independently of the decoder:
// from the editable MLOD source of the same model, or by unpacking the raw bytes by hand.
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace {

std::vector<std::string> lodNames(const rv::OdolModel& m) {
    std::vector<std::string> n;
    for (const auto& l : m.lods) n.push_back(l.name);
    return n;
}

// KAM m7a3 (ODOL v73, Bohemia's binarizer) against its MLOD source editable/kam/m7a3.p3d:
// the MLOD's LOD resolutions are 0, 1e13, 3e13, 4e13, 1e15, 2e15, 7e15, and its memory LOD
// holds mem01 = point 0 at (-0.00094984344, 0.15077211, 0) and mem02 = point 1 at
// (-0.03632667, 0.070755034, 0). ODOL stores positions minus the bounding centre.
TEST(OdolRealValues, M7a3MemoryPointsMatchTheMlodSource) {
    RV_LOAD_SAMPLE(m, "real/kam/aff6fa87_m7a3.p3d");
    EXPECT_EQ(lodNames(m), (std::vector<std::string>{"0.000", "Geometry", "PhysX (old)", "Geometry PhysX", "Memory",
                                                     "Land Contact", "Fire Geometry"}));
    const rv::OdolLod& mem = m.lods[4];
    ASSERT_EQ(mem.positions.size(), 2u);
    ASSERT_EQ(mem.selections.size(), 2u);
    EXPECT_EQ(mem.selections[0].name, "mem01");
    EXPECT_EQ(mem.selections[0].vertices, std::vector<uint32_t>{0});
    EXPECT_EQ(mem.selections[1].name, "mem02");
    EXPECT_EQ(mem.selections[1].vertices, std::vector<uint32_t>{1});
    const rv::Vec3 c = m.info.boundingCenter;
    const float mlod[2][3] = {{-0.00094984344f, 0.15077211f, 0.0f}, {-0.03632667f, 0.070755034f, 0.0f}};
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(mem.positions[i].x + c.x, mlod[i][0], 1e-6);
        EXPECT_NEAR(mem.positions[i].y + c.y, mlod[i][1], 1e-6);
        EXPECT_NEAR(mem.positions[i].z + c.z, mlod[i][2], 1e-6);
    }
    // Binarize lower-cases selection names: the MLOD says "MK13 Flash Bang".
    EXPECT_EQ(m.lods[0].selections[0].name, "mk13 flash bang");
    EXPECT_EQ(
        m.lods[0].textures,
        std::vector<std::string>{"digi_ace_extension_gas_more\\addons\\digi_grenades\\ui\\data\\digi_m7a3_model.paa"});
}

// AGM_M84 (v59): the material's strings appear in the file in this order (`strings`), and the
// stage ids run 0..7 with the texture filter 3 that Binarize writes.
TEST(OdolRealValues, AgmM84MaterialStages) {
    RV_LOAD_SAMPLE(m, "real/agm/AGM_M84.p3d");
    EXPECT_EQ(lodNames(m), (std::vector<std::string>{"1.000", "ShadowVolume 1", "Geometry", "ShadowBuffer 1"}));
    ASSERT_EQ(m.lods[0].materials.size(), 1u);
    const rv::OdolMaterial& mat = m.lods[0].materials[0];
    EXPECT_EQ(mat.name, "agm_grenades\\data\\agm_m84.rvmat");
    EXPECT_EQ(mat.version, 11u);
    ASSERT_EQ(mat.stages.size(), 8u);
    EXPECT_EQ(mat.stages[1].texture, "agm_grenades\\data\\agm_m84_nohq.paa");
    EXPECT_EQ(mat.stages[5].texture, "agm_grenades\\data\\agm_m84_smdi.paa");
    EXPECT_EQ(mat.stages[7].texture, "a3\\data_f\\env_land_co.paa");
    EXPECT_EQ(mat.stages[6].texture, "#(ai,16,2,2)fresnel(10.4,8.3)");
    for (uint32_t i = 0; i < 8; ++i) {
        EXPECT_EQ(mat.stages[i].stageId, i);
        EXPECT_EQ(mat.stages[i].textureFilter, 3u);
    }
    EXPECT_EQ(m.lods[0].textures, std::vector<std::string>{"agm_grenades\\data\\agm_m84_co.paa"});
    ASSERT_EQ(m.lods[0].sections.size(), 1u);
    EXPECT_EQ(m.lods[0].sections[0].materialIndex, 0);
    EXPECT_EQ(m.lods[0].sections[0].textureIndex, 0);
    EXPECT_EQ(m.lods[0].sections[0].endFace, m.lods[0].faceCount());
}

// pya_pylon_single (armake v71): the proxy record unpacked by hand right after its path string
// is 12 floats (aside, up, dir, position) then sequence id 1, selection 0, bone -1.
TEST(OdolRealValues, PylonProxyPathAndTransform) {
    RV_LOAD_SAMPLE(m, "generated/armake-v71/ah-64d/pya_pylon_single.p3d");
    ASSERT_EQ(m.lods[0].proxies.size(), 1u);
    const rv::OdolProxy& p = m.lods[0].proxies[0];
    EXPECT_EQ(p.model, "\\a3\\weapons_f\\dynamicloadout\\pylonpod_3x_missile_agm_02_f");
    const float expected[12] = {0.8944271802902222f,  0, 0, 0,   0, -1, 0, 0.8944271802902222f,
                                -0.4472135901451111f, 0, 0, 0.5f};
    for (int i = 0; i < 12; ++i) EXPECT_EQ(p.transform.m[i], expected[i]) << i;
    EXPECT_EQ(p.sequenceId, 1);
    EXPECT_EQ(p.selectionIndex, 0);
    EXPECT_EQ(p.boneIndex, -1);
}

// tf_bussole (v40, Arma 1, LZSS): resolutions read by hand at offset 12 are 1, 2, 10000, 1e13,
// 2e15, 11000.
TEST(OdolRealValues, BussoleV40LodNamesAndLzssArrays) {
    RV_LOAD_SAMPLE(m, "real/tfar-pairs/odol/tf_bussole.p3d");
    EXPECT_EQ(lodNames(m), (std::vector<std::string>{"1.000", "2.000", "ShadowVolume 0", "Geometry", "Land Contact",
                                                     "ShadowBuffer 0"}));
    EXPECT_EQ(m.skeleton.name, "OFP2_ManSkeleton");
    EXPECT_EQ(m.skeleton.bones.size(), 103u);
    // v40 stores float UVs and normals; every visual vertex has both.
    EXPECT_EQ(m.lods[0].uvSets.at(0).size(), m.lods[0].positions.size());
    EXPECT_EQ(m.lods[0].normals.size(), m.lods[0].positions.size());
}

// Normals point outward: on a closed model the decoded normal agrees with the outward face
// normal cross(v1-v0, v2-v0) (format notes §2.10) for nearly every face.
TEST(OdolRealValues, NormalsPointOutward) {
    for (const char* path :
         {"real/dayz-epoch-108/biomeat_can.p3d", "real/tfar-pairs/odol/tf_bussole.p3d", "real/kam/antidote.p3d"}) {
        RV_LOAD_SAMPLE(m, path);
        const rv::OdolLod& l = m.lods[0];
        size_t agree = 0, disagree = 0;
        for (size_t f = 0; f < l.faceCount(); ++f) {
            const rv::Vec3 a = l.positions[l.faceIndices[l.faceStart[f]]];
            const rv::Vec3 b = l.positions[l.faceIndices[l.faceStart[f] + 1]];
            const rv::Vec3 c = l.positions[l.faceIndices[l.faceStart[f] + 2]];
            const rv::Vec3 u{b.x - a.x, b.y - a.y, b.z - a.z}, v{c.x - a.x, c.y - a.y, c.z - a.z};
            const rv::Vec3 n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
            const rv::Vec3 s = l.normals[l.faceIndices[l.faceStart[f]]];
            float d = n.x * s.x + n.y * s.y + n.z * s.z;
            (d > 0 ? agree : disagree) += 1;
        }
        EXPECT_GT(agree, 20 * disagree) << path << ": " << agree << " : " << disagree;
    }
}

}  // namespace
