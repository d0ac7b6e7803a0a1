// Internal: the pieces of the ODOL decoder, one file per format concept.
#pragma once

#include <string>
#include <vector>

#include "compression/compressed_payload.hpp"
#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/odol.hpp"

namespace rv::odol {

// Test hook: one record per quantised (v45+) UV set in read order, with the bounds the file
// stores. The model keeps only the decoded UVs; tests check those against these bounds.
struct UvSetRecord {
    std::string where;  // "LOD 3 UV set 1"
    float minU, minV, maxU, maxV;
    uint32_t count;
};

// Optional observers of one decode, for tests and fuzzers; both may be null.
struct DecodeHooks {
    std::vector<uint64_t>* countOffsets = nullptr;  // the absolute offset of every count read
    std::vector<UvSetRecord>* uvSets = nullptr;
};

// State shared by every part of one file's decode.
struct FileState {
    uint32_t version;
    PayloadCodec codec;
    WarningList& warnings;
    std::vector<UvSetRecord>* uvSetLog = nullptr;

    bool indices32() const { return version >= 69; }  // vertex/face indices widen to u32 at v69
    void warn(const ByteReader& r, DiagKind kind, const std::string& text) const { warnings.add(r, kind, text); }
};

// Model level (odol_model_info.cpp, odol_animations.cpp).
void readModelInfo(ByteReader& r, const FileState& s, uint32_t lodCount, OdolModelInfo& info, OdolSkeleton& skeleton);
void readModelInfoHead(ByteReader& r, OdolModelInfo& info);
void readModelInfoCentres(ByteReader& r, OdolModelInfo& info);
void readModelInfoMass(ByteReader& r, const FileState& s, OdolModelInfo& info);
void readAnimations(ByteReader& r, const FileState& s, uint32_t lodCount, OdolAnimations& animations);

// LOD bodies: the field order of v28+ (odol_lod.cpp) and of v7 (odol_v7.cpp).
void readLod(ByteReader& r, const FileState& s, OdolLod& lod);
OdolModel decodeV7(ByteReader& r, MemoryBudget& budget, WarningList& warnings);

// LOD fields laid out the same in v7 and v28+ (odol_lod_common.cpp).
void readLodBoundsAndTextures(ByteReader& r, const FileState& s, OdolLod& lod);
void readPointVertexMaps(ByteReader& r, const FileState& s, OdolLod& lod);
void readProperties(ByteReader& r, const FileState& s, std::vector<OdolProperty>& properties);
void readFrames(ByteReader& r, const FileState& s, std::vector<OdolFrame>& frames);
// Checks shared by all versions, at the end of every LOD (odol_lod_checks.cpp).
void finishLod(ByteReader& r, const FileState& s, OdolLod& lod);

// One structure each; every version (odol_material.cpp, odol_proxies.cpp, odol_selections.cpp).
void readMaterial(ByteReader& r, const FileState& s, OdolMaterial& material);
void readProxies(ByteReader& r, const FileState& s, std::vector<OdolProxy>& proxies);
void readSelections(ByteReader& r, const FileState& s, OdolLod& lod);

// Faces and sections (odol_faces.cpp). v28+: faces then sections as stored. v7: faces with
// their per-face texture and flags, stored sections skipped, sections rebuilt from the faces.
void readFaces(ByteReader& r, const FileState& s, OdolLod& lod);
void readSections(ByteReader& r, const FileState& s, OdolLod& lod);
struct FaceAttributesV7 {
    std::vector<int16_t> texture;  // per face, into OdolLod::textures
    std::vector<uint32_t> flags;   // per face ("special")
};
void readFacesV7(ByteReader& r, const FileState& s, OdolLod& lod, FaceAttributesV7& attributes);
void skipSectionsV7(ByteReader& r);
void buildSectionsV7(OdolLod& lod, const FaceAttributesV7& attributes);

// Per-vertex arrays of v28+ (odol_vertex_data.cpp).
void readUvSets(ByteReader& r, const FileState& s, OdolLod& lod);
void readNormals(ByteReader& r, const FileState& s, std::vector<Vec3>& normals);
void readTangents(ByteReader& r, const FileState& s, OdolLod& lod);
void readVertexBones(ByteReader& r, const FileState& s, OdolLod& lod);
void skipNeighbourBones(ByteReader& r, const FileState& s);

// decodeOdol with test hooks: when `countOffsets` is set, the absolute offset of every count
// field read is appended to it (damage sweeps aim hostile values at exactly those fields).
Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                         const DecodeHooks& hooks);
inline Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                                std::vector<uint64_t>* countOffsets) {
    DecodeHooks hooks;
    hooks.countOffsets = countOffsets;
    return decode(data, size, sourceName, options, hooks);
}

// CompressedArray of vertex/face indices (u16 before v69, u32 from v69), widened to u32.
void readIndexArray(ByteReader& r, const FileState& s, std::vector<uint32_t>& out, const char* what);

inline Vec3 readVec3(ByteReader& r) { return r.read<Vec3>(); }
inline Mat43 readMat43(ByteReader& r) { return r.read<Mat43>(); }
inline Rgba readRgba(ByteReader& r) { return r.read<Rgba>(); }

}  // namespace rv::odol
