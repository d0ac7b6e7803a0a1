// rvimport: command-line front end. Verbs mirror the `assimp` tool where they overlap.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
// shellapi.h after windows.h, which it needs (a separate block: clang-format keeps the order).
#include <shellapi.h>
#endif

#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"
#include "rv/version.hpp"

namespace {

using rv::cli::kExitOk;
using rv::cli::kExitUsage;

#if defined(RV_WITH_ASSIMP) && RV_WITH_ASSIMP
constexpr const char* kAssimpNote = "";
#else
constexpr const char* kAssimpNote =
    "\nThis rvimport is built without Assimp: export to Assimp formats, batch, listext, listexport,\n"
    "exportinfo and knowext are not available (exit 2).\n";
#endif

// The help text: what rvimport is, the data root, info and dump.
constexpr const char* kUsageHead =
    "rvimport - read and convert Real Virtuality (OFP / ArmA / Arma 2 / Arma 3 / DayZ) models,\n"
    "terrains, textures, materials and PBO archives\n"
    "\n"
    "  rvimport export house.p3d house.glb --data-root P:\\   a textured model in one command\n"
    "\n"
    "--data-root DIR: the folder the game's files are unpacked in (a P: drive; every .pbo below it\n"
    "is read in place). Textures, .rvmat materials and a terrain's object models are found there;\n"
    "without it a model comes out untextured. RV_IMPORT_DATA_ROOT sets it for every command.\n"
    "\n"
    "usage:\n"
    "  rvimport info FILE [--data-root DIR] [--model-cfg FILE]\n"
    "                                 summary: format, version, LODs with counts, textures; with\n"
    "                                 --data-root, where each texture and material was found\n"
    "  rvimport dump --json [--pretty] [--data-root DIR] [--model-cfg FILE] FILE\n"
    "                                 the decoded model as JSON on stdout (--pretty: indented)\n"
    "                                 --model-cfg: an editable model's skeleton from that model.cfg\n"
    "                                 (default: model.cfg beside the model or in a parent folder)\n"
    "                                 info and dump --json also read configs, text or rapified:\n"
    "                                 .rvmat (info: shaders, colours, stages), config.cpp/.bin,\n"
    "                                 .bisurf, .sqm, .ext (dump: the whole class tree; source\n"
    "                                 configs preprocessed, #include found below --include-root DIR,\n"
    "                                 default the data root, else the config's folder), and\n"
    "                                 animations (.rtm: RTM_0101, RTM_MDAT, BMTR v3-v5; dump: every\n"
    "                                 frame's stored transforms)\n";

// export of models and terrains, with its options.
constexpr const char* kUsageExport =
    "  rvimport export IN OUT [--data-root DIR] [-f FORMAT_ID] [--lod first|visual|all|NAME]\n"
    "                  [--autocenter on|off] [--selections-as-bones] [--max-memory SIZE] [--verbose]\n"
    "                  [--max-texture-size N] [--model-cfg FILE] [--animation X.rtm]...\n"
    "                                 convert to glTF or any format Assimp exports (format from OUT's\n"
    "                                 extension or -f; see listexport; OUT a folder: IN's name .glb).\n"
    "                                 --data-root: textures and materials (see above); --lod: which\n"
    "                                 LODs (default first: the first visual LOD); --autocenter off:\n"
    "                                 add the bounding centre back (editable model coordinates);\n"
    "                                 --max-memory: the most one import may allocate, scene included\n"
    "                                 (512M, 2G; default 2G; --memory-limit MB is the same in\n"
    "                                 megabytes); --verbose: also warn about textures no output\n"
    "                                 draws (environment maps); --config FILE --class NAME: the\n"
    "                                 variant a config.cpp/.bin class shows (its hiddenSelections-\n"
    "                                 Textures and -Materials; --include-root DIR for its #include);\n"
    "                                 --max-texture-size N: each .paa's\n"
    "                                 largest own mip no wider or taller than N (a smaller file; no\n"
    "                                 resampling; default 0: full size); --animation X.rtm\n"
    "                                 (repeatable): an RTM on the model's skeleton, one animation\n"
    "                                 each, a cycle of F frames in F/30 s (--animation-fps N).\n"
    "                                 --proxies resolve (default) draws each proxy's model from the\n"
    "                                 data root at the proxy, but crew, cargo, flag and muzzle-flash\n"
    "                                 places; all: those too; nodes: the proxies as nodes only.\n"
    "                                 Terrains: .asc (elevation grid), .txt (Terrain Builder objects),\n"
    "                                 --easting, --northing, --cell-size; --data-root DIR gives the\n"
    "                                 layer textures and the placed object models.\n"
    "                                 .glb / .gltf (-f glb2 / gltf2) come from rvimport's own glTF\n"
    "                                 writer (--via-assimp: Assimp's); worlds: --terrain-step N,\n"
    "                                 --region WEST,SOUTH,EAST,NORTH (metres), --tile-cells N,\n"
    "                                 --target generic|godot|unreal|unity|blender (the features that\n"
    "                                 engine reads; default generic: one node per placed object and\n"
    "                                 float vertices, which every importer shows), --instancing\n"
    "                                 gpu|nodes (EXT_mesh_gpu_instancing: Blender 4.3+, Unity), --quantize\n"
    "                                 (KHR_mesh_quantization terrain: a smaller file Godot 4.6 refuses),\n"
    "                                 --satellite (the terrain in one material, its satellite mosaic)\n";

// The other commands, and how warnings, errors and outputs behave.
constexpr const char* kUsageRest =
    "  rvimport export TEX.paa OUT.png [--mip N] [--raw-channels]\n"
    "                                 a PAA/PAC texture's mip N (default 0) as PNG; the ZIWS\n"
    "                                 channel swizzle is undone unless --raw-channels\n"
    "                                 (info and dump --json take .paa / .pac files too)\n"
    "  rvimport preprocess FILE [--include-root DIR]\n"
    "                                 a source config (config.cpp, model.cfg, .hpp) after #include,\n"
    "                                 #define and #if, as the parser reads it; #include \"\\x\\...\"\n"
    "                                 is found below DIR (default the data root, else FILE's folder)\n"
    "  rvimport map WORLD.wrp OUTDIR [--data-root DIR] [--epsg N] [--origin E,N] [--mosaic-size N]\n"
    "                    [--tiles] [--engine godot|unreal|unity]\n"
    "                                 the terrain for GIS tools and engines: dem.tif, dem.asc,\n"
    "                                 satellite.tif, mask.tif, map.gpkg and *.geojson (objects,\n"
    "                                 roads, map info), height.png/.r16/.json, meta.json; default\n"
    "                                 EPSG:32631 with world (0, 0) at 200000,0 (docs/map.md)\n"
    "  rvimport batch IN_DIR OUT_DIR [--data-root DIR] [-f FORMAT_ID] [-j N] [--lod ...] ...\n"
    "                                 convert every supported file under IN_DIR (default glb2),\n"
    "                                 keeping folders; never stops on a bad file; summary at the end\n"
    "                                 with each file's warnings\n"
    "  rvimport listext               extensions that can be imported (Assimp's and ours)\n"
    "  rvimport listexport            export format ids\n"
    "  rvimport exportinfo FORMAT_ID  extension and description of an export format\n"
    "  rvimport knowext EXT           whether an extension can be imported\n"
    "  rvimport bench [-n N] FILE...   open each file N times from memory (default 10); best\n"
    "                                 time and MB/s per file, then total_ms=<sum of the bests>\n"
    "  rvimport pbo list X.pbo        a PBO archive's prefix, properties and entries\n"
    "  rvimport pbo extract X.pbo DIR [--overwrite]\n"
    "                                 unpack every entry below DIR (never outside it; existing\n"
    "                                 files are kept unless --overwrite)\n"
    "  rvimport version               print the version\n"
    "  rvimport help                  this text\n"
    "\n"
    "Warnings go to stderr (batch: its summary), one line each: \"warning: <input>: <message>\".\n"
    "Errors go to stderr as one line naming the file, the structure and the byte offset;\n"
    "the exit code is 1 for a file that cannot be decoded or written and 2 for a usage error\n"
    "(a data root that is not a folder is one).\n"
    "\"--\" ends the options of export, batch, info, dump and bench (for a file named \"-x.p3d\").\n"
    "Outputs are written to a temporary name beside OUT and renamed into place when complete:\n"
    "a failed or interrupted export never leaves a truncated file under OUT's name.\n";

void usage(std::FILE* out) {
    for (const char* part : {kUsageHead, kUsageExport, kUsageRest, kAssimpNote}) std::fputs(part, out);
}

int help(const std::vector<std::string>&) {
    usage(stdout);
    return kExitOk;
}

int version(const std::vector<std::string>&) {
    std::printf("rvimport %s (%s)\n", rv::versionString(), rv::cli::assimpInBuild().c_str());
    return kExitOk;
}

using Verb = int (*)(const std::vector<std::string>& args);

struct VerbEntry {
    const char* name;
    Verb run;
};

const VerbEntry kVerbs[] = {
    {"help", help},
    {"--help", help},
    {"-h", help},
    {"version", version},
    {"--version", version},
    {"info", rv::cli::runInfo},
    {"dump", rv::cli::runDump},
    {"export", rv::cli::runExport},
    {"bench", rv::cli::runBench},
    {"pbo", rv::cli::runPbo},
    {"map", rv::cli::runMap},
    {"preprocess", rv::cli::runPreprocess},
    {"batch", rv::cli::runBatch},
    {"listext", [](const std::vector<std::string>&) { return rv::cli::runListExt(); }},
    {"listexport", [](const std::vector<std::string>&) { return rv::cli::runListExport(); }},
    {"exportinfo", rv::cli::runExportInfo},
    {"knowext", rv::cli::runKnowExt},
};

// The arguments as UTF-8. Windows hands main() its ANSI code page, which cannot hold every file
// name, so there the UTF-16 command line is taken and converted; the console is switched to UTF-8
// so names print back as they are.
std::vector<std::string> utf8Arguments(int argc, char** argv) {
#ifdef _WIN32
    SetConsoleOutputCP(CP_UTF8);
    // Byte-identical output on every platform: no "\n" -> "\r\n" on stdout and stderr.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    int n = 0;
    LPWSTR* wide = CommandLineToArgvW(GetCommandLineW(), &n);
    if (wide) {
        std::vector<std::string> out;
        for (int i = 1; i < n; ++i) {
            const int len = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
            std::string s(size_t(len > 0 ? len - 1 : 0), '\0');
            if (len > 1) WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, s.data(), len, nullptr, nullptr);
            out.push_back(std::move(s));
        }
        LocalFree(wide);
        return out;
    }
#endif
    return std::vector<std::string>(argv + 1, argv + argc);
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
    // Keep freed memory for the next file instead of handing it back to the kernel after every
    // model: decoding many files in one process (batch, bench) otherwise spends most of its time
    // re-faulting the same pages (perf: ~30% in the kernel; real/ set 214 -> ~630 MB/s).
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    rv::cli::installTemporaryCleanup();  // Ctrl+C leaves no half-written temporary file behind
    const std::vector<std::string> args = utf8Arguments(argc, argv);
    if (args.empty()) {
        usage(stderr);
        return kExitUsage;
    }
    for (const VerbEntry& v : kVerbs) {
        if (args[0] != v.name) continue;
        const int rc = v.run(args);
        // Output to stdout that did not all arrive (a full disk behind "> file", /dev/full) is
        // an error, not a success with a truncated file.
        const std::string failure = rv::cli::stdoutFailure();
        if (failure.empty()) return rc;
        std::fprintf(stderr, "%s\n", failure.c_str());
        return rc == kExitOk ? rv::cli::kExitDecode : rc;
    }
    std::fprintf(stderr, "rvimport: unknown verb '%s'\n\n", args[0].c_str());
    usage(stderr);
    return kExitUsage;
}
