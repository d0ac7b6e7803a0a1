// One LOD body of ODOL v28+ in file order (format notes §2.7; field numbers below). The
// structures live in their own files (faces, selections, proxies, vertex data, materials);
// this file holds the order and version gates, and the few fields that are only numbers.
// Reads go straight into the model's contiguous arrays.
#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// Fields 2 and 3: the LOD's sub-skeleton and its links back to the model's skeleton.
void readBoneMap(ByteReader& r, OdolLod& lod) {
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

void readClipFlags(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "clip flags");
    s.codec.readCondensed(r, lod.clipFlags, "clip flags", /*beforePositions=*/true);
}

// Field 10: materials embedded in the LOD.
void readLodMaterials(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "materials");
    uint32_t n = r.count(1 + 4 + 96 + 4 + 16, "materials");
    s.codec.allocate(r, lod.materials, n, "materials");
    ContextScope item(r.context(), "material", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        readMaterial(r, s, lod.materials[i]);
    }
}

// Fields 1-17: everything before the colours. Returns the vertex count v50+ declares up front
// (-1 before v50, where the clip flags stand in its place).
int64_t readLodHead(ByteReader& r, const FileState& s, OdolLod& lod) {
    readProxies(r, s, lod.proxies);
    readBoneMap(r, lod);
    int64_t declaredVertices = -1;
    if (s.version >= 50)
        declaredVertices = r.u32();
    else
        readClipFlags(r, s, lod);
    if (s.version >= 51) lod.faceArea = r.f32();
    readLodBoundsAndTextures(r, s, lod);
    readLodMaterials(r, s, lod);
    readPointVertexMaps(r, s, lod);
    readFaces(r, s, lod);
    readSections(r, s, lod);
    readSelections(r, s, lod);
    readProperties(r, s, lod.properties);
    readFrames(r, s, lod.frames);
    return declaredVertices;
}

// Fields 21-29: the per-vertex arrays that restDataSize covers.
void readVertexArrays(ByteReader& r, const FileState& s, OdolLod& lod) {
    if (s.version >= 50) readClipFlags(r, s, lod);
    readUvSets(r, s, lod);
    {
        ContextScope scope(r.context(), "positions");
        s.codec.readArray(r, lod.positions, "positions");
    }
    readNormals(r, s, lod.normals);
    readTangents(r, s, lod);
    readVertexBones(r, s, lod);
    skipNeighbourBones(r, s);
}

// Fields 30 and 31, read only when present: armake's v68 writer leaves them out of every LOD
// (samples/generated/armake-v68-short-lods), with a LOD table that matches, so a LOD that stops
// here is accepted with a warning. Returns how many of their bytes restDataSize counts.
uint64_t readLodTrailer(ByteReader& r, const FileState& s) {
    const uint32_t v = s.version;
    size_t trailing = (v >= 67 ? 4 : 0) + (v >= 68 ? 1 : 0);
    if (trailing && r.remaining() == 0) {
        s.warn(r, DiagKind::EndsEarly,
               "LOD ends " + std::to_string(trailing) + " bytes early: its trailing fields are missing");
        return 0;
    }
    if (v >= 67) r.u32();
    if (v >= 68) r.u8();
    return v >= 67 ? 4 : 0;
}

// restDataSize is a cross-check only. Bohemia's binarizer declares consumed + 4 on every
// v40..v59 LOD we have (a phantom self-inclusive word) and exactly the consumed bytes, counting
// the v67 word, on v73; armake's v71 writer declares consumed + 5 (it also counts the v68
// byte). Anything outside that span means the layout was misread.
void checkRestDataSize(ByteReader& r, const FileState& s, uint32_t declared, uint64_t consumed) {
    if (declared < consumed || declared > consumed + 5)
        s.warn(r, DiagKind::SizeMismatch,
               "rest data size " + std::to_string(declared) + " differs from the " + std::to_string(consumed) +
                   " bytes read");
}

}  // namespace

void readLod(ByteReader& r, const FileState& s, OdolLod& lod) {
    const int64_t declaredVertices = readLodHead(r, s, lod);
    lod.colorTop = r.u32();  // 18
    lod.color = r.u32();
    lod.special = r.i32();
    lod.vertexBonesAreSimple = r.boolean();  // 19
    uint32_t restDataSize = r.u32();         // 20
    uint64_t restStart = r.offset();
    readVertexArrays(r, s, lod);
    uint64_t consumed = r.offset() - restStart;
    consumed += readLodTrailer(r, s);
    checkRestDataSize(r, s, restDataSize, consumed);
    if (declaredVertices >= 0 && uint64_t(declaredVertices) != lod.positions.size())
        s.warn(r, DiagKind::SizeMismatch,
               "vertex count " + std::to_string(declaredVertices) + " differs from the " +
                   std::to_string(lod.positions.size()) + " positions");
    finishLod(r, s, lod);
}

}  // namespace rv::odol
