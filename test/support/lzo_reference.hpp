// liblzo2 (GPL), used only on the test side: the reference LZO1X compressor the fixtures and
// benchmarks pack their payloads with. The decoder under test never links it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rvtest {

enum class LzoLevel { Fast, Best };  // lzo1x_1 / lzo1x_999

std::vector<uint8_t> lzoCompress(const uint8_t* data, size_t size, LzoLevel level = LzoLevel::Best);
inline std::vector<uint8_t> lzoFast(const uint8_t* data, size_t size) {
    return lzoCompress(data, size, LzoLevel::Fast);
}
inline std::vector<uint8_t> lzoBest(const uint8_t* data, size_t size) {
    return lzoCompress(data, size, LzoLevel::Best);
}

}  // namespace rvtest
