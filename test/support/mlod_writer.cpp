#include "support/mlod_writer.hpp"

#include <algorithm>
#include <cstring>

#include "support/byte_writer.hpp"

namespace rvtest {
namespace {

void fixed(ByteWriter& w, const std::string& s, size_t n) {
    std::vector<uint8_t> field(n, 0);
    std::memcpy(field.data(), s.data(), std::min(n, s.size()));
    w.raw(field);
}

void writeLod(ByteWriter& w, const MlodLodSpec& lod) {
    w.magic(lod.sp3x ? "SP3X" : "P3DM");
    w.u32(28);
    w.u32(lod.sp3x ? 0x99 : 0x100);
    w.u32(uint32_t(lod.points.size()));
    w.u32(uint32_t(lod.normals.size()));
    w.u32(uint32_t(lod.faces.size()));
    w.u32(0);
    for (size_t i = 0; i < lod.points.size(); ++i) {
        w.put(lod.points[i]);
        w.u32(i < lod.pointFlags.size() ? lod.pointFlags[i] : 0);
    }
    for (const rv::Vec3& n : lod.normals) w.put(n);
    for (const MlodFaceSpec& f : lod.faces) {
        if (lod.sp3x) fixed(w, f.texture, 32);
        w.u32(uint32_t(f.points.size()));
        for (size_t k = 0; k < 4; ++k) {
            const bool used = k < f.points.size();
            w.u32(used ? f.points[k] : 0);
            w.u32(used && k < f.normals.size() ? f.normals[k] : 0);
            w.put(used && k < f.uvs.size() ? f.uvs[k] : rv::Vec2{0, 0});
        }
        w.u32(f.flags);
        if (!lod.sp3x) {
            w.asciiz(f.texture);
            w.asciiz(f.material);
        }
    }
    w.magic("TAGG");
    std::vector<MlodTagSpec> tags = lod.tags;
    tags.push_back({"#EndOfFile#", {}});
    for (const MlodTagSpec& t : tags) {
        if (lod.sp3x) {
            fixed(w, t.name, 64);
        } else {
            w.u8(1);
            w.asciiz(t.name);
        }
        w.u32(uint32_t(t.data.size()));
        w.raw(t.data);
    }
    w.f32(lod.resolution);
}

template <class T>
std::vector<uint8_t> bytesOf(const std::vector<T>& v) {
    std::vector<uint8_t> out(v.size() * sizeof(T));
    if (!v.empty()) std::memcpy(out.data(), v.data(), out.size());
    return out;
}

}  // namespace

std::vector<uint8_t> writeMlod(const std::vector<MlodLodSpec>& lods) {
    ByteWriter w;
    w.magic("MLOD");
    w.u32(257);
    w.u32(uint32_t(lods.size()));
    for (const MlodLodSpec& lod : lods) writeLod(w, lod);
    return w.bytes;
}

MlodTagSpec selectionTag(const std::string& name, const std::vector<uint8_t>& pointBytes,
                         const std::vector<uint8_t>& faceBytes) {
    MlodTagSpec t{name, pointBytes};
    t.data.insert(t.data.end(), faceBytes.begin(), faceBytes.end());
    return t;
}

MlodTagSpec massTag(const std::vector<float>& mass) { return {"#Mass#", bytesOf(mass)}; }

MlodTagSpec propertyTag(const std::string& name, const std::string& value) {
    ByteWriter w;
    fixed(w, name, 64);
    fixed(w, value, 64);
    return {"#Property#", w.bytes};
}

MlodTagSpec uvSetTag(uint32_t id, const std::vector<rv::Vec2>& cornerUvs) {
    ByteWriter w;
    w.u32(id);
    w.raw(bytesOf(cornerUvs));
    return {"#UVSet#", w.bytes};
}

MlodTagSpec sharpEdgesTag(const std::vector<uint32_t>& pointPairs) { return {"#SharpEdges#", bytesOf(pointPairs)}; }

MlodLodSpec makeBoxLod(float resolution, bool sp3x, float offset) {
    MlodLodSpec lod;
    lod.sp3x = sp3x;
    lod.resolution = resolution;
    for (int i = 0; i < 8; ++i)
        lod.points.push_back({float(i & 1) + offset, float((i >> 1) & 1) + offset * 2, float((i >> 2) & 1) - offset});
    // Sides wound as Object Builder stores them (after the binarizer's swap, (v1, v0, v3, v2),
    // cross(v1 - v0, v2 - v0) points outward) and their outward axis, stored negated.
    const uint32_t sides[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
    const rv::Vec3 out[6] = {{0, 0, -1}, {0, 0, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}};
    std::vector<rv::Vec2> allUvs;
    for (int s = 0; s < 6; ++s) {
        lod.normals.push_back({-out[s].x, -out[s].y, -out[s].z});
        MlodFaceSpec f;
        f.points.assign(sides[s], sides[s] + 4);
        f.normals.assign(4, uint32_t(s));
        f.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        f.flags = s == 3 ? 0x20u : 0u;
        if (s != 5) {
            f.texture = "rv\\box\\box_co.paa";
            f.material = sp3x ? "" : "rv\\box\\box.rvmat";
        }
        allUvs.insert(allUvs.end(), f.uvs.begin(), f.uvs.end());
        lod.faces.push_back(f);
    }
    std::vector<rv::Vec2> second;
    for (const rv::Vec2& uv : allUvs) second.push_back({uv.u * 0.5f, uv.v * 0.5f});
    lod.tags.push_back(selectionTag("top", {0, 0, 1, 1, 0, 0, 254, 2}, {0, 0, 0, 1, 0, 0}));
    lod.tags.push_back(selectionTag("all", std::vector<uint8_t>(8, 1), std::vector<uint8_t>(6, 1)));
    lod.tags.push_back(uvSetTag(0, allUvs));
    lod.tags.push_back(uvSetTag(1, second));
    lod.tags.push_back(sharpEdgesTag({0, 1, 2, 3}));
    return lod;
}

std::vector<MlodLodSpec> makeBoxModel(bool sp3x, bool autocenterOff) {
    std::vector<MlodLodSpec> lods;
    lods.push_back(makeBoxLod(1.0f, sp3x, 0.25f));
    MlodLodSpec geometry = makeBoxLod(1e13f, sp3x, 0.25f);
    geometry.tags.push_back(massTag({1, 2, 3, 4, 5, 6, 7, 8}));
    if (autocenterOff) geometry.tags.push_back(propertyTag("autocenter", "0"));
    geometry.tags.push_back(propertyTag("class", "house"));
    lods.push_back(geometry);
    MlodLodSpec memory;
    memory.sp3x = sp3x;
    memory.resolution = 1e15f;
    memory.points = {{0.5f, 2.0f, 0.5f}, {0.5f, -1.0f, 0.5f}};
    memory.tags.push_back(selectionTag("usti hlavne", {1, 0}, {}));
    memory.tags.push_back(selectionTag("konec hlavne", {0, 1}, {}));
    lods.push_back(memory);
    return lods;
}

}  // namespace rvtest
