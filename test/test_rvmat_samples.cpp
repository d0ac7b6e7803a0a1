// Every RVMAT of ../shared/samples/textures (text and rapified, the variety set and the data
// root) decodes and agrees with the manifest (format, PixelShaderID, texture entry count); the
// rapified AGM M84 material equals its text twin; exact values read by eye from the files; and
// the real config.cpp files packed in the TFAR PBOs.
#include <gtest/gtest.h>

#include "support/samples.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rv/include_root.hpp"
#include "rv/rvmat.hpp"
#include "test_config_common.hpp"

namespace {

struct RvmatRow {
    std::string path, kind, shader, note;
};
void PrintTo(const RvmatRow& r, std::ostream* os) { *os << r.path; }

std::vector<RvmatRow> rvmatRows() {
    std::vector<RvmatRow> rows;
    const std::string dir = cfgtest::texturesDir();
    if (dir.empty()) return rows;
    for (const std::vector<std::string>& c : rvtest::readTsv(dir + "/manifest.tsv")) {
        if (c.size() >= 2 && c[1].rfind("rvmat", 0) == 0)
            rows.push_back({c[0], c[1], c.size() > 2 ? c[2] : "", c.size() > 6 ? c[6] : ""});
    }
    return rows;
}

rv::RvMaterial material(const std::string& relPath) {
    const std::vector<uint8_t> bytes = rvtest::readBytes(cfgtest::texturesDir() + "/" + relPath);
    auto m = rv::decodeRvmat(bytes.data(), bytes.size(), std::filesystem::path(relPath).filename().string());
    EXPECT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
    return m.ok() ? std::move(m.value()) : rv::RvMaterial{};
}

rv::ConfigTree tree(const std::string& relPath) {
    return cfgtest::decodeOk(rvtest::readBytes(cfgtest::texturesDir() + "/" + relPath), relPath);
}

class RvmatSample : public testing::TestWithParam<RvmatRow> {};

TEST_P(RvmatSample, DecodesAsTheManifestSays) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const RvmatRow& row = GetParam();
    const std::vector<uint8_t> bytes = rvtest::readBytes(cfgtest::texturesDir() + "/" + row.path);
    ASSERT_FALSE(bytes.empty());
    auto t = rv::decodeConfig(bytes.data(), bytes.size(), row.path);
    ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
    EXPECT_EQ(t->format, row.kind == "rvmat-rap" ? rv::ConfigFormat::Rapified : rv::ConfigFormat::Text);
    const rv::RvMaterial m = rv::readRvmat(t.value());
    EXPECT_TRUE(m.warnings.empty()) << rv::diagnosticLine(m.warnings[0]);
    EXPECT_EQ(m.pixelShader, row.shader == "-" ? "" : row.shader);
    // "N texture entries" (the variety set's notes): one per stage with a texture.
    const size_t n = row.note.find(" texture entries");
    if (n != std::string::npos) {
        size_t textured = 0;
        for (const rv::RvMatStage& s : m.stages) textured += s.texture.empty() ? 0 : 1;
        EXPECT_EQ(std::to_string(textured), row.note.substr(0, n));
    }
}

INSTANTIATE_TEST_SUITE_P(Textures, RvmatSample, testing::ValuesIn(rvmatRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RvmatSample);

TEST(RvmatSamples, ManifestListsThemAll) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    EXPECT_EQ(rvmatRows().size(), 37u);  // 15 text + 9 rapified variety, 13 in the data root
}

// The rapified data-root AGM M84 and the text one of the variety set (two commits of one file)
// are the same tree, entry for entry, with the same value types.
TEST(RvmatSamples, RapAndTextTwinsAgree) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const rv::ConfigTree rap = tree("data-root/agm_grenades/data/agm_m84.rvmat");
    const rv::ConfigTree text = tree("rvmat/text/agm_m84.rvmat");
    ASSERT_EQ(rap.format, rv::ConfigFormat::Rapified);
    ASSERT_EQ(text.format, rv::ConfigFormat::Text);
    cfgtest::expectSameTree(rap.root, text.root);
}

void expectRgba(const std::optional<rv::Rgba>& c, rv::Rgba want) {
    ASSERT_TRUE(c.has_value());
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ((*c)[i], want[i]) << i;
}
void expectRow(const rv::Mat43& m, size_t row, float x, float y, float z) {
    EXPECT_EQ(m.m[row * 3], x);
    EXPECT_EQ(m.m[row * 3 + 1], y);
    EXPECT_EQ(m.m[row * 3 + 2], z);
}

TEST(RvmatSamples, AgmM84Values) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    for (const char* path : {"rvmat/text/agm_m84.rvmat", "data-root/agm_grenades/data/agm_m84.rvmat"}) {
        SCOPED_TRACE(path);
        const rv::RvMaterial m = material(path);
        EXPECT_EQ(m.pixelShader, "Super");
        EXPECT_EQ(m.vertexShader, "Super");
        expectRgba(m.specular, {0.1f, 0.1f, 0.1f, 1});
        expectRgba(m.emissive, {0, 0, 0, 1});
        EXPECT_EQ(m.specularPower, 95.0f);
        ASSERT_EQ(m.stages.size(), 7u);
        const rv::RvMatStage* s2 = m.stage(2);
        ASSERT_NE(s2, nullptr);
        EXPECT_EQ(s2->texture, "#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)");
        EXPECT_EQ(s2->uvSource, "tex");
        ASSERT_TRUE(s2->hasUvTransform);
        expectRow(s2->uvTransform, 0, 0, 9, 0);
        expectRow(s2->uvTransform, 1, 4.5f, 0, 0);
        expectRow(m.stage(6)->uvTransform, 2, 0, 0, 1);
        EXPECT_EQ(m.stage(1)->texture, "agm_grenades\\data\\agm_m84_nohq.paa");
        EXPECT_EQ(m.stage(7)->texture, "a3\\data_f\\env_land_co.paa");
        EXPECT_EQ(m.thermalStage(), nullptr);
    }
}

TEST(RvmatSamples, RapifiedHeadMaterials) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const rv::RvMaterial a = material("rvmat/rap/Austin.rvmat");
    EXPECT_EQ(a.pixelShader, "Skin");
    expectRgba(a.ambient, {2, 2, 2, 1});
    expectRgba(a.diffuse, {0.45f, 0.42f, 0.4f, 1});
    expectRgba(a.emissive, {0.8f, 0.3f, 0.65f, 0.7f});
    EXPECT_EQ(a.specularPower, 40.0f);
    ASSERT_EQ(a.stages.size(), 7u);
    EXPECT_EQ(a.stages[0].className, "StageTI");
    EXPECT_TRUE(a.stages[0].thermal);
    EXPECT_EQ(a.thermalStage()->texture, "a3\\characters_f\\heads\\data\\m_ti_ca.paa");
    EXPECT_EQ(a.stage(3)->texture, "ASCZ_Heads\\data\\Austin_ksicht.paa");
    EXPECT_EQ(a.stage(6)->uvSource, "none");
    EXPECT_FALSE(a.stage(6)->hasUvTransform);

    const rv::RvMaterial c = material("rvmat/rap/capb.rvmat");
    EXPECT_EQ(c.stage(5)->texture, "#(argb,8,8,3)color(0,0,1,1,SMDI)");
    EXPECT_EQ(c.stage(7)->texture, "ca\\data\\env_land_co.paa");

    const rv::RvMaterial p = material("rvmat/rap/metal_plate_thin.rvmat");
    EXPECT_EQ(p.surfaceInfo, "A3\\data_f\\Penetration\\metal_plate_thin.bisurf");
    EXPECT_EQ(p.vertexShader, "Basic");
    expectRgba(p.ambient, {0.7f, 0.8f, 0.78f, 1});
    EXPECT_TRUE(p.stages.empty());
}

TEST(RvmatSamples, TextMaterials) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    // "Ambient[]" / "Diffuse[]" capitalised: keys are case-insensitive.
    const rv::RvMaterial bag = material("rvmat/text/acre_antennabag.rvmat");
    expectRgba(bag.ambient, {0.9f, 0.9f, 0.9f, 1});
    expectRgba(bag.diffuse, {0.9f, 0.9f, 0.9f, 1});
    EXPECT_EQ(bag.pixelShader, "NormalMap");

    const rv::RvMaterial gold = material("rvmat/text/goldbartexture1.rvmat");
    expectRgba(gold.forcedDiffuse, {0, 1.7881394e-008f, 6.3747166e-008f, 1});
    expectRgba(gold.diffuse, {1, 1, 1, 0.99999994f});
    EXPECT_EQ(gold.specularPower, 37.900002f);
    expectRow(gold.stage(2)->uvTransform, 0, 10, 0, 0);

    const rv::RvMaterial seat = material("rvmat/text/seat_destruct.rvmat");
    EXPECT_EQ(seat.pixelShader, "NormalMapMacroASSpecularDIMap");
    EXPECT_EQ(seat.vertexShader, "NormalMapAS");
    EXPECT_EQ(seat.stage(3)->texture, "#(argb,8,8,3)color(1,1,1,1)");
    expectRow(seat.stage(2)->uvTransform, 1, 0, 3, 0);

    EXPECT_EQ(material("rvmat/text/titan.rvmat").stage(2)->uvSource, "tex1");
    const rv::RvMaterial net = material("rvmat/text/camonet.rvmat");
    EXPECT_EQ(net.stage(0)->texture, "z\\addons\\dayz_epoch\\textures\\camonet_co.paa");
    expectRgba(net.specular, {0.15686275f, 0.22352941f, 0.16078432f, 1});
    expectRgba(material("rvmat/text/chroma.rvmat").ambient, {100, 100, 100, 1});

    const rv::RvMaterial custom = material("rvmat/text/customtest.rvmat");
    expectRgba(custom.ambient, {0.5f, 0.5f, 0.5f, 0.5f});  // written ".5"
    EXPECT_FALSE(custom.specularPower.has_value());
    EXPECT_FALSE(custom.specular.has_value());

    const rv::RvMaterial armored = material("rvmat/text/glass_armored.rvmat");
    EXPECT_EQ(armored.surfaceInfo, "cdf_a3\\cdf_a3_vehicles\\brdm2\\data\\Penetration\\glass_armored.bisurf");
    EXPECT_EQ(armored.pixelShader, "");
    EXPECT_FALSE(armored.diffuse.has_value());
}

TEST(RvmatSamples, RealFilesOddities) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    // glass.rvmat (a DeRap output) opens with "#define _ARMA_": the preprocessor runs it, silently.
    const rv::RvMaterial glass = material("rvmat/text/glass.rvmat");
    EXPECT_TRUE(glass.warnings.empty());
    EXPECT_EQ(glass.pixelShader, "Glass");
    EXPECT_EQ(glass.stage(1)->texture, "#(ai,32,128,1)fresnel(0.8,0.56)");
    EXPECT_EQ(glass.specularPower, 1000.0f);

    // rod.rvmat ends in "}" without ';'.
    const rv::RvMaterial rod = material("data-root/dayz_equip/textures/rod.rvmat");
    ASSERT_EQ(rod.warnings.size(), 1u);
    EXPECT_EQ(rod.warnings[0].kind, rv::DiagKind::EndsEarly);
    EXPECT_EQ(rod.stage(2)->texture, "#(argb,8,8,3)color(1,0,1,1)");

    // The CUP files start with a UTF-8 byte-order mark.
    const rv::RvMaterial cup = material("data-root/cup_weapons_ascz_compability/data/acr_equip2.rvmat");
    EXPECT_TRUE(cup.warnings.empty());
    ASSERT_FALSE(cup.stages.empty());
    EXPECT_EQ(cup.stages[0].className, "StageTI");
    EXPECT_EQ(cup.thermalStage()->texture, "CUP\\Weapons\\CUP_Weapons_Backpacks\\data\\acr_equip2_ti_ca.paa");
    EXPECT_EQ(cup.specularPower, 150.0f);

    // kat_iv.rvmat opens with a /* */ comment.
    const rv::RvMaterial iv = material("data-root/x/kat/addons/pharma/models/iv/kat_iv.rvmat");
    EXPECT_EQ(iv.specularPower, 2.0f);
    EXPECT_EQ(iv.stage(2)->texture, "#(argb,8,8,3)color(0.5,0.5,0.5,1,dt)");
    expectRow(iv.stage(2)->uvTransform, 0, 1, 1, 0);
}

TEST(RvmatSamples, ShapeProblemsWarnAndKeepTheRest) {
    const std::string text =
        "diffuse[] = {1, 0.5, 0.25};\nambient[] = {1, \"x\", 0, 1};\nspecular = 3;\nspecularPower = \"40\";\n"
        "PixelShaderID = 5;\nclass Stage1 { texture = \"a.paa\"; class uvTransform { aside[] = {2, 0}; up[] = {0, 2, "
        "0, 9}; }; };\n";
    auto m = rv::decodeRvmat(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "s.rvmat");
    ASSERT_TRUE(m.ok());
    expectRgba(m->diffuse, {1, 0.5f, 0.25f, 1});
    EXPECT_FALSE(m->ambient.has_value());
    EXPECT_FALSE(m->specular.has_value());
    EXPECT_EQ(m->specularPower, 40.0f);
    EXPECT_EQ(m->pixelShader, "");
    EXPECT_EQ(m->stage(1)->texture, "a.paa");
    expectRow(m->stage(1)->uvTransform, 0, 1, 0, 0);  // 2 numbers: the default row kept
    expectRow(m->stage(1)->uvTransform, 1, 0, 2, 0);  // 4 numbers: the first 3
    // Read in the order PixelShaderID, ambient, diffuse, specular, then the stages.
    ASSERT_EQ(m->warnings.size(), 6u);
    EXPECT_EQ(m->warnings[0].kind, rv::DiagKind::UnknownRecord);
    EXPECT_EQ(rv::diagnosticLine(m->warnings[0]),
              "s.rvmat: PixelShaderID is an int, not a string; skipped (at offset 0x5c)");
    EXPECT_EQ(m->warnings[2].kind, rv::DiagKind::SizeMismatch);
    EXPECT_EQ(m->warnings[2].offset, 0u);
    EXPECT_EQ(m->warnings[4].where, "class Stage1 class uvTransform");
    EXPECT_EQ(
        rv::diagnosticLine(m->warnings[4]).rfind("s.rvmat: class Stage1 class uvTransform: aside has 2 numbers", 0),
        0u);
}

// The config.cpp files packed in the TFAR PBOs: unquoted versions, inheritance, externals and a
// #include line.
TEST(ConfigTextSamples, TfarConfigCpp) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const std::string dir = cfgtest::texturesDir() + "/pbo/";
    const std::vector<uint8_t> small =
        cfgtest::pboEntry(rvtest::readBytes(dir + "TFAR_task_force_radio_items.pbo"), "config.cpp");
    ASSERT_EQ(small.size(), 913u);
    const rv::ConfigTree t = cfgtest::decodeOk(small, "config.cpp");
    EXPECT_TRUE(t.warnings.empty());
    const rv::ConfigEntry* items = t.root.findClass("CfgPatches")->findClass("task_force_radio_items");
    EXPECT_EQ(items->findValue("version")->text, "0.8.0");
    EXPECT_EQ(items->findValue("requiredVersion")->type, rv::ConfigValueType::Float);
    EXPECT_EQ(items->findValue("author")->items[0].text, "[TF]Nkey");
    EXPECT_TRUE(items->findValue("units")->items.empty());
    const rv::ConfigEntry* vehicles = t.root.findClass("CfgVehicles");
    EXPECT_EQ(vehicles->entries[0].kind, rv::ConfigEntryKind::External);
    EXPECT_EQ(vehicles->findClass("tf_rt1523g")->base, "Bag_Base");
    EXPECT_EQ(vehicles->findClass("tf_rt1523g")->findValue("maximumLoad")->integer, 30);
    EXPECT_EQ(t.root.findClass("CfgWeapons")->findClass("anprc152_1")->base, "ItemRadio");

    // The later one calls a macro (TF_RADIO_IDS(...), defined in radio_ids.hpp, which its PBO holds
    // beside it): with the PBO's folder as the data root, the include is found at the prefix and
    // the macros make 1,000 numbered copies of each radio (radio_ids.hpp: TF_RADIO_ID 1..1000).
    const std::string prefix = "task-force-arma-3-radio\\arma3\\@task_force_radio\\addons\\task_force_radio_items";
    const std::vector<uint8_t> big =
        cfgtest::pboEntry(rvtest::readBytes(dir + "TFAR_task_force_radio_items_705k.pbo"), "config.cpp");
    ASSERT_EQ(big.size(), 7570u);
    auto root = rv::DataRoot::open(dir);
    ASSERT_TRUE(root.ok()) << rv::diagnosticLine(root.error());
    rv::IncludeRoot includes = rv::IncludeRoot::inDataRoot(root.value(), prefix + "\\config.cpp", {});
    auto b = rv::decodeConfig(big.data(), big.size(), "config.cpp", {}, includes.preprocessing());
    ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
    const rv::ConfigEntry* weapons = b->root.findClass("CfgWeapons");
    ASSERT_NE(weapons, nullptr);
    size_t copies = 0;
    for (const rv::ConfigEntry& e : weapons->entries) copies += e.isClass() && e.base == "tf_anprc152";
    EXPECT_EQ(copies, 1000u);
    ASSERT_NE(weapons->findClass("tf_anprc152_1000"), nullptr);
    EXPECT_EQ(weapons->findClass("tf_anprc152_1000")->findValue("tf_radio")->integer, 1);
    // A real slip in this config: line 300 is TF_RADIO_IDS(tf_fadak,AN/PRC-154), a copy of line
    // 299's class name, so all 1,000 tf_fadak_N are defined twice. The warnings say so by the
    // line the modder wrote (capped at 100 and a count of the rest).
    ASSERT_FALSE(b->warnings.empty());
    EXPECT_EQ(rv::diagnosticLine(b->warnings[0]),
              "config.cpp: class CfgWeapons: line 300: 'tf_fadak_1' is defined twice; lookups use the first");
    EXPECT_EQ(b->warnings.size(), 101u);
}

}  // namespace
