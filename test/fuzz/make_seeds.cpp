// Writes the fuzzers' seed inputs from the project's own writers: ODOL v73 raw and LZO, ODOL v7,
// the hostile shapes (support/hostile_shapes.hpp), the shapes of issue 29 (linear_shapes.hpp),
// animations (RTM_0101, RTM_MDAT, BMTR v3/v4/v5 raw and LZO), and LZSS / LZO streams of the crate's bytes (prefixed with the 2-byte output size the codec
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
#include "support/rtm_writer.hpp"
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

// Small animations of every layout; BMTR with 80 bones so v3/v4 frames (1120 bytes) are LZO.
void writeAnimations(const std::string& dir) {
    rvtest::RtmPlainSpec plain;
    plain.step = {0, 0, -1.5f};
    plain.bones = {"Pelvis", "Spine", "Head"};
    plain.phases = {0, 0.5f, 1};
    for (int f = 0; f < 3; ++f) {
        std::vector<std::array<float, 12>> frame;
        for (int b = 0; b < 3; ++b) frame.push_back({1, 0, 0, 0, 1, 0, 0, 0, 1, float(f), float(b), 0.5f});
        plain.slots.push_back(frame);
    }
    plain.garbageAfterNul = true;
    writeFile(dir + "plain.rtm", rvtest::writeRtmPlain(plain));
    plain.mdat = true;
    plain.properties = {{-1, 0.25f, "Step", "Sound"}};
    writeFile(dir + "mdat.rtm", rvtest::writeRtmPlain(plain));
    for (uint32_t version : {3u, 4u, 5u}) {
        for (size_t bones : {size_t(3), size_t(80)}) {
            rvtest::BmtrSpec s;
            s.version = version;
            s.lzo = lzo;
            for (size_t b = 0; b < bones; ++b) s.bones.push_back("bone" + std::to_string(b));
            if (version >= 4) s.keystones = {{-1, 0.5f, "Step", "Sound"}};
            for (int f = 0; f < 2; ++f) {
                s.phases.push_back(float(f));
                std::vector<rvtest::BmtrRecord> frame(bones);
                for (size_t b = 0; b < bones; ++b) frame[b] = {{0, int16_t(b), 0, 16384}, {0x3c00, uint16_t(f), 0}};
                s.frames.push_back(frame);
                s.lzoFrames.push_back(f == 0);
            }
            writeFile(dir + "bmtr_v" + std::to_string(version) + "_" + std::to_string(bones) + ".rtm",
                      rvtest::writeBmtr(s));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(
            stderr, "usage: rv_make_fuzz_seeds OUT_DIR (writes OUT_DIR/{odol,mlod,wrp,lzss,lzo,config,pbo,rtm}/...)\n");
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
    writeAnimations(dir + "/rtm/");
    writeFile(dir + "/lzo/crate.bin", withSize(n, lzo(raw.data(), n)));
    writeFile(dir + "/lzo/ofp.bin",
              withSize(std::min<size_t>(ofp.size(), 0xffff), lzo(ofp.data(), std::min<size_t>(ofp.size(), 0xffff))));
    return 0;
}
