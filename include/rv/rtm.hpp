// RTM animations: what an .rtm file holds, exactly as stored (the decoder; no skeleton applied).
//
// Two families share the extension:
//  - plain "RTM_0101" (optionally after an "RTM_MDAT" block of frame properties): per frame, one
//    3x4 matrix per bone in model space, rows aside, up, dir, position (rv::Mat43's layout);
//  - binarized "BMTR" v3/v4/v5: per frame, one record per bone, relative to its parent bone: a
//    quaternion (4 int16 / 16384, stored order x, y, z, w) and a translation (3 IEEE binary16).
// Bone names are matched to a skeleton by name, case-insensitively (the binarizer lower-cases
// them and drops bones outside the skeleton): rv/skeleton.hpp does that.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/options.hpp"

namespace rv {

// An RTM_MDAT frame property, or a BMTR keystone (v4+): a named value at a phase.
struct RtmProperty {
    int32_t id = -1;  // BMTR keystones only (-1 in every sample); MDAT properties have none
    float phase = 0;
    std::string name, value;
};

// One BMTR record as stored: the four int16 divided by 16384, then the three binary16 halves.
struct BmtrTransform {
    std::array<float, 4> rotation;     // quaternion x, y, z, w (stored order)
    std::array<float, 3> translation;  // x, y, z (stored order)
};

struct RtmAnimation {
    bool binarized = false;  // false: RTM_0101 (model-space matrices); true: BMTR (parent-relative)
    std::string signature;   // "RTM_0101", "RTM_MDAT+RTM_0101" or "BMTR"
    uint32_t version = 0;    // 101 for plain files; the BMTR version field (3, 4, 5)
    Vec3 step{};             // the motion over the whole cycle ("Total moving"), as stored
    uint32_t frameCount = 0;
    std::vector<std::string> bones;  // file order; plain names cut at the first NUL
    std::vector<float> phases;       // one per frame, file order (ascending, not normalised)

    bool hasProperties = false;  // an RTM_MDAT block or (BMTR v4+) a keystone array exists
    std::vector<RtmProperty> properties;
    std::vector<std::string> metadata;  // BMTR v4+: the string array before the keystones

    // Plain: frameCount * bones.size() matrices, frame-major, in the header's bone order.
    std::vector<Mat43> matrices;
    // BMTR: frameCount * bones.size() records, frame-major, in the file's bone order.
    std::vector<BmtrTransform> transforms;
    uint8_t bmtrReversed = 0;    // BMTR byte at offset 8 (1 in every sample)
    uint32_t bmtrPreload = 0;    // BMTR uint32 at offset 25
    bool bmtrPhasesLzo = false;  // BMTR: the phase array is stored LZO-compressed
    uint32_t bmtrLzoFrames = 0;  // BMTR: frames whose transform array is LZO-compressed (the rest raw)
    std::vector<Warning> warnings;

    size_t boneCount() const { return bones.size(); }
};

// Whether `data` starts like an RTM ("RTM_0101", "RTM_MDAT" or "BMTR").
bool looksLikeRtm(const uint8_t* data, size_t size);

// Decodes an .rtm held in memory. `sourceName` starts every error message. Counts are bounded by
// the bytes left; arrays are charged to options.budget (or options.memoryLimit).
[[nodiscard]] Result<RtmAnimation> decodeRtm(const uint8_t* data, size_t size, const std::string& sourceName,
                                             const Options& options = {});

}  // namespace rv
