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
//   map DIR            a world for `rvimport map` (test/cli_map_test.py): DIR/world.wrp, 4 x 2 land
//                      cells of 40 m, its layer rvmats and pictures below DIR/root, objects,
//                      a road link and map-info records (one with a NaN corner)
//   mlod OUT.p3d       an editable model (the test writer's box model) for the model.cfg test
//                      (test/cli_model_cfg_test.py)

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <array>
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

// A 32-bit TGA, top-left origin, from a colour per texel.
void writeTga(const std::filesystem::path& path, uint32_t w, uint32_t h,
              const std::vector<std::array<uint8_t, 4>>& rgba) {
    std::vector<uint8_t> b = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, uint8_t(w), uint8_t(w >> 8), uint8_t(h),
                              uint8_t(h >> 8), 32, 0x28};
    for (const auto& p : rgba) b.insert(b.end(), {p[2], p[1], p[0], p[3]});
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

// A layer .rvmat: Stage0 `satellite` and Stage1 `mask`, both mapped by world position with
// u = east * su + pu, v = north * sv + pv (Terrain Builder's TexGen rows).
// Its surfaces: slot k (Stage 3 + 2k, 4 + 2k) shows `rv\data\<surfaces[k]>_nopx.paa` and
// `_co.paa`; an empty name leaves the slot's stages empty, as Terrain Builder writes them.
void writeLayer(const std::filesystem::path& path, const std::string& satellite, const std::string& mask, float su,
                float pu, float sv, float pv, const std::vector<std::string>& surfaces = {}) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream f(path);
    f << "PixelShaderID=\"TerrainX\";\nclass Stage0 { texture=\"" << satellite << "\"; texGen=3; };\n"
      << "class Stage1 { texture=\"" << mask << "\"; texGen=3; };\n"
      << "class TexGen3 { uvSource=\"worldPos\"; class uvTransform { aside[]={" << su << ",0,0}; up[]={0,0," << su
      << "}; dir[]={0," << sv << ",0}; pos[]={" << pu << "," << pv << ",0}; }; };\n"
      << "class Stage2 { texture=\"#(rgb,1,1,1)color(0.5,0.5,0.5,1,cdt)\"; texGen=0; };\n";
    for (size_t k = 0; k < surfaces.size(); ++k) {
        const std::string base = surfaces[k].empty() ? "" : "rv\\data\\" + surfaces[k];
        f << "class Stage" << 3 + 2 * k << " { texture=\"" << (base.empty() ? "" : base + "_nopx.paa")
          << "\"; texGen=1; };\nclass Stage" << 4 + 2 * k << " { texture=\"" << (base.empty() ? "" : base + "_co.paa")
          << "\"; texGen=2; };\n";
    }
}

rv::WrpMapInfo info(uint32_t type, int32_t id, std::vector<float> values, std::vector<uint8_t> bytes = {}) {
    rv::WrpMapInfo m;
    m.type = type;
    m.objectId = id;
    m.values = std::move(values);
    m.bytes = std::move(bytes);
    return m;
}

// Layer 1's mask, 14 x 10 texels of 10 m over east -30..110: a colour per texel column, the
// columns over its cells (east 0..80) in slot order: black, red, green, blue, blue with alpha
// 128, blue with alpha 0, then two columns of red 51 (a blend: 40% slot 0, 60% slot 1).
std::vector<std::array<uint8_t, 4>> maskColumns() {
    const std::array<uint8_t, 4> columns[] = {{0, 0, 0, 255},   {255, 0, 0, 255}, {0, 255, 0, 255},
                                              {0, 0, 255, 255}, {0, 0, 255, 128}, {0, 0, 255, 0},
                                              {51, 0, 0, 255},  {51, 0, 0, 255}};
    std::vector<std::array<uint8_t, 4>> texels;
    for (uint32_t y = 0; y < 10; ++y)
        for (uint32_t x = 0; x < 14; ++x) texels.push_back(x >= 3 && x < 11 ? columns[x - 3] : std::array<uint8_t, 4>{0, 0, 0, 255});
    return texels;
}

// Layer 1 (west half) shows a segment 14 x 10 texels of 10 m over east -30..110, north -10..90,
// red inside and green in its outer two columns, which overlap the neighbour and must not show;
// its mask is maskColumns() over its six surfaces. Layer 2 (the east half but the north-east
// cell) is a ramp, red = 10 per texel column over east 50..170, its mask green over surfaces in
// slots 1 and 2 (slot 0 empty). Layer 3 (the north-east cell) names pictures the root does not
// have, and two surfaces.
int mapWorld(const std::filesystem::path& dir) {
    rv::WrpTerrain t;
    t.signature = "OPRW", t.version = 25;
    t.layerSizeX = 4, t.layerSizeY = 2, t.layerCellSize = 40;
    t.mapSizeX = 8, t.mapSizeY = 4;
    for (uint32_t z = 0; z < 4; ++z)
        for (uint32_t x = 0; x < 8; ++x) t.elevation.push_back(float(x) * 1.5f + float(z) * 0.25f - 2.0f);
    t.materials = {"", "w\\layers\\p_000-000_l00.rvmat", "w\\layers\\p_001-000_l00.rvmat",
                   "w\\layers\\p_002-000_l00.rvmat"};
    t.materialIndex = {1, 1, 2, 2, 1, 1, 2, 3};
    t.geography.assign(t.materialIndex.size(), 0);
    const std::filesystem::path layers = dir / "root/w/layers";
    std::vector<std::array<uint8_t, 4>> a, b;
    for (uint32_t y = 0; y < 10; ++y)
        for (uint32_t x = 0; x < 14; ++x) a.push_back({uint8_t(x < 2 || x >= 12 ? 0 : 255), uint8_t(x < 2 || x >= 12 ? 255 : 0), 0, 255});
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 12; ++x) b.push_back({uint8_t(10 * x), 0, 200, 255});
    writeTga(layers / "s_000_000_lco.tga", 14, 10, a);
    writeTga(layers / "m_000_000_lco.tga", 14, 10, maskColumns());
    writeTga(layers / "s_001_000_lco.tga", 12, 8, b);
    writeTga(layers / "m_001_000_lco.tga", 12, 8, std::vector<std::array<uint8_t, 4>>(96, {0, 255, 0, 255}));
    writeLayer(layers / "p_000-000_l00.rvmat", "w\\layers\\s_000_000_lco.paa", "w\\layers\\m_000_000_lco.paa",
               1.0f / 140, 3.0f / 14, -0.01f, 0.9f, {"gdt_grass", "gdt_soil", "gdt_sand", "gdt_rock", "gdt_mud", "gdt_snow"});
    writeLayer(layers / "p_001-000_l00.rvmat", "w\\layers\\s_001_000_lco.paa", "w\\layers\\m_001_000_lco.paa",
               1.0f / 120, -50.0f / 120, -1.0f / 80, 1.0f, {"", "gdt_grass", "gdt_dirt"});
    writeLayer(layers / "p_002-000_l00.rvmat", "w\\layers\\s_002_000_lco.paa", "w\\layers\\m_002_000_lco.paa",
               1.0f / 120, -90.0f / 120, -1.0f / 80, 1.0f, {"gdt_grass", "gdt_snow"});
    add(t, "rv\\test\\house.p3d", 30.5f, 1.0f, 10.25f);
    add(t, "rv\\test\\tree.p3d", 125.0f, 20.0f, 55.0f);
    t.objects.back().transform.m = {0, 0, -2, 0, 2, 0, 2, 0, 0, 125.0f, 20.0f, 55.0f};  // yaw 90, scale 2
    rv::WrpRoadLink road;
    road.connections = {{5, 0, 5}, {60, 0, 30}, {150, 0, 70}};
    road.connectionTypes = {0, 0, 0};
    road.objectId = 7, road.model = "rv\\roads\\asf10.p3d";
    road.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, 60, 0, 30};
    t.roads.push_back(road);
    const float qnan = std::numeric_limits<float>::quiet_NaN();
    t.mapInfo = {info(0, 11, {12, 34}), info(4, 12, {40, 40, 60, 40, 60, 55, 40, 55}, {1, 2, 3, 4}),
                 info(25, -1, {80, 10, 100, 20}, {0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 1, 1}), info(34, 13, {0, 70, 160, 75}),
                 info(44, 14, {10, 60, 30, 62, 20, 75}), info(0, 15, {qnan, 3})};
    std::printf("objects=2\nroads=1\nmapinfo=6\n");
    rvtest::WrpWriteOptions options;
    options.lzo = rvtest::lzoBest;
    t.maxObjectId = 2;
    return rvtest::writeFile((dir / "world.wrp").string(), rvtest::writeOprw(t, options)) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc >= 3 ? argv[1] : "";
    if (mode == "mlod" && argc == 3)
        return rvtest::writeFile(argv[2], rvtest::writeMlod(rvtest::makeBoxModel(false))) ? 0 : 1;
    if (mode == "map" && argc == 3) return mapWorld(argv[2]);
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
            "       map DIR | mlod OUT.p3d\n");
        return 2;
    }
    t.maxObjectId = int32_t(t.objects.size());
    rvtest::WrpWriteOptions options;
    options.lzo = rvtest::lzoBest;
    return rvtest::writeFile(argv[2], rvtest::writeOprw(t, options)) ? 0 : 1;
}
