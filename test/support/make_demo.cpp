// Writes the bundled default input: rv_crate.p3d, an ODOL v73 model made by our own writer
// (LZO payloads through liblzo2, the reference compressor; the decoder never links it).
#include <lzo/lzo1x.h>

#include <cstdio>

#include "support/odol_writer.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: rv_make_demo OUT.p3d\n");
        return 2;
    }
    if (lzo_init() != LZO_E_OK) return 1;
    rvtest::OdolWriteOptions opt;
    opt.lzo = [](const uint8_t* p, size_t n) {
        std::vector<uint8_t> out(n + n / 16 + 64 + 3), wrk(LZO1X_999_MEM_COMPRESS);
        lzo_uint len = out.size();
        lzo1x_999_compress(p, n, out.data(), &len, wrk.data());
        out.resize(len);
        return out;
    };
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel(), opt);
    std::FILE* f = std::fopen(argv[1], "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        std::perror(argv[1]);
        return 1;
    }
    return 0;
}
