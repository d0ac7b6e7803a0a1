// The Assimp-backed verbs: export, batch, listext, listexport, knowext, exportinfo.
// They mirror the `assimp` tool's verbs; our importers are registered next to Assimp's own,
// so any format Assimp reads converts too.
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "cli/commands.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/wrp.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

struct ConvertOptions {
    std::string format;  // exporter id; empty = guess from the output extension
    std::string lods = "all";
    double easting = 200000, northing = 0;  // terrain exports: Terrain Builder's default mapframe
    float cellSize = 50;                    // 4WVR / OPRW v2-3 height-grid spacing
    std::string dataFolder;                 // where a terrain's object models are found
    bool selectionsAsBones = false;
    unsigned jobs = 0;  // batch only; 0 = one per core
    std::vector<std::string> positional;
};

// Parses `-f ID`/`-fID`, `--lod SPEC`, `--selections-as-bones`, `-j N`. Returns false on a usage
// error (already reported).
bool parseOptions(const char* verb, const std::vector<std::string>& args, bool batch, ConvertOptions& out) {
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> const std::string* {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: %s needs a value\n", verb, what);
                return nullptr;
            }
            return &args[++i];
        };
        if (a == "-f" || a == "--format") {
            const std::string* v = value(a.c_str());
            if (!v) return false;
            out.format = *v;
        } else if (a.rfind("-f", 0) == 0 && a.size() > 2 && a[2] != '-') {
            out.format = a.substr(2);  // assimp's spelling: -fglb2
        } else if (a.rfind("--format=", 0) == 0) {
            out.format = a.substr(9);
        } else if (a == "--lod") {
            const std::string* v = value("--lod");
            if (!v) return false;
            out.lods = *v;
        } else if (a.rfind("--lod=", 0) == 0) {
            out.lods = a.substr(6);
        } else if (a == "--easting" || a == "--northing" || a == "--cell-size") {
            const std::string* v = value(a.c_str());
            if (!v) return false;
            char* end = nullptr;
            const double d = std::strtod(v->c_str(), &end);
            if (!end || *end || !std::isfinite(d) || (a == "--cell-size" && d <= 0)) {
                std::fprintf(stderr, "rvimport %s: %s wants a number, not '%s'\n", verb, a.c_str(), v->c_str());
                return false;
            }
            if (a == "--easting") out.easting = d;
            else if (a == "--northing") out.northing = d;
            else out.cellSize = float(d);
        } else if (a == "--data-folder") {
            const std::string* v = value("--data-folder");
            if (!v) return false;
            out.dataFolder = *v;
        } else if (a == "--selections-as-bones") {
            out.selectionsAsBones = true;
        } else if (batch && (a == "-j" || a.rfind("-j", 0) == 0)) {
            std::string v = a.size() > 2 ? a.substr(2) : "";
            if (v.empty()) {
                const std::string* next = value("-j");
                if (!next) return false;
                v = *next;
            }
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (!end || *end || n < 1 || n > 1024) {
                std::fprintf(stderr, "rvimport %s: -j wants a thread count from 1 to 1024, not '%s'\n", verb, v.c_str());
                return false;
            }
            out.jobs = unsigned(n);
        } else if (a.size() > 1 && a[0] == '-') {
            std::fprintf(stderr, "rvimport %s: unknown option %s\n", verb, a.c_str());
            return false;
        } else {
            out.positional.push_back(a);
        }
    }
    return true;
}

const aiExportFormatDesc* findFormat(const Assimp::Exporter& exporter, const std::string& id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (lower(d->id) == lower(id)) return d;
    }
    return nullptr;
}

// As `assimp export`: the first exporter whose extension matches wins (.glb -> glb2).
const aiExportFormatDesc* guessFormat(const Assimp::Exporter& exporter, const std::string& outPath) {
    const std::string ext = lower(fs::path(outPath).extension().string());
    if (ext.size() < 2) return nullptr;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (lower(d->fileExtension) == ext.substr(1)) return d;
    }
    return nullptr;
}

void configure(Assimp::Importer& importer, const ConvertOptions& opt) {
    registerImporters(importer);
    importer.SetPropertyString(kPropertyLods, opt.lods);
    importer.SetPropertyInteger(kPropertySelectionsAsBones, opt.selectionsAsBones ? 1 : 0);
    importer.SetPropertyFloat(kPropertyWrpCellSize, opt.cellSize);
    importer.SetPropertyString(kPropertyDataFolder, opt.dataFolder);
}

// The two terrain exports Assimp has no writer for, chosen by -f asc / -f tbobjects or by the
// extensions .asc / .txt; returns -1 when the request is not one of them.
int exportTerrainSpecial(const ConvertOptions& opt, const std::string& in, const std::string& out) {
    std::string kind = lower(opt.format);
    if (kind.empty()) {
        const std::string ext = lower(fs::path(out).extension().string());
        kind = ext == ".asc" ? "asc" : ext == ".txt" ? "tbobjects" : "";
    }
    if (kind != "asc" && kind != "tbobjects") return -1;
    auto bytes = readFileBytes(in);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", bytes.error().message.c_str());
        return kExitDecode;
    }
    const FileFormat format = sniffFormat(bytes->data(), bytes->size());
    if (format != FileFormat::Wrp4WVR && format != FileFormat::Wrp8WVR && format != FileFormat::WrpOprw) {
        std::fprintf(stderr, "rvimport export: %s exports need a terrain (.wrp); %s is %s\n", kind.c_str(),
                     fileNameOf(in).c_str(), formatName(format));
        return kExitUsage;
    }
    Options decode;
    decode.defaultCellSize = opt.cellSize;
    auto terrain = decodeWrp(bytes->data(), bytes->size(), fileNameOf(in), decode);
    if (!terrain) {
        std::fprintf(stderr, "%s\n", terrain.error().message.c_str());
        return kExitDecode;
    }
    std::FILE* f = std::fopen(out.c_str(), "wb");
    if (!f) {
        std::fprintf(stderr, "rvimport export: cannot write %s\n", out.c_str());
        return kExitDecode;
    }
    const bool ok = kind == "asc" ? writeEsriAscii(f, terrain.value(), opt.easting, opt.northing)
                                  : writeTerrainBuilderObjects(f, terrain.value(), opt.easting, opt.northing);
    if (std::fclose(f) != 0 || !ok) {
        std::fprintf(stderr, "rvimport export: writing %s failed\n", out.c_str());
        return kExitDecode;
    }
    return kExitOk;
}

// Assimp 5.2.5's pbrt exporter can only open a bare file name in the current directory.
// Changing directory is process-wide, so batch runs such formats on one thread.
bool needsOutputFolderAsCwd(const std::string& formatId) { return formatId == "pbrt"; }

// Assimp 5.2.5's glTF exporter makes node ids unique by probing name, name_1, name-2, ... one
// by one: a terrain with 25 000 placements of one model took minutes. Later duplicates get
// " #2", " #3"... (the first keeps its name, so bone lookups by name are unchanged).
void uniquifyNodeNames(aiNode* root) {
    std::unordered_map<std::string, unsigned> seen;
    std::vector<aiNode*> stack{root};
    while (!stack.empty()) {
        aiNode* n = stack.back();
        stack.pop_back();
        const unsigned count = ++seen[n->mName.C_Str()];
        if (count > 1) {
            std::string name = std::string(n->mName.C_Str()) + " #" + std::to_string(count);
            if (name.size() < MAXLEN) n->mName.Set(name.c_str());
        }
        for (unsigned i = n->mNumChildren; i-- > 0;) stack.push_back(n->mChildren[i]);
    }
}

// Imports `in` and writes `out` with `format`. Returns an empty string or the reason it failed.
std::string convertOne(Assimp::Importer& importer, Assimp::Exporter& exporter, const std::string& in,
                       const std::string& out, const std::string& formatId) {
    const aiScene* scene = importer.ReadFile(in, aiProcess_ValidateDataStructure);
    if (!scene) return importer.GetErrorString();  // only meaningful after a failure (see notes)
    if (formatId.rfind("gltf", 0) == 0 || formatId.rfind("glb", 0) == 0)
        uniquifyNodeNames(const_cast<aiNode*>(scene->mRootNode));  // the importer's own scene
    aiReturn written;
    if (needsOutputFolderAsCwd(formatId)) {
        std::error_code ec;
        const fs::path target = fs::absolute(out, ec), cwd = fs::current_path(ec);
        fs::current_path(target.parent_path(), ec);
        written = ec ? aiReturn_FAILURE : exporter.Export(scene, formatId, target.filename().string());
        fs::current_path(cwd, ec);
    } else {
        written = exporter.Export(scene, formatId, out);
    }
    if (written != AI_SUCCESS) {
        std::string why = exporter.GetErrorString();
        importer.FreeScene();
        return "export to " + formatId + " failed: " + (why.empty() ? "no reason given" : why);
    }
    importer.FreeScene();
    return {};
}

std::set<std::string> ourExtensions() {
    Assimp::Importer probe;
    const size_t builtIn = probe.GetImporterCount();
    registerImporters(probe);
    std::set<std::string> exts;
    for (size_t i = builtIn; i < probe.GetImporterCount(); ++i) {
        std::set<std::string> e;
        probe.GetImporter(i)->GetExtensionList(e);
        exts.insert(e.begin(), e.end());
    }
    return exts;
}

}  // namespace

int runExport(const std::vector<std::string>& args) {
    ConvertOptions opt;
    if (!parseOptions("export", args, false, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(stderr, "usage: rvimport export IN OUT [-f FORMAT_ID] [--lod all|visual|first|NAME] [--selections-as-bones]\n"
                             "       [--cell-size M] [--easting E] [--northing N] [--data-folder DIR]\n"
                             "       (terrains; -f asc / -f tbobjects)\n");
        return kExitUsage;
    }
    const fs::path outParent = fs::path(opt.positional[1]).parent_path();
    std::error_code parentErr;
    if (!outParent.empty()) fs::create_directories(outParent, parentErr);  // a failure shows up when writing
    const int special = exportTerrainSpecial(opt, opt.positional[0], opt.positional[1]);
    if (special >= 0) return special;
    Assimp::Exporter exporter;
    const aiExportFormatDesc* format = opt.format.empty() ? guessFormat(exporter, opt.positional[1])
                                                          : findFormat(exporter, opt.format);
    if (!format) {
        if (opt.format.empty())
            std::fprintf(stderr, "rvimport export: cannot tell the output format from '%s'; give -f FORMAT_ID (rvimport listexport)\n",
                         opt.positional[1].c_str());
        else
            std::fprintf(stderr, "rvimport export: unknown format id '%s' (rvimport listexport)\n", opt.format.c_str());
        return kExitUsage;
    }
    Assimp::Importer importer;
    configure(importer, opt);
    const fs::path parent = fs::path(opt.positional[1]).parent_path();
    std::error_code dirErr;
    if (!parent.empty()) fs::create_directories(parent, dirErr);  // a failure shows up as the export's
    const std::string why = convertOne(importer, exporter, opt.positional[0], opt.positional[1], format->id);
    if (!why.empty()) {
        std::fprintf(stderr, "%s\n", why.c_str());
        return kExitDecode;
    }
    return kExitOk;
}

int runBatch(const std::vector<std::string>& args) {
    ConvertOptions opt;
    if (!parseOptions("batch", args, true, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(stderr, "usage: rvimport batch IN_DIR OUT_DIR [-f FORMAT_ID] [-j N] [--lod all|visual|first|NAME]\n");
        return kExitUsage;
    }
    const fs::path inDir = opt.positional[0], outDir = opt.positional[1];
    Assimp::Exporter probeExporter;
    const aiExportFormatDesc* format = findFormat(probeExporter, opt.format.empty() ? "glb2" : opt.format);
    if (!format) {
        std::fprintf(stderr, "rvimport batch: unknown format id '%s' (rvimport listexport)\n", opt.format.c_str());
        return kExitUsage;
    }
    std::error_code ec;
    if (!fs::is_directory(inDir, ec)) {
        std::fprintf(stderr, "rvimport batch: '%s' is not a directory\n", inDir.string().c_str());
        return kExitUsage;
    }

    // Every file with one of our extensions, in a stable order.
    const std::set<std::string> exts = ourExtensions();
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(inDir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const std::string ext = lower(it->path().extension().string());
        if (ext.size() > 1 && exts.count(ext.substr(1))) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());

    struct Outcome {
        enum Kind { Converted, Skipped, Failed } kind = Failed;
        std::string reason;
    };
    std::vector<Outcome> outcomes(files.size());
    std::atomic<size_t> next{0}, done{0}, failed{0};
    std::mutex progressMutex;
    const bool tty = isatty(fileno(stderr)) != 0;
    auto progress = [&]() {
        if (!tty) return;
        std::lock_guard<std::mutex> lock(progressMutex);
        const size_t d = done.load(), total = files.size();
        const int width = 30, filled = total ? int(d * width / total) : width;
        std::fprintf(stderr, "\r[%s%s] %zu/%zu  failed %zu", std::string(size_t(filled), '#').c_str(),
                     std::string(size_t(width - filled), '.').c_str(), d, total, failed.load());
        std::fflush(stderr);
    };

    auto worker = [&]() {
        // One Importer/Exporter per thread: Debian's Assimp is built single-threaded, but
        // separate instances share nothing except the (null) logger.
        Assimp::Importer importer;
        Assimp::Exporter exporter;
        configure(importer, opt);
        for (size_t i; (i = next.fetch_add(1)) < files.size();) {
            Outcome& o = outcomes[i];
            uint8_t head[4] = {0, 0, 0, 0};
            if (std::FILE* f = std::fopen(files[i].c_str(), "rb")) {
                const size_t got = std::fread(head, 1, 4, f);
                std::fclose(f);
                const FileFormat kind = sniffFormat(head, got);
                if (kind == FileFormat::Mlod) {
                    o = {Outcome::Skipped, "editable MLOD model, not binarized"};
                }
            }
            if (o.reason.empty()) {
                fs::path rel = files[i].lexically_relative(inDir);
                fs::path out = outDir / rel;
                out.replace_extension(format->fileExtension);
                std::error_code dirErr;
                fs::create_directories(out.parent_path(), dirErr);
                const std::string why = convertOne(importer, exporter, files[i].string(), out.string(), format->id);
                if (why.empty()) o = {Outcome::Converted, ""};
                else {
                    o = {Outcome::Failed, why};
                    ++failed;
                }
            }
            ++done;
            progress();
        }
    };
    const auto start = std::chrono::steady_clock::now();
    unsigned jobs = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
    jobs = unsigned(std::min<size_t>(jobs, std::max<size_t>(1, files.size())));
    if (needsOutputFolderAsCwd(format->id)) jobs = 1;
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (tty) std::fputc('\n', stderr);

    size_t converted = 0, skipped = 0;
    for (size_t i = 0; i < files.size(); ++i) {
        const Outcome& o = outcomes[i];
        if (o.kind == Outcome::Converted) ++converted;
        else if (o.kind == Outcome::Skipped) {
            ++skipped;
            std::printf("skipped %s: %s\n", files[i].string().c_str(), o.reason.c_str());
        } else {
            std::printf("failed  %s: %s\n", files[i].string().c_str(), o.reason.c_str());
        }
    }
    std::printf("converted %zu, skipped %zu, failed %zu of %zu files to %s in %.2f s with %u threads\n", converted,
                skipped, size_t(failed.load()), files.size(), format->id, seconds, jobs);
    std::fflush(stdout);
    return failed.load() ? kExitDecode : kExitOk;
}

int runListExt() {
    Assimp::Importer importer;
    registerImporters(importer);
    std::string list;
    importer.GetExtensionList(list);
    std::printf("%s\n", list.c_str());
    return kExitOk;
}

int runListExport() {
    Assimp::Exporter exporter;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i)
        std::printf("%s\n", exporter.GetExportFormatDescription(i)->id);
    return kExitOk;
}

int runExportInfo(const std::vector<std::string>& args) {
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: rvimport exportinfo FORMAT_ID\n");
        return kExitUsage;
    }
    Assimp::Exporter exporter;
    const aiExportFormatDesc* d = findFormat(exporter, args[1]);
    if (!d) {
        std::fprintf(stderr, "rvimport exportinfo: unknown format id '%s'\n", args[1].c_str());
        return kExitDecode;
    }
    std::printf("%s\n%s\n%s\n", d->id, d->fileExtension, d->description);
    return kExitOk;
}

int runKnowExt(const std::vector<std::string>& args) {
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: rvimport knowext EXTENSION\n");
        return kExitUsage;
    }
    Assimp::Importer importer;
    registerImporters(importer);
    std::string ext = args[1];
    if (!ext.empty() && ext[0] != '.' && ext[0] != '*') ext = "." + ext;
    const bool known = importer.IsExtensionSupported(ext);
    std::printf("File extension '%s' is %sknown\n", args[1].c_str(), known ? "" : "not ");
    return known ? kExitOk : kExitDecode;
}

}  // namespace rv::cli
