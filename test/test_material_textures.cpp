// Material textures for outputs: the glTF maps derived from the engine's (pbr_maps.cpp), .png/.tga
// stand-ins for missing .paa files, and .rvmat files read from the data root when a LOD does not
// embed its material. Expected texels are worked out by hand from the documented rules.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/material_textures.hpp"
#include "support/image_of.hpp"
#include "support/samples.hpp"
#include "support/temp_dir.hpp"
#include "support/tga_writer.hpp"
#include "view/view_internal.hpp"

namespace fs = std::filesystem;
using namespace rv;
using rvtest::imageOf;

namespace {

using rvtest::writeTga;

struct TempRoot : rvtest::TempDir {
    TempRoot() : TempDir("rv_mattex") { fs::create_directories(dir / "mod" / "data"); }
};

}  // namespace

TEST(PbrMaps, RoughnessFromSpecularPower) {
    EXPECT_FLOAT_EQ(view::roughnessFromSpecularPower(30), 0.5f);  // (2/32)^(1/4)
    EXPECT_FLOAT_EQ(view::roughnessFromSpecularPower(0), 1.0f);
    EXPECT_FLOAT_EQ(view::roughnessFromSpecularPower(-5), 1.0f);
    EXPECT_FLOAT_EQ(view::roughnessFromSpecularPower(NAN), 1.0f);
    EXPECT_NEAR(view::roughnessFromSpecularPower(1000), 0.21137f, 1e-5);  // (2/1002)^(1/4) = exp(ln(0.001996)/4)
}

TEST(PbrMaps, MetallicRoughnessFromSmdiBlueAndSpecularPower) {
    // Blue 255 -> exponent 30 -> roughness 0.5 -> 127.5 rounds to 128; blue 0 -> exponent 0 -> 255.
    const Image mr = view::metallicRoughnessFromSmdi(imageOf(2, 1, {255, 7, 255, 9, 255, 200, 0, 255}), 30);
    EXPECT_EQ(mr.rgba, (std::vector<uint8_t>{255, 128, 0, 255, 255, 255, 0, 255}));
}

TEST(PbrMaps, OcclusionIsTheAmbientShadowsGreen) {
    const Image ao = view::occlusionFromAmbientShadow(imageOf(1, 1, {10, 200, 30, 40}));
    EXPECT_EQ(ao.rgba, (std::vector<uint8_t>{200, 200, 200, 255}));
}

TEST(PbrMaps, NormalMapGreenInvertedAndZRebuilt) {
    // (128, 64): x = 0.0039, engine y = -0.498 -> glTF y = +0.498, z = sqrt(1 - x² - y²) = 0.8672
    // -> 238. (255, 128): x = 1 -> z = 0 -> 127.5 rounds to 128. Blue and alpha as stored are ignored.
    const Image n = view::normalMapForGltf(imageOf(2, 1, {128, 64, 0, 17, 255, 128, 99, 0}));
    EXPECT_EQ(n.rgba, (std::vector<uint8_t>{128, 191, 238, 255, 255, 127, 128, 255}));
}

TEST(MaterialTextures, FileStems) {
    MaterialImage m;
    m.reference = "a3\\data_f\\Box_CO.paa";
    EXPECT_EQ(imageFileStem(m), "Box_CO");
    m.role = TextureRole::MetallicRoughness;
    m.reference = "x/y_smdi.paa";
    EXPECT_EQ(imageFileStem(m), "y_smdi_metallic_roughness");
    m.role = TextureRole::Occlusion;
    m.reference = "a\\b:c|d_as.paa";
    EXPECT_EQ(imageFileStem(m), "b_c_d_as_occlusion");
    m.reference = "\\..";
    m.role = TextureRole::Other;
    EXPECT_EQ(imageFileStem(m), "texture");
}

// A LOD that names its .rvmat without embedding it; the data root holds the .rvmat and .tga
// stand-ins for two of its .paa textures, the normal map is missing.
TEST(MaterialTextures, RvmatFromDataRootAndTgaStandIns) {
    TempRoot root;
    writeTga(root.dir / "mod/data/box_co.tga", 2, 1, {255, 0, 0, 255, 0, 0, 255, 0});
    writeTga(root.dir / "mod/data/box_smdi.tga", 1, 1, {255, 128, 255, 255});
    std::ofstream(root.dir / "mod/data/box.rvmat")
        << "diffuse[]={0.5,0.25,1,1};\nemmisive[]={2,0.5,0,1};\n"
           "specularPower=30;\nclass Stage1 { texture=\"mod\\data\\box_nohq.paa\"; };\n"
           "class Stage2 { texture=\"mod\\data\\box_smdi.paa\"; };\n";
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot) << rv::diagnosticLine(dataRoot.error());
    TextureResolver resolver(&dataRoot.value(), Options{});
    ViewMaterial vm;
    vm.texture = "mod\\data\\box_co.paa";
    vm.rvmat = "\\mod\\data\\box.rvmat";
    const ResolvedMaterial r = resolver.resolve(vm);

    ASSERT_TRUE(r.definition.present());
    EXPECT_FLOAT_EQ(r.definition.specularPower, 30);
    ASSERT_EQ(r.definition.stageTextures.size(), 3u);  // Stage0 (the face texture's slot) empty
    EXPECT_EQ(r.definition.stageTextures[2], "mod\\data\\box_smdi.paa");
    EXPECT_EQ(r.baseColorFactor, (Rgba{0.5f, 0.25f, 1, 1}));
    EXPECT_FLOAT_EQ(r.emissiveFactor.x, 1);  // clamped
    EXPECT_FLOAT_EQ(r.emissiveFactor.y, 0.5f);
    EXPECT_FLOAT_EQ(r.roughnessFactor, 1);  // the _smdi map carries it
    EXPECT_FLOAT_EQ(r.metallicFactor, 0);
    EXPECT_EQ(r.alpha, AlphaMode::Mask);  // alpha 255 and 0 only

    // face texture, Stage1 (missing), Stage2, then the derived metallic-roughness map
    ASSERT_EQ(r.images.size(), 4u);
    ASSERT_EQ(r.baseColor, 0);
    ASSERT_TRUE(r.images[0].image);
    EXPECT_TRUE(r.images[0].where.substituted);
    EXPECT_EQ(r.images[0].image->rgba, (std::vector<uint8_t>{255, 0, 0, 255, 0, 0, 255, 0}));
    EXPECT_EQ(r.images[1].stage, 1);
    EXPECT_FALSE(r.images[1].image);
    EXPECT_EQ(r.normal, -1);
    EXPECT_EQ(r.specularGloss, 2);
    ASSERT_EQ(r.metallicRoughness, 3);
    EXPECT_EQ(r.images[3].derivedFrom, 2);
    EXPECT_EQ(r.images[3].image->rgba, (std::vector<uint8_t>{255, 128, 0, 255}));
    ASSERT_EQ(resolver.warnings().size(), 1u);
    EXPECT_NE(rv::diagnosticLine(resolver.warnings()[0]).find("box_nohq.paa"), std::string::npos);
}

TEST(MaterialTextures, NoRvmatGivesWhiteAndRoughnessOne) {
    TempRoot root;
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    TextureResolver resolver(&dataRoot.value(), Options{});
    ViewMaterial vm;
    vm.texture = "#(argb,8,8,3)color(0.5,0.5,0.5,1,CO)";
    vm.rvmat = "mod\\data\\gone.rvmat";
    const ResolvedMaterial r = resolver.resolve(vm);
    EXPECT_FALSE(r.definition.present());
    EXPECT_EQ(r.baseColorFactor, (Rgba{0.5f, 0.5f, 0.5f, 1}));
    EXPECT_FLOAT_EQ(r.roughnessFactor, 1);
    EXPECT_TRUE(r.images.empty());
    ASSERT_EQ(resolver.warnings().size(), 1u);  // the .rvmat, once
    EXPECT_NE(rv::diagnosticLine(resolver.warnings()[0]).find("gone.rvmat"), std::string::npos);
    resolver.resolve(vm);
    EXPECT_EQ(resolver.warnings().size(), 1u);
}

TEST(MaterialTextures, DamagedStandInIsAWarningNotAFailure) {
    TempRoot root;
    std::ofstream(root.dir / "mod/data/bad_co.png") << "\x89PNG\r\n\x1a\n not really";
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    TextureResolver resolver(&dataRoot.value(), Options{});
    ViewMaterial vm;
    vm.texture = "mod\\data\\bad_co.paa";
    const ResolvedMaterial r = resolver.resolve(vm);
    ASSERT_EQ(r.images.size(), 1u);
    EXPECT_FALSE(r.images[0].image);
    EXPECT_EQ(r.baseColor, -1);
    ASSERT_EQ(resolver.warnings().size(), 1u);
    EXPECT_NE(rv::diagnosticLine(resolver.warnings()[0]).find("bad_co.png"), std::string::npos) << rv::diagnosticLine(resolver.warnings()[0]);
}

TEST(MaterialTextures, StageRolesFromThePixelShader) {
    EXPECT_EQ(stageRoleOfShader("NormalMapSpecularDIMap", 1), TextureRole::Normal);
    EXPECT_EQ(stageRoleOfShader("NormalMapSpecularDIMap", 2), TextureRole::SpecularGloss);
    EXPECT_EQ(stageRoleOfShader("NormalMapSpecularDIMap", 3), TextureRole::Other);
    EXPECT_EQ(stageRoleOfShader("super", 4), TextureRole::AmbientShadow);
    EXPECT_EQ(stageRoleOfShader("Super", 5), TextureRole::SpecularGloss);
    EXPECT_EQ(stageRoleOfShader("NormalMapMacroASSpecularDIMap", 3), TextureRole::AmbientShadow);
    EXPECT_EQ(stageRoleOfShader("NormalMapMacroASSpecularDIMap", 4), TextureRole::SpecularGloss);
    EXPECT_EQ(stageRoleOfShader("NormalMapDetailSpecularDIMap", 2), TextureRole::Detail);
    EXPECT_EQ(stageRoleOfShader("NormalMapDetailSpecularDIMap", 3), TextureRole::SpecularGloss);
    EXPECT_EQ(stageRoleOfShader("Multi", 1), TextureRole::Other);
    EXPECT_EQ(stageRoleOfShader("Super", 0), TextureRole::Other);
}

// DayZ's seabass.rvmat (NormalMapSpecularDIMap) names its maps seabass_norm.paa and
// seabass_spec.paa: the stage order gives their roles.
TEST(MaterialTextures, RealRvmatStagesWithoutSuffixes) {
    if (rvtest::samplesDir().empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)";
    const std::string root = rvtest::samplesDir() + "/textures/data-root";
    if (!fs::exists(root)) GTEST_SKIP() << root << " is absent";
    auto dataRoot = DataRoot::open(root);
    ASSERT_TRUE(dataRoot);
    TextureResolver resolver(&dataRoot.value(), Options{});
    ViewMaterial vm;
    vm.texture = "dayz_equip\\textures\\seabass_diffuse.paa";
    vm.rvmat = "dayz_equip\\textures\\seabass.rvmat";
    const ResolvedMaterial r = resolver.resolve(vm);
    EXPECT_EQ(r.definition.pixelShader, "NormalMapSpecularDIMap");
    ASSERT_GE(r.normal, 0);
    EXPECT_EQ(r.images[size_t(r.images[size_t(r.normal)].derivedFrom)].reference,
              "dayz_equip\\textures\\seabass_norm.paa");
    ASSERT_GE(r.specularGloss, 0);
    EXPECT_EQ(r.images[size_t(r.specularGloss)].reference, "dayz_equip\\textures\\seabass_spec.paa");
    EXPECT_GE(r.metallicRoughness, 0);
    EXPECT_EQ(r.baseColor, 0);
    EXPECT_TRUE(resolver.warnings().empty());
}

namespace {
// An embedded material as binarize writes one: a full copy (Super, with a normal stage) or the
// stub it writes when it could not read the .rvmat (pixel shader 0, one empty stage).
OdolMaterial embeddedMaterial(bool stub) {
    OdolMaterial m;
    m.name = "mod\\data\\box.rvmat";
    m.diffuse = {1, 1, 1, 1};
    m.specularPower = stub ? 0.0f : 40.0f;
    m.pixelShaderId = stub ? 0 : 102;
    m.stages.resize(stub ? 1 : 2);
    if (!stub) m.stages[1].texture = "mod\\data\\embedded_nohq.paa";
    return m;
}
}  // namespace

// The data root's .rvmat wins over what the LOD embeds, a stub or a full copy (issue 27).
TEST(MaterialDefinitionRule, TheDataRootFileWinsOverTheEmbeddedCopy) {
    TempRoot root;
    std::ofstream(root.dir / "mod/data/box.rvmat")
        << "specularPower=150;\nPixelShaderID=\"Super\";\nclass Stage1 { texture=\"mod\\data\\box_nohq.paa\"; };\n";
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    for (bool stub : {true, false}) {
        const OdolMaterial embedded = embeddedMaterial(stub);
        EXPECT_EQ(isStubMaterial(embedded), stub);
        TextureResolver resolver(&dataRoot.value(), Options{});
        ViewMaterial vm;
        vm.rvmat = embedded.name;
        vm.embedded = &embedded;
        const ResolvedMaterial r = resolver.resolve(vm);
        EXPECT_EQ(r.definition.source, DefinitionSource::DataRoot);
        EXPECT_EQ(r.definition.file.path, (root.dir / "mod/data/box.rvmat").lexically_normal().u8string());
        EXPECT_FLOAT_EQ(r.definition.specularPower, 150);
        EXPECT_EQ(r.definition.pixelShader, "Super");
        ASSERT_EQ(r.definition.stageTextures.size(), 2u);
        EXPECT_EQ(r.definition.stageTextures[1], "mod\\data\\box_nohq.paa");
        // box_nohq.paa is missing: one warning naming it, its role, its .rvmat and its stage.
        ASSERT_EQ(resolver.warnings().size(), 1u);
        EXPECT_EQ(rv::diagnosticLine(resolver.warnings()[0]),
                  "box_nohq.paa (normal map of box.rvmat, stage 1) not in the data root: mod\\data\\box_nohq.paa");
    }
}

// Without the file: a full embedded copy is used without a word; a stub is used and named, since
// it loses the normal and specular maps.
TEST(MaterialDefinitionRule, TheEmbeddedCopyStandsInForAMissingFile) {
    TempRoot root;
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    for (bool stub : {false, true}) {
        const OdolMaterial embedded = embeddedMaterial(stub);
        TextureResolver resolver(&dataRoot.value(), Options{});
        ViewMaterial vm;
        vm.rvmat = embedded.name;
        vm.embedded = &embedded;
        const ResolvedMaterial r = resolver.resolve(vm);
        EXPECT_EQ(r.definition.source, stub ? DefinitionSource::EmbeddedStub : DefinitionSource::Embedded);
        EXPECT_FLOAT_EQ(r.definition.specularPower, stub ? 0.0f : 40.0f);
        ASSERT_EQ(resolver.warnings().size(), 1u);
        EXPECT_EQ(rv::diagnosticLine(resolver.warnings()[0]),
                  stub ? "box.rvmat (material) not in the data root: mod\\data\\box.rvmat; the model embeds only an "
                         "empty stub of it, so no normal or specular map is shown"
                       : "embedded_nohq.paa (normal map of box.rvmat, stage 1) not in the data root: "
                         "mod\\data\\embedded_nohq.paa");
    }
}

// Under a pixel shader we know, a stage's role is its place: Super's Stage7 env_co.paa is an
// environment map (no output draws it, so it is silent), never a second colour map.
TEST(MaterialDefinitionRule, KnownShaderStagesTakeTheShadersRoles) {
    TempRoot root;
    writeTga(root.dir / "mod/data/env_co.tga", 1, 1, {9, 9, 9, 255});
    std::ofstream(root.dir / "mod/data/box.rvmat") << "PixelShaderID=\"Super\";\n"
                                                      "class Stage7 { texture=\"mod\\data\\env_co.paa\"; };\n"
                                                      "class Stage3 { texture=\"mod\\data\\box_mc.paa\"; };\n";
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    for (bool verbose : {false, true}) {
        Options options;
        options.verbose = verbose;
        TextureResolver resolver(&dataRoot.value(), options);
        ViewMaterial vm;
        vm.texture = "mod\\data\\gone_co.paa";
        vm.rvmat = "mod\\data\\box.rvmat";
        const ResolvedMaterial r = resolver.resolve(vm);
        EXPECT_EQ(r.baseColor, -1);  // the face texture is missing; env_co.paa does not stand in
        ASSERT_EQ(r.images.size(), 3u);
        EXPECT_EQ(r.images[2].role, TextureRole::Other);
        std::vector<std::string> messages;
        for (const Warning& w : resolver.warnings()) messages.push_back(rv::diagnosticLine(w));
        // The face texture and the macro map are named; a found env_co.paa is never a problem.
        EXPECT_EQ(messages,
                  (std::vector<std::string>{
                      "gone_co.paa (colour map) not in the data root: mod\\data\\gone_co.paa",
                      "box_mc.paa (macro map of box.rvmat, stage 3) not in the data root: mod\\data\\box_mc.paa"}));
    }
}

// Binarized pixel shader ids name the shader whose stage order gives the roles (the wiki's
// ODOLv4x table; 102 = Super is confirmed by AGM_M84's file pair): under 21
// (NormalMapDetailMacroASSpecularMap) Stage5 is the specular map whatever its file is called.
TEST(MaterialDefinitionRule, BinarizedShaderIdsGiveStageRoles) {
    TempRoot root;
    writeTga(root.dir / "mod/data/fifth.tga", 1, 1, {0, 255, 255, 255});
    auto dataRoot = DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dataRoot);
    OdolMaterial m;
    m.name = "mod\\data\\gone.rvmat";
    m.pixelShaderId = 21;
    m.stages.resize(6);
    m.stages[5].texture = "mod\\data\\fifth.paa";
    TextureResolver resolver(&dataRoot.value(), Options{});
    ViewMaterial vm;
    vm.rvmat = m.name;
    vm.embedded = &m;
    const ResolvedMaterial r = resolver.resolve(vm);
    EXPECT_EQ(r.definition.source, DefinitionSource::Embedded);
    EXPECT_EQ(r.definition.pixelShader, "NormalMapDetailMacroASSpecularMap");
    ASSERT_EQ(r.images.size(), 2u);  // fifth.paa, then its metallic-roughness map
    EXPECT_EQ(r.images[0].role, TextureRole::SpecularGloss);
    EXPECT_EQ(r.specularGloss, 0);
    EXPECT_EQ(r.metallicRoughness, 1);
}

// Emission only where the game's shader adds the emissive colour as light (issue 36): Arma 2's
// skin shader (pixel shader 110, as man_survivor.p3d's embedded hhl.rvmat stores it, with
// emmisive {1, 0.6, 0.05}) shapes the skin with it and must not glow; Super (102) and the default
// Normal (0) add it; an id we cannot name adds nothing.
TEST(MaterialShaders, EmissionOnlyWhereTheShaderEmitsLight) {
    OdolMaterial m;
    m.emissive = {1.0f, 0.6f, 0.05f, 1.0f};
    m.stages.resize(2);
    m.stages[1].texture = "x_nohq.paa";  // not a stub
    auto emissiveUnder = [&](uint32_t pixelShader) {
        m.pixelShaderId = pixelShader;
        return emissiveFactorOf(embeddedMaterialDefinition(m));
    };
    const Vec3 skin = emissiveUnder(110), super = emissiveUnder(102), normal = emissiveUnder(0),
               unknown = emissiveUnder(999);
    EXPECT_EQ(skin.x + skin.y + skin.z, 0.0f);
    EXPECT_EQ(super.x, 1.0f);
    EXPECT_FLOAT_EQ(super.y, 0.6f);
    EXPECT_FLOAT_EQ(super.z, 0.05f);
    EXPECT_EQ(normal.x, 1.0f);
    EXPECT_EQ(unknown.x + unknown.y + unknown.z, 0.0f);
    EXPECT_EQ(embeddedMaterialDefinition(m).pixelShader, "");  // 999
    m.pixelShaderId = 110;
    EXPECT_EQ(embeddedMaterialDefinition(m).pixelShader, "Skin");

    for (const char* name : {"Normal", "NormalMapSpecularDIMap", "Super", "Multi", "Glass", "super"})
        EXPECT_TRUE(shaderEmitsLight(name)) << name;
    for (const char* name : {"Skin", "Tree", "TreeAdv", "TreeAdvTrunk", "Water", "CalmWater", "AlphaShadow", ""})
        EXPECT_FALSE(shaderEmitsLight(name)) << name;
}
