// Test-side writers of animation files (.rtm): RTM_0101 with an optional RTM_MDAT block, and
// BMTR v3, v4 and v5, from values the test chooses. Layouts as the animation samples' README
// gives them; the tests compare what the decoder reads against these inputs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rvtest {

struct RtmWriteProperty {
    int32_t id = -1;  // BMTR keystones only
    float phase = 0;
    std::string name, value;
};

struct RtmPlainSpec {
    std::array<float, 3> step{};
    std::vector<std::string> bones;                         // header names (< 32 bytes each)
    std::vector<float> phases;                              // one per frame
    std::vector<std::vector<std::array<float, 12>>> slots;  // [frame][slot]: the stored matrix
    std::vector<std::vector<std::string>> slotNames;        // [frame][slot]; empty: the header's names
    bool garbageAfterNul = false;  // fill name fields after their NUL with non-zero bytes (as BI's tools do)
    bool mdat = false;             // an RTM_MDAT block first
    std::vector<RtmWriteProperty> properties;  // its properties
};
std::vector<uint8_t> writeRtmPlain(const RtmPlainSpec& spec);

// A 14-byte record: 4 int16 quaternion values (x, y, z, w as stored), 3 binary16 bit patterns.
struct BmtrRecord {
    std::array<int16_t, 4> q{};
    std::array<uint16_t, 3> half{};
};

using Compressor = std::function<std::vector<uint8_t>(const uint8_t*, size_t)>;

struct BmtrSpec {
    uint32_t version = 5;
    uint8_t reversed = 1;
    std::array<float, 3> step{};
    uint32_t preload = 0;
    std::vector<std::string> bones;
    std::vector<std::string> metadata;            // v4+
    std::vector<RtmWriteProperty> keystones;      // v4+
    std::vector<float> phases;                    // one per frame
    std::vector<std::vector<BmtrRecord>> frames;  // [frame][bone]
    // v5: which payloads get flag 2 (LZO); the rest flag 0. v3/v4: the 1024-byte rule decides.
    bool lzoPhases = false;
    std::vector<bool> lzoFrames;
    Compressor lzo;  // the LZO1X compressor (liblzo2 in the tests); needed when anything is packed
};
std::vector<uint8_t> writeBmtr(const BmtrSpec& spec);

}  // namespace rvtest
