// A test-side MLOD writer (P3DM and SP3X LODs) for fixtures the samples lack: SP3X with every
// tag, damaged TAGG lists, odd weights; written from the layout in code/mlod/mlod_parse.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rv/math_types.hpp"

namespace rvtest {

struct MlodFaceSpec {
    std::vector<uint32_t> points;   // 3 or 4 (other counts are written as given: damage)
    std::vector<uint32_t> normals;  // one per corner
    std::vector<rv::Vec2> uvs;      // one per corner
    uint32_t flags = 0;
    std::string texture, material;  // SP3X: texture cut to 32 bytes, no material
};

struct MlodTagSpec {
    std::string name;
    std::vector<uint8_t> data;
};

struct MlodLodSpec {
    bool sp3x = false;
    float resolution = 1.0f;
    std::vector<rv::Vec3> points;
    std::vector<uint32_t> pointFlags;  // empty: all 0
    std::vector<rv::Vec3> normals;     // as stored (pointing inward)
    std::vector<MlodFaceSpec> faces;
    std::vector<MlodTagSpec> tags;  // "#EndOfFile#" is appended
};

std::vector<uint8_t> writeMlod(const std::vector<MlodLodSpec>& lods);

// Tag payloads.
MlodTagSpec selectionTag(const std::string& name, const std::vector<uint8_t>& pointBytes,
                         const std::vector<uint8_t>& faceBytes);
MlodTagSpec massTag(const std::vector<float>& mass);
MlodTagSpec propertyTag(const std::string& name, const std::string& value);
MlodTagSpec uvSetTag(uint32_t id, const std::vector<rv::Vec2>& cornerUvs);
MlodTagSpec sharpEdgesTag(const std::vector<uint32_t>& pointPairs);

// A unit cube LOD: 8 points, 6 normals (one per side), 6 quads wound as Object Builder stores
// them (each side's normal, stored inward), UVs per corner, textured "box_co.paa" / "box.rvmat"
// except one untextured side; selections "top" (weights) and "all".
MlodLodSpec makeBoxLod(float resolution, bool sp3x, float offset = 0);
// A model of three LODs: 1.000 (box), Geometry (box with #Mass# and autocenter=0 when asked),
// Memory (two named points).
std::vector<MlodLodSpec> makeBoxModel(bool sp3x, bool autocenterOff = false);

}  // namespace rvtest
