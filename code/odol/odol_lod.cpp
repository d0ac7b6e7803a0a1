// One LOD body of ODOL v28+ (format notes §2.7). Reads in file order straight into the model's
// contiguous arrays; per-vertex arrays that disagree with the vertex count are dropped with a
// warning, so consumers can rely on "empty or exactly one per vertex".
#include <algorithm>
#include <cmath>

#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// Packed 10:10:10 vector (§2.7.10). Each field is sign-corrected and scaled by 1/511 with the
// given sign. BI stores normals negated: scale -1/511 reproduces the stored (inward) vector,
// +1/511 the outward one (measured against face normals on v40..v73 samples, e.g. 16,560 : 18).
inline Vec3 unpackNormal(uint32_t p, float scale) {
    auto field = [](uint32_t bits) {
        int v = int(bits & 0x3FF);
        return float(v > 511 ? v - 1024 : v);
    };
    return {field(p) * scale, field(p >> 10) * scale, field(p >> 20) * scale};
}

void readProxies(ByteReader& r, const FileState& s, std::vector<OdolProxy>& proxies) {
    ContextScope scope(r.context(), "proxies");
    uint32_t n = r.count(1 + 48 + 12, "proxies");
    proxies.resize(n);
    ContextScope item(r.context(), "proxy", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        OdolProxy& p = proxies[i];
        p.model = r.asciiz();
        p.transform = readMat43(r);
        p.sequenceId = r.i32();
        p.selectionIndex = r.i32();
        p.boneIndex = r.i32();
        if (s.version >= 40) p.sectionIndex = r.i32();
    }
}

void readFaces(ByteReader& r, const FileState& s, OdolLod& lod, uint32_t& faceDataSize) {
    ContextScope scope(r.context(), "faces");
    const size_t idxBytes = s.indices32() ? 4 : 2;
    uint64_t countAt = r.offset();
    uint32_t n = r.u32();
    faceDataSize = r.u32();
    r.u16();  // always zero
    if (n > r.remaining() / (1 + 3 * idxBytes))
        r.failAt(countAt, "count " + std::to_string(n) + " at offset " + hexOffset(countAt) + " exceeds the " +
                              std::to_string(r.remaining()) + " bytes left");
    lod.faceStart.resize(size_t(n) + 1);
    lod.faceIndices.resize(size_t(n) * 4);  // at most 4 per face; trimmed below
    uint32_t* idx = lod.faceIndices.data();
    uint32_t written = 0;
    for (uint32_t f = 0; f < n; ++f) {
        lod.faceStart[f] = written;
        uint64_t at = r.offset();
        uint8_t k = r.u8();
        if (k != 3 && k != 4)
            r.failAt(at, "face " + std::to_string(f) + " has " + std::to_string(k) + " vertices at offset " +
                             hexOffset(at) + " (3 or 4 expected)");
        r.need(k * idxBytes, "face index");
        const uint8_t* p = r.take(k * idxBytes);
        if (idxBytes == 2) {
            for (int i = 0; i < k; ++i) idx[written + i] = uint32_t(p[2 * i] | (p[2 * i + 1] << 8));
        } else {
            std::memcpy(idx + written, p, k * 4);
        }
        written += k;
    }
    lod.faceStart[n] = written;
    lod.faceIndices.resize(written);
}

// Section face ranges are stored as offsets in the face stream's "section units": every face
// counts unit*(1 + its vertex count) with unit 2 before v69 and 4 from v69. The offset of face i
// is therefore unit*(i + faceStart[i]), strictly increasing, so a binary search maps it back.
uint32_t faceAtOffset(const OdolLod& lod, uint32_t unit, uint32_t offset, bool& exact) {
    size_t n = lod.faceCount();
    size_t lo = 0, hi = n;  // find the first face whose offset >= `offset`
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint64_t o = uint64_t(unit) * (mid + lod.faceStart[mid]);
        if (o < offset) lo = mid + 1;
        else hi = mid;
    }
    exact = uint64_t(unit) * (lo + lod.faceStart[lo]) == offset;
    return uint32_t(lo);
}

void readSections(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "sections");
    uint32_t n = r.count(4 * 5 + 2 + 4 + 4, "sections");
    lod.sections.resize(n);
    const uint32_t unit = s.indices32() ? 4 : 2;
    ContextScope item(r.context(), "section", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        OdolSection& sec = lod.sections[i];
        uint64_t at = r.offset();
        uint32_t lower = r.u32(), upper = r.u32();
        sec.minBoneIndex = r.i32();
        sec.boneCount = r.i32();
        sec.pointFlags = r.u32();
        sec.textureIndex = r.i16();
        sec.faceFlags = r.u32();
        sec.materialIndex = r.i32();
        if (sec.materialIndex == -1) sec.materialName = r.asciiz();
        if (s.version >= 36) {
            uint32_t k = r.count(4, "areaOverTex");
            sec.areaOverTex.resize(k);
            r.readInto(sec.areaOverTex.data(), size_t(k) * 4);
        } else {
            sec.areaOverTex.push_back(r.f32());
        }
        if (s.version >= 67) {
            sec.flag67 = r.i32();
            // 11 floats per bff and OpenPoseidon (byte-exact LOD closure on Stratis); affrs reads
            // 12. None of our samples has flag67 >= 1; the LOD end check would expose a wrong size.
            if (sec.flag67 >= 1) {
                sec.extra67.resize(11);
                r.readInto(sec.extra67.data(), 11 * 4);
            }
        }
        bool exactLo, exactHi;
        sec.firstFace = faceAtOffset(lod, unit, lower, exactLo);
        sec.endFace = faceAtOffset(lod, unit, upper, exactHi);
        if (upper < lower || sec.endFace > lod.faceCount() || !exactLo || !exactHi) {
            if (lower > upper || uint64_t(unit) * (lod.faceCount() + lod.faceIndices.size()) < upper)
                r.failAt(at, "face range " + std::to_string(lower) + ".." + std::to_string(upper) + " at offset " +
                                 hexOffset(at) + " lies outside the face data");
            s.warn(r, DiagKind::IndexOutOfRange, "face range " + std::to_string(lower) + ".." + std::to_string(upper) +
                          " does not fall on face boundaries; rounded up to whole faces");
        }
        if (sec.textureIndex >= 0 && size_t(sec.textureIndex) >= lod.textures.size()) {
            s.warn(r, DiagKind::IndexOutOfRange, "texture index " + std::to_string(sec.textureIndex) + " is beyond the " +
                          std::to_string(lod.textures.size()) + " textures; treated as none");
            sec.textureIndex = -1;
        }
        if (sec.materialIndex >= 0 && size_t(sec.materialIndex) >= lod.materials.size()) {
            s.warn(r, DiagKind::IndexOutOfRange, "material index " + std::to_string(sec.materialIndex) + " is beyond the " +
                          std::to_string(lod.materials.size()) + " materials; treated as none");
            sec.materialIndex = -1;
        }
    }
}

void readSelections(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "selections");
    uint32_t n = r.count(1 + 4 + 4 + 1 + 4 + 4 + 4, "selections");
    lod.selections.resize(n);
    ContextScope item(r.context(), "selection", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        OdolSelection& sel = lod.selections[i];
        sel.name = r.asciiz();
        readIndexArray(r, s, sel.faces, "selected faces");
        // In v7 a compressed byte array (face weights) sat here; from v28 on it is always 0.
        uint64_t zeroAt = r.offset();
        if (r.i32() != 0) r.failAt(zeroAt, "the reserved word at offset " + hexOffset(zeroAt) + " is not 0");
        sel.sectional = r.boolean();
        {
            uint64_t at = r.offset();
            uint32_t k = r.u32();
            std::vector<int32_t> sections;
            s.codec.readElements(r, at, k, sections, "selection sections");
            sel.sections.assign(sections.begin(), sections.end());
        }
        readIndexArray(r, s, sel.vertices, "selected vertices");
        uint64_t at = r.offset();
        uint32_t weightBytes = r.u32();
        s.codec.checkCountAt(r, at, weightBytes, 1, "selection weights");
        sel.vertexWeights.resize(weightBytes);
        s.codec.read(r, sel.vertexWeights.data(), weightBytes, "selection weights");
        if (weightBytes != 0 && weightBytes != sel.vertices.size()) {
            s.warn(r, DiagKind::SizeMismatch, "selection '" + sel.name + "' has " + std::to_string(weightBytes) + " weights for " +
                          std::to_string(sel.vertices.size()) + " vertices; weights dropped");
            sel.vertexWeights.clear();
        }
    }
}

}  // namespace

void readProperties(ByteReader& r, std::vector<OdolProperty>& props) {
    ContextScope scope(r.context(), "named properties");
    uint32_t n = r.count(2, "named properties");
    props.resize(n);
    for (OdolProperty& p : props) {
        p.name = r.asciiz();
        p.value = r.asciiz();
    }
}

void readFrames(ByteReader& r, std::vector<OdolFrame>& frames) {
    ContextScope scope(r.context(), "frames");
    uint32_t n = r.count(8, "frames");
    frames.resize(n);
    for (OdolFrame& f : frames) {
        f.time = r.f32();
        uint32_t k = r.count(12, "frame points");
        f.positions.resize(k);
        r.readInto(f.positions.data(), size_t(k) * 12);
    }
}

namespace {

// UV set (§2.7.9): float pairs before v45; from v45 i16 pairs quantised between stored bounds.
void readUvSet(ByteReader& r, const FileState& s, std::vector<Vec2>& uv) {
    const bool quantised = s.version >= 45;
    float minU = 0, minV = 0, maxU = 0, maxV = 0;
    if (quantised) {
        minU = r.f32();
        minV = r.f32();
        maxU = r.f32();
        maxV = r.f32();
    }
    uint64_t at = r.offset();
    uint32_t n = r.u32();
    bool fill = r.boolean();
    if (!quantised) {
        if (fill) {
            Vec2 v = r.read<Vec2>();
            s.codec.checkCountAt(r, at, n, sizeof(Vec2), "UV set");
            s.codec.charge(r, uint64_t(n) * sizeof(Vec2), "UV set");
            uv.assign(n, v);
        } else {
            s.codec.readElements(r, at, n, uv, "UV set");
        }
        return;
    }
    // (raw + 32768) / 65535 spans [min, max] exactly; bff's (raw + 32767) / 65536 gave twice the
    // error against the source MLOD UVs (m7a3 v73, TFR_BACKPACK v59, anprc148 and nicecomm2 v50).
    const float su = (maxU - minU) / 65535.0f, sv = (maxV - minV) / 65535.0f;
    auto decode = [&](int16_t qu, int16_t qv) {
        return Vec2{minU + float(int(qu) + 32768) * su, minV + float(int(qv) + 32768) * sv};
    };
    if (fill) {
        int16_t qu = r.i16(), qv = r.i16();
        s.codec.checkCountAt(r, at, n, sizeof(Vec2), "UV set");
        s.codec.charge(r, uint64_t(n) * sizeof(Vec2), "UV set");
        uv.assign(n, decode(qu, qv));
        return;
    }
    // Decode the i16 pairs in place: the Vec2 buffer is twice the size of the packed data, so
    // the packed bytes go into its upper half and expand downwards without overlap problems.
    s.codec.checkCountAt(r, at, n, sizeof(Vec2), "UV set");
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

void readTangents(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "ST coordinates");
    if (s.version >= 45) {
        std::vector<uint32_t> packed;
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        s.codec.readElements(r, at, uint64_t(n) * 2, packed, "ST coordinates");
        lod.tangents.resize(n);
        lod.bitangents.resize(n);
        for (size_t i = 0; i < n; ++i) {
            lod.tangents[i] = unpackNormal(packed[2 * i], -1.0f / 511.0f);
            lod.bitangents[i] = unpackNormal(packed[2 * i + 1], -1.0f / 511.0f);
        }
    } else {
        std::vector<Vec3> st;
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        s.codec.readElements(r, at, uint64_t(n) * 2, st, "ST coordinates");
        lod.tangents.resize(n);
        lod.bitangents.resize(n);
        for (size_t i = 0; i < n; ++i) {
            lod.tangents[i] = st[2 * i];
            lod.bitangents[i] = st[2 * i + 1];
        }
    }
}

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

// Per-vertex arrays must be empty or have one entry per vertex.
template <class T>
void requirePerVertex(ByteReader& r, const FileState& s, std::vector<T>& v, size_t vertices, const char* what) {
    if (!v.empty() && v.size() != vertices) {
        s.warn(r, DiagKind::SizeMismatch, std::string(what) + " has " + std::to_string(v.size()) + " entries for " + std::to_string(vertices) +
                      " vertices; dropped");
        v.clear();
    }
}

}  // namespace

void readIndexArray(ByteReader& r, const FileState& s, std::vector<uint32_t>& out, const char* what) {
    if (s.indices32()) {
        s.codec.readArray(r, out, what);
        return;
    }
    std::vector<uint16_t> narrow;
    s.codec.readArray(r, narrow, what);
    out.assign(narrow.begin(), narrow.end());
}

// Consistency shared by every layout: per-vertex arrays are empty or one per vertex, faces use
// existing vertices (else the file is broken), selections drop what does not exist (a warning).
void finishLod(ByteReader& r, const FileState& s, OdolLod& lod) {
    const size_t nv = lod.positions.size();
    requirePerVertex(r, s, lod.normals, nv, "normals");
    requirePerVertex(r, s, lod.clipFlags, nv, "clip flags");
    requirePerVertex(r, s, lod.tangents, nv, "ST coordinates");
    requirePerVertex(r, s, lod.bitangents, nv, "ST coordinates");
    requirePerVertex(r, s, lod.vertexBones, nv, "vertex bone references");
    for (size_t i = 0; i < lod.uvSets.size(); ++i) requirePerVertex(r, s, lod.uvSets[i], nv, "UV set");
    while (!lod.uvSets.empty() && lod.uvSets.back().empty()) lod.uvSets.pop_back();
    for (size_t i = 0; i < lod.faceIndices.size(); ++i)
        if (lod.faceIndices[i] >= nv) {
            size_t face = size_t(std::upper_bound(lod.faceStart.begin(), lod.faceStart.end(), uint32_t(i)) -
                                 lod.faceStart.begin()) - 1;
            r.fail("face " + std::to_string(face) + " uses vertex " + std::to_string(lod.faceIndices[i]) + " of " +
                   std::to_string(nv));
        }
    for (OdolSelection& sel : lod.selections) {
        auto bad = [&](uint32_t x) { return x >= nv; };
        auto badFace = [&](uint32_t x) { return x >= lod.faceCount(); };
        size_t before = sel.vertices.size() + sel.faces.size();
        if (std::any_of(sel.vertices.begin(), sel.vertices.end(), bad)) {
            if (!sel.vertexWeights.empty()) {
                size_t w = 0;
                for (size_t i = 0; i < sel.vertices.size(); ++i)
                    if (!bad(sel.vertices[i])) sel.vertexWeights[w++] = sel.vertexWeights[i];
                sel.vertexWeights.resize(w);
            }
            sel.vertices.erase(std::remove_if(sel.vertices.begin(), sel.vertices.end(), bad), sel.vertices.end());
        }
        sel.faces.erase(std::remove_if(sel.faces.begin(), sel.faces.end(), badFace), sel.faces.end());
        if (sel.vertices.size() + sel.faces.size() != before)
            s.warn(r, DiagKind::IndexOutOfRange, "selection '" + sel.name + "' refers to vertices or faces that do not exist; those were dropped");
    }
}

// Hints, bounds and the texture list: the same fields in the same order in v7 and v28+.
void readLodBoundsAndTextures(ByteReader& r, OdolLod& lod) {
    lod.orHints = r.i32();
    lod.andHints = r.i32();
    lod.boundsMin = readVec3(r);
    lod.boundsMax = readVec3(r);
    lod.boundsCenter = readVec3(r);
    lod.boundsRadius = r.f32();
    {
        ContextScope scope(r.context(), "textures");
        uint32_t n = r.count(1, "textures");
        lod.textures.resize(n);
        for (std::string& t : lod.textures) t = r.asciiz();
    }
}

void readLod(ByteReader& r, const FileState& s, OdolLod& lod) {
    const uint32_t v = s.version;
    readProxies(r, s, lod.proxies);
    {
        ContextScope scope(r.context(), "bone map");
        uint32_t n = r.count(4, "sub-skeleton bones");
        lod.subSkeletonToSkeleton.resize(n);
        r.readInto(lod.subSkeletonToSkeleton.data(), size_t(n) * 4);
        n = r.count(4, "skeleton bones");
        lod.skeletonToSubSkeleton.resize(n);
        for (auto& links : lod.skeletonToSubSkeleton) {
            uint32_t m = r.count(4, "bone links");
            links.resize(m);
            r.readInto(links.data(), size_t(m) * 4);
        }
    }
    uint32_t declaredVertices = 0;
    bool haveDeclaredVertices = false;
    if (v >= 50) {
        declaredVertices = r.u32();
        haveDeclaredVertices = true;
    } else {
        ContextScope scope(r.context(), "clip flags");
        s.codec.readCondensed(r, lod.clipFlags, "clip flags");
    }
    if (v >= 51) lod.faceArea = r.f32();
    readLodBoundsAndTextures(r, lod);
    {
        ContextScope scope(r.context(), "materials");
        uint32_t n = r.count(1 + 4 + 96 + 4 + 16, "materials");
        lod.materials.resize(n);
        ContextScope item(r.context(), "material", 0);
        for (uint32_t i = 0; i < n; ++i) {
            item.setIndex(i);
            readMaterial(r, s, lod.materials[i]);
        }
    }
    {
        ContextScope scope(r.context(), "point-vertex maps");
        readIndexArray(r, s, lod.pointToVertex, "point to vertex");
        readIndexArray(r, s, lod.vertexToPoint, "vertex to point");
    }
    uint32_t faceDataSize = 0;
    readFaces(r, s, lod, faceDataSize);
    {
        const uint64_t unit = s.indices32() ? 4 : 2;
        uint64_t expected = unit * (lod.faceCount() + lod.faceIndices.size());
        if (expected != faceDataSize)
            s.warn(r, DiagKind::SizeMismatch, "face data size " + std::to_string(faceDataSize) + " differs from the " +
                          std::to_string(expected) + " the faces take");
    }
    readSections(r, s, lod);
    readSelections(r, s, lod);
    readProperties(r, lod.properties);
    readFrames(r, lod.frames);
    lod.colorTop = r.u32();
    lod.color = r.u32();
    lod.special = r.i32();
    lod.vertexBonesAreSimple = r.boolean();
    uint32_t restDataSize = r.u32();
    uint64_t restStart = r.offset();
    if (v >= 50) {
        ContextScope scope(r.context(), "clip flags");
        s.codec.readCondensed(r, lod.clipFlags, "clip flags");
    }
    {
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
    {
        ContextScope scope(r.context(), "positions");
        s.codec.readArray(r, lod.positions, "positions");
    }
    readNormals(r, s, lod.normals);
    readTangents(r, s, lod);
    readVertexBones(r, s, lod);
    {
        ContextScope scope(r.context(), "neighbour bone references");
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        std::vector<uint8_t> skip;
        s.codec.readElements(r, at, uint64_t(n) * 32, skip, "neighbour bone references");
    }
    uint64_t consumed = r.offset() - restStart;
    // The two trailing fields (v67 u32, v68 u8) are read only when present: armake's v68 writer
    // leaves them out of every LOD (samples/generated/armake-v68-short-lods), with a LOD table
    // that matches, so a LOD that stops here is accepted with a warning.
    size_t trailing = (v >= 67 ? 4 : 0) + (v >= 68 ? 1 : 0);
    if (trailing && r.remaining() == 0) {
        s.warn(r, DiagKind::EndsEarly, "LOD ends " + std::to_string(trailing) + " bytes early: its trailing fields are missing");
    } else {
        if (v >= 67) {
            r.u32();
            consumed += 4;
        }
        if (v >= 68) r.u8();
    }
    // restDataSize is a cross-check only. Bohemia's binarizer declares consumed + 4 on every
    // v40..v59 LOD we have (a phantom self-inclusive word) and exactly the consumed bytes,
    // counting the v67 word, on v73; armake's v71 writer declares consumed + 5 (it also counts
    // the v68 byte). Anything outside that span means the layout was misread.
    if (restDataSize < consumed || restDataSize > consumed + 5)
        s.warn(r, DiagKind::SizeMismatch, "rest data size " + std::to_string(restDataSize) + " differs from the " + std::to_string(consumed) +
                      " bytes read");

    if (haveDeclaredVertices && declaredVertices != lod.positions.size())
        s.warn(r, DiagKind::SizeMismatch, "vertex count " + std::to_string(declaredVertices) + " differs from the " +
                      std::to_string(lod.positions.size()) + " positions");
    finishLod(r, s, lod);
}

}  // namespace rv::odol
