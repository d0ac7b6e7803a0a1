// LOD fields whose layout is the same in v7 and v28+ (format notes §2.2.1 #5-11 and #17-18,
// §2.7 fields 6-12 and 16-17): hints, bounds and the texture list; the point-vertex maps;
// named properties; frames.
#include "odol/odol_parse.hpp"

namespace rv::odol {

void readLodBoundsAndTextures(ByteReader& r, const FileState& s, OdolLod& lod) {
    lod.orHints = r.i32();
    lod.andHints = r.i32();
    lod.boundsMin = readVec3(r);
    lod.boundsMax = readVec3(r);
    lod.boundsCenter = readVec3(r);
    lod.boundsRadius = r.f32();
    ContextScope scope(r.context(), "textures");
    uint32_t n = r.count(1, "textures");
    s.codec.allocate(r, lod.textures, n, "textures");
    for (std::string& t : lod.textures) t = r.asciiz();
}

// The MLOD point of each vertex and back (u16 indices, u32 from v69).
void readPointVertexMaps(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "point-vertex maps");
    readIndexArray(r, s, lod.pointToVertex, "point to vertex");
    readIndexArray(r, s, lod.vertexToPoint, "vertex to point");
}

void readProperties(ByteReader& r, const FileState& s, std::vector<OdolProperty>& props) {
    ContextScope scope(r.context(), "named properties");
    uint32_t n = r.count(2, "named properties");
    s.codec.allocate(r, props, n, "named properties");
    for (OdolProperty& p : props) {
        p.name = r.asciiz();
        p.value = r.asciiz();
    }
}

// Old-style vertex animation: each frame is a time and a full set of positions (§2.7.6).
void readFrames(ByteReader& r, const FileState& s, std::vector<OdolFrame>& frames) {
    ContextScope scope(r.context(), "frames");
    uint32_t n = r.count(8, "frames");
    s.codec.allocate(r, frames, n, "frames");
    for (OdolFrame& f : frames) {
        f.time = r.f32();
        uint32_t k = r.count(12, "frame points");
        f.positions.resize(k);
        r.readInto(f.positions.data(), size_t(k) * 12);
    }
}

}  // namespace rv::odol
