// Skeletons from model.cfg (rv/model_cfg.hpp) and the front door that finds the model.cfg of an
// editable model (rv/open.hpp). Expected bones come from the sample configs read by eye (line
// numbers cited), from skeletons.tsv (ODOL skeletons read by three independent readers), or from
// the fixture configs written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "rv/model_cfg.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "support/mlod_writer.hpp"
#include "support/samples.hpp"
#include "support/temp_dir.hpp"
#include "support/write_file.hpp"

namespace {

namespace fs = std::filesystem;

rv::ConfigTree parse(const std::string& text, const std::string& name = "model.cfg") {
    auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), name);
    EXPECT_TRUE(tree.ok()) << rv::diagnosticLine(tree.error());
    return tree ? tree.value() : rv::ConfigTree{};
}

std::string modelsDir() {
    const std::string d = rvtest::samplesDir();
    return d.empty() ? "" : d + "/animations/models/dayz-epoch-108";
}

// A sample config, or "" (the test skips) when the samples are absent.
std::string sampleText(const std::string& file) {
    const std::string dir = modelsDir();
    if (dir.empty() || !fs::exists(dir + "/" + file)) return "";
    const std::vector<uint8_t> b = rvtest::readBytes(dir + "/" + file);
    return std::string(b.begin(), b.end());
}

using Pairs = std::vector<std::pair<std::string, std::string>>;
Pairs pairsOf(const rv::OdolSkeleton& s) {
    Pairs p;
    for (const rv::OdolBone& b : s.bones) p.emplace_back(b.name, b.parent);
    return p;
}

// skeletons.tsv: the `bones` cell ("name:parent|...") of the row for `file`, in stored order.
Pairs odolBones(const std::string& file) {
    Pairs out;
    for (const auto& row : rvtest::readTsv(rvtest::samplesDir() + "/animations/skeletons.tsv")) {
        if (row.size() < 6 || row[0] != file) continue;
        const std::string cell = row[5] + "|";
        for (size_t a = 0, b; (b = cell.find('|', a)) != std::string::npos; a = b + 1) {
            const std::string item = cell.substr(a, b - a);
            const size_t colon = item.find(':');
            out.emplace_back(item.substr(0, colon), colon == std::string::npos ? "" : item.substr(colon + 1));
        }
    }
    return out;
}

// The front door's warnings about the model.cfg (the box model's textures add a data-root hint).
std::vector<rv::Warning> cfgWarnings(const std::vector<rv::Warning>& all) {
    std::vector<rv::Warning> out;
    for (const rv::Warning& w : all)
        if (w.kind != rv::DiagKind::NoDataRoot) out.push_back(w);
    return out;
}

TEST(ModelCfgSamples, ZombieModelsGetTheManSkeleton) {
    const std::string text = sampleText("zmb_model.cfg");
    if (text.empty()) GTEST_SKIP() << "samples/animations absent";
    const rv::ConfigTree cfg = parse(text, "zmb_model.cfg");
    auto s = rv::skeletonForModel(cfg, "zmbStandDeath1.p3d", "zmb_model.cfg");
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    EXPECT_EQ(s->name, "OFP2_ManSkeleton");  // line 190 (ArmaMan), line 200 zmbStandDeath1 : ArmaMan
    EXPECT_FALSE(s->isDiscrete);             // line 12
    // Lines 16-23 (8), 26-93 (68 head bones), 96-117 (22), 120-141 (22), 144-149 (6), 152-157 (6).
    ASSERT_EQ(s->bones.size(), 132u);
    const Pairs p = pairsOf(s.value());
    EXPECT_EQ(p[0], (std::pair<std::string, std::string>{"Pelvis", ""}));                   // line 16
    EXPECT_EQ(p[5], (std::pair<std::string, std::string>{"Camera", "Pelvis"}));             // line 21
    EXPECT_EQ(p[11], (std::pair<std::string, std::string>{"HeadCutScene", "head"}));        // line 29
    EXPECT_EQ(p[76], (std::pair<std::string, std::string>{"LeftShoulder", "Spine3"}));      // line 96
    EXPECT_EQ(p[131], (std::pair<std::string, std::string>{"RightToeBase", "RightFoot"}));  // line 157
    std::set<std::string> before;
    for (const auto& [name, parent] : p) {
        if (!parent.empty()) {
            EXPECT_TRUE(before.count(rv::asciiLower(parent))) << name << " before " << parent;
        }
        before.insert(rv::asciiLower(name));
    }
    // Case-insensitive class lookup, a path, no extension.
    auto other = rv::skeletonForModel(cfg, "dayz_anim\\zmb\\ZMBKNEELHIT1", "zmb_model.cfg");
    ASSERT_TRUE(other.ok());
    EXPECT_EQ(other->bones.size(), 132u);
}

// man_survivor.p3d is a binarized DayZ character: its skeleton, as three readers agree, against
// the zombies' model.cfg. What holds: the same 132 bones with the same parents, names lower-cased
// by the binarizer; the order differs (the ODOL lists Camera, weapon, launcher after the arms,
// the model.cfg right after Spine3).
TEST(ModelCfgSamples, ManSkeletonMatchesTheBinarizedCharacter) {
    const std::string text = sampleText("zmb_model.cfg");
    if (text.empty()) GTEST_SKIP() << "samples/animations absent";
    const Pairs odol = odolBones("models/dayz-epoch-108/man_survivor.p3d");
    ASSERT_EQ(odol.size(), 132u);
    auto s = rv::readCfgSkeleton(parse(text), "ofp2_manskeleton", "zmb_model.cfg");
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    Pairs cfg;
    for (const rv::OdolBone& b : s->bones) cfg.emplace_back(rv::asciiLower(b.name), rv::asciiLower(b.parent));
    using BoneSet = std::set<std::pair<std::string, std::string>>;
    EXPECT_EQ(BoneSet(cfg.begin(), cfg.end()), BoneSet(odol.begin(), odol.end()));
    EXPECT_NE(cfg, odol);  // the order
    EXPECT_EQ(cfg[5].first, "camera");
    EXPECT_EQ(odol[119].first, "camera");
}

// No dog ODOL is in the samples; the dog RTMs animate the skeleton's 31 bones plus LeftShoulder
// and RightShoulder (README), matched case-insensitively (reference.tsv, bone_names).
TEST(ModelCfgSamples, DogSkeletonIsTheDogAnimationsBonesButTheShoulders) {
    const std::string text = sampleText("dog_model.cfg");
    if (text.empty()) GTEST_SKIP() << "samples/animations absent";
    auto s = rv::skeletonForModel(parse(text), "dogBarkOnce.p3d", "dog_model.cfg");  // line 121
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    EXPECT_EQ(s->name, "DogSkeleton");
    ASSERT_EQ(s->bones.size(), 31u);                                                         // lines 16-46
    EXPECT_EQ(pairsOf(s.value())[7], (std::pair<std::string, std::string>{"Jaw", "head"}));  // line 23
    EXPECT_EQ(s->pivotsName, "ca\\Animals2\\Dog_Skeleton.p3d");                              // line 48
    std::set<std::string> rtm;
    for (const auto& row : rvtest::readTsv(rvtest::samplesDir() + "/animations/reference.tsv"))
        if (row[0] == "rtm/dayz-epoch-108/dogBarkOnce.rtm") {
            std::string names = row[7] + "|";  // bone_names
            for (size_t a = 0, b; (b = names.find('|', a)) != std::string::npos; a = b + 1)
                rtm.insert(rv::asciiLower(names.substr(a, b - a)));
        }
    ASSERT_EQ(rtm.size(), 33u);
    for (const rv::OdolBone& b : s->bones) EXPECT_EQ(rtm.erase(rv::asciiLower(b.name)), 1u) << b.name;
    EXPECT_EQ(rtm, (std::set<std::string>{"leftshoulder", "rightshoulder"}));
    // A model that CfgModels does not list, in a config whose Default is only declared: none.
    auto none = rv::skeletonForModel(parse(text), "cat.p3d", "dog_model.cfg");
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(none->name, "");
}

TEST(ModelCfgSamples, RedRyderMatchesItsBinarizedModel) {
    const std::string text = sampleText("redryder_model.cfg");
    if (text.empty()) GTEST_SKIP() << "samples/animations absent";
    auto s = rv::skeletonForModel(parse(text), "RedRyder.p3d", "redryder_model.cfg");
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    // skeletons.tsv: RedRyder.p3d, skeleton redryder, is_discrete 1, bones "lever:".
    EXPECT_EQ(s->name, "redryder");
    EXPECT_TRUE(s->isDiscrete);  // inherited: class redryder: Default (lines 5, 9)
    EXPECT_EQ(pairsOf(s.value()), (Pairs{{"lever", ""}}));
}

const char* const kFixture = R"(
class CfgSkeletons {
    class Default { isDiscrete = 1; skeletonInherit = ""; skeletonBones[] = {}; };
    class Base: Default { skeletonBones[] = {"Root", "", "Arm", "root"}; pivotsModel = "p.p3d"; };
    class Child: Default { isDiscrete = 0; skeletonInherit = "base"; skeletonBones[] = {"hand", "arm", "Finger", "Hand"}; };
    class Grandchild: Child { skeletonInherit = "Child"; skeletonBones[] = {"nail", "finger"}; };
    class LoopA { skeletonInherit = "LoopB"; skeletonBones[] = {"a", ""}; };
    class LoopB { skeletonInherit = "loopa"; skeletonBones[] = {"b", ""}; };
    class Odd { skeletonBones[] = {"a", "", "b"}; };
    class Number { skeletonBones[] = {"a", 1}; };
    class Twice { skeletonBones[] = {"a", "", "A", "", "b", "nobody"}; };
};
class CfgModels {
    class Default { skeletonName = ""; };
    class Rigged: Default { skeletonName = "Child"; };
    class RiggedTwo: Rigged {};
    class Rigged-3_9-1: RiggedTwo {};
    class Plain: Default {};
    class Ghost: Default { skeletonName = "Missing"; };
    class Round: Square {};
    class Square: Round {};
};
)";

TEST(ModelCfgFixtures, SkeletonInheritPutsTheInheritedBonesFirst) {
    const rv::ConfigTree cfg = parse(kFixture);
    auto child = rv::readCfgSkeleton(cfg, "CHILD", "f.cfg");
    ASSERT_TRUE(child.ok()) << rv::diagnosticLine(child.error());
    EXPECT_EQ(child->name, "Child");
    EXPECT_FALSE(child->isDiscrete);
    EXPECT_EQ(pairsOf(child.value()), (Pairs{{"Root", ""}, {"Arm", "root"}, {"hand", "arm"}, {"Finger", "Hand"}}));
    auto grand = rv::readCfgSkeleton(cfg, "Grandchild", "f.cfg");
    ASSERT_TRUE(grand.ok()) << rv::diagnosticLine(grand.error());
    EXPECT_FALSE(grand->isDiscrete);  // from its base class Child
    EXPECT_EQ(pairsOf(grand.value()),
              (Pairs{{"Root", ""}, {"Arm", "root"}, {"hand", "arm"}, {"Finger", "Hand"}, {"nail", "finger"}}));
    auto base = rv::readCfgSkeleton(cfg, "Base", "f.cfg");
    ASSERT_TRUE(base.ok());
    EXPECT_TRUE(base->isDiscrete);  // from Default
    EXPECT_EQ(base->pivotsName, "p.p3d");
}

TEST(ModelCfgFixtures, CfgModelsClassesInheritTheSkeletonName) {
    const rv::ConfigTree cfg = parse(kFixture);
    auto two = rv::skeletonForModel(cfg, "a/b/riggedtwo.P3D", "f.cfg");
    ASSERT_TRUE(two.ok()) << rv::diagnosticLine(two.error());
    EXPECT_EQ(two->name, "Child");
    EXPECT_EQ(two->bones.size(), 4u);
    // A class name with '-', as the zombies' model.cfg has (zmb_model.cfg line 273).
    auto dashed = rv::skeletonForModel(cfg, "rigged-3_9-1.p3d", "f.cfg");
    ASSERT_TRUE(dashed.ok()) << rv::diagnosticLine(dashed.error());
    EXPECT_EQ(dashed->name, "Child");
    for (const char* none : {"Plain.p3d", "unlisted.p3d"}) {
        auto s = rv::skeletonForModel(cfg, none, "f.cfg");
        ASSERT_TRUE(s.ok()) << none;
        EXPECT_EQ(s->name, "") << none;
        EXPECT_TRUE(s->bones.empty()) << none;
    }
    // Default names a skeleton: every model not listed gets it.
    const rv::ConfigTree fallback = parse(R"(class CfgSkeletons { class S { skeletonBones[] = {"x", ""}; }; };
                                             class CfgModels { class Default { skeletonName = "S"; }; };)");
    auto s = rv::skeletonForModel(fallback, "anything.p3d", "g.cfg");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(pairsOf(s.value()), (Pairs{{"x", ""}}));
    // No CfgModels at all: no skeleton.
    auto bare = rv::skeletonForModel(parse("class CfgSkeletons {};"), "m.p3d", "h.cfg");
    ASSERT_TRUE(bare.ok());
    EXPECT_EQ(bare->name, "");
}

TEST(ModelCfgFixtures, CyclesAreErrorsNotHangs) {
    const rv::ConfigTree cfg = parse(kFixture);
    auto loop = rv::readCfgSkeleton(cfg, "LoopA", "f.cfg");
    ASSERT_FALSE(loop.ok());
    EXPECT_EQ(loop.error().kind, rv::DiagKind::BadValue);
    EXPECT_EQ(rv::diagnosticLine(loop.error()), "f.cfg: CfgSkeletons: skeletonInherit cycle LoopA -> LoopB -> LoopA");
    auto bases = rv::skeletonForModel(cfg, "Round.p3d", "f.cfg");  // class Round: Square, Square: Round
    ASSERT_FALSE(bases.ok());
    EXPECT_NE(rv::diagnosticLine(bases.error()).find("CfgModels class Round"), std::string::npos) << rv::diagnosticLine(bases.error());
    EXPECT_NE(rv::diagnosticLine(bases.error()).find("deeper than 64"), std::string::npos) << rv::diagnosticLine(bases.error());
}

TEST(ModelCfgFixtures, MalformedBonesAreErrorsNamingFileClassAndEntry) {
    const rv::ConfigTree cfg = parse(kFixture);
    auto odd = rv::readCfgSkeleton(cfg, "Odd", "f.cfg");
    ASSERT_FALSE(odd.ok());
    EXPECT_EQ(rv::diagnosticLine(odd.error()),
              "f.cfg: CfgSkeletons class Odd: skeletonBones[] has 3 items, not (bone, parent) pairs: bone \"b\" has "
              "no parent");
    auto number = rv::readCfgSkeleton(cfg, "Number", "f.cfg");
    ASSERT_FALSE(number.ok());
    EXPECT_EQ(rv::diagnosticLine(number.error()),
              "f.cfg: CfgSkeletons class Number: skeletonBones[] item 2 of 2 is int, not a string");
    auto ghost = rv::skeletonForModel(cfg, "ghost.p3d", "f.cfg");
    ASSERT_FALSE(ghost.ok());
    EXPECT_EQ(rv::diagnosticLine(ghost.error()), "f.cfg: skeletonName \"Missing\" names no class in CfgSkeletons");
}

TEST(ModelCfgFixtures, DuplicateBonesWarnAndTheFirstIsKept) {
    std::vector<rv::Warning> warnings;
    auto s = rv::readCfgSkeleton(parse(kFixture), "Twice", "f.cfg", &warnings);
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    EXPECT_EQ(pairsOf(s.value()), (Pairs{{"a", ""}, {"b", "nobody"}}));
    ASSERT_EQ(warnings.size(), 1u);  // the parent that is no bone: the view's to repair and say
    EXPECT_EQ(warnings[0].kind, rv::DiagKind::NameProblem);
    EXPECT_EQ(rv::diagnosticLine(warnings[0]), "f.cfg: CfgSkeletons class Twice: bone \"A\" is listed twice; the first is kept");
}

// The front door: an editable model written here, its model.cfg beside it, in a parent folder,
// or given.
void writeText(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

void writeModel(const fs::path& path) {
    fs::create_directories(path.parent_path());
    ASSERT_TRUE(rvtest::writeFile(path.string(), rvtest::writeMlod(rvtest::makeBoxModel(false))));
}

const Pairs kChildBones = {{"Root", ""}, {"Arm", "root"}, {"hand", "arm"}, {"Finger", "Hand"}};

TEST(ModelCfgFrontDoor, ModelCfgBesideTheModel) {
    rvtest::TempDir tmp;
    writeModel(tmp.dir / "Rigged.p3d");
    writeText(tmp.dir / "model.cfg", kFixture);
    auto f = rv::openFile((tmp.dir / "Rigged.p3d").string());
    ASSERT_TRUE(f.ok()) << rv::diagnosticLine(f.error());
    ASSERT_TRUE(f->model && f->model->editable);
    EXPECT_EQ(f->model->skeleton.name, "Child");
    EXPECT_EQ(pairsOf(f->model->skeleton), kChildBones);
    EXPECT_EQ(f->modelConfig, (tmp.dir / "model.cfg").string());
    EXPECT_EQ(rv::findModelConfig((tmp.dir / "Rigged.p3d").string()), (tmp.dir / "model.cfg").string());
}

TEST(ModelCfgFrontDoor, ModelCfgInAParentFolderAndTheNearestWins) {
    rvtest::TempDir tmp;
    writeModel(tmp.dir / "a" / "b" / "c" / "riggedTwo.p3d");
    writeText(tmp.dir / "model.cfg", R"(class CfgSkeletons { class S { skeletonBones[] = {"x", ""}; }; };
                                        class CfgModels { class Default { skeletonName = "S"; }; };)");
    auto far = rv::openFile((tmp.dir / "a" / "b" / "c" / "riggedTwo.p3d").string());
    ASSERT_TRUE(far.ok()) << rv::diagnosticLine(far.error());
    EXPECT_EQ(pairsOf(far->model->skeleton), (Pairs{{"x", ""}}));
    writeText(tmp.dir / "a" / "model.cfg", kFixture);
    auto near = rv::openFile((tmp.dir / "a" / "b" / "c" / "riggedTwo.p3d").string());
    ASSERT_TRUE(near.ok()) << rv::diagnosticLine(near.error());
    EXPECT_EQ(pairsOf(near->model->skeleton), kChildBones);
}

TEST(ModelCfgFrontDoor, AGivenModelCfgWinsAndItsProblemsAreWarnings) {
    rvtest::TempDir tmp;
    writeModel(tmp.dir / "m" / "Rigged.p3d");
    writeText(tmp.dir / "m" / "model.cfg", R"(class CfgSkeletons { class S { skeletonBones[] = {"x", ""}; }; };
                                              class CfgModels { class Default { skeletonName = "S"; }; };)");
    writeText(tmp.dir / "cfg" / "skeletons.cfg", kFixture);
    const std::string model = (tmp.dir / "m" / "Rigged.p3d").string();
    rv::Options o;
    o.modelConfig = (tmp.dir / "cfg" / "skeletons.cfg").string();
    auto given = rv::openFile(model, o);
    ASSERT_TRUE(given.ok()) << rv::diagnosticLine(given.error());
    EXPECT_EQ(pairsOf(given->model->skeleton), kChildBones);

    // Cannot be read: the model still opens, without a skeleton, with a warning naming the file.
    o.modelConfig = (tmp.dir / "cfg" / "absent.cfg").string();
    auto absent = rv::openFile(model, o);
    ASSERT_TRUE(absent.ok()) << rv::diagnosticLine(absent.error());
    EXPECT_EQ(absent->model->skeleton.name, "");
    const auto absentNotes = cfgWarnings(absent->warnings);
    ASSERT_EQ(absentNotes.size(), 1u);
    EXPECT_EQ(absentNotes[0].kind, rv::DiagKind::CannotRead);
    EXPECT_NE(rv::diagnosticLine(absentNotes[0]).find(o.modelConfig), std::string::npos) << rv::diagnosticLine(absentNotes[0]);

    // No skeleton for this model: a warning too.
    writeText(tmp.dir / "cfg" / "other.cfg", "class CfgModels { class Unrelated { skeletonName = \"S\"; }; };");
    o.modelConfig = (tmp.dir / "cfg" / "other.cfg").string();
    auto other = rv::openFile(model, o);
    ASSERT_TRUE(other.ok());
    EXPECT_EQ(other->model->skeleton.name, "");
    const auto otherNotes = cfgWarnings(other->warnings);
    ASSERT_EQ(otherNotes.size(), 1u);
    EXPECT_EQ(otherNotes[0].kind, rv::DiagKind::MissingReference);
    EXPECT_EQ(rv::diagnosticLine(otherNotes[0]), "Rigged.p3d: the skeleton is left empty: " + o.modelConfig +
                                         ": CfgModels gives Rigged no skeletonName (nor does its class Default)");
}

TEST(ModelCfgFrontDoor, AFoundMalformedModelCfgIsAWarning) {
    rvtest::TempDir tmp;
    writeModel(tmp.dir / "Odd.p3d");
    writeText(tmp.dir / "model.cfg", R"(class CfgSkeletons { class S { skeletonBones[] = {"x"}; }; };
                                        class CfgModels { class Odd { skeletonName = "S"; }; };)");
    auto f = rv::openFile((tmp.dir / "Odd.p3d").string());
    ASSERT_TRUE(f.ok()) << rv::diagnosticLine(f.error());
    EXPECT_EQ(f->model->skeleton.name, "");
    const auto notes = cfgWarnings(f->warnings);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0].kind, rv::DiagKind::BadValue);
    EXPECT_NE(rv::diagnosticLine(notes[0]).find("CfgSkeletons class S: skeletonBones[] has 1 items"), std::string::npos)
        << rv::diagnosticLine(notes[0]);
    EXPECT_EQ(cfgWarnings(f->model->warnings).size(), 1u);  // in the model's own list too: dump --json prints that one
}

}  // namespace
