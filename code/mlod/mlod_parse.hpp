// Internal: the pieces of the MLOD (editable P3D) decoder, one file per format concept.
//
// An MLOD file is "MLOD", u32 version (257), u32 LOD count, then the LODs back to back, each
//   magic "P3DM" (Arma, LOD version 0x100) or "SP3X" (OFP era, LOD version 0x99);
//   u32 header size (28), u32 version, u32 points, u32 normals, u32 faces, u32 flags;
//   points (x, y, z, u32 flags); normals (x, y, z); faces; "TAGG" and the tags up to
//   "#EndOfFile#"; f32 resolution.
// A P3DM face: u32 corner count (3 or 4), 4 corner slots (u32 point, u32 normal, f32 u, f32 v),
// u32 flags, asciiz texture, asciiz material. An SP3X face: char[32] texture (not always
// NUL-terminated), then the same count, slots and flags; no material. SP3X tags name themselves
// in a char[64] field, P3DM tags with a u8 "active" and an asciiz. Every tag then has u32 size
// and its data. (Checked against all 56 samples/editable files: every geo_fnv64 of editable.tsv.)
#pragma once

#include <string>
#include <vector>

#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"

namespace rv::mlod {

enum class LodFamily { P3dm, Sp3x };

// State shared by every part of one file's decode.
struct FileState {
    MemoryBudget& budget;
    WarningList& warnings;
    void warn(const ByteReader& r, DiagKind kind, const std::string& text) const { warnings.add(r, kind, text); }
    // Charges `bytes` before an allocation; fails the decode naming `what` when over the limit.
    void charge(const ByteReader& r, uint64_t bytes, const char* what) const;
};

// What a LOD's tags give beyond the LOD itself (mlod_tags.cpp).
struct LodExtras {
    std::vector<float> mass;   // #Mass#: per point, empty when absent
    uint32_t tagWarnings = 0;  // warnings about this LOD's tags so far (mlod_tags.cpp caps them)
};

// One LOD from its magic to its resolution (mlod_lod.cpp).
void readLod(ByteReader& r, const FileState& s, OdolLod& lod, LodExtras& extras);
// The TAGG list of a LOD whose points and faces are read (mlod_tags.cpp).
void readTags(ByteReader& r, const FileState& s, LodFamily family, OdolLod& lod, LodExtras& extras);
// OdolProxy entries from the LOD's "proxy:" selections (mlod_proxies.cpp).
void findProxies(ByteReader& r, const FileState& s, OdolLod& lod);
// Model-level values the binarizer derives: bounding box and centre, special LODs, mass
// (mlod_model_info.cpp).
void deriveModelInfo(OdolModel& model, std::vector<LodExtras>& extras);

// decodeMlod with a test hook: the absolute offset of every count field read.
Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                         std::vector<uint64_t>* countOffsets);

}  // namespace rv::mlod
