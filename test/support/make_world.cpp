// Writes a synthetic world at game scale for the scale benchmark (issue 17, scripts/bench_world.sh):
//   rv_make_world OUT_DIR --samples N --objects M --models K [--seed S] [--spacing METRES] [--version 24|25]
//                 [--segments S]
// OUT_DIR/world.wrp   OPRW (v25 by default, LZO payloads): an N x N height grid of smooth hills
//                     (a sea in the south-west), an N/8 x N/8 land grid over six layer .rvmat names
//                     in height bands, and M objects over K model names with yaw and mild uniform
//                     scale, standing on the terrain;
// OUT_DIR/data/       the data root: K small ODOL v73 models at the paths the objects name
//                     (rvtest\models\m0001.p3d -> data/rvtest/models/m0001.p3d), a few hundred
//                     triangles each (trees, houses, towers, crate stacks: cylinders, cones and
//                     boxes), one LOD 1.000 and a Geometry LOD; every 50th name (2%; the last one
//                     below 50 models) is left out, so the missing-model markers are exercised.
// With --segments S the land grid is S x S satellite segments instead (S^2 layers, as Terrain
// Builder cuts a map): OUT_DIR/data/rvtest/layers/p_XXX-YYY_l00.rvmat, each with a 256 x 256 TGA
// satellite and mask picture that overlap their neighbours by 16 texels on every side, and two of
// 16 surfaces, the mask red (the second) in its west half (for `rvimport map`'s scale benchmark).
// Everything follows from the seed (our own splitmix64, no std:: distributions, so every platform
// writes the same bytes). Prints what it wrote as "key=value" lines.
//
// Memory: the writer builds the whole file in memory, so 8192^2 samples (256 MiB of heights) and
// 1,000,000 objects peak near 1.5 GB; the big payloads use LZO1X-1 (the 999 level takes minutes).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"
#include "support/write_file.hpp"
#include "support/wrp_writer.hpp"

namespace {

using rv::Vec2;
using rv::Vec3;
constexpr float kPi = 3.14159265f;

struct Rng {  // splitmix64
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    float unit() { return float(next() >> 40) / float(1u << 24); }  // [0, 1)
    float range(float lo, float hi) { return lo + (hi - lo) * unit(); }
};

// ---- Models -----------------------------------------------------------------------------------

Vec3 sub(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Faces of one LOD gathered per section (texture), each face with its own vertices.
struct MeshBuilder {
    struct Face {
        std::vector<Vec3> p, n;
        std::vector<Vec2> uv;
    };
    std::vector<Face> faces[2];

    // A face of 3 or 4 corners; wound so cross(v1-v0, v2-v0) points along `out` (BI's outward rule).
    void face(int section, std::vector<Vec3> p, std::vector<Vec3> n, std::vector<Vec2> uv, Vec3 out) {
        if (dot(cross(sub(p[1], p[0]), sub(p[2], p[0])), out) < 0) {
            std::reverse(p.begin(), p.end());
            std::reverse(n.begin(), n.end());
            std::reverse(uv.begin(), uv.end());
        }
        faces[section].push_back({std::move(p), std::move(n), std::move(uv)});
    }
    void box(int section, Vec3 lo, Vec3 hi) {
        const Vec3 c{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
        const std::vector<Vec2> uv{{0, 1}, {0, 0}, {1, 0}, {1, 1}};
        for (int axis = 0; axis < 3; ++axis)
            for (int side = 0; side < 2; ++side) {
                auto corner = [&](int a, int b) {
                    float v[3] = {lo.x, lo.y, lo.z}, l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
                    v[axis] = side ? h[axis] : l[axis];
                    const int u = (axis + 1) % 3, w = (axis + 2) % 3;
                    v[u] = a ? h[u] : l[u];
                    v[w] = b ? h[w] : l[w];
                    return Vec3{v[0], v[1], v[2]};
                };
                std::vector<Vec3> p{corner(0, 0), corner(0, 1), corner(1, 1), corner(1, 0)};
                float nn[3] = {0, 0, 0};
                nn[axis] = side ? 1.0f : -1.0f;
                const Vec3 n{nn[0], nn[1], nn[2]};
                face(section, p, {n, n, n, n}, uv, sub(p[0], c));
            }
    }
    // A cylinder or cone (r1 = 0) standing at (x, z) from y0 to y1: smooth sides in `rings`
    // bands, flat caps as triangle fans.
    void cylinder(int section, float x, float z, float r0, float r1, float y0, float y1, int segs, int rings) {
        const float slope = (r0 - r1) / (y1 - y0);
        auto at = [&](int s, int r) {
            const float a = 2 * kPi * float(s) / float(segs), t = float(r) / float(rings);
            const float rad = r0 + (r1 - r0) * t;
            return Vec3{x + rad * std::cos(a), y0 + (y1 - y0) * t, z + rad * std::sin(a)};
        };
        auto normal = [&](int s) {
            const float a = 2 * kPi * float(s) / float(segs), l = std::sqrt(1 + slope * slope);
            return Vec3{std::cos(a) / l, slope / l, std::sin(a) / l};
        };
        for (int s = 0; s < segs; ++s)
            for (int r = 0; r < rings; ++r) {
                std::vector<Vec3> p{at(s, r), at(s, r + 1), at(s + 1, r + 1), at(s + 1, r)};
                const int cs[4] = {s, s, s + 1, s + 1}, cr[4] = {r, r + 1, r + 1, r};
                std::vector<Vec2> uv;
                for (int k = 0; k < 4; ++k) uv.push_back({float(cs[k]) / float(segs), 1 - float(cr[k]) / float(rings)});
                if (r == rings - 1 && r1 == 0) {  // the cone's tip: a triangle
                    p.erase(p.begin() + 2), uv.erase(uv.begin() + 2);
                    face(section, p, {normal(s), normal(s), normal(s + 1)}, uv, normal(s));
                } else {
                    face(section, p, {normal(s), normal(s), normal(s + 1), normal(s + 1)}, uv, normal(s));
                }
            }
        for (int cap = 0; cap < 2; ++cap) {
            const float rad = cap ? r1 : r0;
            if (rad <= 0) continue;
            const Vec3 n{0, cap ? 1.0f : -1.0f, 0}, c{x, cap ? y1 : y0, z};
            for (int s = 0; s < segs; ++s)
                face(section, {c, at(s, cap ? rings : 0), at(s + 1, cap ? rings : 0)}, {n, n, n},
                     {{0.5f, 0.5f}, {0, 0}, {1, 0}}, n);
        }
    }

    // The LOD, positions moved by -centre; sections in order, textures as given.
    rv::OdolLod lod(float resolution, Vec3 centre, const std::vector<std::string>& textures) const {
        rv::OdolLod l;
        l.resolution = resolution;
        l.name = rv::lodName(resolution);
        l.uvSets.resize(1);
        l.faceStart.push_back(0);
        for (int s = 0; s < 2; ++s) {
            rv::OdolSection sec;
            sec.firstFace = uint32_t(l.faceCount());
            for (const Face& f : faces[s]) {
                for (size_t k = 0; k < f.p.size(); ++k) {
                    l.faceIndices.push_back(uint32_t(l.positions.size()));
                    l.positions.push_back(sub(f.p[k], centre));
                    l.normals.push_back(f.n[k]);
                    l.uvSets[0].push_back(f.uv[k]);
                }
                l.faceStart.push_back(uint32_t(l.faceIndices.size()));
            }
            sec.endFace = uint32_t(l.faceCount());
            if (sec.endFace == sec.firstFace) continue;
            sec.textureIndex = textures.empty() ? -1 : int32_t(std::min<size_t>(s, textures.size() - 1));
            sec.areaOverTex = {1.0f, 1.0f};
            l.sections.push_back(sec);
        }
        l.textures = textures;
        l.boundsMin = l.boundsMax = l.positions.empty() ? Vec3{} : l.positions[0];
        for (const Vec3& p : l.positions) {
            l.boundsMin = {std::min(l.boundsMin.x, p.x), std::min(l.boundsMin.y, p.y), std::min(l.boundsMin.z, p.z)};
            l.boundsMax = {std::max(l.boundsMax.x, p.x), std::max(l.boundsMax.y, p.y), std::max(l.boundsMax.z, p.z)};
        }
        return l;
    }
    size_t triangles() const {
        size_t n = 0;
        for (const auto& list : faces)
            for (const Face& f : list) n += f.p.size() - 2;
        return n;
    }
};

std::string colour(Rng& rng) {
    char b[96];
    std::snprintf(b, sizeof b, "#(argb,8,8,3)color(%.2f,%.2f,%.2f,1,co)", rng.range(0.2f, 0.9f), rng.range(0.2f, 0.9f),
                  rng.range(0.1f, 0.6f));
    return b;
}

// Model `index` (1-based): one of four kinds, sized by the seed, base at y = 0 before centring.
rv::OdolModel makeModel(uint32_t index, uint64_t seed, size_t& triangles) {
    Rng rng{seed * 7919 + index};
    MeshBuilder b;
    switch (index % 4) {
        case 0: {  // tree: trunk and a cone crown (~380 triangles)
            const float h = rng.range(6, 14), r = rng.range(1.5f, 3.5f);
            b.cylinder(0, 0, 0, 0.25f, 0.18f, 0, h * 0.35f, 12, 2);
            b.cylinder(1, 0, 0, r, 0, h * 0.25f, h, 24, 6);
            break;
        }
        case 1: {  // house: walls, a flat roof slab, four pillars and a chimney (~470 triangles)
            const float w = rng.range(3, 7), d = rng.range(3, 8), h = rng.range(3, 6);
            b.box(0, {-w, 0, -d}, {w, h, d});
            b.box(1, {-w - 0.3f, h, -d - 0.3f}, {w + 0.3f, h + 0.4f, d + 0.3f});
            for (int k = 0; k < 4; ++k)
                b.cylinder(0, (k & 1 ? w : -w) * 1.1f, (k & 2 ? d : -d) * 1.1f, 0.2f, 0.2f, 0, h, 16, 2);
            b.cylinder(1, w * 0.5f, d * 0.3f, 0.35f, 0.35f, h, h + 1.5f, 16, 1);
            break;
        }
        case 2: {  // tower: three stacked, narrowing cylinders (~480 triangles)
            float r = rng.range(1.5f, 4), y = 0;
            for (int k = 0; k < 3; ++k) {
                const float h = rng.range(2, 6);
                b.cylinder(k == 2, 0, 0, r, r * 0.85f, y, y + h, 20, 3);
                y += h, r *= 0.7f;
            }
            break;
        }
        default: {  // crate stack: twenty boxes (240 triangles)
            for (int k = 0; k < 20; ++k) {
                const float x = float(k % 4) * 1.1f, z = float((k / 4) % 3) * 1.1f, y = float(k / 12) * 1.0f;
                b.box(k % 2, {x, y, z}, {x + 1, y + 1, z + 1});
            }
            break;
        }
    }
    triangles = b.triangles();
    rv::OdolModel m;
    m.version = 73;
    rv::OdolLod probe = b.lod(1.0f, {0, 0, 0}, {});
    const Vec3 lo = probe.boundsMin, hi = probe.boundsMax;
    const Vec3 centre{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
    rv::OdolLod visual = b.lod(1.0f, centre, {colour(rng), colour(rng)});
    MeshBuilder g;
    g.box(0, lo, hi);
    rv::OdolLod geometry = g.lod(1e13f, centre, {});
    rv::OdolSelection component;
    component.name = "Component01";
    for (uint32_t k = 0; k < geometry.positions.size(); ++k) component.vertices.push_back(k);
    geometry.selections = {component};
    geometry.properties = {{"class", index % 4 == 0 ? "treesoft" : "house"}};
    rv::OdolModelInfo& i = m.info;
    i.bboxMin = i.bboxMinVisual = visual.boundsMin;
    i.bboxMax = i.bboxMaxVisual = visual.boundsMax;
    i.boundingCenter = centre;
    i.boundingSphere = i.geometrySphere = std::sqrt(dot(sub(hi, lo), sub(hi, lo))) / 2;
    i.mass.assign(geometry.positions.size(), 10.0f);
    i.totalMass = 10.0f * float(geometry.positions.size());
    i.specialLods[1] = 1;  // geometry
    m.lods = {visual, geometry};
    return m;
}

// ---- Terrain ----------------------------------------------------------------------------------

// Smooth hills in metres at world (x, z): a few long waves over a ramp that leaves the
// south-west corner under the sea. Separable terms, so the grid is built from per-row and
// per-column tables.
struct Hills {
    float world;
    float f[4], p[4];
    explicit Hills(float worldSize, uint64_t seed) : world(worldSize) {
        Rng rng{seed};
        const float base[4] = {1 / 900.0f, 1 / 1300.0f, 1 / 350.0f, 1 / 170.0f};
        for (int k = 0; k < 4; ++k) f[k] = base[k] * rng.range(0.8f, 1.25f) * 2 * kPi, p[k] = rng.range(0, 2 * kPi);
    }
    // Terms: 45 sin(f0 x + p0) cos(f1 z + p1) + 12 sin(f2 x + p2) sin(f2 z + p3) + 4 cos(f3 (x - z)).
    float at(float x, float z) const {
        return 45 * std::sin(f[0] * x + p[0]) * std::cos(f[1] * z + p[1]) +
               12 * std::sin(f[2] * x + p[2]) * std::sin(f[2] * z + p[3]) + 4 * std::cos(f[3] * (x - z)) +
               120 * (x + z) / (2 * world) - 25;
    }
    void grid(uint32_t n, float spacing, std::vector<float>& out) const {
        std::vector<float> a(n), b(n), c(n), d(n), e(n), g(n), h(n);
        for (uint32_t i = 0; i < n; ++i) {
            const float v = float(i) * spacing;
            a[i] = 45 * std::sin(f[0] * v + p[0]), b[i] = std::cos(f[1] * v + p[1]);
            c[i] = 12 * std::sin(f[2] * v + p[2]), d[i] = std::sin(f[2] * v + p[3]);
            e[i] = std::cos(f[3] * v), g[i] = std::sin(f[3] * v), h[i] = 120 * v / (2 * world);
        }
        out.resize(size_t(n) * n);
        for (uint32_t z = 0; z < n; ++z)  // cos(f3 (x - z)) = cos x cos z + sin x sin z
            for (uint32_t x = 0; x < n; ++x)
                out[size_t(z) * n + x] = a[x] * b[z] + c[x] * d[z] + 4 * (e[x] * e[z] + g[x] * g[z]) + h[x] + h[z] - 25;
    }
};

std::vector<uint8_t> lzoBySize(const uint8_t* data, size_t size) {
    return size > (size_t(4) << 20) ? rvtest::lzoFast(data, size) : rvtest::lzoBest(data, size);
}

// A 32-bit TGA, top-left origin.
bool writeTga(const std::string& path, uint32_t w, uint32_t h, const std::vector<uint8_t>& bgra) {
    std::vector<uint8_t> b = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, uint8_t(w), uint8_t(w >> 8), uint8_t(h),
                              uint8_t(h >> 8), 32, 0x28};
    b.insert(b.end(), bgra.begin(), bgra.end());
    return rvtest::writeFile(path, b);
}

// S x S segments over the land grid: layer (sx, sz) owns its block of land cells; its pictures
// span the block plus 16 of 256 texels' overlap on every side, mapped by world position.
bool writeSegments(const std::string& out, rv::WrpTerrain& t, uint32_t segments, float world) {
    constexpr uint32_t kTexels = 256, kOverlap = 16;
    const std::string dir = out + "/data/rvtest/layers/";
    std::filesystem::create_directories(std::filesystem::u8path(dir));
    const float size = world / float(segments), texel = size / float(kTexels - 2 * kOverlap);
    const float span = texel * float(kTexels);
    t.materials = {""};
    std::vector<uint8_t> sat(size_t(kTexels) * kTexels * 4), mask(sat.size());
    for (uint32_t sz = 0; sz < segments; ++sz)
        for (uint32_t sx = 0; sx < segments; ++sx) {
            char name[64];
            std::snprintf(name, sizeof name, "%03u_%03u", sx, sz);
            for (uint32_t y = 0; y < kTexels; ++y)
                for (uint32_t x = 0; x < kTexels; ++x) {
                    uint8_t* p = &sat[(size_t(y) * kTexels + x) * 4];
                    p[0] = uint8_t(40 + 4 * sz), p[1] = uint8_t(80 + (x + y) % 64 + sx), p[2] = uint8_t(60 + y / 4), p[3] = 255;
                    uint8_t* q = &mask[(size_t(y) * kTexels + x) * 4];
                    q[2] = uint8_t(x < 128 ? 255 : 0), q[1] = uint8_t(x < 128 ? 0 : 255), q[0] = 0, q[3] = 255;  // BGRA
                }
            if (!writeTga(dir + "s_" + name + "_lco.tga", kTexels, kTexels, sat) ||
                !writeTga(dir + "m_" + name + "_lca.tga", kTexels, kTexels, mask))
                return false;
            const float west = float(sx) * size - float(kOverlap) * texel;
            const float top = float(sz + 1) * size + float(kOverlap) * texel;
            char rvmat[1024];
            std::snprintf(rvmat, sizeof rvmat,
                          "PixelShaderID=\"TerrainX\";\nclass Stage0 { texture=\"rvtest\\layers\\s_%s_lco.paa\"; "
                          "texGen=3; };\nclass Stage1 { texture=\"rvtest\\layers\\m_%s_lca.paa\"; texGen=3; };\n"
                          "class TexGen3 { uvSource=\"worldPos\"; class uvTransform { aside[]={%.9g,0,0}; "
                          "up[]={0,0,%.9g}; dir[]={0,%.9g,0}; pos[]={%.9g,%.9g,0}; }; };\n"
                          "class Stage3 { texture=\"rvtest\\data\\gdt_%02u_nopx.paa\"; texGen=1; };\n"
                          "class Stage4 { texture=\"rvtest\\data\\gdt_%02u_co.paa\"; texGen=2; };\n"
                          "class Stage5 { texture=\"rvtest\\data\\gdt_%02u_nopx.paa\"; texGen=1; };\n"
                          "class Stage6 { texture=\"rvtest\\data\\gdt_%02u_co.paa\"; texGen=2; };\n",
                          name, name, 1 / span, 1 / span, -1 / span, -west / span, top / span, (sx + sz) % 16,
                          (sx + sz) % 16, (sx * 3 + sz + 5) % 16, (sx * 3 + sz + 5) % 16);
            const std::string path = dir + "p_" + std::string(name, 3) + "-" + std::string(name + 4) + "_l00.rvmat";
            if (!rvtest::writeFile(path, std::vector<uint8_t>(rvmat, rvmat + std::strlen(rvmat)))) return false;
            t.materials.push_back("rvtest\\layers\\p_" + std::string(name, 3) + "-" + std::string(name + 4) + "_l00.rvmat");
        }
    const uint32_t land = t.layerSizeX;
    for (uint32_t z = 0; z < land; ++z)
        for (uint32_t x = 0; x < land; ++x)
            t.materialIndex[size_t(z) * land + x] =
                uint16_t(1 + (z * segments / land) * segments + x * segments / land);
    return true;
}

int usage() {
    std::fprintf(stderr,
                 "usage: rv_make_world OUT_DIR --samples N --objects M --models K [--seed S] "
                 "[--spacing METRES] [--version 24|25] [--segments S]\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string out = argv[1];
    unsigned long long samples = 0, objects = 0, models = 0, seed = 1, version = 25, segments = 0;
    double spacing = 5.0;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        char* end = nullptr;
        const double v = std::strtod(argv[i + 1], &end);
        if (!end || *end || !(v >= 0)) return usage();
        if (k == "--samples")
            samples = (unsigned long long)v;
        else if (k == "--objects")
            objects = (unsigned long long)v;
        else if (k == "--models")
            models = (unsigned long long)v;
        else if (k == "--seed")
            seed = (unsigned long long)v;
        else if (k == "--spacing")
            spacing = v;
        else if (k == "--version")
            version = (unsigned long long)v;
        else if (k == "--segments")
            segments = (unsigned long long)v;
        else
            return usage();
    }
    if (argc % 2 != 0 || samples < 8 || samples > 65536 || models < 1 || models > 99999 || spacing <= 0 ||
        (version != 24 && version != 25) || segments > 64)
        return usage();
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(fs::u8path(out + "/data/rvtest/models"), ec);
    if (ec) return std::fprintf(stderr, "%s: %s\n", out.c_str(), ec.message().c_str()), 1;

    // Models: every 50th name is left out of the data root (2%), the last one below 50 models.
    rvtest::OdolWriteOptions odolOptions;
    odolOptions.lzo = rvtest::lzoBest;
    rv::WrpTerrain t;
    size_t missing = 0, triangles = 0;
    for (uint32_t i = 1; i <= models; ++i) {
        char name[64];
        std::snprintf(name, sizeof name, "m%04u.p3d", i);
        t.models.push_back(std::string("rvtest\\models\\") + name);
        if (i % 50 == 0 || (models > 1 && models < 50 && i == models)) {
            ++missing;
            continue;
        }
        size_t tris = 0;
        const std::vector<uint8_t> bytes = rvtest::writeOdol73(makeModel(i, seed, tris), odolOptions);
        triangles += tris;
        if (!rvtest::writeFile(out + "/data/rvtest/models/" + name, bytes)) return 1;
    }

    // Terrain: N x N samples `spacing` apart, a land grid of N/8 cells (8 samples each).
    const uint32_t n = uint32_t(samples), land = std::max<uint32_t>(1, n / 8);
    const float world = float(spacing) * float(n);
    t.signature = "OPRW";
    t.version = uint32_t(version);
    t.layerSizeX = t.layerSizeY = land;
    t.mapSizeX = t.mapSizeY = n;
    t.layerCellSize = world / float(land);
    t.cellSizeStored = true;
    const Hills hills(world, seed);
    hills.grid(n, float(spacing), t.elevation);
    t.materials = {""};
    for (const char* m : {"sand", "grass", "forest", "field", "rock", "snow"})
        t.materials.push_back(std::string("rvtest\\layers\\l_") + m + ".rvmat");
    t.materialIndex.resize(size_t(land) * land);
    t.geography.assign(size_t(land) * land, 0);
    for (uint32_t z = 0; z < land; ++z)
        for (uint32_t x = 0; x < land; ++x) {  // height bands of 15 m, a little tilted by x
            const float c = t.layerCellSize;
            const float h = hills.at((float(x) + 0.5f) * c, (float(z) + 0.5f) * c) + float(x % 16) * 0.5f;
            t.materialIndex[size_t(z) * land + x] = uint16_t(1 + std::clamp(int(std::floor(h / 15 + 2)), 0, 5));
        }

    // Objects: models drawn with a skew (u^2: low numbers are common, as trees are), positions
    // uniform inside a 1% margin, yaw anywhere, uniform scale 0.85..1.15, standing on the hills.
    Rng rng{seed ^ 0x5EEDull};
    t.objects.resize(objects);
    for (size_t i = 0; i < objects; ++i) {
        rv::WrpObject& o = t.objects[i];
        o.id = uint32_t(i + 1);
        const float u = rng.unit();
        o.model = t.models[std::min<size_t>(models - 1, size_t(u * u * float(models)))];
        const float x = world * rng.range(0.01f, 0.99f), z = world * rng.range(0.01f, 0.99f);
        const float a = rng.range(0, 2 * kPi), s = rng.range(0.85f, 1.15f);
        const float ca = std::cos(a) * s, sa = std::sin(a) * s;
        o.transform.m = {ca, 0, -sa, 0, s, 0, sa, 0, ca, x, hills.at(x, z), z};
    }
    t.maxObjectId = int32_t(objects);
    if (segments && !writeSegments(out, t, uint32_t(std::min<unsigned long long>(segments, land)), world)) return 1;

    rvtest::WrpWriteOptions wrpOptions;
    wrpOptions.lzo = lzoBySize;
    const std::vector<uint8_t> wrp = rvtest::writeOprw(t, wrpOptions);
    if (!rvtest::writeFile(out + "/world.wrp", wrp)) return 1;
    std::printf(
        "samples=%u\nspacing_m=%g\nworld_m=%g\nland=%u\nobjects=%zu\nmodels=%llu\nmissing=%zu\n"
        "model_triangles=%zu\nwrp_bytes=%zu\n",
        n, spacing, double(world), land, t.objects.size(), models, missing, triangles, wrp.size());
    return 0;
}
