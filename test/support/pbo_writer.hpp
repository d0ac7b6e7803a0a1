// A PBO with a "Vers" header entry holding `prefix` and one stored (unpacked) entry, written
// byte by byte for the tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rvtest {

inline std::vector<uint8_t> writePbo(const std::string& prefix, const std::string& name,
                                     const std::vector<uint8_t>& data) {
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
    str(name);
    for (uint32_t v : {0u, uint32_t(data.size()), 0u, 0u, uint32_t(data.size())}) u32(v);
    str("");
    for (int k = 0; k < 5; ++k) u32(0);
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

}  // namespace rvtest
