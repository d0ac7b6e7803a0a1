// The usage text, split by verb so that `rvimport help VERB` and `VERB --help` print one part, and
// the edit-distance match behind every "did you mean".
#include "cli/help.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace rv::cli {
namespace {

#if defined(RV_WITH_ASSIMP) && RV_WITH_ASSIMP
constexpr const char* kAssimpNote = "";
#else
constexpr const char* kAssimpNote =
    "\nThis rvimport is built without Assimp: export to Assimp formats, batch, listext, listexport,\n"
    "exportinfo and knowext are not available (exit 2).\n";
#endif

constexpr const char* kHead =
    "rvimport - read and convert Real Virtuality (OFP / ArmA / Arma 2 / Arma 3 / DayZ) models,\n"
    "terrains, textures, materials and PBO archives\n"
    "\n"
    "  rvimport export house.p3d house.glb --data-root P:\\   a textured model in one command\n"
    "\n"
    "--data-root DIR: the folder the game's files are unpacked in (a P: drive; every .pbo below it\n"
    "is read in place). Textures, .rvmat materials and a terrain's object models are found there;\n"
    "without it a model comes out untextured. RV_IMPORT_DATA_ROOT sets it for every command.\n"
    "\n"
    "usage (rvimport help VERB, or VERB --help, prints one verb's part):\n";

struct VerbHelp {
    const char* verb;
    const char* text;
};

// One entry per verb; export has two (models and terrains, then textures).
const VerbHelp kVerbHelp[] = {
    {"info",
     "  rvimport info FILE [--data-root DIR] [--model-cfg FILE] [--include-root DIR]\n"
     "                                 summary: format, version, LODs with counts, textures; with\n"
     "                                 --data-root, where each texture and material was found and\n"
     "                                 every path tried for the ones that were not\n"},
    {"dump",
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
     "                                 frame's stored transforms)\n"},
    {"export",
     "  rvimport export IN OUT [--data-root DIR] [-f FORMAT_ID] [--lod first|visual|all|NAME]\n"
     "                  [--autocenter on|off] [--selections-as-bones] [--max-memory SIZE] [--verbose]\n"
     "                  [--max-texture-size N] [--model-cfg FILE] [--animation X.rtm]... [-q]\n"
     "                                 convert to glTF or any format Assimp exports (format from OUT's\n"
     "                                 extension or -f; see listexport; OUT a folder: IN's name .glb;\n"
     "                                 missing folders of OUT are made, and removed again on failure).\n"
     "                                 --data-root: textures and materials (see above); --strict (or\n"
     "                                 RV_IMPORT_STRICT=1): a texture missing from it is an error;\n"
     "                                 --lod: which LODs (default first: the first visual LOD);\n"
     "                                 --autocenter off: add the bounding centre back (editable model\n"
     "                                 coordinates); --max-memory: the most one import may allocate,\n"
     "                                 scene included (512M, 2G; default 2G; --memory-limit MB is the\n"
     "                                 same in megabytes); --verbose: also warn about textures no\n"
     "                                 output draws (environment maps); --config FILE --class NAME:\n"
     "                                 the variant a config.cpp/.bin class shows (its hiddenSelections-\n"
     "                                 Textures and -Materials; --include-root DIR for its #include);\n"
     "                                 --max-texture-size N: each .paa's largest own mip no wider or\n"
     "                                 taller than N (a smaller file; no resampling; default 0: full\n"
     "                                 size); --animation X.rtm (repeatable): an RTM on the model's\n"
     "                                 skeleton, one animation each, a cycle of F frames in F/30 s\n"
     "                                 (--animation-fps N). --proxies resolve (default) draws each\n"
     "                                 proxy's model from the data root at the proxy, but crew, cargo,\n"
     "                                 flag and muzzle-flash places; all: those too; nodes: the\n"
     "                                 proxies as nodes only. -q: no summary line at the end.\n"
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
     "                                 --satellite (the terrain in one material, its satellite mosaic)\n"},
    {"export",
     "  rvimport export TEX.paa OUT.png [--mip N] [--raw-channels]\n"
     "                                 a PAA/PAC texture's mip N (default 0) as PNG; the ZIWS\n"
     "                                 channel swizzle is undone unless --raw-channels\n"
     "                                 (info and dump --json take .paa / .pac files too)\n"},
    {"preprocess",
     "  rvimport preprocess FILE [--include-root DIR] [--data-root DIR]\n"
     "                                 a source config (config.cpp, model.cfg, .hpp) after #include,\n"
     "                                 #define and #if, as the parser reads it; #include \"\\x\\...\"\n"
     "                                 is found below DIR (default the data root, else FILE's folder)\n"},
    {"map",
     "  rvimport map WORLD.wrp OUTDIR [--data-root DIR] [--epsg N] [--origin E,N] [--mosaic-size N]\n"
     "                    [--tiles] [--engine godot|unreal|unity|reforger] [--max-memory SIZE]\n"
     "                                 the terrain for GIS tools and engines: dem.tif, dem.asc,\n"
     "                                 satellite.tif, mask.tif, surfaces/*.png, map.gpkg and\n"
     "                                 *.geojson (objects, roads, map info), height.png/.r16/.json,\n"
     "                                 meta.json; default EPSG:32631 with world (0, 0) at\n"
     "                                 200000,0 (docs/map.md)\n"},
    {"batch",
     "  rvimport batch IN_DIR OUT_DIR [--data-root DIR] [-f FORMAT_ID] [-j N] [--lod ...] ...\n"
     "                                 convert every model, terrain and texture under IN_DIR\n"
     "                                 (default glb2), keeping folders, and those inside every .pbo\n"
     "                                 there (written below the PBO's prefix, the PBOs joining the\n"
     "                                 data root); never stops on a bad file; each file's problems\n"
     "                                 on stderr, the totals on stdout; takes export's options;\n"
     "                                 --shard K/N: this machine's share of N (by path hash);\n"
     "                                 --manifest FILE: a JSON line per input;\n"
     "                                 -f gltf2 --textures external: .gltf files sharing one\n"
     "                                 OUT_DIR/textures/ of PNGs named by game path\n"},
    {"listext", "  rvimport listext               extensions that can be imported (ours and Assimp's)\n"},
    {"listexport", "  rvimport listexport            export format ids\n"},
    {"exportinfo", "  rvimport exportinfo FORMAT_ID  extension and description of an export format\n"},
    {"knowext", "  rvimport knowext EXT           whether an extension can be imported\n"},
    {"bench",
     "  rvimport bench [-n N] FILE...   open each file N times from memory (default 10); best\n"
     "                                 time and MB/s per file, then total_ms=<sum of the bests>\n"},
    {"pbo",
     "  rvimport pbo list X.pbo        a PBO archive's prefix, properties and entries\n"
     "  rvimport pbo extract X.pbo DIR [--overwrite]\n"
     "                                 unpack every entry below DIR (never outside it; existing\n"
     "                                 files are kept unless --overwrite)\n"},
    {"version", "  rvimport version               print the version\n"},
    {"help", "  rvimport help [VERB]           this text, or one verb's part of it\n"},
};

constexpr const char* kTail =
    "\n"
    "Warnings go to stderr, one line each: \"warning: <input>: <message>\".\n"
    "Errors go to stderr as one line naming the file, the structure and the byte offset;\n"
    "the exit code is 1 for a file that cannot be decoded or written and 2 for a usage error\n"
    "(a data root that is not a folder is one).\n"
    "\"--\" ends the options of export, batch, info, dump and bench (for a file named \"-x.p3d\").\n"
    "Outputs are written to a temporary name beside OUT and renamed into place when complete:\n"
    "a failed or interrupted export never leaves a truncated file under OUT's name.\n";

// Edit distance with a swap of two neighbours as one edit ("exprot", "mpa"), case-insensitive.
size_t editDistance(const std::string& a, const std::string& b) {
    const auto same = [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    };
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j) {
            d[i][j] =
                std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
            if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

bool isOptionChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }

}  // namespace

void printUsage(std::FILE* out) {
    std::fputs(kHead, out);
    for (const VerbHelp& v : kVerbHelp) std::fputs(v.text, out);
    std::fputs(kTail, out);
    std::fputs(kAssimpNote, out);
}

bool printVerbHelp(const std::string& verb, std::FILE* out) {
    bool found = false;
    for (const VerbHelp& v : kVerbHelp)
        if (verb == v.verb) {
            std::fputs(v.text, out);
            found = true;
        }
    if (found) std::fputs(kTail, out);
    return found;
}

std::vector<std::string> verbNames() {
    std::vector<std::string> out;
    for (const VerbHelp& v : kVerbHelp)
        if (std::find(out.begin(), out.end(), v.verb) == out.end()) out.push_back(v.verb);
    return out;
}

std::vector<std::string> optionsOf(const std::string& verb) {
    std::vector<std::string> out;
    for (const VerbHelp& v : kVerbHelp) {
        if (verb != v.verb) continue;
        const std::string text = v.text;
        for (size_t at = 0; (at = text.find('-', at)) != std::string::npos;) {
            // An option starts a word: "-f", "--data-root"; a hyphen inside a word is not one.
            if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '-')) {
                ++at;
                continue;
            }
            size_t end = at;
            while (end < text.size() && isOptionChar(text[end])) ++end;
            const std::string option = text.substr(at, end - at);
            const bool named = option.size() >= 2 && std::isalpha(static_cast<unsigned char>(option.back()));
            if (named && std::find(out.begin(), out.end(), option) == out.end()) out.push_back(option);
            at = end;
        }
    }
    return out;
}

std::string closestMatch(const std::string& word, const std::vector<std::string>& candidates) {
    if (word.size() > 64) return "";  // no verb or option is that long: no table of its size
    std::string best;
    size_t bestDistance = std::string::npos;
    for (const std::string& c : candidates) {
        const size_t d = editDistance(word, c);
        if (d < bestDistance) {
            best = c;
            bestDistance = d;
        }
    }
    // A typo is a few edits of a word of some length ("exprot", "--data-rot"); a one-letter
    // option ("-x") is no typo of another one.
    const size_t allowed = std::min<size_t>(3, word.size() / 3);
    return bestDistance <= allowed ? best : "";
}

void reportUnknownOption(const std::string& verb, const std::string& option) {
    const std::string name = option.substr(0, option.find('='));
    const std::string match = closestMatch(name, optionsOf(verb));
    if (!match.empty())
        std::fprintf(stderr, "rvimport %s: unknown option %s (did you mean %s?)\n", verb.c_str(), option.c_str(),
                     match.c_str());
    else
        std::fprintf(stderr, "rvimport %s: unknown option %s (`rvimport help %s` lists them)\n", verb.c_str(),
                     option.c_str(), verb.c_str());
}

bool asksForHelp(const std::vector<std::string>& args) {
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--") return false;
        if (args[i] == "--help" || args[i] == "-h") return true;
    }
    return false;
}

}  // namespace rv::cli
