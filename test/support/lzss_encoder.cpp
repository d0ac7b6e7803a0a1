#include "support/lzss_encoder.hpp"

#include <algorithm>

namespace rvtest {

std::vector<uint8_t> encodeLzss(const uint8_t* data, size_t size) {
    constexpr size_t kWindow = 4095, kMinMatch = 3, kMaxMatch = 18;
    std::vector<uint8_t> out;
    std::vector<int64_t> head(1 << 16, -1), prev(size, -1);
    auto hash = [&](size_t i) { return (data[i] * 251u + data[i + 1] * 11u + data[i + 2]) & 0xFFFF; };
    size_t pos = 0;
    while (pos < size) {
        size_t flagAt = out.size();
        out.push_back(0);
        for (int bit = 0; bit < 8 && pos < size; ++bit) {
            size_t bestLen = 0, bestDist = 0;
            if (pos + kMinMatch <= size) {
                int chain = 0;
                for (int64_t cand = head[hash(pos)]; cand >= 0 && pos - size_t(cand) <= kWindow && chain < 256;
                     cand = prev[size_t(cand)], ++chain) {
                    size_t len = 0, limit = std::min(kMaxMatch, size - pos);
                    while (len < limit && data[size_t(cand) + len] == data[pos + len]) ++len;
                    if (len > bestLen) {
                        bestLen = len;
                        bestDist = pos - size_t(cand);
                    }
                }
            }
            size_t step = 1;
            if (bestLen >= kMinMatch) {
                out.push_back(uint8_t(bestDist & 0xFF));
                out.push_back(uint8_t(((bestDist >> 4) & 0xF0) | (bestLen - kMinMatch)));
                step = bestLen;
            } else {
                out[flagAt] |= uint8_t(1u << bit);
                out.push_back(data[pos]);
            }
            for (size_t k = 0; k < step; ++k, ++pos)
                if (pos + 2 < size) {
                    size_t h = hash(pos);
                    prev[pos] = head[h];
                    head[h] = int64_t(pos);
                }
        }
    }
    return out;
}

std::vector<uint8_t> encodeLzssWithChecksum(const uint8_t* data, size_t size) {
    std::vector<uint8_t> out = encodeLzss(data, size);
    uint32_t sum = 0;
    for (size_t i = 0; i < size; ++i) sum += data[i];
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(sum >> (8 * i)));
    return out;
}

}  // namespace rvtest
