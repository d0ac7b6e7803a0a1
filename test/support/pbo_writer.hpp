// PBOs with a "Vers" header entry holding `prefix` and stored (unpacked) entries, written byte
// by byte for the tests.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rvtest {

// A PBO of stored entries (name, bytes), in the given order, under `prefix`.
inline std::vector<uint8_t> writePboEntries(const std::string& prefix,
                                            const std::vector<std::pair<std::string, std::vector<uint8_t>>>& entries) {
    std::vector<uint8_t> out;
    auto u32 = [&](uint32_t v) {
        for (int k = 0; k < 4; ++k) out.push_back(uint8_t(v >> (8 * k)));
    };
    auto str = [&](const std::string& text) {
        out.insert(out.end(), text.begin(), text.end());
        out.push_back(0);
    };
    str("");
    for (uint32_t v : {0x56657273u, 0u, 0u, 0u, 0u}) u32(v);  // "Vers"
    str("prefix");
    str(prefix);
    str("");
    for (const auto& e : entries) {
        str(e.first);
        for (uint32_t v : {0u, uint32_t(e.second.size()), 0u, 0u, uint32_t(e.second.size())}) u32(v);
    }
    str("");
    for (int k = 0; k < 5; ++k) u32(0);
    for (const auto& e : entries) out.insert(out.end(), e.second.begin(), e.second.end());
    return out;
}

inline std::vector<uint8_t> writePbo(const std::string& prefix, const std::string& name,
                                     const std::vector<uint8_t>& data) {
    return writePboEntries(prefix, {{name, data}});
}

}  // namespace rvtest
