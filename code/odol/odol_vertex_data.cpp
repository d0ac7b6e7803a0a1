// Per-vertex arrays of the v28+ LOD body (format notes §2.7 fields 22-29): UV sets, normals,
// ST (tangent space) coordinates and the skinning references; plus the vertex/face index arrays
// whose width changes at v69.
#include <algorithm>
#include <cstring>

#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// Packed 10:10:10 vector (§2.7.10). Each field is sign-corrected and scaled by 1/511 with the
// given sign. BI stores normals negated: scale -1/511 reproduces the stored (inward) vector,
// +1/511 the outward one (measured against face normals on v40..v73 samples, e.g. 16,560 : 18).
// The 10-bit two's-complement field is sign-extended by shifts, without a branch: normals' signs
// are random, and the `v > 511` test compiled to branches that mispredicted (a fifth of a decode).
inline Vec3 unpackNormal(uint32_t p, float scale) {
    auto field = [](uint32_t bits) { return float(int32_t(bits << 22) >> 22); };
    return {field(p) * scale, field(p >> 10) * scale, field(p >> 20) * scale};
}

// v < 45: f32 pairs, one repeated (defaultFill) or a payload: a CondensedArray<Vec2>.
void readFloatUvSet(ByteReader& r, const FileState& s, uint64_t countAt, uint32_t n, std::vector<Vec2>& uv) {
    if (r.boolean()) {
        Vec2 v = r.read<Vec2>();
        s.codec.checkVerticesAt(r, countAt, n, "UV set");  // the positions follow the UV sets
        s.codec.checkFilledCountAt(r, countAt, n, sizeof(Vec2), "UV set");
        s.codec.charge(r, uint64_t(n) * sizeof(Vec2), "UV set");
        uv.assign(n, v);
    } else {
        s.codec.readElements(r, countAt, n, uv, "UV set");
    }
}

// v45+: i16 pairs quantised between the set's stored bounds.
struct UvBounds {
    float minU, minV, maxU, maxV;
};

// The D3D SHORT2N reading (notes §2.7.9, open question 3): -32767 is the minimum and 32767 the
// maximum, u = minU + (q + 32767) * (maxU - minU) / 65534, computed in float as written (the sum
// as an integer, then times the range, then divided). Against the source MLODs (m7a3 v73,
// TFR_BACKPACK v59, anprc148 and nicecomm2 v50, AAT) it lands within half a quantisation step
// on 99.8-100% of the values. (q + 32768) / 65535, this decoder's first reading and DZOB's, is
// off by 0.54 steps on average; (q + 32767) / 65536 (bff, arma-tools, OpenPoseidon) by about 1.
// q = -32768 is outside SHORT2N's range and lands one step below the minimum.
inline float dequantiseUv(int16_t q, float lo, float range) { return lo + float(int(q) + 32767) * range / 65534.0f; }

void readPackedUvSet(ByteReader& r, const FileState& s, const UvBounds& b, uint64_t countAt, uint32_t n,
                     std::vector<Vec2>& uv) {
    const float rangeU = b.maxU - b.minU, rangeV = b.maxV - b.minV;
    auto decode = [&](int16_t qu, int16_t qv) {
        return Vec2{dequantiseUv(qu, b.minU, rangeU), dequantiseUv(qv, b.minV, rangeV)};
    };
    const bool fill = r.boolean();
    if (fill) {
        int16_t qu = r.i16(), qv = r.i16();
        s.codec.checkVerticesAt(r, countAt, n, "UV set");  // the positions follow the UV sets
        s.codec.checkFilledCountAt(r, countAt, n, sizeof(Vec2), "UV set");
        s.codec.charge(r, uint64_t(n) * sizeof(Vec2), "UV set");
        uv.assign(n, decode(qu, qv));
        return;
    }
    // Decode the i16 pairs in place: the Vec2 buffer is twice the size of the packed data, so
    // the packed bytes go into its upper half and expand downwards without overlap problems.
    s.codec.checkCountAt(r, countAt, n, sizeof(Vec2), "UV set");
    uv.resize(n);
    uint8_t* base = reinterpret_cast<uint8_t*>(uv.data());
    uint8_t* packed = base + size_t(n) * 4;
    s.codec.read(r, packed, size_t(n) * 4, "UV set");
    for (size_t i = 0; i < n; ++i) {
        int16_t q[2];
        std::memcpy(q, packed + i * 4, 4);
        uv[i] = decode(q[0], q[1]);
    }
}

// One UVSet (§2.7.9): [v45+ the bounds], u32 count, bool defaultFill, then the values.
void readUvSet(ByteReader& r, const FileState& s, std::vector<Vec2>& uv) {
    if (s.version < 45) {
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        readFloatUvSet(r, s, at, n, uv);
        return;
    }
    UvBounds b;
    b.minU = r.f32();
    b.minV = r.f32();
    b.maxU = r.f32();
    b.maxV = r.f32();
    uint64_t at = r.offset();
    uint32_t n = r.u32();
    if (s.uvSetLog) s.uvSetLog->push_back({r.context().describe(), b.minU, b.minV, b.maxU, b.maxV, n});
    readPackedUvSet(r, s, b, at, n, uv);
}

}  // namespace

void readUvSets(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "UV set", 0);
    lod.uvSets.emplace_back();
    readUvSet(r, s, lod.uvSets[0]);
    uint32_t nSets = r.count(4 + 1, "UV sets");
    // The count includes set 0; a stored 0 means just set 0.
    for (uint32_t i = 1; i < nSets; ++i) {
        scope.setIndex(i);
        lod.uvSets.emplace_back();
        readUvSet(r, s, lod.uvSets.back());
    }
}

void readNormals(ByteReader& r, const FileState& s, std::vector<Vec3>& normals) {
    ContextScope scope(r.context(), "normals");
    if (s.version >= 45) {
        std::vector<uint32_t> packed;
        s.codec.readCondensed(r, packed, "normals");
        normals.resize(packed.size());
        for (size_t i = 0; i < packed.size(); ++i) normals[i] = unpackNormal(packed[i], 1.0f / 511.0f);
    } else {
        s.codec.readCondensed(r, normals, "normals");
        for (Vec3& n : normals) n = {-n.x, -n.y, -n.z};  // stored inward (§2.7.10)
    }
}

// ST pairs: one CompressedArray whose count is in pairs; packed like normals from v45, floats
// before. Kept as stored (not flipped): they are a tangent frame, not a direction to the eye.
void readTangents(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "ST coordinates");
    uint64_t at = r.offset();
    uint32_t n = r.u32();
    if (s.version >= 45) {
        std::vector<uint32_t> packed;
        s.codec.readElements(r, at, uint64_t(n) * 2, packed, "ST coordinates");
        lod.tangents.resize(n);
        lod.bitangents.resize(n);
        for (size_t i = 0; i < n; ++i) {
            lod.tangents[i] = unpackNormal(packed[2 * i], -1.0f / 511.0f);
            lod.bitangents[i] = unpackNormal(packed[2 * i + 1], -1.0f / 511.0f);
        }
    } else {
        std::vector<Vec3> st;
        s.codec.readElements(r, at, uint64_t(n) * 2, st, "ST coordinates");
        lod.tangents.resize(n);
        lod.bitangents.resize(n);
        for (size_t i = 0; i < n; ++i) {
            lod.tangents[i] = st[2 * i];
            lod.bitangents[i] = st[2 * i + 1];
        }
    }
}

// vertexBoneRef (§2.7.11): AnimationRTWeight records, a count then up to four (bone, weight)
// byte pairs. Counts outside 0..4 are clamped: the record has room for four only.
void readVertexBones(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "vertex bone references");
    struct RtWeight {  // AnimationRTWeight, 12 bytes
        int32_t count;
        uint8_t pairs[8];
    };
    static_assert(sizeof(RtWeight) == 12, "AnimationRTWeight is 12 bytes");
    std::vector<RtWeight> raw;
    s.codec.readArray(r, raw, "vertex bone references");
    lod.vertexBones.resize(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        OdolVertexBones& b = lod.vertexBones[i];
        b.count = uint8_t(std::clamp(raw[i].count, 0, 4));
        for (int k = 0; k < b.count; ++k) {
            b.bone[k] = raw[i].pairs[2 * k];
            b.weight[k] = raw[i].pairs[2 * k + 1];
        }
    }
}

// neighborBoneRef (§2.7.11): 32-byte records the engine uses for blending; not part of the
// model we return, but read (and decompressed) so the stream stays in step.
void skipNeighbourBones(ByteReader& r, const FileState& s) {
    ContextScope scope(r.context(), "neighbour bone references");
    uint64_t at = r.offset();
    uint32_t n = r.u32();
    std::vector<uint8_t> skip;
    s.codec.readElements(r, at, uint64_t(n) * 32, skip, "neighbour bone references");
}

void readIndexArray(ByteReader& r, const FileState& s, std::vector<uint32_t>& out, const char* what) {
    if (s.indices32()) {
        s.codec.readArray(r, out, what);
        return;
    }
    std::vector<uint16_t> narrow;
    s.codec.readArray(r, narrow, what);
    out.assign(narrow.begin(), narrow.end());
}

}  // namespace rv::odol
