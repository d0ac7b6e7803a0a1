// `rvimport export IN OUT`: the terrain exports of our own (.asc, Terrain Builder .txt) first,
// then glTF by our own writer (export_gltf.cpp), then any format Assimp writes (exportWithAssimp; a refusal when built without Assimp).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"

namespace fs = std::filesystem;

namespace rv::cli {

void printWarnings(const std::vector<Warning>& warnings) {
    for (const Warning& w : warnings) std::fprintf(stderr, "warning: %s\n", w.message.c_str());
}

void printWarnings(const std::vector<std::string>& messages) {
    for (const std::string& m : messages) std::fprintf(stderr, "warning: %s\n", m.c_str());
}

int runExport(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("export", args, false, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(
            stderr,
            "usage: rvimport export IN OUT [-f FORMAT_ID] [--lod first|visual|all|NAME] [--autocenter on|off]\n"
            "       [--selections-as-bones] [--max-memory SIZE] [--data-root DIR]\n"
            "       glTF (.glb/.gltf, our writer): [--via-assimp] [--target generic|godot|unreal|unity|blender]\n"
            "       [--instancing gpu|nodes] [--quantize|--no-quantize] [--terrain-step N]\n"
            "       [--region WEST,SOUTH,EAST,NORTH] [--tile-cells N]\n"
            "       terrains: [--cell-size M] [--easting E] [--northing N]\n"
            "       (terrains; -f asc / -f tbobjects)\n");
        return kExitUsage;
    }
    const std::string& in = opt.positional[0];
    const std::string& out = opt.positional[1];
    if (sameFile(in, out)) {
        std::fprintf(stderr, "rvimport export: %s is the input file itself (%s); refusing to overwrite it\n",
                     out.c_str(), in.c_str());
        return kExitUsage;
    }
    if (const std::string problem = inputProblem(in); !problem.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", problem.c_str());
        return kExitDecode;
    }
    const fs::path parent = fs::u8path(out).parent_path();
    std::error_code dirErr;
    if (!parent.empty()) fs::create_directories(parent, dirErr);  // a failure shows up when writing
    const int special = exportTerrainSpecial(opt, in, out);
    if (special >= 0) return special;
    const int gltf = exportWithGltf(opt, in, out);
    if (gltf >= 0) return gltf;
    return exportWithAssimp(opt, in, out);
}

}  // namespace rv::cli
