#include "support/odol7_writer.hpp"

#include <cmath>

#include "support/byte_writer.hpp"
#include "support/lzss_encoder.hpp"

namespace rvtest {
namespace {

class Odol7Writer {
public:
    ByteWriter w;

    void payload(const void* p, size_t n) {
        if (n >= 1024)
            w.raw(encodeLzssWithChecksum(static_cast<const uint8_t*>(p), n));
        else
            w.raw(p, n);
    }
    template <class T>
    void array(const std::vector<T>& v) {
        w.u32(uint32_t(v.size()));
        payload(v.data(), v.size() * sizeof(T));
    }
    void indices16(const std::vector<uint32_t>& v) {
        std::vector<uint16_t> narrow(v.begin(), v.end());
        array(narrow);
    }
    void vec3s(const std::vector<rv::Vec3>& v) {
        w.u32(uint32_t(v.size()));
        w.raw(v.data(), v.size() * sizeof(rv::Vec3));
    }

    void lod(const rv::OdolLod& l) {
        std::vector<uint32_t> clip = l.clipFlags;
        if (clip.empty()) clip.assign(l.positions.size(), 0);
        array(clip);
        std::vector<rv::Vec2> uv = l.uvSets.empty() ? std::vector<rv::Vec2>(l.positions.size(), {0, 0}) : l.uvSets[0];
        array(uv);
        vec3s(l.positions);
        std::vector<rv::Vec3> stored;
        for (const rv::Vec3& n : l.normals) stored.push_back({-n.x, -n.y, -n.z});
        if (stored.empty()) stored.assign(l.positions.size(), {0, 0, 0});
        vec3s(stored);
        w.i32(l.orHints);
        w.i32(l.andHints);
        w.put(l.boundsMin);
        w.put(l.boundsMax);
        w.put(l.boundsCenter);
        w.f32(l.boundsRadius);
        w.u32(uint32_t(l.textures.size()));
        for (const auto& t : l.textures) w.asciiz(t);
        indices16(l.pointToVertex);
        indices16(l.vertexToPoint);
        uint32_t n = uint32_t(l.faceCount());
        w.u32(n);
        w.u32(0);  // faceBufferSize: a reservation hint; the CWR-CE fixture stores 0 too
        std::vector<int16_t> tex(n, -1);
        std::vector<uint32_t> flags(n, 0);
        for (const auto& s : l.sections)
            for (uint32_t f = s.firstFace; f < s.endFace; ++f) {
                tex[f] = int16_t(s.textureIndex);
                flags[f] = s.faceFlags;
            }
        for (uint32_t f = 0; f < n; ++f) {
            w.u32(flags[f]);
            w.i16(tex[f]);
            w.u8(uint8_t(l.faceStart[f + 1] - l.faceStart[f]));
            for (uint32_t k = l.faceStart[f]; k < l.faceStart[f + 1]; ++k) w.u16(uint16_t(l.faceIndices[k]));
        }
        // Sections in the 32-bit engine's face-buffer units: 16 B per triangle, 18 B per quad.
        w.u32(uint32_t(l.sections.size()));
        auto unitOffset = [&](uint32_t face) {
            uint32_t o = 0;
            for (uint32_t f = 0; f < face; ++f) o += 8 + 2 + 2 * (l.faceStart[f + 1] - l.faceStart[f]);
            return o;
        };
        for (const auto& s : l.sections) {
            w.u32(unitOffset(s.firstFace));
            w.u32(unitOffset(s.endFace));
            w.i32(-1);
            w.i16(int16_t(s.textureIndex));
            w.i32(int32_t(s.faceFlags));
        }
        w.u32(uint32_t(l.selections.size()));
        for (const auto& s : l.selections) {
            w.asciiz(s.name);
            indices16(s.faces);
            w.u32(0);  // face weights
            w.u32(0);  // face offsets
            w.boolean(s.sectional);
            array(s.sections);
            indices16(s.vertices);
            array(s.vertexWeights);
        }
        w.u32(uint32_t(l.properties.size()));
        for (const auto& p : l.properties) {
            w.asciiz(p.name);
            w.asciiz(p.value);
        }
        w.u32(uint32_t(l.frames.size()));
        for (const auto& f : l.frames) {
            w.f32(f.time);
            vec3s(f.positions);
        }
        w.u32(l.colorTop);
        w.u32(l.color);
        w.i32(l.special);
        w.u32(uint32_t(l.proxies.size()));
        for (const auto& p : l.proxies) {
            w.asciiz(p.model);
            w.put(p.transform);
            w.i32(p.sequenceId);
            w.i32(p.selectionIndex);
        }
    }
};

rv::OdolLod plate() {
    rv::OdolLod l;
    l.resolution = 1.0f;
    const int n = 16;
    for (int z = 0; z <= n; ++z)
        for (int x = 0; x <= n; ++x) {
            l.positions.push_back({float(x) - 8.0f, 0.05f * float((x * z) % 5), float(z) - 8.0f});
            l.normals.push_back({0, 1, 0});
        }
    std::vector<rv::Vec2> uv;
    for (const auto& p : l.positions) uv.push_back({(p.x + 8.0f) / 16.0f, (p.z + 8.0f) / 16.0f});
    l.uvSets.push_back(uv);
    l.faceStart.push_back(0);
    for (int z = 0; z < n; ++z)
        for (int x = 0; x < n; ++x) {
            uint32_t a = uint32_t(z * (n + 1) + x);
            // Outward (+y) in BI's left-handed space: x then z.
            for (uint32_t i : {a, a + uint32_t(n + 1), a + uint32_t(n + 2), a + 1u}) l.faceIndices.push_back(i);
            l.faceStart.push_back(uint32_t(l.faceIndices.size()));
        }
    l.textures = {"data\\pisek.paa", "", "data\\tráva.paa"};  // "" = untextured (engine convention)
    rv::OdolSection a, b, c;
    a.firstFace = 0, a.endFace = 100, a.textureIndex = 0;
    b.firstFace = 100, b.endFace = 120, b.textureIndex = -1, b.faceFlags = 0x20;  // untextured
    c.firstFace = 120, c.endFace = 256, c.textureIndex = 2;
    for (auto* s : {&a, &b, &c}) s->areaOverTex.clear();
    l.sections = {a, b, c};
    rv::OdolSelection all;
    all.name = "plate";
    for (uint32_t i = 0; i < 289; ++i) {
        all.vertices.push_back(i);
        all.vertexWeights.push_back(uint8_t(i % 256));
    }
    for (uint32_t f = 0; f < 256; ++f) all.faces.push_back(f);
    rv::OdolSelection corner;
    corner.name = "roh";
    corner.vertices = {0, 1, 17, 18};
    corner.faces = {0};
    rv::OdolProxy proxy;
    proxy.model = "data3d\\proxy_lampa";
    proxy.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, 2.5f, 0.0f, -1.5f};
    proxy.sequenceId = 1;
    proxy.selectionIndex = 1;
    proxy.boneIndex = -1;
    proxy.sectionIndex = -1;
    l.selections = {all, corner};
    l.proxies = {proxy};
    l.properties = {{"map", "house"}};
    return l;
}

rv::OdolLod box(float resolution, bool untexturedSide) {
    rv::OdolLod l;
    l.resolution = resolution;
    const rv::Vec3 c[8] = {{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1},
                           {-1, 2, -1}, {1, 2, -1}, {1, 2, 1}, {-1, 2, 1}};
    for (const auto& p : c) l.positions.push_back(p);
    // Quads and one side as two triangles; outward winding in BI space.
    const std::vector<std::vector<uint32_t>> faces = {{0, 1, 2, 3}, {4, 7, 6, 5}, {0, 4, 5, 1}, {1, 5, 6, 2},
                                                      {2, 6, 7, 3}, {3, 7, 4},    {3, 4, 0}};
    l.faceStart.push_back(0);
    for (const auto& f : faces) {
        for (uint32_t i : f) l.faceIndices.push_back(i);
        l.faceStart.push_back(uint32_t(l.faceIndices.size()));
    }
    l.textures = {"data\\zed.paa"};
    rv::OdolSection s;
    s.firstFace = 0;
    s.endFace = untexturedSide ? 5 : 7;
    s.textureIndex = 0;
    s.areaOverTex.clear();
    l.sections = {s};
    if (untexturedSide) {
        rv::OdolSection u;
        u.firstFace = 5;
        u.endFace = 7;
        u.textureIndex = -1;
        u.areaOverTex.clear();
        l.sections.push_back(u);
    }
    return l;
}

}  // namespace

std::vector<uint8_t> writeOdol7(const rv::OdolModel& m) {
    Odol7Writer o;
    ByteWriter& w = o.w;
    w.magic("ODOL");
    w.u32(7);
    w.u32(uint32_t(m.lods.size()));
    for (const auto& l : m.lods) o.lod(l);
    for (const auto& l : m.lods) w.f32(l.resolution);
    const rv::OdolModelInfo& i = m.info;
    w.i32(i.special);
    w.f32(i.boundingSphere);
    w.f32(i.geometrySphere);
    w.i32(i.remarks);
    w.i32(i.andHints);
    w.i32(i.orHints);
    w.put(i.aimingCenter);
    w.u32(i.color);
    w.u32(i.colorType);
    w.f32(i.viewDensity);
    w.put(i.bboxMin);
    w.put(i.bboxMax);
    w.put(i.boundingCenter);
    w.put(i.geometryCenter);
    w.put(i.centerOfMass);
    for (const auto& r : i.invInertia) w.put(r);
    for (bool b : {i.autoCenter, i.lockAutoCenter, i.canOcclude, i.canBeOccluded, i.allowAnimation}) w.boolean(b);
    w.u8(i.mapType);
    o.array(i.mass);
    w.f32(i.totalMass);
    w.f32(i.invMass);
    w.f32(i.armor);
    w.f32(i.invArmor);
    for (int k = 0; k < 12; ++k) w.u8(uint8_t(i.specialLods[k]));
    return w.bytes;
}

rv::OdolModel makeOfpModel() {
    rv::OdolModel m;
    m.version = 7;
    m.info.boundingCenter = {0, 1, 0};
    m.info.totalMass = 800;
    m.info.mass.assign(300, 2.0f);  // 1200 bytes: compressed
    m.info.mapType = 3;
    m.info.specialLods[0] = 4;
    m.info.specialLods[1] = 3;
    rv::OdolLod geometry = box(1e13f, false);
    geometry.sections.clear();  // untextured geometry: one run of texture -1
    rv::OdolSection g;
    g.firstFace = 0;
    g.endFace = 7;
    g.textureIndex = -1;
    g.areaOverTex.clear();
    geometry.sections = {g};
    geometry.textures.clear();
    geometry.properties = {{"class", "house"}, {"dammage", "building"}};
    rv::OdolSelection comp;
    comp.name = "Component01";
    comp.vertices = {0, 1, 2, 3, 4, 5, 6, 7};
    geometry.selections = {comp};
    rv::OdolLod memory;
    memory.resolution = 1e15f;
    memory.positions = {{0, 2.5f, 0}, {1, 1, -1}};
    memory.faceStart = {0};
    rv::OdolSelection a, b;
    a.name = "svetlo";
    a.vertices = {0};
    b.name = "dvere_osa";
    b.vertices = {1};
    memory.selections = {a, b};
    rv::OdolLod shadow = box(10000.0f, false);
    shadow.sections[0].textureIndex = -1;
    shadow.textures.clear();
    m.lods = {plate(), box(2.0f, true), shadow, geometry, memory};
    for (auto& l : m.lods) {
        l.name = rv::lodName(l.resolution);
        if (l.uvSets.empty() && !l.positions.empty())
            l.uvSets.push_back(std::vector<rv::Vec2>(l.positions.size(), {0, 0}));
        if (l.normals.empty() && l.resolution < 1000 && !l.positions.empty()) {
            // Outward per-vertex normals for the box: away from its vertical axis.
            for (const auto& p : l.positions) {
                float len = std::sqrt(p.x * p.x + (p.y - 1) * (p.y - 1) + p.z * p.z);
                l.normals.push_back({p.x / len, (p.y - 1) / len, p.z / len});
            }
        }
        if (l.normals.empty()) l.normals.assign(l.positions.size(), {0, 0, 0});
    }
    return m;
}

}  // namespace rvtest
