// `rvimport map WORLD.wrp OUTDIR`: a terrain as terrain makers' tools take it (docs/map.md).
// The files are written into a staging folder inside OUTDIR and moved to their fixed names only
// when every one of them is complete: a failure leaves OUTDIR as it was.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/input_files.hpp"
#include "cli/map_gdal.hpp"
#include "cli/map_stage.hpp"
#include "cli/map_tiles.hpp"
#include "cli/output_file.hpp"
#include "rv/defaults.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"
#include "rv/terrain_features.hpp"
#include "rv/terrain_map.hpp"

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

// GDAL's block cache, charged to the import's budget before GDAL starts.
constexpr uint64_t kGdalCache = 64ull << 20;

struct MapArgs {
    CliOptions cli;
    MapGeoreference geo{defaults::kMapEpsg, defaults::kMapEasting, defaults::kMapNorthing, {}};
    uint32_t mosaicSize = defaults::kMosaicSize;
    bool tiles = false;
    HeightEngine engine = HeightEngine::AsIs;
};

int mapUsage() {
    std::fprintf(
        stderr,
        "usage: rvimport map WORLD.wrp OUTDIR [--data-root DIR] [--epsg N] [--origin E,N]\n"
        "                    [--mosaic-size N] [--tiles] [--engine godot|unreal|unity|reforger] [--max-memory SIZE]\n");
    return kExitUsage;
}

bool parseOrigin(const std::string& text, MapGeoreference& geo) {
    const size_t comma = text.find(',');
    if (comma == std::string::npos) return false;
    char* end = nullptr;
    const std::string e = text.substr(0, comma), n = text.substr(comma + 1);
    geo.easting = std::strtod(e.c_str(), &end);
    if (e.empty() || *end) return false;
    geo.northing = std::strtod(n.c_str(), &end);
    return !n.empty() && !*end && std::isfinite(geo.easting) && std::isfinite(geo.northing);
}

// The map's own options (--epsg, --origin, --mosaic-size); the rest are the shared ones.
bool parseMapArgs(const std::vector<std::string>& args, MapArgs& out) {
    std::vector<std::string> rest{args.empty() ? "map" : args[0]};
    for (size_t i = 1; i < args.size(); ++i) {
        std::string a = args[i], value;
        const size_t eq = a.find('=');
        const std::string name = a.rfind("--", 0) == 0 && eq != std::string::npos ? a.substr(0, eq) : a;
        if (a == "--tiles") {
            out.tiles = true;
            continue;
        }
        if (name != "--epsg" && name != "--origin" && name != "--mosaic-size" && name != "--engine") {
            rest.push_back(a);
            continue;
        }
        if (eq != std::string::npos && name != a) {
            value = a.substr(eq + 1);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            std::fprintf(stderr, "rvimport map: %s needs a value\n", name.c_str());
            return false;
        }
        if (name == "--engine") {
            const std::string e = asciiLower(value);
            out.engine = e == "godot"      ? HeightEngine::Godot
                         : e == "unreal"   ? HeightEngine::Unreal
                         : e == "unity"    ? HeightEngine::Unity
                         : e == "reforger" ? HeightEngine::Reforger
                                           : HeightEngine::AsIs;
            if (out.engine == HeightEngine::AsIs) {
                std::fprintf(stderr, "rvimport map: --engine %s: give godot, unreal, unity or reforger\n",
                             value.c_str());
                return false;
            }
            continue;
        }
        long n = 0;
        const bool ok = name == "--origin" ? parseOrigin(value, out.geo)
                        : name == "--epsg" ? parseCount(value, 1, 999999, n)
                                           : parseCount(value, 1, 65536, n);
        if (!ok) {
            std::fprintf(stderr, "rvimport map: %s %s: %s\n", name.c_str(), value.c_str(),
                         name == "--origin" ? "give the easting and northing as E,N (metres)" : "give a whole number");
            return false;
        }
        if (name == "--epsg") out.geo.epsg = int(n);
        if (name == "--mosaic-size") out.mosaicSize = uint32_t(n);
    }
    return parseCliOptions("map", rest, false, out.cli);
}

}  // namespace

int runMap(const std::vector<std::string>& args) {
    MapArgs m;
    if (!parseMapArgs(args, m)) return kExitUsage;
    if (m.cli.positional.size() != 2) return mapUsage();
    const std::string& in = m.cli.positional[0];
    const std::string& outDir = m.cli.positional[1];
    if (const std::string problem = inputProblem(in); !problem.empty()) {
        std::fprintf(stderr, "rvimport map: %s\n", problem.c_str());
        return kExitDecode;
    }
    if (const std::string problem = dataRootProblem(m.cli.decode); !problem.empty()) {
        std::fprintf(stderr, "rvimport map: %s\n", problem.c_str());
        return kExitUsage;
    }
    if (m.tiles && leafletFiles().empty()) {
        std::fprintf(stderr,
                     "rvimport map: --tiles: this build has no Leaflet (scripts/setup.sh installs it from npm)\n");
        return kExitUsage;
    }
    startGdal(kGdalCache);
    if (const std::string e = checkEpsg(m.geo); !e.empty()) {  // before anything is read or written
        std::fprintf(stderr, "rvimport map: --epsg %d: %s\n", m.geo.epsg, e.c_str());
        return kExitUsage;
    }
    OpenRequest request = accepting(kAcceptTerrain);
    auto file = openFile(in, m.cli.decode, request);
    if (!file) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(file.error(), in, fileNameOf(in))).c_str());
        return kExitDecode;
    }
    printWarnings(in, file->name, file->warnings);
    noteInput(in);  // with what its data root reads, never replaced by the map (input_files.hpp)
    noteDataRoot(file->dataRoot);
    if (!file->budget->tryCharge(kGdalCache)) {
        std::fprintf(stderr, "rvimport map: %s\n", file->budget->overMessage("GDAL's block cache", kGdalCache).c_str());
        return kExitDecode;
    }
    const int written = writeMapFolder(file.value(), in, outDir, m.geo, m.mosaicSize, m.tiles, m.engine);
    // With a data root, the map ends as export does: how many layer pictures it found there.
    if (const DataRootCheck check = checkDataRoot(file.value(), m.cli); !check.line.empty() && !m.cli.quiet)
        std::fprintf(stderr, "%s\n", printable(check.line).c_str());
    return written;
}

}  // namespace rv::cli
