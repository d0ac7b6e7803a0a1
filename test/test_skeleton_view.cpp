// Skeletons in the decoder and the view, against ../shared/samples/animations/skeletons.tsv: the
// bone lists three independent readers agree on, and the per-LOD counts of bound vertices two of
// them agree on.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cmath>
#include <fstream>
#include <map>

#include "rv/model.hpp"
#include "rv/odol.hpp"
#include "rv/view.hpp"
#include "support/load.hpp"
#include "support/mlod_writer.hpp"
#include "support/samples.hpp"

namespace {

struct SkeletonRow {
    std::map<std::string, std::string> cell;
    const std::string& operator[](const std::string& k) const { return cell.at(k); }
};
void PrintTo(const SkeletonRow& r, std::ostream* os) { *os << r.cell.at("file"); }

std::vector<SkeletonRow> skeletonRows() {
    std::vector<SkeletonRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    const std::string path = dir + "/animations/skeletons.tsv";
    std::ifstream header(path);
    std::string line;
    if (!std::getline(header, line)) return out;
    std::vector<std::string> names;
    for (size_t a = 0;;) {
        size_t b = line.find('\t', a);
        names.push_back(line.substr(a, b == std::string::npos ? std::string::npos : b - a));
        if (b == std::string::npos) break;
        a = b + 1;
    }
    for (const auto& cells : rvtest::readTsv(path)) {
        SkeletonRow r;
        for (size_t i = 0; i < names.size(); ++i) r.cell[names[i]] = i < cells.size() ? cells[i] : "";
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<int64_t> numbers(const std::string& csv) {
    std::vector<int64_t> out;
    for (size_t a = 0; a <= csv.size();) {
        size_t b = csv.find(',', a);
        if (b == std::string::npos) b = csv.size();
        if (b > a) out.push_back(std::stoll(csv.substr(a, b - a)));
        a = b + 1;
    }
    return out;
}

// The README's bones_fnv64: textbook FNV-1a over name, 0, parent, 0 per bone.
std::string bonesHash(const rv::OdolSkeleton& s) {
    uint64_t h = 0xcbf29ce484222325ull;
    auto feed = [&](const std::string& t) {
        for (unsigned char c : t) h = (h ^ c) * 0x100000001b3ull;
        h = (h ^ 0) * 0x100000001b3ull;
    };
    for (const rv::OdolBone& b : s.bones) feed(b.name), feed(b.parent);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
    return buf;
}

class SkeletonSample : public testing::TestWithParam<SkeletonRow> {};

TEST_P(SkeletonSample, DecoderAndViewMatchTheReaders) {
    const SkeletonRow& row = GetParam();
    const std::string path = rvtest::samplesDir() + "/animations/" + row["file"];
    std::vector<uint8_t> bytes = rvtest::readBytes(path);
    ASSERT_FALSE(bytes.empty()) << path;
    auto decoded = rv::decodeOdol(bytes.data(), bytes.size(), row["file"]);
    ASSERT_TRUE(decoded.ok()) << rv::diagnosticLine(decoded.error());
    const rv::OdolModel& m = decoded.value();
    EXPECT_EQ(m.skeleton.name, row["skeleton"]);
    EXPECT_EQ(m.skeleton.isDiscrete, row["is_discrete"] == "1" || row["is_discrete"] == "true");
    ASSERT_EQ(int64_t(m.skeleton.bones.size()), std::stoll(row["bone_count"]));
    EXPECT_EQ(bonesHash(m.skeleton), row["bones_fnv64"]);
    EXPECT_EQ(m.skeleton.pivotsName, row["pivots"]);

    // The view of every LOD: one bone per skeleton bone, lower-cased, parents by index; each
    // LOD's vertices bound to at least one bone are the readers' weighted vertices.
    rv::Options options;
    options.lods = "all";
    auto view = rv::buildModelView(m, options, rv::Frame{});
    ASSERT_TRUE(view.ok()) << rv::diagnosticLine(view.error());
    const rv::SkeletonView& sk = view.value().skeleton;
    ASSERT_EQ(sk.bones.size(), m.skeleton.bones.size());
    for (size_t i = 0; i < sk.bones.size(); ++i) {
        std::string lower = m.skeleton.bones[i].name;
        for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_EQ(sk.bones[i].name, lower);
        const std::string& parent = m.skeleton.bones[i].parent;
        if (parent.empty()) {
            EXPECT_EQ(sk.bones[i].parent, -1);
        } else {
            ASSERT_GE(sk.bones[i].parent, 0) << lower;
        }
    }
    const std::vector<int64_t> vertices = numbers(row["lod_vertices"]);
    const std::vector<int64_t> weighted = numbers(row["lod_weighted_vertices"]);
    ASSERT_EQ(vertices.size(), m.lods.size());
    ASSERT_EQ(weighted.size(), view.value().lods.size());
    for (size_t l = 0; l < view.value().lods.size(); ++l) {
        const rv::LodView& lod = view.value().lods[l];
        EXPECT_EQ(int64_t(m.lods[lod.lodIndex].positions.size()), vertices[lod.lodIndex]);
        int64_t bound = 0;
        for (size_t v = 0; v < lod.jointWeights.size(); ++v) {
            const auto& w = lod.jointWeights[v];
            const float sum = w[0] + w[1] + w[2] + w[3];
            if (sum == 0) continue;
            ++bound;
            EXPECT_NEAR(sum, 1.0f, 1e-5f) << lod.name << " vertex " << v;
            for (int k = 0; k < 4; ++k) {
                if (w[size_t(k)] > 0) {
                    EXPECT_LT(lod.joints[v][size_t(k)], sk.bones.size());
                }
            }
        }
        // The points the view leaves out (only a proxy marker uses them) and the readers weight.
        const rv::OdolLod& src = m.lods[lod.lodIndex];
        std::vector<bool> kept(src.positions.size(), false);
        for (uint32_t p : lod.vertexPoint) kept.at(p) = true;
        int64_t weightedDropped = 0;
        for (size_t p = 0; p < kept.size() && p < src.vertexBones.size(); ++p)
            weightedDropped += !kept[p] && src.vertexBones[p].count > 0;
        EXPECT_LE(weightedDropped, 3 * int64_t(src.proxies.size())) << lod.name;  // three corners a marker
        EXPECT_EQ(bound + weightedDropped, weighted[lod.lodIndex]) << lod.name;
        EXPECT_EQ(lod.skinned(), bound > 0) << lod.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Animations, SkeletonSample, testing::ValuesIn(skeletonRows()),
                         [](const testing::TestParamInfo<SkeletonRow>& p) {
                             std::string n = std::to_string(p.index) + "_" + p.param["file"];
                             for (char& c : n)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SkeletonSample);

TEST(SkeletonSamples, AllTwentySevenRowsAreRead) {
    if (rvtest::samplesDir().empty()) GTEST_SKIP() << "../shared/samples is absent";
    EXPECT_EQ(skeletonRows().size(), 27u);
}

// The rest heads of man_survivor.p3d's bones sit where a standing man's parts are (BI space: y
// up; this model's origin is at its pelvis, its toes point to -z): the head above the neck above
// the pelvis, the feet 0.9 m below it, each hand at the end of its arm, on opposite sides.
TEST(SkeletonView, ManSurvivorHeadsAreWhereTheBodyIs) {
    RV_LOAD_SAMPLE(m, "animations/models/dayz-epoch-108/man_survivor.p3d");
    rv::Options options;
    options.autocenter = false;  // the model's own coordinates
    auto view = rv::buildModelView(m, options, rv::Frame{});
    ASSERT_TRUE(view.ok()) << rv::diagnosticLine(view.error());
    const rv::SkeletonView& sk = view.value().skeleton;
    ASSERT_EQ(sk.bones.size(), 132u);
    ASSERT_TRUE(view.value().lods.at(0).skinned());
    auto head = [&](const char* name) {
        const int32_t b = sk.find(name);
        EXPECT_GE(b, 0) << name;
        return b < 0 ? rv::Vec3{0, 0, 0} : sk.bones[size_t(b)].head;
    };
    EXPECT_EQ(sk.find("PELVIS"), sk.find("pelvis"));
    EXPECT_EQ(sk.bones[size_t(sk.find("spine"))].parent, sk.find("pelvis"));
    const rv::Vec3 pelvis = head("pelvis"), neck = head("neck"), top = head("head");
    EXPECT_NEAR(pelvis.y, 0.0f, 0.1f);
    EXPECT_GT(top.y, neck.y + 0.1f);
    EXPECT_GT(neck.y, pelvis.y + 0.4f);
    for (const char* foot : {"leftfoot", "rightfoot"}) EXPECT_LT(head(foot).y, pelvis.y - 0.8f) << foot;
    EXPECT_GT(top.y - head("leftfoot").y, 1.5f);  // a man of about 1.8 m
    for (const char* side : {"left", "right"}) {
        const std::string s = side;
        const float arm = std::fabs(head((s + "arm").c_str()).x), fore = std::fabs(head((s + "forearm").c_str()).x);
        const float hand = std::fabs(head((s + "hand").c_str()).x);
        EXPECT_LT(arm, fore) << side;
        EXPECT_LT(fore, hand) << side;
        EXPECT_GT(hand, 0.5f) << side;
    }
    EXPECT_LT(head("lefthand").x * head("righthand").x, 0.0f);  // opposite sides
}

}  // namespace

namespace {

// Editable models bind through the selections named after bones (any case), with the selections'
// decoded weights: the box's "top" holds points 2, 3 (byte 1: full), 6 (byte 254: 2/255) and 7
// (byte 2: 254/255), "all" every point fully. Bones as a model.cfg would give them.
TEST(SkeletonView, EditableLodsBindThroughSelectionsNamedAfterBones) {
    const std::vector<uint8_t> bytes = rvtest::writeMlod(rvtest::makeBoxModel(false));
    auto decoded = rv::decodeMlod(bytes.data(), bytes.size(), "box.p3d");
    ASSERT_TRUE(decoded.ok()) << rv::diagnosticLine(decoded.error());
    rv::OdolModel m = std::move(decoded.value());
    m.skeleton.name = "BoxSkeleton";
    m.skeleton.bones = {{"All", ""}, {"TOP", "All"}, {"unused", "All"}};
    auto view = rv::buildModelView(m, rv::Options{}, rv::Frame{});
    ASSERT_TRUE(view.ok()) << rv::diagnosticLine(view.error());
    const rv::LodView& lod = view.value().lods.at(0);
    ASSERT_TRUE(lod.skinned());
    ASSERT_EQ(lod.joints.size(), lod.positions.size());
    const float top[8] = {0, 0, 1, 1, 0, 0, 2.0f / 255, 254.0f / 255};
    for (size_t v = 0; v < lod.positions.size(); ++v) {
        const uint32_t p = lod.vertexPoint[v];
        ASSERT_LT(p, 8u);
        float all = 0, onTop = 0, other = 0;
        for (size_t k = 0; k < 4; ++k) {
            const float w = lod.jointWeights[v][k];
            if (w == 0) continue;
            (lod.joints[v][k] == 0 ? all : lod.joints[v][k] == 1 ? onTop : other) += w;
        }
        EXPECT_NEAR(all, 1.0f / (1.0f + top[p]), 1e-6f) << "point " << p;
        EXPECT_NEAR(onTop, top[p] / (1.0f + top[p]), 1e-6f) << "point " << p;
        EXPECT_EQ(other, 0.0f) << "point " << p;
    }
    // The bone no vertex uses rests at its parent's head.
    const rv::SkeletonView& s = view.value().skeleton;
    EXPECT_EQ(s.bones[2].head.x, s.bones[0].head.x);
    EXPECT_EQ(s.bones[2].head.y, s.bones[0].head.y);
    EXPECT_EQ(s.bones[2].head.z, s.bones[0].head.z);
}

// A skeleton that names a missing parent or loops still gives a tree: such bones become roots,
// each with a warning, and parentsFirst() orders every bone once.
TEST(SkeletonView, BrokenParentsBecomeRoots) {
    rv::OdolSkeleton s;
    s.name = "broken";
    s.bones = {{"a", "c"}, {"b", "a"}, {"c", "b"}, {"d", "nowhere"}, {"e", "d"}, {"a", ""}};
    std::vector<rv::Warning> warnings;
    const rv::SkeletonView v = rv::skeletonView(s, &warnings);
    ASSERT_EQ(v.bones.size(), 5u);  // the second "a" is dropped
    EXPECT_EQ(v.bones[3].parent, -1);
    EXPECT_EQ(v.bones[4].parent, 3);
    int roots = 0;
    for (const rv::BoneView& b : v.bones) roots += b.parent < 0;
    EXPECT_GE(roots, 2);             // d, and the cut in the a-b-c loop
    EXPECT_GE(warnings.size(), 3u);  // the duplicate, the unknown parent, the loop
    std::vector<uint32_t> order = v.parentsFirst();
    ASSERT_EQ(order.size(), 5u);
    std::vector<int> at(5, -1);
    for (size_t i = 0; i < order.size(); ++i) at[order[i]] = int(i);
    for (size_t b = 0; b < 5; ++b) {
        if (v.bones[b].parent >= 0) {
            EXPECT_LT(at[size_t(v.bones[b].parent)], at[b]);
        }
    }
}

}  // namespace
