// Writes the bundled default inputs: rv_crate.p3d, an ODOL v73 model, and optionally
// rv_world.wrp, an OPRW v25 terrain (64 x 32 samples 20 m apart, 24 objects, roads, map info),
// both made by our own writers (LZO payloads through liblzo2, the reference compressor; the
// decoder never links it).

#include <cstdio>

#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"
#include "support/write_file.hpp"
#include "support/wrp_writer.hpp"

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: rv_make_demo OUT.p3d [OUT.wrp]\n");
        return 2;
    }
    rvtest::OdolWriteOptions opt;
    opt.lzo = rvtest::lzoBest;
    if (!rvtest::writeFile(argv[1], rvtest::writeOdol73(rvtest::makeCrateModel(), opt))) return 1;
    if (argc == 3) {
        rvtest::WrpWriteOptions wopt;
        wopt.lzo = rvtest::lzoBest;
        if (!rvtest::writeFile(argv[2], rvtest::writeOprw(rvtest::makeTestTerrain(25, 32, 16, 64, 32), wopt))) return 1;
    }
    return 0;
}
