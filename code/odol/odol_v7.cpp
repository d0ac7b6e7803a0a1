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
        if (d > 0)
            ++along;
        else if (d < 0)
            ++against;
    }
    if (against > along)
        for (Vec3& n : lod.normals) n = {-n.x, -n.y, -n.z};
}

// The v7 LOD in file order (§2.2.1). Where v7 and v28+ store a structure the same way the
// shared readers are used (bounds and textures, point-vertex maps, selections, properties,
// frames, proxies, the vertex lists of faces); the rest differs field by field, so it is read
// here rather than through the v28+ readers:
//  - clip flags and UVs are plain CompressedArrays (v28+: condensed, with a defaultFill flag;
//    UVs from v45 quantised), positions and normals are never compressed (v28+ always may be);
//  - faces carry flags and a texture each, and sections are rebuilt from them (odol_faces.cpp);
//  - proxies come last and have no bone or section index.
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
    readLodBoundsAndTextures(r, s, lod);
    readPointVertexMaps(r, s, lod);
    FaceAttributesV7 faceAttributes;
    readFacesV7(r, s, lod, faceAttributes);
    skipSectionsV7(r);
    readSelections(r, s, lod);
    readProperties(r, s, lod.properties);
    readFrames(r, s, lod.frames);
    lod.colorTop = r.u32();
    lod.color = r.u32();
    lod.special = r.i32();
    readProxies(r, s, lod.proxies);
    buildSectionsV7(lod, faceAttributes);
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
    for (int i = SpecialLod::Memory; i <= SpecialLod::Hitpoints; ++i) m.specialLods[i] = int8_t(r.u8());
}

}  // namespace

OdolModel decodeV7(ByteReader& r, MemoryBudget& budget, WarningList& warnings) {
    OdolModel model;
    model.version = 7;
    FileState s{7, PayloadCodec(PayloadRule::LzssBySize, budget), warnings, nullptr};  // float UVs: no UV-set records
    ParseContext& ctx = r.context();
    uint32_t nLods;
    {
        ContextScope scope(ctx, "header");
        // Each LOD takes well over 64 bytes even when empty (counts, bounds, colours).
        nLods = r.count(64, "LODs");
        if (nLods == 0) r.fail(DiagKind::BadCount, "the model has no LODs");
    }
    s.codec.allocate(r, model.lods, nLods, "LODs");
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
    if (!r.atEnd())
        s.warn(r, DiagKind::UnreadBytes, std::to_string(r.remaining()) + " bytes after the model info were not read");
    return model;
}

}  // namespace rv::odol
