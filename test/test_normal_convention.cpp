// Which way the green channel of an RV `_nohq` normal map points, measured on the real samples
// (../shared/samples), so the exporters know whether to flip it for glTF / Blender (+Y = up the
// picture, i.e. towards decreasing v with the top-left UV origin).
//
// Three measurements, none of them using the code that will convert normal maps:
//  1. Geometry. For every triangle of every visual LOD that stores ST coordinates, the tangent
//     frame follows from positions and UV set 0: dP/du and dP/dv (the standard derivation). The
//     first vector of each stored ST pair (OdolLod::tangents, decoded like the normals with
//     -1/511, the decode under which the normals point inward) lies along +dP/du and the second
//     (OdolLod::bitangents) along +dP/dv, v growing down the picture; on UV-mirrored triangles
//     too, so BI's binarizer derives both from the UV gradients (no handedness sign). S and T are
//     packed alike, so whatever sign the engine's unpacking gives one it gives the other. With a
//     shader n = S*red + T*green + N*blue (an assumption: the shaders are not public), red along
//     +u forces green along +v: DirectX. The data cannot show the shader; it shows that nothing
//     in the stored frame turns v upwards.
//  2. The pictures. A normal map made from a height field h has (red, green) = -(dh/dx, dh/dy)
//     when green points down the picture (y = rows, DirectX) and (-dh/dx, +dh/dy) when it points
//     up (OpenGL). d(red)/dy = d(green)/dx holds in the first case and d(red)/dy = -d(green)/dx
//     in the second, so the sign of sum(dR/dy * dG/dx) tells them apart for any relief that is a
//     height field or a bake of a surface. Every `_nohq` sample with relief (6 of 7; the seventh
//     is flat) gives the DirectX sign, after the ZIWS unswizzle (red = 255 - stored alpha) and on
//     the one DXT1 map without a ZIWS tag alike. This fixes green relative to red only (a map
//     with both flipped would pass); red = +u (right) is common to the DirectX and OpenGL forms.
//  3. One map against its model (biomeat_can + armourpottedmeat_can_test1_nohq): where the
//     smoothed vertex normal leans away from the flat face, a baked map leans back towards the
//     face normal, so red follows faceN . t_u and green faceN . t_v (t_u, t_v: dP/du, dP/dv made
//     perpendicular to the interpolated normal). Both correlate positively: red = +u and green =
//     +v without assuming either. Weak (a few hundred texels, one map); the other models' maps
//     hardly correct their normals, so they say nothing here and are left out.
// Conclusion: green points towards +v (down the picture): DirectX. glTF and Blender need it
// inverted (g' = 255 - g) after the ZIWS unswizzle; red stays.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "rv/odol.hpp"
#include "rv/paa.hpp"
#include "support/samples.hpp"

namespace {

struct D3 {
    double x, y, z;
};
D3 d3(rv::Vec3 v) { return {v.x, v.y, v.z}; }
D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
D3 operator*(D3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
double dot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
D3 cross(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
D3 unit(D3 a) {
    const double l = std::sqrt(dot(a, a));
    return l > 0 ? a * (1 / l) : a;
}

// Signs of a dot product: how many positive, how many negative (zero counts as neither).
struct Signs {
    int64_t plus = 0, minus = 0;
    void add(double d) {
        if (d > 0) ++plus;
        if (d < 0) ++minus;
    }
    bool operator==(const Signs& o) const { return plus == o.plus && minus == o.minus; }
};
std::ostream& operator<<(std::ostream& os, const Signs& s) { return os << "+" << s.plus << " -" << s.minus; }

// One triangle's UV frame: dP/du, dP/dv and the UV determinant (its sign: UV winding).
struct UvFrame {
    D3 dPdu, dPdv, faceNormal;
    double det;
};
UvFrame uvFrame(const rv::OdolLod& lod, const std::vector<rv::Vec2>& uv, uint32_t i0, uint32_t i1, uint32_t i2) {
    const D3 e1 = d3(lod.positions[i1]) - d3(lod.positions[i0]), e2 = d3(lod.positions[i2]) - d3(lod.positions[i0]);
    const double du1 = double(uv[i1].u) - uv[i0].u, dv1 = double(uv[i1].v) - uv[i0].v;
    const double du2 = double(uv[i2].u) - uv[i0].u, dv2 = double(uv[i2].v) - uv[i0].v;
    UvFrame f;
    f.det = du1 * dv2 - du2 * dv1;
    f.faceNormal = cross(e1, e2);  // outward (odol.hpp)
    if (f.det != 0) {
        f.dPdu = (e1 * dv2 - e2 * dv1) * (1 / f.det);
        f.dPdv = (e2 * du1 - e1 * du2) * (1 / f.det);
    }
    return f;
}
// Degenerate in UV (or in space): no frame to compare with.
bool degenerate(const UvFrame& f) { return std::fabs(f.det) < 1e-9 || dot(f.faceNormal, f.faceNormal) < 1e-18; }

// Fan-triangulates every face of a LOD (faces are triangles or quads).
template <class F>
void forEachTriangle(const rv::OdolLod& lod, uint32_t firstFace, uint32_t endFace, F&& f) {
    for (uint32_t fi = firstFace; fi < endFace; ++fi) {
        const uint32_t a = lod.faceStart[fi], e = lod.faceStart[fi + 1];
        for (uint32_t k = a + 1; k + 1 < e; ++k) f(lod.faceIndices[a], lod.faceIndices[k], lod.faceIndices[k + 1]);
    }
}

// ---- 1. Stored ST against the UV gradients ----

struct StCounts {
    int64_t triangles = 0, degenerate = 0, mirrored = 0;
    // Triangles whose UV determinant is positive (the majority winding):
    Signs sAlongU, tAlongV;  // dot(S, dP/du), dot(T, dP/dv)
    Signs sAlongV, tAlongU;  // the cross terms: no majority expected
    // Triangles with the other winding (mirrored UV islands), counted on their own:
    Signs mirroredSAlongU, mirroredTAlongV;
    double cosSu = 0, cosTv = 0, cosSv = 0, cosTu = 0;  // sums over the non-mirrored triangles
    int64_t cosCount = 0;
};

StCounts measureSt(const rv::OdolModel& m) {
    StCounts c;
    for (const rv::OdolLod& lod : m.lods) {
        if (rv::lodKind(lod.resolution) != rv::LodKind::Visual) continue;
        if (lod.tangents.empty() || lod.uvSets.empty() || lod.uvSets[0].empty()) continue;
        const std::vector<rv::Vec2>& uv = lod.uvSets[0];
        forEachTriangle(lod, 0, uint32_t(lod.faceCount()), [&](uint32_t i0, uint32_t i1, uint32_t i2) {
            ++c.triangles;
            const UvFrame f = uvFrame(lod, uv, i0, i1, i2);
            if (degenerate(f)) {
                ++c.degenerate;
                return;
            }
            // The per-corner vectors summed: the triangle's share of the smoothed frame.
            const D3 s = d3(lod.tangents[i0]) + d3(lod.tangents[i1]) + d3(lod.tangents[i2]);
            const D3 t = d3(lod.bitangents[i0]) + d3(lod.bitangents[i1]) + d3(lod.bitangents[i2]);
            if (f.det < 0) {
                ++c.mirrored;
                c.mirroredSAlongU.add(dot(s, f.dPdu));
                c.mirroredTAlongV.add(dot(t, f.dPdv));
                return;
            }
            c.sAlongU.add(dot(s, f.dPdu));
            c.tAlongV.add(dot(t, f.dPdv));
            c.sAlongV.add(dot(s, f.dPdv));
            c.tAlongU.add(dot(t, f.dPdu));
            const D3 su = unit(s), tu = unit(t), pu = unit(f.dPdu), pv = unit(f.dPdv);
            if (dot(su, su) > 0 && dot(tu, tu) > 0) {
                c.cosSu += dot(su, pu), c.cosTv += dot(tu, pv), c.cosSv += dot(su, pv), c.cosTu += dot(tu, pu);
                ++c.cosCount;
            }
        });
    }
    return c;
}

struct StExpected {
    const char* path;
    int64_t triangles, degenerate, mirrored;
    Signs sAlongU, tAlongV, mirroredSAlongU, mirroredTAlongV;
};

// As measured (the real ODOL samples whose visual LODs store ST; the others store none).
const StExpected kStExpected[] = {
    {"real/agm/237b7bcf_AGM_M84_thrown.p3d", 4293, 9, 972, {3307, 5}, {3308, 4}, {966, 6}, {964, 8}},
    {"real/agm/8e57ca3b_AGM_M84.p3d", 6718, 21, 1142, {5538, 17}, {5537, 18}, {1139, 3}, {1130, 12}},
    {"real/agm/AGM_M84.p3d", 2707, 9, 321, {2376, 1}, {2375, 2}, {320, 1}, {317, 4}},
    {"real/ascz-mods/754b7e0a_CUP_Scoutpack_ACR.p3d", 1586, 61, 936, {574, 15}, {579, 10}, {936, 0}, {936, 0}},
    {"real/ascz-mods/CowboyHat_g.p3d", 2262, 0, 12, {2250, 0}, {2250, 0}, {12, 0}, {12, 0}},
    {"real/dayz-epoch-108/astan.p3d", 2758, 10, 1519, {1160, 69}, {1202, 27}, {1413, 106}, {1488, 31}},
    {"real/tfar-pairs/odol/TFR_BACKPACK.p3d", 8015, 0, 77, {7920, 18}, {7914, 24}, {52, 25}, {53, 24}},
    {"real/tfar-pairs/odol/clf_nicecomm2.p3d", 13622, 48, 16, {13471, 87}, {13463, 95}, {13, 3}, {13, 3}},
    {"real/tfar-pairs/odol/clf_nicecomm2_prc117g.p3d", 13050, 48, 16, {12899, 87}, {12891, 95}, {13, 3}, {13, 3}},
    {"real/tfar-pairs/odol/clf_prc117g_ap.p3d", 3718, 16, 55, {3620, 27}, {3628, 19}, {55, 0}, {55, 0}},
    {"real/tfar/37792f2c_clf_prc117g_ap.p3d", 3718, 16, 55, {3620, 27}, {3628, 19}, {55, 0}, {55, 0}},
    {"real/tfar/clf_nicecomm2.p3d", 13622, 48, 16, {13471, 87}, {13463, 95}, {13, 3}, {13, 3}},
};

using rvtest::samplePath;

#define RV_REQUIRE_NORMAL_SAMPLES()         \
    if (rvtest::samplesDir().empty()) \
    GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR): the normal-map convention is measured there"

rv::OdolModel decodeSample(const std::string& rel) {
    auto bytes = rvtest::readBytes(samplePath(rel));
    EXPECT_FALSE(bytes.empty()) << rel;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), rel);
    EXPECT_TRUE(res.ok()) << rel << ": " << (res.ok() ? "" : rv::diagnosticLine(res.error()));
    return res.ok() ? std::move(res.value()) : rv::OdolModel{};
}

TEST(NormalConvention, StoredStFollowTheUvGradients) {
    RV_REQUIRE_NORMAL_SAMPLES();
    StCounts total;
    size_t filesWithSt = 0;
    for (const rvtest::ManifestRow& row : rvtest::readManifest(rvtest::samplesDir())) {
        if (row.kind != "real" || row.signature != "ODOL") continue;
        const StCounts c = measureSt(decodeSample(row.path));
        if (c.triangles == 0) continue;
        std::printf("%-50s tri %6lld deg %3lld mir %5lld | S.dPdu %s | T.dPdv %s | S.dPdv %s | T.dPdu %s | mirrored: S.dPdu %s T.dPdv %s\n",
                    row.path.c_str(), (long long)c.triangles, (long long)c.degenerate, (long long)c.mirrored,
                    ::testing::PrintToString(c.sAlongU).c_str(), ::testing::PrintToString(c.tAlongV).c_str(),
                    ::testing::PrintToString(c.sAlongV).c_str(), ::testing::PrintToString(c.tAlongU).c_str(),
                    ::testing::PrintToString(c.mirroredSAlongU).c_str(),
                    ::testing::PrintToString(c.mirroredTAlongV).c_str());
        ++filesWithSt;
        total.triangles += c.triangles, total.degenerate += c.degenerate, total.mirrored += c.mirrored;
        total.sAlongU.plus += c.sAlongU.plus, total.sAlongU.minus += c.sAlongU.minus;
        total.tAlongV.plus += c.tAlongV.plus, total.tAlongV.minus += c.tAlongV.minus;
        total.sAlongV.plus += c.sAlongV.plus, total.sAlongV.minus += c.sAlongV.minus;
        total.tAlongU.plus += c.tAlongU.plus, total.tAlongU.minus += c.tAlongU.minus;
        total.mirroredSAlongU.plus += c.mirroredSAlongU.plus, total.mirroredSAlongU.minus += c.mirroredSAlongU.minus;
        total.mirroredTAlongV.plus += c.mirroredTAlongV.plus, total.mirroredTAlongV.minus += c.mirroredTAlongV.minus;
        total.cosSu += c.cosSu, total.cosTv += c.cosTv, total.cosSv += c.cosSv, total.cosTu += c.cosTu;
        total.cosCount += c.cosCount;
        for (const StExpected& e : kStExpected) {
            if (row.path != e.path) continue;
            EXPECT_EQ(c.triangles, e.triangles) << row.path;
            EXPECT_EQ(c.degenerate, e.degenerate) << row.path;
            EXPECT_EQ(c.mirrored, e.mirrored) << row.path;
            EXPECT_EQ(c.sAlongU, e.sAlongU) << row.path;
            EXPECT_EQ(c.tAlongV, e.tAlongV) << row.path;
            EXPECT_EQ(c.mirroredSAlongU, e.mirroredSAlongU) << row.path;
            EXPECT_EQ(c.mirroredTAlongV, e.mirroredTAlongV) << row.path;
        }
    }
    // Every file of the table was met, and nothing else stores ST.
    EXPECT_EQ(filesWithSt, sizeof kStExpected / sizeof kStExpected[0]);
    EXPECT_EQ(total.triangles, 76069);
    EXPECT_EQ(total.degenerate, 286);
    EXPECT_EQ(total.mirrored, 5137);
    // S along +dP/du and T along +dP/dv on 99.4% of the triangles, mirrored islands included
    // (97% and 98%); the cross terms have no majority (mean cosines near 0, against 0.93).
    EXPECT_EQ(total.sAlongU, (Signs{70206, 440}));
    EXPECT_EQ(total.tAlongV, (Signs{70238, 408}));
    EXPECT_EQ(total.mirroredSAlongU, (Signs{4987, 150}));
    EXPECT_EQ(total.mirroredTAlongV, (Signs{5049, 88}));
    ASSERT_GT(total.cosCount, 0);
    EXPECT_GT(total.cosSu / total.cosCount, 0.9);
    EXPECT_GT(total.cosTv / total.cosCount, 0.9);
    EXPECT_LT(std::fabs(total.cosSv / total.cosCount), 0.05);
    EXPECT_LT(std::fabs(total.cosTu / total.cosCount), 0.05);
    std::printf("total: %zu files, tri %lld deg %lld mir %lld | S.dPdu %s | T.dPdv %s | S.dPdv %s | T.dPdu %s | "
                "mirrored: S.dPdu %s T.dPdv %s | mean cos S,dPdu %.3f T,dPdv %.3f S,dPdv %.3f T,dPdu %.3f\n",
                filesWithSt, (long long)total.triangles, (long long)total.degenerate, (long long)total.mirrored,
                ::testing::PrintToString(total.sAlongU).c_str(), ::testing::PrintToString(total.tAlongV).c_str(),
                ::testing::PrintToString(total.sAlongV).c_str(), ::testing::PrintToString(total.tAlongU).c_str(),
                ::testing::PrintToString(total.mirroredSAlongU).c_str(),
                ::testing::PrintToString(total.mirroredTAlongV).c_str(), total.cosSu / total.cosCount,
                total.cosTv / total.cosCount, total.cosSv / total.cosCount, total.cosTu / total.cosCount);
}

// ---- 2. The curl of the maps' (red, green) field ----

struct CurlCounts {
    double correlation = 0;  // sum(dR/dy dG/dx) / sqrt(sum dR/dy^2 sum dG/dx^2); NaN when flat
    Signs signs;             // sign of dR/dy * dG/dx where both differences are at least 6 levels
};

// Over mip 0 as the product shows it (ZIWS undone: a _nohq's red is 255 - its stored alpha),
// central differences on the interior pixels, y = rows downwards, integers throughout.
CurlCounts measureCurl(const std::string& path) {
    CurlCounts c;
    const std::vector<uint8_t> bytes = rvtest::readBytes(path);
    auto tex = rv::decodePaa(bytes.data(), bytes.size(), path);
    EXPECT_TRUE(tex.ok()) << path;
    if (!tex.ok()) return c;
    auto img = rv::decodePaaMip(tex.value(), bytes.data(), bytes.size(), 0);
    EXPECT_TRUE(img.ok()) << path;
    if (!img.ok()) return c;
    const int64_t w = img->width, h = img->height;
    auto at = [&](int64_t x, int64_t y, int ch) { return int64_t(img->rgba[size_t((y * w + x) * 4 + ch)]); };
    int64_t sxy = 0, sxx = 0, syy = 0;
    for (int64_t y = 1; y + 1 < h; ++y)
        for (int64_t x = 1; x + 1 < w; ++x) {
            const int64_t ry = at(x, y + 1, 0) - at(x, y - 1, 0), gx = at(x + 1, y, 1) - at(x - 1, y, 1);
            sxy += ry * gx, sxx += ry * ry, syy += gx * gx;
            if (std::llabs(ry) >= 6 && std::llabs(gx) >= 6) c.signs.add(double(ry * gx));
        }
    c.correlation = double(sxy) / std::sqrt(double(sxx) * double(syy));
    return c;
}

struct CurlExpected {
    const char* path;  // under textures/
    double minCorrelation;
    Signs signs;
};

// As measured. Positive: d(red)/dy = d(green)/dx, the DirectX pairing (green down the picture).
// backpack_nohq is the one DXT1 map without a ZIWS tag: its channels are as painted.
const CurlExpected kCurlExpected[] = {
    {"data-root/agm_grenades/data/agm_m84_nohq.paa", 0.9, {2532, 12}},
    {"data-root/dayz_equip/textures/armourpottedmeat_can_test1_nohq.paa", 0.9, {6079, 29}},
    {"data-root/task_force_radio_items/models/data/backpack_nohq.paa", 0.1, {8686, 3153}},
    {"paa/DXT5/bmp2_inter_opt_nohq.paa", 0.4, {216, 17}},
    {"paa/DXT5/cinder_nohq.paa", 0.8, {181652, 14437}},
    {"paa/DXT5/polyStrap_nohq.paa", 0.8, {10137, 501}},
};

TEST(NormalConvention, NohqMapsPairRedAndGreenTheDirectXWay) {
    RV_REQUIRE_NORMAL_SAMPLES();
    const std::string dir = rvtest::samplesDir() + "/textures/";
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " is absent";
    for (const CurlExpected& e : kCurlExpected) {
        const CurlCounts c = measureCurl(dir + e.path);
        std::printf("%-70s corr %+.3f signs %s\n", e.path, c.correlation, ::testing::PrintToString(c.signs).c_str());
        EXPECT_GT(c.correlation, e.minCorrelation) << e.path;
        EXPECT_EQ(c.signs, e.signs) << e.path;
    }
    // The seventh _nohq sample is flat (every texel the same normal): nothing to measure.
    const CurlCounts flat = measureCurl(dir + "data-root/x/kat/addons/pharma/models/iv/iv_nohq.paa");
    EXPECT_EQ(flat.signs, (Signs{0, 0}));
}

// ---- 3. One baked map against its model ----

struct BakeCounts {
    Signs red, green;  // sign of red * (faceN . t_u), of green * (faceN . t_v), where both are clear
    double redSum = 0, greenSum = 0;
};

TEST(NormalConvention, BakedMapLeansBackTowardsTheFaces) {
    RV_REQUIRE_NORMAL_SAMPLES();
    const std::string tex =
        rvtest::samplesDir() + "/textures/data-root/dayz_equip/textures/armourpottedmeat_can_test1_nohq.paa";
    if (!std::filesystem::exists(tex)) GTEST_SKIP() << tex << " is absent";
    const rv::OdolModel m = decodeSample("real/dayz-epoch-108/biomeat_can.p3d");
    const std::vector<uint8_t> bytes = rvtest::readBytes(tex);
    auto t = rv::decodePaa(bytes.data(), bytes.size(), tex);
    ASSERT_TRUE(t.ok());
    auto img = rv::decodePaaMip(t.value(), bytes.data(), bytes.size(), 0);
    ASSERT_TRUE(img.ok());
    const int64_t w = img->width, h = img->height;
    // Nearest texel, wrapping; UVs have their top-left origin, as the image rows.
    auto texel = [&](double u, double v, int ch) {
        int64_t x = int64_t(std::floor(u * double(w))) % w, y = int64_t(std::floor(v * double(h))) % h;
        if (x < 0) x += w;
        if (y < 0) y += h;
        return (double(img->rgba[size_t((y * w + x) * 4 + ch)]) - 127.5) / 127.5;
    };
    BakeCounts normal, mirrored;
    for (const rv::OdolLod& lod : m.lods) {
        if (rv::lodKind(lod.resolution) != rv::LodKind::Visual || lod.normals.empty() || lod.uvSets.empty()) continue;
        const std::vector<rv::Vec2>& uv = lod.uvSets[0];
        for (const rv::OdolSection& sec : lod.sections) {
            if (sec.materialIndex < 0) continue;
            if (lod.materials[size_t(sec.materialIndex)].name.find("armourpottedmeat") == std::string::npos) continue;
            forEachTriangle(lod, sec.firstFace, sec.endFace, [&](uint32_t i0, uint32_t i1, uint32_t i2) {
                const UvFrame f = uvFrame(lod, uv, i0, i1, i2);
                if (degenerate(f)) return;
                BakeCounts& c = f.det < 0 ? mirrored : normal;
                const D3 faceN = unit(f.faceNormal);
                const uint32_t id[3] = {i0, i1, i2};
                for (int corner = 0; corner < 3; ++corner) {  // near each corner, where the normals lean most
                    double wt[3] = {0.1, 0.1, 0.1};
                    wt[corner] = 0.8;
                    D3 n{0, 0, 0};
                    double u = 0, v = 0;
                    for (int k = 0; k < 3; ++k) {
                        n = n + d3(lod.normals[id[k]]) * wt[k];
                        u += wt[k] * uv[id[k]].u, v += wt[k] * uv[id[k]].v;
                    }
                    n = unit(n);
                    const D3 tu = unit(f.dPdu - n * dot(n, f.dPdu)), tv = unit(f.dPdv - n * dot(n, f.dPdv));
                    const double eu = dot(faceN, tu), ev = dot(faceN, tv);
                    const double r = texel(u, v, 0), g = texel(u, v, 1);
                    c.redSum += r * eu, c.greenSum += g * ev;
                    if (std::fabs(eu) > 0.1 && std::fabs(r) > 0.05) c.red.add(r * eu);
                    if (std::fabs(ev) > 0.1 && std::fabs(g) > 0.05) c.green.add(g * ev);
                }
            });
        }
    }
    std::printf("biomeat_can: red %s (sum %+.2f), green %s (sum %+.2f); mirrored: red %s, green %s\n",
                ::testing::PrintToString(normal.red).c_str(), normal.redSum,
                ::testing::PrintToString(normal.green).c_str(), normal.greenSum,
                ::testing::PrintToString(mirrored.red).c_str(), ::testing::PrintToString(mirrored.green).c_str());
    // Red along +u and green along +v (down the picture), on mirrored islands too.
    EXPECT_EQ(normal.red, (Signs{50, 26}));
    EXPECT_EQ(normal.green, (Signs{138, 39}));
    EXPECT_EQ(mirrored.red, (Signs{32, 3}));
    EXPECT_EQ(mirrored.green, (Signs{12, 3}));
    EXPECT_GT(normal.redSum, 0);
    EXPECT_GT(normal.greenSum, 0);
}

}  // namespace
