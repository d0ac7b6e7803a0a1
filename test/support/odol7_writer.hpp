// Test-side ODOL v7 (Operation Flashpoint) writer, from the format notes §2.2 and §8, with our
// own LZSS encoder: arrays of 1024 bytes or more are LZSS-compressed with a checksum, smaller
// ones stored raw, as the engine's MIN_COMPRESS_SIZE rule says.
#pragma once

#include <cstdint>
#include <vector>

#include "rv/odol.hpp"

namespace rvtest {

// Writes `model` as ODOL v7. Per-face texture and flags come from the section each face is in;
// normals are stored negated (the engine's convention).
std::vector<uint8_t> writeOdol7(const rv::OdolModel& model);

// An OFP-style model: a 16x16-quad ground plate (289 vertices, so its clip, UV and weight
// arrays cross the 1024-byte threshold and get compressed), a box with an untextured side,
// a geometry LOD with properties, a memory LOD of named points, a shadow volume, and a proxy.
rv::OdolModel makeOfpModel();

}  // namespace rvtest
