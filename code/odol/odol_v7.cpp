// ODOL v7: Operation Flashpoint / Resistance / Cold War Assault (format notes §2.2, §8).
//
// Sequential layout: LODs one after another with no directory, then the model info, which
// starts with the LOD resolutions. Arrays are LZSS-compressed by the 1024-byte rule with a
// checksum. The result is the same OdolModel as for later versions.
#include <cmath>

#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

void readPlainVec3s(ByteReader& r, std::vector<Vec3>& out, const char* what) {
    // Positions and normals are plain arrays in v7, never compressed.
    uint32_t n = r.count(12, what);
    out.resize(n);
    r.readInto(out.data(), size_t(n) * 12);
}

void readIndexArray16(ByteReader& r, const FileState& s, std::vector<uint32_t>& out, const char* what) {
    std::vector<uint16_t> narrow;
    s.codec.readArray(r, narrow, what);
    out.assign(narrow.begin(), narrow.end());
}

void readFacesV7(ByteReader& r, OdolLod& lod, std::vector<int16_t>& faceTexture, std::vector<uint32_t>& faceFlags) {
    ContextScope scope(r.context(), "faces");
    uint64_t countAt = r.offset();
    uint32_t n = r.u32();
    // faceBufferSize: the size of the engine's in-memory face buffer, only a reservation hint
    // there (`ReserveRaw`); the CWR-CE fixture stores 0. Not used.
    r.u32();
    constexpr size_t kMinFace = 4 + 2 + 1 + 3 * 2;
    if (n > r.remaining() / kMinFace)
        r.failAt(countAt, "count " + std::to_string(n) + " at offset " + hexOffset(countAt) + " exceeds the " +
                              std::to_string(r.remaining()) + " bytes left");
    lod.faceStart.resize(size_t(n) + 1);
    lod.faceIndices.resize(size_t(n) * 4);
    faceTexture.resize(n);
    faceFlags.resize(n);
    uint32_t written = 0;
    for (uint32_t f = 0; f < n; ++f) {
        lod.faceStart[f] = written;
        faceFlags[f] = r.u32();
        faceTexture[f] = r.i16();
        uint64_t at = r.offset();
        // The engine reads this count as a signed char and allows up to 127; every reader and
        // every real file has 3 or 4.
        uint8_t k = r.u8();
        if (k != 3 && k != 4)
            r.failAt(at, "face " + std::to_string(f) + " has " + std::to_string(k) + " vertices at offset " +
                             hexOffset(at) + " (3 or 4 expected)");
        const uint8_t* p = r.take(size_t(k) * 2);
        for (int i = 0; i < k; ++i) lod.faceIndices[written + i] = uint32_t(p[2 * i] | (p[2 * i + 1] << 8));
        written += k;
    }
    lod.faceStart[n] = written;
    lod.faceIndices.resize(written);
}

void readSelectionsV7(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "selections");
    uint32_t n = r.count(1 + 6 * 4 + 1, "selections");
    lod.selections.resize(n);
    ContextScope item(r.context(), "selection", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        OdolSelection& sel = lod.selections[i];
        sel.name = r.asciiz();
        readIndexArray16(r, s, sel.faces, "selected faces");
        std::vector<uint8_t> faceWeights;  // normally empty (aczwink aborts when it is not)
        s.codec.readArray(r, faceWeights, "face weights");
        std::vector<uint32_t> faceOffsets;  // the faces' offsets in the engine's face buffer
        s.codec.readArray(r, faceOffsets, "face offsets");
        sel.sectional = r.boolean();
        s.codec.readArray(r, sel.sections, "selection sections");
        readIndexArray16(r, s, sel.vertices, "selected vertices");
        s.codec.readArray(r, sel.vertexWeights, "vertex weights");
        if (!sel.vertexWeights.empty() && sel.vertexWeights.size() != sel.vertices.size()) {
            s.warn(r, DiagKind::SizeMismatch, "selection '" + sel.name + "' has " + std::to_string(sel.vertexWeights.size()) +
                          " weights for " + std::to_string(sel.vertices.size()) + " vertices; weights dropped");
            sel.vertexWeights.clear();
        }
    }
}

// v7 faces carry their own texture; stored sections are offsets into the 32-bit engine's face
// buffer (an in-memory unit, untested on real files: notes §6.6), and the engine rebuilds them
// when they do not fit. So sections are rebuilt here from runs of faces with the same texture,
// the authoritative per-face data. An empty texture name means untextured (the engine's
// conversion writes the default texture entry as ""), like -1.
void buildSectionsV7(OdolLod& lod, const std::vector<int16_t>& faceTexture, const std::vector<uint32_t>& faceFlags) {
    auto textureOf = [&](size_t f) -> int32_t {
        int32_t t = faceTexture[f];
        if (t < 0 || size_t(t) >= lod.textures.size() || lod.textures[size_t(t)].empty()) return -1;
        return t;
    };
    lod.sections.clear();
    for (size_t f = 0; f < faceTexture.size(); ++f) {
        int32_t t = textureOf(f);
        if (lod.sections.empty() || lod.sections.back().textureIndex != t || lod.sections.back().faceFlags != faceFlags[f]) {
            OdolSection sec;
            sec.firstFace = uint32_t(f);
            sec.textureIndex = t;
            sec.faceFlags = faceFlags[f];
            lod.sections.push_back(sec);
        }
        lod.sections.back().endFace = uint32_t(f + 1);
    }
}

// Which way v7 normals point depends on who wrote the file. Face winding is outward in every
// v7 sample (cross(v1-v0, v2-v0) points away from the centre: 4992/4992 on syn_sphere_tris,
// 116:20 on the converted AGM epipen). The stored normals oppose it in the engine's own fixture
// (animated_morph_odol) and in the models converted from MLOD with the engine's rules (epipen:
// 388 : 4), like the v < 45 float normals of Arma; the synthetic syn_* files store them along it
// (sphere 0 : 4992, tower 183 : 765). So each LOD is oriented by a vote of its faces: normals
// are flipped when most faces' stored normal opposes the face's winding normal.
void orientNormalsOutward(OdolLod& lod) {
    if (lod.normals.empty()) return;
    size_t along = 0, against = 0;
    for (size_t f = 0; f < lod.faceCount(); ++f) {
        const uint32_t* idx = &lod.faceIndices[lod.faceStart[f]];
        const Vec3 &a = lod.positions[idx[0]], &b = lod.positions[idx[1]], &c = lod.positions[idx[2]];
        const Vec3 u{b.x - a.x, b.y - a.y, b.z - a.z}, v{c.x - a.x, c.y - a.y, c.z - a.z};
        const Vec3 n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
        const Vec3& s = lod.normals[idx[0]];
        float d = n.x * s.x + n.y * s.y + n.z * s.z;
        if (d > 0) ++along;
        else if (d < 0) ++against;
    }
    if (against > along)
        for (Vec3& n : lod.normals) n = {-n.x, -n.y, -n.z};
}

void readLodV7(ByteReader& r, const FileState& s, OdolLod& lod) {
    {
        ContextScope scope(r.context(), "clip flags");
        s.codec.readArray(r, lod.clipFlags, "clip flags");
    }
    {
        ContextScope scope(r.context(), "UV set", 0);
        lod.uvSets.emplace_back();
        s.codec.readArray(r, lod.uvSets[0], "UV set");
    }
    {
        ContextScope scope(r.context(), "positions");
        readPlainVec3s(r, lod.positions, "positions");
    }
    {
        ContextScope scope(r.context(), "normals");
        readPlainVec3s(r, lod.normals, "normals");
    }
    readLodBoundsAndTextures(r, lod);
    {
        ContextScope scope(r.context(), "point-vertex maps");
        readIndexArray16(r, s, lod.pointToVertex, "point to vertex");
        readIndexArray16(r, s, lod.vertexToPoint, "vertex to point");
    }
    std::vector<int16_t> faceTexture;
    std::vector<uint32_t> faceFlags;
    readFacesV7(r, lod, faceTexture, faceFlags);
    {
        ContextScope scope(r.context(), "sections");
        uint32_t n = r.count(18, "sections");
        r.skip(size_t(n) * 18);  // beg, end, material, texture, special: rebuilt below
    }
    readSelectionsV7(r, s, lod);
    readProperties(r, lod.properties);
    readFrames(r, lod.frames);
    lod.colorTop = r.u32();
    lod.color = r.u32();
    lod.special = r.i32();
    {
        ContextScope scope(r.context(), "proxies");
        uint32_t n = r.count(1 + 48 + 8, "proxies");
        lod.proxies.resize(n);
        for (OdolProxy& p : lod.proxies) {
            p.model = r.asciiz();
            p.transform = readMat43(r);
            p.sequenceId = r.i32();
            p.selectionIndex = r.i32();  // v7 has no bone or section index
        }
    }
    buildSectionsV7(lod, faceTexture, faceFlags);
    finishLod(r, s, lod);
    orientNormalsOutward(lod);
}

void readModelInfoV7(ByteReader& r, const FileState& s, OdolModelInfo& m) {
    ContextScope scope(r.context(), "model info");
    readModelInfoHead(r, m);
    m.bboxMinVisual = m.bboxMin;
    m.bboxMaxVisual = m.bboxMax;
    readModelInfoCentres(r, m);
    m.autoCenter = r.boolean();
    m.lockAutoCenter = r.boolean();
    m.canOcclude = r.boolean();
    m.canBeOccluded = r.boolean();
    m.allowAnimation = r.boolean();
    readModelInfoMass(r, s, m);
    // memory, geometry, fire, view, viewPilot, viewGunner, viewCommander, viewCargo,
    // landContact, roadway, paths, hitpoints: the same order as later versions.
    for (int i = 0; i < 12; ++i) m.specialLods[i] = int8_t(r.u8());
}

}  // namespace

OdolModel decodeV7(ByteReader& r, uint64_t& budget, WarningList& warnings) {
    OdolModel model;
    model.version = 7;
    FileState s{7, PayloadCodec(PayloadRule::LzssBySize, budget), warnings};
    ParseContext& ctx = r.context();
    uint32_t nLods;
    {
        ContextScope scope(ctx, "header");
        // Each LOD takes well over 64 bytes even when empty (counts, bounds, colours).
        nLods = r.count(64, "LODs");
        if (nLods == 0) r.fail("the model has no LODs");
    }
    model.lods.resize(nLods);
    {
        ContextScope lodScope(ctx, "LOD", 0);
        for (uint32_t i = 0; i < nLods; ++i) {
            lodScope.setIndex(i);
            readLodV7(r, s, model.lods[i]);
        }
    }
    {
        ContextScope scope(ctx, "LOD resolutions");
        r.checkCount(nLods, 4, "LOD resolutions");
        for (OdolLod& lod : model.lods) {
            lod.resolution = r.f32();
            lod.name = lodName(lod.resolution);
        }
    }
    readModelInfoV7(r, s, model.info);
    if (!r.atEnd()) s.warn(r, DiagKind::UnreadBytes, std::to_string(r.remaining()) + " bytes after the model info were not read");
    return model;
}

}  // namespace rv::odol
