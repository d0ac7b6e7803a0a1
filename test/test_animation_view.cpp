// Animations on skeletons (rv/skeleton.hpp), checked on what the motion is, not only that it
// exists: each BMTR file against its plain twin (the same animation before Bohemia's binarizer,
// ../shared/samples/animations/README.md "Agreement"), and man_survivor.p3d posed by a death
// animation: standing at its first frame, lying at its last.
#include <gtest/gtest.h>

#include <cmath>

#include "rv/config.hpp"
#include "rv/model_cfg.hpp"
#include "rv/rtm.hpp"
#include "rv/view.hpp"
#include "support/load.hpp"
#include "support/samples.hpp"

namespace {

const std::string kZmb = "animations/rtm/dayz-epoch-108/";

rv::RtmAnimation loadRtm(const std::string& rel) {
    const std::vector<uint8_t> bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + rel);
    auto r = rv::decodeRtm(bytes.data(), bytes.size(), rel);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : rv::diagnosticLine(r.error()));
    return r.ok() ? std::move(r.value()) : rv::RtmAnimation{};
}

// OFP2_ManSkeleton as zmb_model.cfg (beside the zombie animations) declares it for zmbStandDeath1.
rv::OdolSkeleton zombieSkeleton() {
    const std::string path = rvtest::samplesDir() + "/animations/models/dayz-epoch-108/zmb_model.cfg";
    const std::vector<uint8_t> bytes = rvtest::readBytes(path);
    auto cfg = rv::decodeConfig(bytes.data(), bytes.size(), "zmb_model.cfg");
    EXPECT_TRUE(cfg.ok()) << (cfg.ok() ? "" : rv::diagnosticLine(cfg.error()));
    if (!cfg.ok()) return {};
    auto skeleton = rv::skeletonForModel(cfg.value(), "zmbStandDeath1.p3d", "zmb_model.cfg");
    EXPECT_TRUE(skeleton.ok());
    return skeleton.ok() ? skeleton.value() : rv::OdolSkeleton{};
}

rv::AnimationView pose(const rv::RtmAnimation& a, const rv::SkeletonView& s, rv::Axes axes = rv::Axes::Stored,
                       rv::Vec3 center = {0, 0, 0}) {
    rv::Frame frame;
    frame.axes = axes;
    auto v = rv::buildAnimationView(a, s, frame, center, "test");
    EXPECT_TRUE(v.ok()) << (v.ok() ? "" : rv::diagnosticLine(v.error()));
    return v.ok() ? std::move(v.value()) : rv::AnimationView{};
}

rv::Vec3 apply(const rv::Mat4& m, rv::Vec3 p) {
    return {m.m[0] * p.x + m.m[1] * p.y + m.m[2] * p.z + m.m[3], m.m[4] * p.x + m.m[5] * p.y + m.m[6] * p.z + m.m[7],
            m.m[8] * p.x + m.m[9] * p.y + m.m[10] * p.z + m.m[11]};
}

// Every bone both files key, every frame: the BMTR's parent-relative records composed down the
// skeleton give the plain file's model-space matrix to the README's 0.002.
void expectTwinsAgree(const std::string& plainName, const std::string& bmtrName, const rv::OdolSkeleton& skeleton) {
    const rv::RtmAnimation plain = loadRtm(kZmb + plainName), bmtr = loadRtm(kZmb + bmtrName);
    ASSERT_FALSE(plain.binarized);
    ASSERT_TRUE(bmtr.binarized);
    ASSERT_EQ(plain.frameCount, bmtr.frameCount);
    const rv::SkeletonView s = rv::skeletonView(skeleton);
    const rv::AnimationView a = pose(plain, s), b = pose(bmtr, s);
    ASSERT_EQ(a.skinning.size(), b.skinning.size());
    uint32_t compared = 0;
    float worst = 0;
    for (uint32_t bone = 0; bone < s.bones.size(); ++bone) {
        if (!a.keyed[bone] || !b.keyed[bone]) continue;
        ++compared;
        for (uint32_t f = 0; f < plain.frameCount; ++f)
            for (int k = 0; k < 12; ++k)
                worst = std::max(worst, std::fabs(a.at(f, bone).m[size_t(k)] - b.at(f, bone).m[size_t(k)]));
    }
    // The binarizer kept exactly the skeleton's bones (127 of 134, 68 of 73): all are compared.
    EXPECT_EQ(compared, bmtr.bones.size()) << bmtrName;
    EXPECT_LE(worst, 0.002f) << plainName;
    EXPECT_GT(worst, 0.0f);  // binary16 and int16 cannot be exact: a 0 would mean one file was compared with itself
}

TEST(AnimationView, BmtrAgreesWithItsPlainTwinOnTheModelCfgSkeleton) {
    if (rvtest::samplesDir().empty()) GTEST_SKIP() << "../shared/samples is absent";
    const rv::OdolSkeleton skeleton = zombieSkeleton();
    ASSERT_EQ(skeleton.bones.size(), 132u);
    expectTwinsAgree("plain_zmbStandDeath1.rtm", "zmbStandDeath1.rtm", skeleton);
    expectTwinsAgree("plain_zombie_standSpasms2bentPose_135-178.rtm", "zombie_standSpasms2bentPose_135-178.rtm",
                     skeleton);
}

TEST(AnimationView, BmtrAgreesWithItsPlainTwinOnTheBinarizedSkeleton) {
    RV_LOAD_SAMPLE(m, "animations/models/dayz-epoch-108/man_survivor.p3d");
    expectTwinsAgree("plain_zmbStandDeath1.rtm", "zmbStandDeath1.rtm", m.skeleton);
}

// The binarizer dropped these from the BMTR; on the model's skeleton the plain file's are left out
// by name, and every other bone of the skeleton is keyed.
TEST(AnimationView, BonesOutsideTheSkeletonAreDroppedByName) {
    RV_LOAD_SAMPLE(m, "animations/models/dayz-epoch-108/man_survivor.p3d");
    const rv::SkeletonView s = rv::skeletonView(m.skeleton);
    const rv::AnimationView a = pose(loadRtm(kZmb + "plain_zmbStandDeath1.rtm"), s);
    EXPECT_EQ(a.dropped, (std::vector<std::string>{"SLOT_BackWpnL", "SLOT_BackWpnR", "SLOT_BackPack", "SLOT_ButtPack",
                                                   "SLOT_PatrolWpn", "RightInHandRing", "LeftInHandRing"}));
    ASSERT_EQ(a.warnings.size(), 1u);
    uint32_t keyed = 0;
    for (uint8_t k : a.keyed) keyed += k;
    EXPECT_EQ(keyed, 127u);
    EXPECT_EQ(a.frameCount, 79u);
}

// man_survivor.p3d (origin at its pelvis) posed by zmbStandDeath1: at the first frame a man
// standing on y = 0 (pelvis 0.9 m up, head 0.7 m above it, feet on the ground); at the last he
// lies on the ground, his head as low as his pelvis.
TEST(AnimationView, ManSurvivorStandsThenLies) {
    RV_LOAD_SAMPLE(m, "animations/models/dayz-epoch-108/man_survivor.p3d");
    rv::Options options;
    options.autocenter = false;
    auto view = rv::buildModelView(m, options, rv::Frame{});
    ASSERT_TRUE(view.ok());
    const rv::SkeletonView& s = view.value().skeleton;
    for (const char* file : {"plain_zmbStandDeath1.rtm", "zmbStandDeath1.rtm"}) {
        const rv::AnimationView a = pose(loadRtm(kZmb + file), s);
        auto posed = [&](uint32_t f, const char* bone) {
            const int32_t b = s.find(bone);
            return apply(a.at(f, uint32_t(b)), s.bones[size_t(b)].head);
        };
        const uint32_t last = a.frameCount - 1;
        EXPECT_NEAR(posed(0, "pelvis").y, 0.9f, 0.1f) << file;
        EXPECT_NEAR(posed(0, "head").y - posed(0, "pelvis").y, 0.7f, 0.1f) << file;
        EXPECT_NEAR(posed(0, "leftfoot").y, 0.06f, 0.05f) << file;
        EXPECT_LT(posed(last, "head").y, 0.3f) << file;
        EXPECT_LT(posed(last, "pelvis").y, 0.3f) << file;
        // He fell over: the head moved more than a metre from where it stood.
        const rv::Vec3 h0 = posed(0, "head"), h1 = posed(last, "head");
        EXPECT_GT(std::hypot(h1.x - h0.x, h1.y - h0.y, h1.z - h0.z), 1.0f) << file;
    }
}

// The frame change conjugates (YUp: z mirrored), the centre conjugates (positions relative to
// it), and the step moves every bone by step * phase (walk.rtm: 0, 0, -1.8 over 31 frames).
TEST(AnimationView, FramesCentreAndStep) {
    if (rvtest::samplesDir().empty()) GTEST_SKIP() << "../shared/samples is absent";
    rv::RtmAnimation walk = loadRtm("animations/rtm/a3-animate/walk.rtm");
    ASSERT_FALSE(walk.bones.empty());
    ASSERT_EQ(walk.step.z, -1.8f);
    rv::OdolSkeleton flat;
    for (const std::string& b : walk.bones) flat.bones.push_back({b, ""});
    const rv::SkeletonView s = rv::skeletonView(flat);
    rv::RtmAnimation still = walk;
    still.step = {0, 0, 0};
    const rv::AnimationView moving = pose(walk, s), fixed = pose(still, s);
    const uint32_t f = walk.frameCount - 1;
    for (uint32_t b = 0; b < s.bones.size(); ++b) {
        EXPECT_NEAR(moving.at(f, b).m[11] - fixed.at(f, b).m[11], -1.8f * walk.phases[f], 1e-5f);
        EXPECT_NEAR(moving.at(f, b).m[3], fixed.at(f, b).m[3], 1e-6f);
    }
    const rv::AnimationView yUp = pose(still, s, rv::Axes::YUp);
    const rv::Vec3 p{0.3f, 1.2f, 0.5f}, c{0.1f, 0.8f, -0.4f};
    const rv::Vec3 stored = apply(fixed.at(3, 0), p), converted = apply(yUp.at(3, 0), {p.x, p.y, -p.z});
    EXPECT_NEAR(converted.x, stored.x, 1e-5f);
    EXPECT_NEAR(converted.y, stored.y, 1e-5f);
    EXPECT_NEAR(converted.z, -stored.z, 1e-5f);
    const rv::AnimationView centred = pose(still, s, rv::Axes::Stored, c);
    const rv::Vec3 q = apply(centred.at(3, 0), {p.x - c.x, p.y - c.y, p.z - c.z});
    EXPECT_NEAR(q.x, stored.x - c.x, 1e-5f);
    EXPECT_NEAR(q.y, stored.y - c.y, 1e-5f);
    EXPECT_NEAR(q.z, stored.z - c.z, 1e-5f);
}

}  // namespace

// The frames every output keys: finite, not negative, above the last kept phase.
TEST(AnimationView, KeyableFramesNeedIncreasingPhases) {
    const float nan = std::nanf("");
    EXPECT_EQ(rv::keyableFrames({0.0f, 0.5f, 0.5f, 0.25f, nan, -1.0f, 0.75f, 1.0f}),
              (std::vector<uint32_t>{0, 1, 6, 7}));
    EXPECT_EQ(rv::keyableFrames({-0.5f, 0.0f, 0.0f}), (std::vector<uint32_t>{1}));
    EXPECT_TRUE(rv::keyableFrames({}).empty());
}

// The keys baked once for every output: one per keyable frame and bone, each the joint's local
// transform (jointLocal) decomposed, rotations on one side of the 4D sphere from key to key, and
// scale exactly 1 on a bone that never scales (plain_zmbStandDeath1: 79 increasing phases).
TEST(AnimationView, KeysAreBakedOnceForEveryOutput) {
    RV_LOAD_SAMPLE(m, "animations/models/dayz-epoch-108/man_survivor.p3d");
    auto view = rv::buildModelView(m, rv::Options{}, rv::Frame{rv::Axes::YUp});
    ASSERT_TRUE(view.ok());
    const rv::SkeletonView& s = view.value().skeleton;
    const rv::AnimationView a = pose(loadRtm(kZmb + "plain_zmbStandDeath1.rtm"), s);
    ASSERT_EQ(a.keyFrames.size(), 79u);
    ASSERT_EQ(a.keys.size(), 79u * s.bones.size());
    for (uint32_t b = 0; b < s.bones.size(); ++b) {
        for (size_t k = 0; k < a.keyFrames.size(); ++k) {
            const rv::Decomposition& d = a.key(b, k);
            const rv::Decomposition direct = rv::decompose(rv::jointLocal(s, a, a.keyFrames[k], b));
            float dot = 0;
            for (int i = 0; i < 4; ++i) dot += d.rotation[size_t(i)] * direct.rotation[size_t(i)];
            EXPECT_NEAR(std::fabs(dot), 1.0f, 1e-5f) << b << " " << k;  // the same rotation, maybe -q
            EXPECT_NEAR(d.translation.y, direct.translation.y, 1e-5f);
            if (k > 0) {
                const rv::Decomposition& before = a.key(b, k - 1);
                float side = 0;
                for (int i = 0; i < 4; ++i) side += d.rotation[size_t(i)] * before.rotation[size_t(i)];
                EXPECT_GE(side, 0.0f) << b << " " << k;
            }
            if (!a.keyScales[b]) {
                EXPECT_EQ(d.scale.x, 1.0f);
            }
        }
    }
    EXPECT_DOUBLE_EQ(a.keyTime(78), double(a.phases[78]) * 79);
}
