// Argument parsing for `rvimport export` and `rvimport batch`.
#include "cli/arguments.hpp"
#include "cli/help.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rv::cli {
namespace {

enum class Opt {
    Text,  // a text field of Options, stored as given (OptSpec::text)
    Format,
    Autocenter,
    MemoryLimit,
    MaxMemory,
    Easting,
    Northing,
    CellSize,
    Jobs,
    TerrainStep,
    Region,
    Instancing,
    TileCells,
    Quantize,
    NoQuantize,
    Target,
    Verbose,
    MaxTextureSize,
    Animation,
    AnimationFps,
    Proxies,
    Mip,
    Shard,
    Manifest,
    Textures,
    Flag  // a switch without a value: OptSpec::flag is set
};

struct OptSpec {
    const char* name;
    Opt id;
    bool takesValue;
    bool batchOnly;
    std::string Options::*text = nullptr;  // Opt::Text: the field the value goes to
    bool CliOptions::*flag = nullptr;      // Opt::Flag: the switch it sets
};

constexpr OptSpec kSpecs[] = {
    {"-f", Opt::Format, true, false},
    {"--format", Opt::Format, true, false},
    {"--lod", Opt::Text, true, false, &Options::lods},
    {"--autocenter", Opt::Autocenter, true, false},
    {"--max-memory", Opt::MaxMemory, true, false},
    {"--memory-limit", Opt::MemoryLimit, true, false},  // the same in megabytes, its earlier form
    {"--easting", Opt::Easting, true, false},
    {"--northing", Opt::Northing, true, false},
    {"--cell-size", Opt::CellSize, true, false},
    {"--data-root", Opt::Text, true, false, &Options::dataRoot},
    {"--data-folder", Opt::Text, true, false, &Options::dataRoot},  // the earlier name of --data-root
    {"--include-root", Opt::Text, true, false, &Options::includeRoot},
    {"--selections-as-bones", Opt::Flag, false, false, nullptr, &CliOptions::selectionsAsBones},
    {"-j", Opt::Jobs, true, true},
    {"--shard", Opt::Shard, true, true},
    {"--manifest", Opt::Manifest, true, true},
    {"--textures", Opt::Textures, true, true},
    {"--via-assimp", Opt::Flag, false, false, nullptr, &CliOptions::viaAssimp},
    {"--terrain-step", Opt::TerrainStep, true, false},
    {"--region", Opt::Region, true, false},
    {"--instancing", Opt::Instancing, true, false},
    {"--tile-cells", Opt::TileCells, true, false},
    {"--quantize", Opt::Quantize, false, false},
    {"--satellite", Opt::Flag, false, false, nullptr, &CliOptions::satellite},
    {"--no-quantize", Opt::NoQuantize, false, false},
    {"--target", Opt::Target, true, false},
    {"--verbose", Opt::Verbose, false, false},
    {"-v", Opt::Verbose, false, false},
    {"--config", Opt::Text, true, false, &Options::retextureConfig},
    {"--class", Opt::Text, true, false, &Options::retextureClass},
    {"--max-texture-size", Opt::MaxTextureSize, true, false},
    {"--model-cfg", Opt::Text, true, false, &Options::modelConfig},
    {"--animation", Opt::Animation, true, false},
    {"--animation-fps", Opt::AnimationFps, true, false},
    {"--proxies", Opt::Proxies, true, false},
    {"--mip", Opt::Mip, true, false},
    {"--raw-channels", Opt::Flag, false, false, nullptr, &CliOptions::rawChannels},
    {"-q", Opt::Flag, false, false, nullptr, &CliOptions::quiet},
    {"--quiet", Opt::Flag, false, false, nullptr, &CliOptions::quiet},
    {"--strict", Opt::Flag, false, false, nullptr, &CliOptions::strict},
};

constexpr long kMaxMemoryLimitMb = 1L << 20;  // 1 TiB; RV_IMPORT_MEMORY_BUDGET_MB is an int

// One option argument split into its name and, when written inline, its value:
// "--lod=first", "-fglb2" (assimp's spelling), "-j4".
struct SplitArg {
    std::string name, value;
    bool inlineValue = false;
};

SplitArg splitArg(const std::string& a) {
    if (a.rfind("--", 0) == 0) {
        const size_t eq = a.find('=');
        if (eq == std::string::npos) return {a, "", false};
        return {a.substr(0, eq), a.substr(eq + 1), true};
    }
    if ((a.rfind("-f", 0) == 0 || a.rfind("-j", 0) == 0) && a.size() > 2 && a[2] != '-')
        return {a.substr(0, 2), a.substr(2), true};
    return {a, "", false};
}

// --proxies resolve|all|nodes (Options::proxies).
bool parseProxies(const char* verb, const std::string& v, ProxyMode& mode) {
    if (v != "resolve" && v != "all" && v != "nodes") {
        std::fprintf(stderr, "rvimport %s: --proxies wants resolve, all or nodes, not '%s'\n", verb, v.c_str());
        return false;
    }
    mode = v == "resolve" ? ProxyMode::Drawn : v == "all" ? ProxyMode::All : ProxyMode::Nodes;
    return true;
}

const OptSpec* findSpec(const std::string& name, bool batch) {
    for (const OptSpec& s : kSpecs)
        if (name == s.name && (batch || !s.batchOnly)) return &s;
    return nullptr;
}

bool parseNumber(const char* verb, const std::string& name, const std::string& v, double& out) {
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (v.empty() || !end || *end || !std::isfinite(d) || (name == "--cell-size" && d <= 0)) {
        std::fprintf(stderr, "rvimport %s: %s wants a number, not '%s'\n", verb, name.c_str(), v.c_str());
        return false;
    }
    out = d;
    return true;
}

// "x0,z0,x1,z1": metres from the map's south-west corner, west < east and south < north.
bool parseRegion(const std::string& v, TerrainGrid& grid) {
    double r[4];
    const char* p = v.c_str();
    for (int i = 0; i < 4; ++i) {
        char* end = nullptr;
        r[i] = std::strtod(p, &end);
        if (end == p || !std::isfinite(r[i]) || *end != (i < 3 ? ',' : '\0')) return false;
        p = end + (i < 3);
    }
    if (!(r[0] < r[2] && r[1] < r[3])) return false;
    grid.west = r[0], grid.south = r[1], grid.east = r[2], grid.north = r[3];
    return true;
}

// Options stored as given (text, or a flag); false when `spec` is not one of them.
bool storeAsGiven(const OptSpec& spec, const std::string& v, CliOptions& out) {
    if (spec.text) {
        out.decode.*spec.text = v;
        return true;
    }
    if (spec.flag) {
        out.*spec.flag = true;
        return true;
    }
    switch (spec.id) {
        case Opt::Format:
            out.format = v;
            break;
        case Opt::Verbose:
            out.decode.verbose = true;
            printEveryWarning();
            break;
        case Opt::Animation:
            out.animations.push_back(v);
            break;
        case Opt::Manifest:
            out.manifest = v;
            break;
        case Opt::Quantize:
            out.quantize = true;
            break;
        case Opt::NoQuantize:
            out.quantize = false;
            break;
        default:
            return false;
    }
    return true;
}

// Options that are a whole number or a size; false after reporting a bad value, or when `spec`
// is none of them (`handled` false).
bool applyCount(const char* verb, const OptSpec& spec, const std::string& v, CliOptions& out, bool& handled) {
    handled = true;
    long count = 0;
    switch (spec.id) {
        case Opt::MemoryLimit:
            if (!parseCount(v, 1, kMaxMemoryLimitMb, count)) {
                std::fprintf(stderr, "rvimport %s: --memory-limit wants megabytes from 1 to %ld, not '%s'\n", verb,
                             kMaxMemoryLimitMb, v.c_str());
                return false;
            }
            out.decode.memoryLimit = uint64_t(count) << 20;
            out.memoryLimitGiven = true;
            return true;
        case Opt::MaxMemory:
            if (!parseSize(v, out.decode.memoryLimit)) {
                std::fprintf(stderr,
                             "rvimport %s: --max-memory wants a size from 1M to %ldG (bytes, or with K, M, G, T), "
                             "not '%s'\n",
                             verb, kMaxMemoryLimitMb >> 10, v.c_str());
                return false;
            }
            out.memoryLimitGiven = true;
            return true;
        case Opt::TerrainStep:
        case Opt::TileCells:
            if (!parseCount(v, spec.id == Opt::TerrainStep ? 1 : 2, spec.id == Opt::TerrainStep ? 4096 : 4096, count)) {
                std::fprintf(stderr, "rvimport %s: %s wants a whole number from %d to 4096, not '%s'\n", verb,
                             spec.name, spec.id == Opt::TerrainStep ? 1 : 2, v.c_str());
                return false;
            }
            (spec.id == Opt::TerrainStep ? out.grid.step : out.grid.tileCells) = uint32_t(count);
            return true;
        case Opt::Shard:
            if (!parseShard(v, out.shard, out.shards)) {
                std::fprintf(stderr,
                             "rvimport %s: --shard wants K/N, this machine's share of N, with 1 <= K <= N "
                             "(2/4: the second of four), not '%s'\n",
                             verb, v.c_str());
                return false;
            }
            return true;
        case Opt::Jobs:
            if (!parseCount(v, 1, 1024, count)) {
                std::fprintf(stderr, "rvimport %s: -j wants a thread count from 1 to 1024, not '%s'\n", verb,
                             v.c_str());
                return false;
            }
            out.jobs = unsigned(count);
            return true;
        case Opt::Mip:
            if (!parseCount(v, 0, 65535, count)) {
                std::fprintf(stderr, "rvimport %s: --mip wants a whole number, not '%s'\n", verb, v.c_str());
                return false;
            }
            out.mip = size_t(count);
            return true;
        case Opt::MaxTextureSize:
            if (!parseCount(v, 0, 65536, count)) {
                std::fprintf(stderr,
                             "rvimport %s: --max-texture-size wants pixels from 0 (no cap) to 65536, not '%s'\n", verb,
                             v.c_str());
                return false;
            }
            out.decode.maxTextureSize = uint32_t(count);
            return true;
        default:
            handled = false;
            return false;
    }
}

// Stores one option's value; false after reporting a bad value.
bool apply(const char* verb, const OptSpec& spec, const std::string& v, CliOptions& out) {
    if (storeAsGiven(spec, v, out)) return true;
    bool handled = false;
    const bool counted = applyCount(verb, spec, v, out, handled);
    if (handled) return counted;
    double number = 0;
    switch (spec.id) {
        case Opt::Proxies:
            return parseProxies(verb, v, out.decode.proxies);
        case Opt::Autocenter:
            if (v != "on" && v != "off") {
                std::fprintf(stderr, "rvimport %s: --autocenter wants on or off, not '%s'\n", verb, v.c_str());
                return false;
            }
            out.decode.autocenter = v == "on";
            return true;
        case Opt::Easting:
        case Opt::Northing:
        case Opt::CellSize:
            if (!parseNumber(verb, spec.name, v, number)) return false;
            if (spec.id == Opt::Easting)
                out.easting = number;
            else if (spec.id == Opt::Northing)
                out.northing = number;
            else
                out.decode.defaultCellSize = float(number);
            return true;
        case Opt::AnimationFps:
            if (!parseNumber(verb, spec.name, v, number)) return false;
            if (!defaults::animationFpsInRange(number)) {  // NaN fails too
                std::fprintf(stderr, "rvimport %s: --animation-fps wants frames per second from %g to %g, not '%s'\n",
                             verb, defaults::kMinAnimationFps, defaults::kMaxAnimationFps, v.c_str());
                return false;
            }
            out.animationFps = float(number);
            return true;
        case Opt::Target:
            if (!parseGltfTarget(v, out.target)) {
                std::fprintf(stderr, "rvimport %s: --target wants generic, godot, unreal, unity or blender, not '%s'\n",
                             verb, v.c_str());
                return false;
            }
            return true;
        case Opt::Region:
            if (!parseRegion(v, out.grid)) {
                std::fprintf(stderr,
                             "rvimport %s: --region wants WEST,SOUTH,EAST,NORTH in metres (west < east, south < "
                             "north), not '%s'\n",
                             verb, v.c_str());
                return false;
            }
            return true;
        case Opt::Textures:
            return parseTexturesMode(verb, v, out.externalTextures);
        case Opt::Instancing:
            if (v != "gpu" && v != "nodes") {
                std::fprintf(stderr, "rvimport %s: --instancing wants gpu or nodes, not '%s'\n", verb, v.c_str());
                return false;
            }
            out.gpuInstancing = v == "gpu";
            return true;
        default:
            return false;
    }
}

}  // namespace

// "512M", "2G", "1.5G", "300000000": bytes, or K/M/G/T (binary, an optional trailing "B" or
// "iB") after a number. Refused below 1 MiB: the Assimp property counts whole MiB.
bool parseSize(const std::string& v, uint64_t& out) {
    char* end = nullptr;
    const double n = std::strtod(v.c_str(), &end);
    if (v.empty() || !end || end == v.c_str() || !std::isfinite(n) || n <= 0 || v[0] == '-') return false;
    std::string unit = asciiLower(end);
    if (unit.size() > 1 &&
        (unit.compare(1, std::string::npos, "b") == 0 || unit.compare(1, std::string::npos, "ib") == 0))
        unit.resize(1);
    int shift;
    if (unit.empty() || unit == "b")
        shift = 0;
    else if (unit == "k")
        shift = 10;
    else if (unit == "m")
        shift = 20;
    else if (unit == "g")
        shift = 30;
    else if (unit == "t")
        shift = 40;
    else
        return false;
    const double bytes = std::ldexp(n, shift);
    if (bytes < double(1 << 20) || bytes > double(uint64_t(kMaxMemoryLimitMb) << 20)) return false;
    out = uint64_t(bytes);
    return true;
}

bool parseCliOptions(const char* verb, const std::vector<std::string>& args, bool batch, CliOptions& out) {
    const char* strict = std::getenv("RV_IMPORT_STRICT");  // pipelines set it once for every command
    out.strict = strict && *strict && std::string(strict) != "0";
    bool optionsEnded = false;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!optionsEnded && a == "--") {
            optionsEnded = true;  // everything after is a file name, even "-f.p3d"
            continue;
        }
        if (optionsEnded || a.size() < 2 || a[0] != '-') {
            out.positional.push_back(a);
            continue;
        }
        SplitArg arg = splitArg(a);
        const OptSpec* spec = findSpec(arg.name, batch);
        if (!spec || (arg.inlineValue && !spec->takesValue)) {
            reportUnknownOption(verb, a);
            return false;
        }
        if (spec->takesValue && !arg.inlineValue) {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: %s needs a value\n", verb, arg.name.c_str());
                return false;
            }
            arg.value = args[++i];
        }
        if (!apply(verb, *spec, arg.value, out)) return false;
    }
    return true;
}

bool isTerrain(FileFormat format) {
    return format == FileFormat::Wrp4WVR || format == FileFormat::Wrp8WVR || format == FileFormat::WrpOprw;
}

}  // namespace rv::cli
