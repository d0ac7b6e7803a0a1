// Issue 40: skeletons and retexturing in linear work. An 80,000-bone chain once took 13 s (each
// bone walked its whole parent chain to find loops, and parentsFirst placed one bone per pass
// over all of them), bone lookups were a scan per name, and every hidden selection was compared
// with every selection of the model. The work meter counts the steps of those loops.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "linear_growth.hpp"
#include "rv/config.hpp"
#include "rv/model_cfg.hpp"
#include "rv/retexture.hpp"
#include "rv/skeleton.hpp"
#include "rv/view.hpp"
#include "view/view_internal.hpp"

namespace {

// A chain listed child first: bone i's parent is bone i + 1, the last is the root. Passes in
// index order place one bone each, the shape that made parentsFirst quadratic.
rv::OdolSkeleton childFirstChain(uint32_t n) {
    rv::OdolSkeleton s;
    s.name = "Chain";
    for (uint32_t i = 0; i < n; ++i)
        s.bones.push_back({"Bone" + std::to_string(i), i + 1 < n ? "bone" + std::to_string(i + 1) : ""});
    return s;
}

TEST(LinearSkeletons, ChainListedChildFirstInLinearWork) {
    rvtest::expectLinearWork("child-first chain", 10000, [](uint32_t n) {
        const rv::SkeletonView view = rv::skeletonView(childFirstChain(n));
        const std::vector<uint32_t> order = view.parentsFirst();
        ASSERT_EQ(order.size(), n);
        EXPECT_EQ(order.front(), n - 1);  // the root, then down the chain
        EXPECT_EQ(order.back(), 0u);
        for (uint32_t i = 0; i < n; i += 997) EXPECT_EQ(view.find("BONE" + std::to_string(i)), int32_t(i));
    });
}

TEST(LinearSkeletons, ParentsFirstKeepsThePassOrder) {
    // The order the passes gave before (each pass places, in index order, the bones whose parent
    // is placed), worked out by hand.
    rv::OdolSkeleton s;
    s.name = "Mixed";
    s.bones = {{"a", ""}, {"b", "c"}, {"c", "a"}, {"d", "e"}, {"e", ""}, {"f", "d"}};
    // Pass 0: a (root), c (parent a placed), e (root), f? its parent d is not placed yet. Pass 1:
    // b (parent c), d (parent e), f (parent d, placed earlier in this pass).
    EXPECT_EQ(rv::skeletonView(s).parentsFirst(), (std::vector<uint32_t>{0, 2, 4, 1, 3, 5}));
}

TEST(LinearSkeletons, LoopsAreCutOnceInLinearWork) {
    rvtest::expectLinearWork("looped chain", 10000, [](uint32_t n) {
        rv::OdolSkeleton s = childFirstChain(n);
        s.bones.back().parent = "bone0";  // the last bone closes the chain on the first
        std::vector<rv::Warning> warnings;
        const rv::SkeletonView view = rv::skeletonView(s, &warnings);
        ASSERT_EQ(warnings.size(), 1u);
        EXPECT_NE(warnings[0].message.find("is its own ancestor; it is made a root"), std::string::npos);
        uint32_t roots = 0;
        for (const rv::BoneView& b : view.bones) roots += b.parent < 0 ? 1 : 0;
        EXPECT_EQ(roots, 1u);
        EXPECT_EQ(view.parentsFirst().size(), n);
    });
}

// What rv_animation_pose (the C ABI, and so Blender) does per call: the caller's bones as a view,
// and a BMTR animation composed down it. Each animation bone is found by name once.
TEST(LinearSkeletons, AnimationOnAChainInLinearWork) {
    rvtest::expectLinearWork("animation on a chain", 5000, [](uint32_t n) {
        const rv::SkeletonView view = rv::skeletonView(childFirstChain(n));
        rv::RtmAnimation a;
        a.binarized = true;
        a.frameCount = 2;
        a.phases = {0.0f, 1.0f};
        for (uint32_t i = 0; i < n; ++i) a.bones.push_back("bone" + std::to_string(n - 1 - i));
        a.transforms.resize(size_t(a.frameCount) * n);
        for (rv::BmtrTransform& t : a.transforms) t.rotation = {0, 0, 0, 1};
        auto posed = rv::buildAnimationView(a, view, rv::Frame{}, {}, "chain");
        ASSERT_TRUE(posed.ok()) << rv::diagnosticLine(posed.error());
        EXPECT_EQ(posed->keyFrames.size(), 2u);
        EXPECT_TRUE(posed->dropped.empty());
    });
}

TEST(LinearSkeletons, ModelCfgChainInLinearWork) {
    rvtest::expectLinearWork("model.cfg chain", 10000, [](uint32_t n) {
        std::string text = "class CfgSkeletons { class Rig { skeletonBones[] = {";
        for (uint32_t i = 0; i < n; ++i)
            text += (i ? ",\"b" : "\"b") + std::to_string(i) + "\",\"" + (i + 1 < n ? "b" + std::to_string(i + 1) : "") + "\"";
        text += "}; }; };";
        auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "model.cfg");
        ASSERT_TRUE(tree.ok());
        auto skeleton = rv::readCfgSkeleton(tree.value(), "Rig", "model.cfg");
        ASSERT_TRUE(skeleton.ok());
        EXPECT_EQ(rv::skeletonView(skeleton.value()).parentsFirst().size(), n);
    });
}

TEST(LinearSkeletons, DuplicateBonesWarnAHundredTimesThenCount) {
    std::string text = "class CfgSkeletons { class Rig { skeletonBones[] = {\"a\",\"\"";
    for (int i = 0; i < 20000; ++i) text += ",\"A\",\"\"";
    text += "}; }; };";
    auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "model.cfg");
    ASSERT_TRUE(tree.ok());
    std::vector<rv::Warning> warnings;
    auto skeleton = rv::readCfgSkeleton(tree.value(), "Rig", "model.cfg", &warnings);
    ASSERT_TRUE(skeleton.ok());
    EXPECT_EQ(skeleton->bones.size(), 1u);
    ASSERT_EQ(warnings.size(), rv::kMaxWarningsPerKind + 1);
    EXPECT_EQ(warnings.back().message,
              "and 19900 more name problem warnings (only the first 100 of each kind are kept)");
    EXPECT_EQ(warnings.back().count, 19900u);
}

TEST(LinearSkeletons, RetexturingInLinearWork) {
    rvtest::expectLinearWork("retextured selections", 5000, [](uint32_t n) {
        rv::OdolLod lod;
        rv::Retexture retexture;
        for (uint32_t i = 0; i < n; ++i) {
            rv::OdolSelection sel;
            sel.name = "camo" + std::to_string(i);
            sel.faces = {i};
            lod.selections.push_back(sel);
            rv::SelectionRetexture s;
            s.selection = "CAMO" + std::to_string(n - 1 - i);
            s.texture = "tex" + std::to_string(n - 1 - i) + ".paa";
            retexture.selections.push_back(s);
        }
        rv::view::MaterialTable table;
        std::vector<uint32_t> faces(n, table.get("", "", nullptr));
        rv::view::retextureFaces(lod, retexture, table, faces);
        for (uint32_t i = 0; i < n; i += 499) EXPECT_EQ(table.at(faces[i]).texture, "tex" + std::to_string(i) + ".paa");
    });
}

}  // namespace
