// Writes crafted OPRW v25 terrains for the CLI's safety tests (test/cli_safe_test.py), each the
// demo world (makeTestTerrain) with its objects replaced:
//   names OUT.wrp      model names that would inject rows into a Terrain Builder list (quote,
//                      ';', CR, LF, a whole forged row, a tab) beside clean ones, one object each
//   nan OUT.wrp        objects with NaN / infinite numbers in their transforms, one over a NaN
//                      height sample, one far outside the map, beside clean ones; two height
//                      samples NaN and +inf
//   samename OUT.wrp COUNT LENGTH LONG_COUNT
//                      COUNT objects sharing one model name of LENGTH characters, ten objects
//                      whose names are that name + " #2" ... " #11" (what a naive renamer would
//                      produce), and LONG_COUNT objects sharing a 1100-character name (longer
//                      than an aiString holds)
// Each prints what it wrote on stdout as "key=value" lines the test reads back.
//   mlod OUT.p3d       an editable model (the test writer's box model) for the model.cfg test
//                      (test/cli_model_cfg_test.py)

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "support/lzo_reference.hpp"
#include "support/mlod_writer.hpp"
#include "support/write_file.hpp"
#include "support/wrp_writer.hpp"

namespace {

// An upright object at (x, y, z) world metres.
rv::WrpObject placed(uint32_t id, const std::string& model, float x, float y, float z) {
    rv::WrpObject o;
    o.id = id;
    o.model = model;
    o.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, x, y, z};
    return o;
}

// Appends `model` to the table (once) and one object placing it.
void add(rv::WrpTerrain& t, const std::string& model, float x, float y, float z) {
    bool known = false;
    for (const std::string& m : t.models) known = known || m == model;
    if (!known) t.models.push_back(model);
    t.objects.push_back(placed(uint32_t(t.objects.size() + 1), model, x, y, z));
}

rv::WrpTerrain base() {
    rv::WrpTerrain t = rvtest::makeTestTerrain(25, 32, 16, 64, 32);  // 1280 m x 640 m
    t.objects.clear();
    return t;
}

void names(rv::WrpTerrain& t) {
    add(t, "rv\\test\\house.p3d", 100, 10, 100);
    add(t, "rv\\evil\\a\"b.p3d", 110, 10, 100);
    add(t, "rv\\evil\\semi;colon.p3d", 120, 10, 100);
    add(t, "rv\\evil\\line\nbreak.p3d", 130, 10, 100);
    add(t, "rv\\evil\\carriage\rreturn.p3d", 140, 10, 100);
    add(t, "rv\\evil\\x\";1;2;3;4;5;6;7;\n\"forged.p3d", 150, 10, 100);
    add(t, "rv\\evil\\tab\there.p3d", 160, 10, 100);
    add(t, "rv\\odd;folder\\fine.p3d", 170, 10, 100);  // the folder is not written: fine
    add(t, "rv\\test\\tree.p3d", 180, 10, 100);
    std::printf("objects=%zu\nclean=3\n", t.objects.size());
}

void nan(rv::WrpTerrain& t) {
    const float qnan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const float cell = t.cellSize();
    t.elevation[size_t(10) * t.mapSizeX + 10] = qnan;  // sample (10, 10)
    t.elevation[size_t(20) * t.mapSizeX + 30] = inf;   // sample (30, 20)
    add(t, "rv\\test\\house.p3d", 100, 10, 100);
    add(t, "rv\\test\\house.p3d", qnan, 10, 100);
    add(t, "rv\\test\\house.p3d", 100, inf, 100);
    add(t, "rv\\test\\house.p3d", 100, 10, -inf);
    add(t, "rv\\test\\tree.p3d", 200, 10, 200);
    t.objects.back().transform.m[0] = qnan;                  // aside
    add(t, "rv\\test\\tree.p3d", 10 * cell, 10, 10 * cell);  // right over the NaN sample
    add(t, "rv\\test\\tree.p3d", 1e30f, 10, -1e30f);         // far outside: clamped to the edge
    add(t, "rv\\test\\tree.p3d", 300, 10, 300);
    std::printf("objects=%zu\nclean=3\nnodata=2\n", t.objects.size());
}

void samename(rv::WrpTerrain& t, long count, long length, long longCount) {
    const std::string name = "rv\\many\\" + std::string(size_t(length), 'a') + ".p3d";
    const std::string longName = "rv\\long\\" + std::string(1100, 'b') + ".p3d";
    const float cell = t.cellSize();
    for (long i = 0; i < count; ++i) add(t, name, float(i % 1000) * 0.5f, 5, float(i / 1000) * cell);
    for (int k = 2; k <= 11; ++k) add(t, name + " #" + std::to_string(k), 10, 5, 10);
    for (long i = 0; i < longCount; ++i) add(t, longName, 20, 5, float(i % 500));
    std::printf("objects=%zu\nsame=%ld\nliteral=10\nlong=%ld\n", t.objects.size(), count, longCount);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc >= 3 ? argv[1] : "";
    if (mode == "mlod" && argc == 3)
        return rvtest::writeFile(argv[2], rvtest::writeMlod(rvtest::makeBoxModel(false))) ? 0 : 1;
    rv::WrpTerrain t = base();
    if (mode == "names" && argc == 3) {
        names(t);
    } else if (mode == "nan" && argc == 3) {
        nan(t);
    } else if (mode == "samename" && argc == 6) {
        samename(t, std::atol(argv[3]), std::atol(argv[4]), std::atol(argv[5]));
    } else {
        std::fprintf(
            stderr,
            "usage: rv_make_cli_inputs names OUT.wrp | nan OUT.wrp | samename OUT.wrp COUNT LENGTH LONG_COUNT |\n"
            "       mlod OUT.p3d\n");
        return 2;
    }
    t.maxObjectId = int32_t(t.objects.size());
    rvtest::WrpWriteOptions options;
    options.lzo = rvtest::lzoBest;
    return rvtest::writeFile(argv[2], rvtest::writeOprw(t, options)) ? 0 : 1;
}
