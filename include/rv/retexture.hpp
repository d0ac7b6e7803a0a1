// How a config class retextures its model: hiddenSelections[] paired with
// hiddenSelectionsTextures[] and hiddenSelectionsMaterials[]. That is how the game shows a
// model's variants (a uniform's camouflage, a vehicle's paint) without a second model.
//
//   auto tree = rv::decodeConfig(bytes.data(), bytes.size(), "config.cpp");
//   auto re = rv::findRetexture(tree.value(), "B_Soldier_F");   // CfgVehicles, CfgWeapons, ...
//   for (const rv::SelectionRetexture& s : re->selections) ...    // applied by the view
//
// The class is looked up among the children of the config's top-level classes, CfgVehicles and
// CfgWeapons first. Its arrays and its model may be inherited (`class B: A`): the base is looked
// up among the same parent's classes, as the engine resolves it; a base this config only
// declares (`class A;`, defined by another addon) is a warning when what it would give is missing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rv/config.hpp"
#include "rv/error.hpp"

namespace rv {

struct SelectionRetexture {
    std::string selection;  // hiddenSelections[i], as stored
    std::string texture;    // hiddenSelectionsTextures[i]; "" when the array is shorter
    std::string material;   // hiddenSelectionsMaterials[i]; "" when the array is shorter or the entry is ""
    // hiddenSelectionsTextures[i] is "": the game draws nothing there (the selection is hidden).
    bool hidden = false;
};

struct Retexture {
    std::string className;  // as the config spells it
    std::string parent;     // the top-level class holding it ("CfgVehicles")
    std::string model;      // its model = "..." (perhaps inherited); "" when it has none
    std::vector<SelectionRetexture> selections;
    std::vector<Warning> warnings;
};

// The retexturing of class `className`; DiagKind::InvalidArgument when no top-level class holds a
// class of that name (the message names the file and the classes searched).
[[nodiscard]] Result<Retexture> findRetexture(const ConfigTree& tree, std::string_view className);

// Whether a config's `model` names the file `modelFile` ("\x\m\m7a3" and "m7a3.p3d" do): the
// engine adds ".p3d" when the name has no extension. Compared by file name, case-insensitively.
bool configModelNames(std::string_view configModel, std::string_view modelFile);

}  // namespace rv
