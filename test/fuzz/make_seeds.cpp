// Writes the fuzzers' seed inputs from the project's own writers: ODOL v73 raw and LZO, ODOL v7,
// the hostile shapes (support/hostile_shapes.hpp), the shapes of issue 29 (linear_shapes.hpp),
// and LZSS / LZO streams of the crate's bytes (prefixed with the 2-byte output size the codec
// fuzzers read). Real samples are added by scripts/fuzz.sh from ../shared/samples.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "support/hostile_shapes.hpp"
#include "support/linear_shapes.hpp"
#include "support/lzo_reference.hpp"
#include "support/lzss_encoder.hpp"
#include "support/mlod_writer.hpp"
#include "support/odol7_writer.hpp"
#include "support/odol_writer.hpp"
#include "support/wrp_writer.hpp"

namespace {

void writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        std::exit(1);
    }
    std::fclose(f);
}

std::vector<uint8_t> lzo(const uint8_t* data, size_t size) { return rvtest::lzoFast(data, size); }

std::vector<uint8_t> withSize(size_t outSize, std::vector<uint8_t> stream) {
    stream.insert(stream.begin(), {uint8_t(outSize & 0xff), uint8_t(outSize >> 8)});
    return stream;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr,
                     "usage: rv_make_fuzz_seeds OUT_DIR (writes OUT_DIR/{odol,mlod,wrp,lzss,lzo,config,pbo}/...)\n");
        return 2;
    }
    const std::string dir = argv[1];
    const std::vector<uint8_t> raw = rvtest::writeOdol73(rvtest::makeCrateModel());
    rvtest::OdolWriteOptions withLzo;
    withLzo.lzo = lzo;
    const std::vector<uint8_t> packed = rvtest::writeOdol73(rvtest::makeCrateModel(), withLzo);
    const std::vector<uint8_t> ofp = rvtest::writeOdol7(rvtest::makeOfpModel());
    writeFile(dir + "/odol/crate_v73_raw.p3d", raw);
    writeFile(dir + "/odol/crate_v73_lzo.p3d", packed);
    writeFile(dir + "/odol/ofp_v7.p3d", ofp);
    const size_t n = std::min<size_t>(raw.size(), 0xffff);
    writeFile(dir + "/lzss/crate.bin", withSize(n, rvtest::encodeLzss(raw.data(), n)));
    writeFile(dir + "/lzss/ofp.bin", withSize(std::min<size_t>(ofp.size(), 0xffff),
                                              rvtest::encodeLzss(ofp.data(), std::min<size_t>(ofp.size(), 0xffff))));
    rvtest::WrpWriteOptions wrpLzo;
    wrpLzo.lzo = lzo;
    for (uint32_t v : {3u, 16u, 22u, 24u, 25u})
        writeFile(
            dir + "/wrp/oprw_v" + std::to_string(v) + ".wrp",
            rvtest::writeOprw(v <= 3 ? rvtest::makeTestTerrain(v, 8, 8, 8, 8) : rvtest::makeTestTerrain(v, 8, 4, 16, 8),
                              wrpLzo));
    // The hostile shapes of issue 15 (aliased LODs, floods, elevation bombs), small variants.
    for (const rvtest::hostile::Shape& s : rvtest::hostile::seedShapes()) {
        const bool terrain = s.name.size() > 4 && s.name.compare(s.name.size() - 4, 4, ".wrp") == 0;
        writeFile(dir + (terrain ? "/wrp/hostile_" : "/odol/hostile_") + s.name, s.bytes);
    }
    writeFile(dir + "/paa/hostile_lzo_bomb.paa", rvtest::hostile::lzoBombTexture(512).bytes);
    // Editable models: the writer's boxes, P3DM and SP3X (scripts/fuzz.sh adds the samples).
    writeFile(dir + "/mlod/box_p3dm.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    writeFile(dir + "/mlod/box_sp3x.p3d", rvtest::writeMlod(rvtest::makeBoxModel(true)));
    writeFile(dir + "/mlod/box_autocenter0.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false, true)));
    // The shapes of issue 29 (work that grew superlinearly), at the growth tests' x1.
    for (const rvtest::linear::NamedShape& s : rvtest::linear::shapesAt(1)) writeFile(dir + "/" + s.path, s.bytes);
    writeFile(dir + "/lzo/crate.bin", withSize(n, lzo(raw.data(), n)));
    writeFile(dir + "/lzo/ofp.bin",
              withSize(std::min<size_t>(ofp.size(), 0xffff), lzo(ofp.data(), std::min<size_t>(ofp.size(), 0xffff))));
    return 0;
}
