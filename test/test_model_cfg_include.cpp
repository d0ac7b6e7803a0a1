// A model.cfg built on the preprocessor, as modders write them: the skeleton shared through
// `#include "..\skeleton.hpp"` and bone lists made by macros. Through the front door it must give
// the same skeleton as the same config written out flat (issue 39).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "rv/open.hpp"
#include "support/mlod_writer.hpp"
#include "support/temp_dir.hpp"
#include "support/write_file.hpp"

namespace {

namespace fs = std::filesystem;
using Pairs = std::vector<std::pair<std::string, std::string>>;

void writeText(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

Pairs skeletonOf(const fs::path& model, const rv::Options& options = {}) {
    auto f = rv::openFile(model.string(), options);
    EXPECT_TRUE(f.ok()) << rv::diagnosticLine(f.error());
    if (!f.ok() || !f->model) return {};
    Pairs out;
    for (const rv::OdolBone& b : f->model->skeleton.bones) out.emplace_back(b.name, b.parent);
    return out;
}

const char* const kFlat = R"(class CfgSkeletons {
    class Base { skeletonInherit = ""; skeletonBones[] = {"Root", "", "Spine", "Root"}; };
    class Rig : Base { skeletonInherit = "Base"; skeletonBones[] = {"Arm_L", "Spine", "Arm_R", "Spine", "Hand_L", "Arm_L"}; };
};
class CfgModels { class Default { skeletonName = "Rig"; }; };
)";

// The same, with the skeleton in a shared file one folder up and the arms made by a macro.
const char* const kSharedSkeleton = R"(#define ARM(side) QUOTE(Arm_##side), "Spine"
#define QUOTE(x) #x
class CfgSkeletons {
    class Base { skeletonInherit = ""; skeletonBones[] = {"Root", "", "Spine", "Root"}; };
    class Rig : Base {
        skeletonInherit = "Base";
        skeletonBones[] = {ARM(L), ARM(R), \
                           "Hand_L", "Arm_L"};
    };
};
)";
const char* const kIncluding = R"(#include "..\skeleton.hpp"
#ifdef ARM
class CfgModels { class Default { skeletonName = QUOTE(Rig); }; };
#else
class CfgModels { class Default { skeletonName = "missing"; }; };
#endif
)";

TEST(ModelCfgPreprocessed, IncludedSkeletonEqualsTheFlatOne) {
    rvtest::TempDir tmp;
    const std::vector<uint8_t> box = rvtest::writeMlod(rvtest::makeBoxModel(false));
    fs::create_directories(tmp.dir / "flat");
    fs::create_directories(tmp.dir / "mod" / "rigged");
    ASSERT_TRUE(rvtest::writeFile((tmp.dir / "flat" / "Rigged.p3d").string(), box));
    writeText(tmp.dir / "flat" / "model.cfg", kFlat);
    ASSERT_TRUE(rvtest::writeFile((tmp.dir / "mod" / "rigged" / "Rigged.p3d").string(), box));
    writeText(tmp.dir / "mod" / "skeleton.hpp", kSharedSkeleton);
    writeText(tmp.dir / "mod" / "rigged" / "model.cfg", kIncluding);

    const Pairs want = {{"Root", ""}, {"Spine", "Root"}, {"Arm_L", "Spine"}, {"Arm_R", "Spine"}, {"Hand_L", "Arm_L"}};
    const Pairs flat = skeletonOf(tmp.dir / "flat" / "Rigged.p3d");
    EXPECT_EQ(flat, want);
    // "..\" climbs out of the model.cfg's folder: the include root is the mod folder, as a P:
    // drive would be, given as --include-root or as the data root.
    rv::Options options;
    options.includeRoot = (tmp.dir / "mod").string();
    const Pairs included = skeletonOf(tmp.dir / "mod" / "rigged" / "Rigged.p3d", options);
    options.includeRoot.clear();
    options.dataRoot = (tmp.dir / "mod").string();
    EXPECT_EQ(skeletonOf(tmp.dir / "mod" / "rigged" / "Rigged.p3d", options), flat);
    // Without either, the model.cfg's own folder is the root, "..\" is refused, and the model
    // opens without a skeleton (a warning says why).
    auto refused = rv::openFile((tmp.dir / "mod" / "rigged" / "Rigged.p3d").string());
    ASSERT_TRUE(refused.ok()) << rv::diagnosticLine(refused.error());
    EXPECT_TRUE(refused->model->skeleton.bones.empty());
    EXPECT_EQ(included, flat);
}

}  // namespace
