// Skeletons from a model.cfg: what Bohemia's binarizer stores in an ODOL's skeleton, read for an
// editable (MLOD) model, which stores none.
//
//   auto tree = rv::decodeConfig(bytes.data(), bytes.size(), "model.cfg");
//   auto skel = rv::skeletonForModel(*tree, "zmbStandDeath1.p3d", "model.cfg");
//   // skel->name == "OFP2_ManSkeleton", skel->bones[1] == {"Spine", "Pelvis"}
//
// The rules, as the binarizer applies them:
//   - CfgModels/<model's base name> (no extension, case-insensitive), else CfgModels/Default,
//     gives skeletonName, looked up through the class's bases (`class zmbStandIdleA: ArmaMan {}`).
//   - CfgSkeletons/<skeletonName> gives skeletonBones[] = {"bone", "parent", ...}: pairs, an empty
//     parent is a root. isDiscrete, skeletonInherit, skeletonBones and pivotsModel are looked up
//     through the class's bases too (`class redryder: Default`).
//   - skeletonInherit = "Other": Other's bones (with its own inheritance) come first, then this
//     class's.
// Bones keep the model.cfg's spelling; every match (classes, bones, parents) ignores ASCII case.
//
// Decisions, where the binarizer's behaviour is not documented:
//   - A bone listed twice (case-insensitively, also across skeletonInherit) is a warning
//     (DiagKind::NameProblem): the first is kept, because bones are found by name and a second one
//     could never be reached (the first 100, then "and K more"). A parent that is not a bone of the
//     skeleton is kept as written; the view makes that bone a root with a warning (rv/skeleton.hpp).
//   - isDiscrete absent everywhere: false. pivotsModel fills OdolSkeleton::pivotsName.
//   - `skeletonBones[] += {...}` is read as the class's whole list (no model.cfg sample uses it).
// Errors (DiagKind::BadValue, naming the file, the class and the entry): an odd item count or an
// item that is not a string, a skeletonName or skeletonInherit naming no CfgSkeletons class, a
// skeletonInherit cycle, or a chain (of bases or of skeletonInherit) deeper than kConfigMaxDepth.
#pragma once

#include <string>
#include <vector>

#include "rv/config.hpp"
#include "rv/error.hpp"
#include "rv/odol.hpp"

namespace rv {

// CfgSkeletons/<skeletonName> of `cfg`, inheritance resolved. `sourceName` starts every message.
// Warnings (duplicates, unknown parents) go to `warnings` when given.
[[nodiscard]] Result<OdolSkeleton> readCfgSkeleton(const ConfigTree& cfg, const std::string& skeletonName,
                                                   const std::string& sourceName,
                                                   std::vector<Warning>* warnings = nullptr);

// The skeleton the binarizer would give `modelFileName` ("zmb\\zmbStandDeath1.p3d": only the base
// name counts). A model whose class (or Default) names no skeleton, and a config without
// CfgModels, give an empty skeleton (name "").
[[nodiscard]] Result<OdolSkeleton> skeletonForModel(const ConfigTree& cfg, const std::string& modelFileName,
                                                    const std::string& sourceName,
                                                    std::vector<Warning>* warnings = nullptr);

}  // namespace rv
