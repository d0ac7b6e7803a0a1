#include "support/lzo_reference.hpp"

#include <lzo/lzo1x.h>

#include <stdexcept>

namespace rvtest {

std::vector<uint8_t> lzoCompress(const uint8_t* data, size_t size, LzoLevel level) {
    static const bool ready = lzo_init() == LZO_E_OK;
    if (!ready) throw std::runtime_error("lzo_init failed");
    std::vector<uint8_t> out(size + size / 16 + 64 + 3);
    std::vector<uint8_t> work(level == LzoLevel::Best ? LZO1X_999_MEM_COMPRESS : LZO1X_1_MEM_COMPRESS);
    lzo_uint n = out.size();
    const int rc = level == LzoLevel::Best ? lzo1x_999_compress(data, size, out.data(), &n, work.data())
                                           : lzo1x_1_compress(data, size, out.data(), &n, work.data());
    if (rc != LZO_E_OK) throw std::runtime_error("liblzo2 compression failed");
    out.resize(n);
    return out;
}

}  // namespace rvtest
