// Internal: the pieces of the ODOL decoder, one file per format concept.
#pragma once

#include <string>
#include <vector>

#include "compression/compressed_payload.hpp"
#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/odol.hpp"

namespace rv::odol {

// State shared by every part of one file's decode.
struct FileState {
    uint32_t version;
    PayloadCodec codec;
    WarningList& warnings;

    bool indices32() const { return version >= 69; }  // vertex/face indices widen to u32 at v69
    void warn(const ByteReader& r, DiagKind kind, const std::string& text) const { warnings.add(r, kind, text); }
};

void readModelInfo(ByteReader& r, const FileState& s, uint32_t lodCount, OdolModelInfo& info, OdolSkeleton& skeleton);
void readModelInfoHead(ByteReader& r, OdolModelInfo& info);
void readModelInfoCentres(ByteReader& r, OdolModelInfo& info);
void readModelInfoMass(ByteReader& r, const FileState& s, OdolModelInfo& info);
void readLodBoundsAndTextures(ByteReader& r, OdolLod& lod);
void readProperties(ByteReader& r, std::vector<OdolProperty>& properties);
void readFrames(ByteReader& r, std::vector<OdolFrame>& frames);
void readAnimations(ByteReader& r, const FileState& s, uint32_t lodCount, OdolAnimations& animations);
void readMaterial(ByteReader& r, const FileState& s, OdolMaterial& material);
void readLod(ByteReader& r, const FileState& s, OdolLod& lod);  // one LOD body (v28+)
void finishLod(ByteReader& r, const FileState& s, OdolLod& lod);  // checks shared by all versions
OdolModel decodeV7(ByteReader& r, uint64_t& budget, WarningList& warnings);

// decodeOdol with the test hook: when `countOffsets` is set, the absolute offset of every count
// field read is appended to it (damage sweeps aim hostile values at exactly those fields).
Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                         std::vector<uint64_t>* countOffsets);

// CompressedArray of vertex/face indices (u16 before v69, u32 from v69), widened to u32.
void readIndexArray(ByteReader& r, const FileState& s, std::vector<uint32_t>& out, const char* what);

inline Vec3 readVec3(ByteReader& r) { return r.read<Vec3>(); }
inline Mat43 readMat43(ByteReader& r) { return r.read<Mat43>(); }
inline Rgba readRgba(ByteReader& r) { return r.read<Rgba>(); }

}  // namespace rv::odol
