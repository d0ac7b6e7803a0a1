// `rvimport export IN OUT`: the terrain exports of our own (.asc, Terrain Builder .txt) first,
// then glTF by our own writer (export_gltf.cpp), then any format Assimp writes (exportWithAssimp; a refusal when built without Assimp).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {

void printWarnings(const std::string& input, const std::string& name, const std::vector<Warning>& warnings) {
    for (const Warning& w : warnings)
        std::fprintf(stderr, "warning: %s\n", printable(diagnosticLine(w, input, name)).c_str());
}

void printWarnings(const std::vector<std::string>& messages) {
    for (const std::string& m : messages) std::fprintf(stderr, "warning: %s\n", printable(m).c_str());
}

// OUT as given, or, when it names a folder (an existing one, or any path ending in a slash),
// IN's name in it with the kind's extension: `export m.p3d outdir/` writes outdir/m.glb, a texture outdir/t.png.
static std::string outputPathFor(const std::string& in, const std::string& out, FileKind kind) {
    std::error_code ec;
    const bool folder =
        (!out.empty() && (out.back() == '/' || out.back() == '\\')) || fs::is_directory(fs::u8path(out), ec);
    if (!folder) return out;
    return (fs::u8path(out) / fs::u8path(in).stem()).u8string() + (kind == FileKind::Texture ? ".png" : ".glb");
}

static int exportUsage() {
    std::fprintf(stderr,
                 "usage: rvimport export IN OUT [-f FORMAT_ID] [--lod first|visual|all|NAME] [--autocenter on|off]\n"
                 "       [--selections-as-bones] [--max-memory SIZE] [--data-root DIR] [--verbose]\n"
                 "       [--config FILE --class NAME]\n"
                 "       [--max-texture-size N] [--model-cfg FILE] [--proxies resolve|all|nodes]\n"
                 "       glTF (.glb/.gltf, our writer): [--via-assimp] [--target generic|godot|unreal|unity|blender]\n"
                 "       [--instancing gpu|nodes] [--quantize|--no-quantize] [--terrain-step N]\n"
                 "       [--region WEST,SOUTH,EAST,NORTH] [--tile-cells N]\n"
                 "       terrains: [--cell-size M] [--easting E] [--northing N]\n"
                 "       (terrains; -f asc / -f tbobjects)\n"
                 "       textures (.paa/.pac to .png): [--mip N] [--raw-channels]\n");
    return kExitUsage;
}

int runExport(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("export", args, false, opt)) return kExitUsage;
    if (opt.positional.size() != 2) return exportUsage();
    const std::string& in = opt.positional[0];
    // What IN is comes from the front door (its signature; its name only where the format has none).
    const FileKind kind = sniffFile(in);
    const std::string out = outputPathFor(in, opt.positional[1], kind);
    if (sameFile(in, out)) {
        std::fprintf(stderr, "rvimport export: %s is the input file itself (%s); refusing to overwrite it\n",
                     out.c_str(), in.c_str());
        return kExitUsage;
    }
    if (const std::string problem = inputProblem(in); !problem.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", problem.c_str());
        return kExitDecode;
    }
    if (kind != FileKind::Texture && (opt.mip != 0 || opt.rawChannels)) {
        std::fprintf(stderr, "rvimport export: --mip and --raw-channels are for textures; %s is %s\n",
                     fileNameOf(in).c_str(), fileKindName(kind));
        return kExitUsage;
    }
    if (kind == FileKind::Texture) return exportTexture(opt, in, out);
    if (const std::string problem = dataRootProblem(opt.decode); !problem.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", problem.c_str());
        return kExitUsage;
    }
    // A config, an archive or an animation is named for what it is (the front door's words), before
    // any exporter guesses at it. Unknown files go on: Assimp reads many formats of its own.
    if (kind == FileKind::Config || kind == FileKind::Archive || kind == FileKind::Animation) {
        std::fprintf(stderr, "rvimport export: %s\n", kindRefusal(fileNameOf(in), kind).c_str());
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
