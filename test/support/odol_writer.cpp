#include "support/odol_writer.hpp"

#include <algorithm>
#include <cmath>

#include "support/byte_writer.hpp"

namespace rvtest {
namespace {

using rv::Vec3;

class OdolWriter {
public:
    explicit OdolWriter(const OdolWriteOptions& o) : opt_(o) {}
    ByteWriter w;

    // A payload per §1.3: no flag when empty, else flag 0 + raw bytes or flag 2 + LZO stream.
    void payload(const void* p, size_t n) {
        if (n == 0) return;
        if (opt_.lzo && n >= opt_.lzoFrom) {
            w.u8(2);
            w.raw(opt_.lzo(static_cast<const uint8_t*>(p), n));
        } else {
            w.u8(0);
            w.raw(p, n);
        }
    }
    template <class T>
    void array(const std::vector<T>& v) {
        w.u32(uint32_t(v.size()));
        payload(v.data(), v.size() * sizeof(T));
    }
    template <class T>
    void condensed(const std::vector<T>& v) {
        w.u32(uint32_t(v.size()));
        bool uniform = !v.empty() && std::all_of(v.begin(), v.end(),
                                                 [&](const T& x) { return std::memcmp(&x, &v[0], sizeof(T)) == 0; });
        w.boolean(uniform);
        if (uniform)
            w.put(v[0]);
        else
            payload(v.data(), v.size() * sizeof(T));
    }
    void vec3(const Vec3& v) { w.put(v); }
    void mat43(const rv::Mat43& m) { w.put(m); }

    void material(const rv::OdolMaterial& m) {
        w.asciiz(m.name);
        w.u32(11);
        for (const rv::Rgba* c : {&m.emissive, &m.ambient, &m.diffuse, &m.forcedDiffuse, &m.specular, &m.specular2})
            w.put(*c);
        w.f32(m.specularPower);
        w.u32(m.pixelShaderId);
        w.u32(m.vertexShaderId);
        w.u32(m.mainLight);
        w.u32(m.fogMode);
        w.asciiz(m.surfaceFile);
        w.u32(1);
        w.u32(m.renderFlags);
        w.u32(uint32_t(m.stages.size()));
        w.u32(uint32_t(m.stageTransforms.size()));
        auto stage = [&](const rv::OdolStageTexture& t) {
            w.u32(t.textureFilter);
            w.asciiz(t.texture);
            w.u32(t.stageId);
            w.boolean(t.useWorldEnvMap);
        };
        for (const auto& t : m.stages) stage(t);
        for (const auto& t : m.stageTransforms) {
            w.u32(t.uvSource);
            mat43(t.transform);
        }
        stage(m.thermalStage);
    }

    void uvSet(const std::vector<rv::Vec2>& uv) {
        PackedUvSet p;
        if (!uv.empty()) {
            p.minU = p.maxU = uv[0].u;
            p.minV = p.maxV = uv[0].v;
            for (const auto& t : uv) {
                p.minU = std::min(p.minU, t.u), p.maxU = std::max(p.maxU, t.u);
                p.minV = std::min(p.minV, t.v), p.maxV = std::max(p.maxV, t.v);
            }
        }
        // The inverse of the decoder's (q + 32767) / 65534: the nearest of the 65535 steps.
        auto quant = [](float x, float lo, float hi) {
            float t = hi > lo ? (x - lo) / (hi - lo) : 0.0f;
            return int16_t(std::lround(t * 65534.0f) - 32767);
        };
        for (const auto& t : uv) {
            p.q.push_back(quant(t.u, p.minU, p.maxU));
            p.q.push_back(quant(t.v, p.minV, p.maxV));
        }
        packedUvSet(p);
    }
    void packedUvSet(const PackedUvSet& p) {
        w.f32(p.minU);
        w.f32(p.minV);
        w.f32(p.maxU);
        w.f32(p.maxV);
        w.u32(uint32_t(p.q.size() / 2));
        w.boolean(false);
        payload(p.q.data(), p.q.size() * 2);
    }
    // Set `set` of LOD `lod`: the test's raw values when it gave some, else quantised.
    void uvSet(size_t lod, size_t set, const std::vector<rv::Vec2>& uv) {
        for (const PackedUvSet& p : opt_.packedUvs)
            if (p.lod == lod && p.set == set) return packedUvSet(p);
        uvSet(uv);
    }

    void lod(size_t index, const rv::OdolLod& l) {
        w.u32(uint32_t(l.proxies.size()));
        for (const auto& p : l.proxies) {
            w.asciiz(p.model);
            mat43(p.transform);
            w.i32(p.sequenceId);
            w.i32(p.selectionIndex);
            w.i32(p.boneIndex);
            w.i32(p.sectionIndex);
        }
        w.u32(0);  // sub-skeleton
        w.u32(0);  // skeleton to sub-skeleton
        w.u32(uint32_t(l.positions.size()));
        w.f32(l.faceArea);
        w.i32(l.orHints);
        w.i32(l.andHints);
        vec3(l.boundsMin);
        vec3(l.boundsMax);
        vec3(l.boundsCenter);
        w.f32(l.boundsRadius);
        w.u32(uint32_t(l.textures.size()));
        for (const auto& t : l.textures) w.asciiz(t);
        w.u32(uint32_t(l.materials.size()));
        for (const auto& m : l.materials) material(m);
        array(l.pointToVertex);
        array(l.vertexToPoint);
        // Faces: u32 indices (v69+), 4 + 4n section units each.
        uint32_t nFaces = uint32_t(l.faceCount());
        w.u32(nFaces);
        w.u32(uint32_t(4 * (nFaces + l.faceIndices.size())));
        w.u16(0);
        for (uint32_t f = 0; f < nFaces; ++f) {
            w.u8(uint8_t(l.faceStart[f + 1] - l.faceStart[f]));
            for (uint32_t k = l.faceStart[f]; k < l.faceStart[f + 1]; ++k) w.u32(l.faceIndices[k]);
        }
        w.u32(uint32_t(l.sections.size()));
        for (const auto& s : l.sections) {
            w.u32(4 * (s.firstFace + l.faceStart[s.firstFace]));
            w.u32(4 * (s.endFace + l.faceStart[s.endFace]));
            w.i32(s.minBoneIndex);
            w.i32(s.boneCount);
            w.u32(s.pointFlags);
            w.i16(int16_t(s.textureIndex));
            w.u32(s.faceFlags);
            w.i32(s.materialIndex);
            if (s.materialIndex == -1) w.asciiz(s.materialName);
            w.u32(uint32_t(s.areaOverTex.size()));
            for (float a : s.areaOverTex) w.f32(a);
            w.i32(0);  // flag67
        }
        w.u32(uint32_t(l.selections.size()));
        for (const auto& s : l.selections) {
            w.asciiz(s.name);
            array(s.faces);
            w.i32(0);
            w.boolean(s.sectional);
            array(s.sections);
            array(s.vertices);
            w.u32(uint32_t(s.vertexWeights.size()));
            payload(s.vertexWeights.data(), s.vertexWeights.size());
        }
        w.u32(uint32_t(l.properties.size()));
        for (const auto& p : l.properties) {
            w.asciiz(p.name);
            w.asciiz(p.value);
        }
        w.u32(uint32_t(l.frames.size()));
        for (const auto& f : l.frames) {
            w.f32(f.time);
            w.u32(uint32_t(f.positions.size()));
            for (const auto& p : f.positions) vec3(p);
        }
        w.u32(l.colorTop);
        w.u32(l.color);
        w.i32(l.special);
        w.boolean(l.vertexBonesAreSimple);
        size_t restAt = w.size();
        w.u32(0);  // restDataSize, patched below
        size_t restStart = w.size();
        std::vector<uint32_t> clip = l.clipFlags;
        if (clip.empty()) clip.assign(l.positions.size(), 0);
        if (index == 0 && opt_.clipFlagsOffset) *opt_.clipFlagsOffset = w.size();
        condensed(clip);
        std::vector<rv::Vec2> none;
        uvSet(index, 0, l.uvSets.empty() ? none : l.uvSets[0]);
        w.u32(uint32_t(std::max<size_t>(1, l.uvSets.size())));
        for (size_t i = 1; i < l.uvSets.size(); ++i) uvSet(index, i, l.uvSets[i]);
        array(l.positions);
        std::vector<uint32_t> packed;
        for (const Vec3& n : l.normals) {
            auto field = [](float x) { return uint32_t(std::lround(std::clamp(x, -1.0f, 1.0f) * 511.0f)) & 0x3FF; };
            packed.push_back(field(n.x) | field(n.y) << 10 | field(n.z) << 20);
        }
        condensed(packed);
        w.u32(0);                                            // ST
        w.u32(0);                                            // vertex bone references
        w.u32(0);                                            // neighbour bone references
        w.u32(0);                                            // v67 word
        w.patchU32(restAt, uint32_t(w.size() - restStart));  // Bohemia's v73 convention
        w.u8(0);                                             // v68 byte
    }

private:
    const OdolWriteOptions& opt_;
};

}  // namespace

std::vector<uint8_t> writeOdol73(const rv::OdolModel& m, const OdolWriteOptions& options) {
    OdolWriter o(options);
    ByteWriter& w = o.w;
    const rv::OdolModelInfo& i = m.info;
    const uint32_t n = uint32_t(m.lods.size());
    w.magic("ODOL");
    w.u32(73);
    w.u32(m.appId);
    w.asciiz(m.prefix);
    w.u32(n);
    for (const auto& l : m.lods) w.f32(l.resolution);
    // ModelInfo (v73 gates).
    w.i32(i.special);
    w.f32(i.boundingSphere);
    w.f32(i.geometrySphere);
    w.i32(i.remarks);
    w.i32(i.andHints);
    w.i32(i.orHints);
    o.vec3(i.aimingCenter);
    w.u32(i.color);
    w.u32(i.colorType);
    w.f32(i.viewDensity);
    o.vec3(i.bboxMin);
    o.vec3(i.bboxMax);
    w.f32(i.lodDensityCoef);
    w.f32(i.drawImportance);
    o.vec3(i.bboxMinVisual);
    o.vec3(i.bboxMaxVisual);
    o.vec3(i.boundingCenter);
    o.vec3(i.geometryCenter);
    o.vec3(i.centerOfMass);
    for (const Vec3& r : i.invInertia) o.vec3(r);
    w.boolean(i.autoCenter);
    w.boolean(i.lockAutoCenter);
    w.boolean(i.canOcclude);
    w.boolean(i.canBeOccluded);
    w.boolean(i.aiCovers);
    for (float t : i.thermal) w.f32(t);
    w.boolean(i.forceNotAlphaModel);
    w.i32(i.shadowBufferSource);
    w.boolean(i.preferShadowVolume);
    w.f32(i.shadowOffset);
    w.boolean(i.animated);
    w.asciiz(m.skeleton.name);
    if (!m.skeleton.name.empty()) {
        w.boolean(m.skeleton.isDiscrete);
        w.u32(uint32_t(m.skeleton.bones.size()));
        for (const auto& b : m.skeleton.bones) {
            w.asciiz(b.name);
            w.asciiz(b.parent);
        }
        w.asciiz(m.skeleton.pivotsName);
    }
    w.u8(i.mapType);
    o.array(i.mass);
    w.f32(i.totalMass);
    w.f32(i.invMass);
    w.f32(i.armor);
    w.f32(i.invArmor);
    w.f32(i.explosionShielding);
    w.u8(uint8_t(i.specialLods[12]));
    w.u8(uint8_t(i.specialLods[13]));
    for (int k = 0; k < 12; ++k) w.u8(uint8_t(i.specialLods[k]));
    w.u32(i.minShadow);
    w.boolean(i.canBlend);
    w.asciiz(i.propertyClass);
    w.asciiz(i.propertyDamage);
    w.boolean(i.propertyFrequent);
    w.u32(0);
    for (int k = 0; k < 3; ++k)
        for (uint32_t l = 0; l < n; ++l) w.i32(-1);
    w.boolean(false);  // no animations
    size_t table = w.size();
    if (options.lodTableOffset) *options.lodTableOffset = table;
    for (uint32_t l = 0; l < 2 * n; ++l) w.u32(0);
    for (uint32_t l = 0; l < n; ++l) w.boolean(true);  // permanent: no LoadableLodInfo
    // Bodies in reverse order, as Bohemia's binarizer writes them (descending resolution), so
    // the reader must use the table.
    for (uint32_t k = n; k-- > 0;) {
        w.patchU32(table + 4 * k, uint32_t(w.size()));
        o.lod(k, m.lods[k]);
        w.patchU32(table + 4 * (n + k), uint32_t(w.size()));
    }
    return w.bytes;
}

namespace {

rv::OdolLod boxLod(float resolution, Vec3 lo, Vec3 hi) {
    rv::OdolLod l;
    l.resolution = resolution;
    // 6 quads, 4 own vertices each (split normals), wound so cross(v1-v0, v2-v0) points outward
    // in BI's left-handed space.
    struct Face {
        Vec3 n;
        Vec3 c[4];
    };
    Face faces[6] = {
        {{1, 0, 0}, {{hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, hi.y, hi.z}, {hi.x, lo.y, hi.z}}},
        {{-1, 0, 0}, {{lo.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, hi.y, lo.z}, {lo.x, lo.y, lo.z}}},
        {{0, 1, 0}, {{lo.x, hi.y, lo.z}, {lo.x, hi.y, hi.z}, {hi.x, hi.y, hi.z}, {hi.x, hi.y, lo.z}}},
        {{0, -1, 0}, {{lo.x, lo.y, hi.z}, {lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, lo.y, hi.z}}},
        {{0, 0, 1}, {{hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, lo.y, hi.z}}},
        {{0, 0, -1}, {{lo.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, lo.y, lo.z}}},
    };
    l.faceStart.push_back(0);
    for (const Face& f : faces) {
        uint32_t base = uint32_t(l.positions.size());
        for (int k = 0; k < 4; ++k) {
            l.positions.push_back(f.c[k]);
            l.normals.push_back(f.n);
        }
        for (uint32_t k = 0; k < 4; ++k) l.faceIndices.push_back(base + k);
        l.faceStart.push_back(uint32_t(l.faceIndices.size()));
    }
    std::vector<rv::Vec2> uv;
    for (int f = 0; f < 6; ++f)
        for (rv::Vec2 t : {rv::Vec2{0, 1}, rv::Vec2{0, 0}, rv::Vec2{1, 0}, rv::Vec2{1, 1}}) uv.push_back(t);
    l.uvSets.push_back(uv);
    l.boundsMin = lo;
    l.boundsMax = hi;
    return l;
}

}  // namespace

rv::OdolModel makeCrateModel() {
    rv::OdolModel m;
    m.version = 73;
    m.prefix = "";
    rv::OdolModelInfo& i = m.info;
    i.bboxMin = {-0.5f, -0.4f, -0.3f};
    i.bboxMax = {0.7f, 0.4f, 0.3f};
    i.bboxMinVisual = i.bboxMin;
    i.bboxMaxVisual = i.bboxMax;
    i.boundingCenter = {0.1f, 0.4f, 0.0f};
    i.boundingSphere = 0.95f;
    i.totalMass = 120;
    i.mass.assign(24, 5.0f);  // one per geometry LOD vertex
    i.specialLods[0] = 3;     // memory
    i.specialLods[1] = 2;     // geometry

    // LOD 0: the crate body with a handle on +x, two sections (textured + untextured), a
    // selection with weights, a proxy, and a second UV set.
    rv::OdolLod visual = boxLod(1.0f, {-0.5f, -0.4f, -0.3f}, {0.5f, 0.4f, 0.3f});
    rv::OdolLod handle = boxLod(1.0f, {0.5f, -0.1f, -0.1f}, {0.7f, 0.1f, 0.1f});
    uint32_t base = uint32_t(visual.positions.size());
    for (size_t k = 0; k < handle.positions.size(); ++k) {
        visual.positions.push_back(handle.positions[k]);
        visual.normals.push_back(handle.normals[k]);
        visual.uvSets[0].push_back(handle.uvSets[0][k]);
    }
    // The handle as triangles (two per quad) so the model mixes quads and triangles.
    for (size_t f = 0; f < handle.faceCount(); ++f) {
        uint32_t a = base + handle.faceIndices[handle.faceStart[f]];
        uint32_t q[4] = {a, a + 1, a + 2, a + 3};
        visual.faceIndices.insert(visual.faceIndices.end(), {q[0], q[1], q[2]});
        visual.faceStart.push_back(uint32_t(visual.faceIndices.size()));
        visual.faceIndices.insert(visual.faceIndices.end(), {q[0], q[2], q[3]});
        visual.faceStart.push_back(uint32_t(visual.faceIndices.size()));
    }
    std::vector<rv::Vec2> uv2;
    for (size_t k = 0; k < visual.positions.size(); ++k)
        uv2.push_back({visual.positions[k].x + 0.5f, visual.positions[k].z + 0.5f});
    visual.uvSets.push_back(uv2);
    visual.textures = {"rv\\demo\\data\\crate_co.paa"};
    rv::OdolMaterial mat;
    mat.name = "rv\\demo\\data\\crate.rvmat";
    mat.version = 11;
    mat.diffuse = {0.8f, 0.7f, 0.5f, 1};
    mat.ambient = {0.8f, 0.7f, 0.5f, 1};
    mat.specularPower = 30;
    mat.stages = {{3, "rv\\demo\\data\\crate_nohq.paa", 1, false}, {3, "rv\\demo\\data\\crate_smdi.paa", 2, false}};
    rv::OdolStageTransform identity;
    identity.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    mat.stageTransforms = {identity};
    mat.thermalStage.texture = "#(argb,8,8,3)color(0.5,0.5,0.5,1,TI)";
    visual.materials = {mat};
    rv::OdolSection body;
    body.firstFace = 0;
    body.endFace = 6;
    body.textureIndex = 0;
    body.materialIndex = 0;
    body.areaOverTex = {1.5f, 1.0f};
    rv::OdolSection grip;
    grip.firstFace = 6;
    grip.endFace = uint32_t(visual.faceCount());
    grip.textureIndex = -1;
    grip.materialIndex = -1;
    grip.materialName = "";
    grip.areaOverTex = {0.0f, 0.0f};
    visual.sections = {body, grip};
    rv::OdolSelection lid;
    lid.name = "lid";
    for (uint32_t k = 8; k < 12; ++k) lid.vertices.push_back(k);  // the top face (+y)
    lid.faces = {2};
    lid.vertexWeights = {255, 255, 128, 1};
    rv::OdolSelection handleSel;
    handleSel.name = "handle";
    for (uint32_t k = base; k < base + 24; ++k) handleSel.vertices.push_back(k);
    for (uint32_t f = 6; f < 18; ++f) handleSel.faces.push_back(f);
    rv::OdolSelection empty;
    empty.name = "damage_hide";  // empty selections matter for model.cfg
    visual.selections = {lid, handleSel, empty};
    rv::OdolProxy proxy;
    proxy.model = "\\rv\\demo\\proxies\\lamp.p3d";
    proxy.transform.m = {0, 0, -1, 0, 1, 0, 1, 0, 0, 0.2f, 0.4f, -0.1f};  // turned 90 degrees about y
    proxy.sequenceId = 1;
    proxy.selectionIndex = 2;
    visual.proxies = {proxy};
    visual.properties = {{"lodnoshadow", "1"}};

    rv::OdolLod shadow = boxLod(10000.0f, {-0.5f, -0.4f, -0.3f}, {0.7f, 0.4f, 0.3f});
    shadow.uvSets.clear();
    shadow.normals.clear();
    rv::OdolLod geometry = boxLod(1e13f, {-0.5f, -0.4f, -0.3f}, {0.7f, 0.4f, 0.3f});
    geometry.properties = {{"class", "thingx"}, {"autocenter", "0"}};
    rv::OdolSelection component;
    component.name = "Component01";
    for (uint32_t k = 0; k < 24; ++k) component.vertices.push_back(k);
    geometry.selections = {component};

    rv::OdolLod memory;
    memory.resolution = 1e15f;
    memory.positions = {{0.6f, 0.0f, 0.0f}, {0.0f, 0.45f, 0.0f}, {-0.45f, -0.35f, 0.25f}};
    memory.faceStart = {0};
    for (const char* name : {"handle_axis", "lid_axis", "corner"}) {
        rv::OdolSelection s;
        s.name = name;
        memory.selections.push_back(s);
    }
    memory.selections[0].vertices = {0};
    memory.selections[1].vertices = {1};
    memory.selections[2].vertices = {2};
    memory.uvSets.clear();

    m.lods = {visual, shadow, geometry, memory};
    for (auto& l : m.lods) l.name = rv::lodName(l.resolution);
    return m;
}

}  // namespace rvtest
