// Retexturing by a config class (rv/retexture.hpp): hiddenSelections paired with
// hiddenSelectionsTextures / -Materials, inherited through base classes, and applied by the view
// to the faces of each selection. Expected values are worked out from the config text and the
// crate fixture's faces (test/support/odol_writer.cpp), not from the code.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rv/config.hpp"
#include "rv/retexture.hpp"
#include "rv/view.hpp"
#include "support/odol_writer.hpp"

using namespace rv;

namespace {

ConfigTree parseConfig(const std::string& text) {
    auto tree = decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "config.cpp");
    EXPECT_TRUE(tree) << rv::diagnosticLine(tree.error());
    return tree ? std::move(tree.value()) : ConfigTree{};
}

const char* kConfig = R"(
class CfgWeapons { class ItemCore; class Vest_Camo_Base: ItemCore { model = "\x\m\vest"; }; };
class CfgVehicles {
  class Bag_Base;
  class B_Base: Bag_Base {
    model = "\x\m\crate.p3d";
    hiddenSelections[] = {"Lid", "handle"};
    hiddenSelectionsTextures[] = {"x\m\lid_co.paa", "x\m\handle_co.paa"};
  };
  class B_Green: B_Base { hiddenSelectionsTextures[] = {"x\m\green_co.paa", ""}; };
  class B_Mat: B_Base { hiddenSelectionsMaterials[] = {"x\m\gold.rvmat"}; };
  class B_Far: Bag_Base { displayName = "far"; };
  class B_Extra: B_Base { hiddenSelectionsTextures[] = {"a", "b", "c"}; };
};
)";

}  // namespace

TEST(Retexture, InheritsSelectionsAndModelFromTheBaseClass) {
    const ConfigTree tree = parseConfig(kConfig);
    auto green = findRetexture(tree, "b_green");  // the engine's names are case-insensitive
    ASSERT_TRUE(green) << rv::diagnosticLine(green.error());
    EXPECT_EQ(green->className, "B_Green");
    EXPECT_EQ(green->parent, "CfgVehicles");
    EXPECT_EQ(green->model, "\\x\\m\\crate.p3d");
    ASSERT_EQ(green->selections.size(), 2u);
    EXPECT_EQ(green->selections[0].selection, "Lid");
    EXPECT_EQ(green->selections[0].texture, "x\\m\\green_co.paa");
    EXPECT_FALSE(green->selections[0].hidden);
    EXPECT_EQ(green->selections[1].selection, "handle");
    EXPECT_TRUE(green->selections[1].hidden);  // "" hides the selection, as in the game
    EXPECT_TRUE(green->warnings.empty());

    auto mat = findRetexture(tree, "B_Mat");  // textures from the base, its own material for "Lid"
    ASSERT_TRUE(mat);
    EXPECT_EQ(mat->selections[0].texture, "x\\m\\lid_co.paa");
    EXPECT_EQ(mat->selections[0].material, "x\\m\\gold.rvmat");
    EXPECT_EQ(mat->selections[1].material, "");
}

TEST(Retexture, WhatCannotBeKnownIsSaid) {
    const ConfigTree tree = parseConfig(kConfig);
    auto far = findRetexture(tree, "B_Far");  // Bag_Base is only declared here (another addon's)
    ASSERT_TRUE(far);
    EXPECT_TRUE(far->selections.empty());
    ASSERT_EQ(far->warnings.size(), 2u);
    EXPECT_EQ(rv::diagnosticLine(far->warnings[0]),
              "config.cpp: class B_Far inherits from Bag_Base, which this config does not define: what it inherits "
              "is not known");
    EXPECT_EQ(rv::diagnosticLine(far->warnings[1]), "config.cpp: class B_Far has no hiddenSelections: the model is shown as it is");

    auto extra = findRetexture(tree, "B_Extra");
    ASSERT_TRUE(extra);
    EXPECT_EQ(extra->selections.size(), 2u);
    ASSERT_EQ(extra->warnings.size(), 1u);
    EXPECT_EQ(extra->warnings[0].kind, DiagKind::BadValue);

    auto vest = findRetexture(tree, "Vest_Camo_Base");  // CfgWeapons is searched too
    ASSERT_TRUE(vest);
    EXPECT_EQ(vest->parent, "CfgWeapons");

    auto none = findRetexture(tree, "B_Nope");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind, DiagKind::InvalidArgument);
    EXPECT_EQ(rv::diagnosticLine(none.error()), "config.cpp: no class B_Nope in CfgVehicles, CfgWeapons or another top-level class");
}

TEST(Retexture, CyclicBasesEnd) {
    const ConfigTree tree = parseConfig("class CfgVehicles { class A: B {}; class B: A {}; };");
    auto a = findRetexture(tree, "A");
    ASSERT_TRUE(a);
    EXPECT_TRUE(a->selections.empty());
}

TEST(Retexture, ModelNamesCompareByFileName) {
    EXPECT_TRUE(configModelNames("\\x\\kat\\addons\\chemical\\ui\\m7a3.p3d", "M7A3.P3D"));
    EXPECT_TRUE(configModelNames("\\x\\m\\vest", "vest.p3d"));  // the engine adds .p3d
    EXPECT_FALSE(configModelNames("\\x\\m\\vest", "vest2.p3d"));
    EXPECT_FALSE(configModelNames("", "vest.p3d"));
}

// The crate's LOD 0: 6 body quads (section 0: crate_co.paa + crate.rvmat; "lid" is face 2) and
// 12 handle triangles (section 1, untextured; "handle" is faces 6..17).
TEST(Retexture, TheViewRetexturesHidesAndDropsWhatNoFaceUses) {
    OdolModel model = rvtest::makeCrateModel();
    OdolSelection grip;  // a binarized hidden selection: its sections, no face list
    grip.name = "grip";
    grip.sectional = true;
    grip.sections = {1};
    model.lods[0].selections.push_back(grip);
    Options options;
    options.lods = "1.000";

    Retexture re;
    re.selections = {{"LID", "x\\m\\lid_co.paa", "", false}, {"handle", "", "", true}};
    auto view = buildModelView(model, options, Frame{}, &re);
    ASSERT_TRUE(view) << rv::diagnosticLine(view.error());
    ASSERT_EQ(view->materials.size(), 2u);  // the untextured handle's material is gone with it
    EXPECT_EQ(view->materials[0].name, "crate_co.paa :: crate.rvmat");
    EXPECT_EQ(view->materials[1].name, "lid_co.paa :: crate.rvmat");
    EXPECT_EQ(view->materials[1].embedded, &model.lods[0].materials[0]);  // the .rvmat is unchanged
    const LodView& lod = view->lods[0];
    ASSERT_EQ(lod.groups.size(), 2u);
    EXPECT_EQ(lod.groups[0].triangleCount, 10u);  // 5 body quads
    EXPECT_EQ(lod.groups[1].triangleCount, 2u);   // the lid
    EXPECT_EQ(lod.triangleFace.size(), 12u);      // no handle triangle

    Retexture byMaterial;
    byMaterial.selections = {{"grip", "x\\m\\grip_co.paa", "x\\m\\gold.rvmat", false}};
    auto gold = buildModelView(model, options, Frame{}, &byMaterial);
    ASSERT_TRUE(gold);
    ASSERT_EQ(gold->materials.size(), 2u);
    EXPECT_EQ(gold->materials[1].name, "grip_co.paa :: gold.rvmat");
    EXPECT_EQ(gold->materials[1].embedded, nullptr);  // a new .rvmat is read from the data root
    EXPECT_EQ(gold->lods[0].groups[1].triangleCount, 12u);
}
