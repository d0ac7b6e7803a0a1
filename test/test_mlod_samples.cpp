// Editable models (MLOD) against ../shared/samples/editable.tsv: every file decodes to exactly the
// counts and geometry hash independent readers agree on (positions as the points are stored,
// faces as the stored point indices in stored order), and every editable model with a binarized
// twin in real/ builds the same view as the twin: same triangles, same corner positions bit for
// bit, same winding, under either autocenter choice.
#include <gtest/gtest.h>

#include <array>
#include <cinttypes>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "rv/model.hpp"
#include "rv/view.hpp"
#include "support/model_hash.hpp"
#include "support/samples.hpp"

namespace {

struct EditableRow {
    std::string path, format, note;
    int64_t lods = -1, points = -1, faces = -1, selections = -1;
    std::string geoFnv64;
};
void PrintTo(const EditableRow& r, std::ostream* os) { *os << r.path; }

std::vector<EditableRow> editableRows() {
    std::vector<EditableRow> out;
    const std::string dir = rvtest::samplesDir();
    if (dir.empty()) return out;
    for (const std::vector<std::string>& c : rvtest::readTsv(dir + "/editable.tsv")) {
        if (c.size() < 7) continue;
        EditableRow r;
        r.path = c[0];
        r.format = c[1];
        r.lods = std::stoll(c[2]);
        r.points = std::stoll(c[3]);
        r.faces = std::stoll(c[4]);
        r.selections = std::stoll(c[5]);
        r.geoFnv64 = c[6];
        r.note = c.size() > 8 ? c[8] : "";
        out.push_back(r);
    }
    return out;
}

using rvtest::geoHash;

rv::Result<rv::OdolModel> decodeSample(const std::string& path) {
    const auto bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + path);
    return rv::decodeModel(bytes.data(), bytes.size(), path);
}

class EditableSample : public testing::TestWithParam<EditableRow> {};

TEST_P(EditableSample, MatchesEditableTsv) {
    const EditableRow& row = GetParam();
    auto res = decodeSample(row.path);
    ASSERT_TRUE(res.ok()) << rv::diagnosticLine(res.error());
    const rv::OdolModel& m = res.value();
    EXPECT_TRUE(m.editable);
    EXPECT_EQ(m.version, 257u);
    int64_t points = 0, faces = 0, sels = 0;
    for (const rv::OdolLod& l : m.lods) {
        points += int64_t(l.positions.size());
        faces += int64_t(l.faceCount());
        sels += int64_t(l.selections.size());
        EXPECT_EQ(l.cornerNormals.size(), l.faceIndices.size());
        EXPECT_EQ(l.faceFlags.size(), l.faceCount());
        EXPECT_EQ(l.pointFlags.size(), l.positions.size());
    }
    EXPECT_EQ(int64_t(m.lods.size()), row.lods);
    EXPECT_EQ(points, row.points);
    EXPECT_EQ(faces, row.faces);
    EXPECT_EQ(sels, row.selections);
    EXPECT_EQ(geoHash(m), row.geoFnv64);
    // Only the bytes after hilux1's last LOD deserve a warning.
    for (const rv::Warning& w : m.warnings) {
        EXPECT_EQ(w.kind, rv::DiagKind::UnreadBytes) << rv::diagnosticLine(w);
        EXPECT_NE(row.note.find("after the last LOD"), std::string::npos) << rv::diagnosticLine(w);
    }
    // Every LOD builds a view; its vertices cover every point but those only a proxy's marker
    // triangle uses (the faces of a "proxy:" selection), each on its point.
    rv::Options options;
    options.lods = "all";
    options.autocenter = false;
    auto view = rv::buildModelView(m, options, rv::Frame{});
    ASSERT_TRUE(view.ok()) << rv::diagnosticLine(view.error());
    for (const rv::LodView& lv : view->lods) {
        const rv::OdolLod& lod = m.lods[lv.lodIndex];
        const size_t stored = lod.positions.size();
        std::vector<bool> covered(stored, false), drawn(stored, false), inMarker(stored, false);
        std::vector<bool> marker(lod.faceCount(), false);
        for (const rv::OdolProxy& p : lod.proxies)
            for (uint32_t f : lod.selections.at(size_t(p.selectionIndex)).faces) marker.at(f) = true;
        for (size_t f = 0; f < lod.faceCount(); ++f)
            for (uint32_t k = lod.faceStart[f]; k < lod.faceStart[f + 1]; ++k)
                (marker[f] ? inMarker : drawn)[lod.faceIndices[k]] = true;
        for (uint32_t p : lv.vertexPoint) covered.at(p) = true;
        for (size_t p = 0; p < stored; ++p) EXPECT_EQ(covered[p], drawn[p] || !inMarker[p]) << lv.name << " " << p;
        for (size_t v = 0; v < lv.positions.size(); ++v) {
            const rv::Vec3& p = lod.positions[lv.vertexPoint[v]];
            const rv::Vec3 placed{p.x + 0.0f, p.y + 0.0f, p.z + 0.0f};  // the view adds a zero offset
            ASSERT_EQ(std::memcmp(&lv.positions[v], &placed, 12), 0);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Editable, EditableSample, testing::ValuesIn(editableRows()), rvtest::ByPath());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EditableSample);

// ---- twins ----

using rvtest::Twin;


// One triangle as its three corner positions' bits, starting at its smallest corner so that the
// same triangle compares equal whatever corner the fan started at, but not when wound the other
// way. (-0 and +0 count as one: x + 0 turns -0 into +0.) `shift` is subtracted first: without
// autocenter a binarized position is f32(f32(p - c) + c), which is p only up to rounding, so
// both sides are compared after taking the centre off again.
using Tri = std::array<uint32_t, 9>;
Tri triangleKey(const rv::LodView& lv, size_t t, const rv::Vec3& shift) {
    std::array<std::array<uint32_t, 3>, 3> c;
    for (int k = 0; k < 3; ++k) {
        const rv::Vec3& p = lv.positions[lv.triangles[3 * t + size_t(k)]];
        const float f[3] = {(p.x - shift.x) + 0.0f, (p.y - shift.y) + 0.0f, (p.z - shift.z) + 0.0f};
        std::memcpy(c[size_t(k)].data(), f, 12);
    }
    size_t first = 0;
    for (size_t k = 1; k < 3; ++k)
        if (c[k] < c[first]) first = k;
    Tri key;
    for (size_t k = 0; k < 3; ++k) std::memcpy(key.data() + 3 * k, c[(first + k) % 3].data(), 12);
    return key;
}

std::multiset<Tri> triangles(const rv::ModelView& view, const rv::LodView& lv) {
    const rv::Vec3 shift = view.centerApplied ? view.centerOffset : rv::Vec3{0, 0, 0};
    std::multiset<Tri> out;
    for (size_t t = 0; t < lv.triangleFace.size(); ++t) out.insert(triangleKey(lv, t, shift));
    return out;
}

// Per triangle (by triangleKey), its corners' normals in the key's corner order.
std::multimap<Tri, std::array<rv::Vec3, 3>> cornerNormals(const rv::ModelView& view, const rv::LodView& lv) {
    const rv::Vec3 shift = view.centerApplied ? view.centerOffset : rv::Vec3{0, 0, 0};
    std::multimap<Tri, std::array<rv::Vec3, 3>> out;
    for (size_t t = 0; t < lv.triangleFace.size(); ++t) {
        const Tri key = triangleKey(lv, t, shift);
        std::array<rv::Vec3, 3> n;
        for (size_t k = 0; k < 3; ++k) {
            const rv::Vec3& p = lv.positions[lv.triangles[3 * t + k]];
            const float f[3] = {(p.x - shift.x) + 0.0f, (p.y - shift.y) + 0.0f, (p.z - shift.z) + 0.0f};
            size_t slot = 0;
            while (slot < 3 && std::memcmp(key.data() + 3 * slot, f, 12) != 0) ++slot;
            n[slot < 3 ? slot : k] = lv.normals[lv.triangles[3 * t + k]];
        }
        out.emplace(key, n);
    }
    return out;
}

// How many of the editable LOD's triangles have a twin triangle whose corner normals point the
// same way (within 3 degrees: ODOL stores them quantised).
size_t sameNormals(const rv::ModelView& mv, const rv::LodView& ml, const rv::ModelView& ov, const rv::LodView& ol) {
    const auto want = cornerNormals(ov, ol);
    size_t same = 0;
    for (const auto& [key, normals] : cornerNormals(mv, ml)) {
        auto range = want.equal_range(key);
        for (auto it = range.first; it != range.second; ++it) {
            bool all = true;
            for (size_t k = 0; k < 3; ++k) {
                const rv::Vec3 &a = normals[k], &b = it->second[k];
                all = all && a.x * b.x + a.y * b.y + a.z * b.z > 0.9986f;
            }
            if (all) {
                ++same;
                break;
            }
        }
    }
    return same;
}

class EditableTwin : public testing::TestWithParam<Twin> {};

TEST_P(EditableTwin, BuildsTheSameViewAsItsBinarizedTwin) {
    auto mlod = decodeSample(GetParam().mlod);
    auto odol = decodeSample(GetParam().odol);
    ASSERT_TRUE(mlod.ok()) << rv::diagnosticLine(mlod.error());
    ASSERT_TRUE(odol.ok()) << rv::diagnosticLine(odol.error());
    EXPECT_EQ(std::memcmp(&mlod->info.boundingCenter, &odol->info.boundingCenter, 12), 0)
        << "centre " << mlod->info.boundingCenter.x << " " << mlod->info.boundingCenter.y << " "
        << mlod->info.boundingCenter.z << " vs " << odol->info.boundingCenter.x << " " << odol->info.boundingCenter.y
        << " " << odol->info.boundingCenter.z;
    size_t compared = 0;
    for (bool autocenter : {true, false})
        for (rv::Axes axes : {rv::Axes::Stored, rv::Axes::YUp}) {
            rv::Options options;
            options.lods = "all";
            options.autocenter = autocenter;
            rv::Frame frame;
            frame.axes = axes;
            auto mv = rv::buildModelView(mlod.value(), options, frame);
            auto ov = rv::buildModelView(odol.value(), options, frame);
            ASSERT_TRUE(mv.ok() && ov.ok());
            std::map<float, const rv::LodView*> odolLods;
            for (const rv::LodView& l : ov->lods) odolLods.emplace(l.resolution, &l);
            for (const rv::LodView& ml : mv->lods) {
                auto it = odolLods.find(ml.resolution);
                if (it == odolLods.end()) continue;  // a LOD the binarizer dropped
                // The binarizer closes shadow volumes (extra faces along their edges).
                if (ml.kind == rv::LodKind::ShadowVolume) continue;
                const rv::LodView& ol = *it->second;
                SCOPED_TRACE("LOD " + ml.name + (autocenter ? " autocenter" : " editable coordinates"));
                ASSERT_EQ(ml.triangleFace.size(), ol.triangleFace.size());
                EXPECT_TRUE(triangles(mv.value(), ml) == triangles(ov.value(), ol));
                // Rendered LODs: the corners' normals point the same way too.
                // (2e19886f_fishing_rod_weaponized stores other normals than its twin's, for 45% of its
                // triangles; 72d605ef, another revision with the same twin, matches: the twin was
                // binarized from that one.)
                const bool staleNormals = GetParam().mlod.find("2e19886f_fishing_rod") != std::string::npos;
                if (rv::isRendered(ml.kind) && !ol.normals.empty() && autocenter && axes == rv::Axes::Stored &&
                    !staleNormals) {
                    const size_t same = sameNormals(mv.value(), ml, ov.value(), ol);
                    RecordProperty("normals_" + ml.name,
                                   std::to_string(same) + "/" + std::to_string(ml.triangleFace.size()));
                    EXPECT_GE(double(same), 0.99 * double(ml.triangleFace.size()))
                        << same << " of " << ml.triangleFace.size();
                }
                ++compared;
            }
        }
    EXPECT_GT(compared, 0u);
}


INSTANTIATE_TEST_SUITE_P(Editable, EditableTwin, testing::ValuesIn(rvtest::odolTwins()), rvtest::ByTwin());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EditableTwin);

}  // namespace
