// `rvimport export IN OUT`: the terrain exports of our own (.asc, Terrain Builder .txt) first,
// then glTF by our own writer (export_gltf.cpp), then any format Assimp writes (exportWithAssimp; a refusal when built without Assimp).
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/input_files.hpp"
#include "cli/output_file.hpp"
#include "rv/data_root.hpp"
#include "rv/defaults.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {

namespace {
size_t gWarningsPerKind = defaults::kWarningsPerKind;  // the one setting of the process, made once
}

void printEveryWarning() { gWarningsPerKind = SIZE_MAX; }

size_t warningsPerKind() { return gWarningsPerKind; }

void printWarnings(const std::string& input, const std::string& name, const std::vector<Warning>& warnings) {
    for (const Warning& w : capWarnings(warnings, warningsPerKind()))
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
    printVerbHelp("export", stderr);
    return kExitUsage;
}

// The folders of OUT's path that did not exist: made for the export, and removed again, deepest
// first and only while empty, when it fails (a failed command leaves no stray folders).
class MadeFolders {
public:
    explicit MadeFolders(const fs::path& folder) {
        std::error_code ec;
        for (fs::path p = folder; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
            made_.push_back(p);
            if (p == p.parent_path()) break;
        }
        if (!made_.empty()) fs::create_directories(folder, ec);  // a failure shows up when writing
    }
    MadeFolders(const MadeFolders&) = delete;
    MadeFolders& operator=(const MadeFolders&) = delete;
    void keep() { made_.clear(); }
    ~MadeFolders() {
        std::error_code ec;
        for (const fs::path& p : made_) fs::remove(p, ec);
    }

private:
    std::vector<fs::path> made_;
};

int exportInto(const CliOptions& opt, const std::string& in, const std::string& out, FileKind kind) {
    MadeFolders folders(fs::u8path(out).parent_path());
    int rc = kind == FileKind::Texture ? exportTexture(opt, in, out) : exportTerrainSpecial(opt, in, out);
    if (rc < 0) rc = exportWithGltf(opt, in, out);
    if (rc < 0) rc = exportWithAssimp(opt, in, out);
    if (rc == kExitOk) folders.keep();
    // An OUT found to be a file the import read (a texture of the data root) is refused as any
    // input is: exit 2 (docs/safety.md).
    if (rc == kExitDecode && !inputClash(out).empty()) rc = kExitUsage;
    return rc;
}

// The data root, opened once here so that both writers read through it and what it reads is
// known when OUT is written (an input too); its warnings are printed when the export is done.
// False after printing why not.
static bool openExportDataRoot(CliOptions& opt) {
    const std::string folder = dataRootFolder(opt.decode);
    if (folder.empty() || opt.decode.sharedDataRoot) return true;
    Result<DataRoot> root = DataRoot::open(folder, opt.decode);
    if (!root) {
        std::fprintf(stderr, "rvimport export: %s\n", printable(diagnosticLine(root.error())).c_str());
        return false;
    }
    opt.decode.sharedDataRoot = std::make_shared<const DataRoot>(std::move(root.value()));
    noteDataRoot(opt.decode.sharedDataRoot);
    return true;
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
    noteInput(in);
    for (const std::string& a : opt.animations) noteInput(a);
    noteInput(opt.decode.modelConfig.empty() ? findModelConfig(in) : opt.decode.modelConfig);
    noteInput(opt.decode.retextureConfig);
    if (const std::string clash = inputClash(out); !clash.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", printable(clash).c_str());
        return kExitUsage;
    }
    if (kind == FileKind::Texture) return exportInto(opt, in, out, kind);
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
    if (!openExportDataRoot(opt)) return kExitDecode;
    const int rc = exportInto(opt, in, out, kind);
    // The root's own warnings (a damaged PBO), once: those the export came upon. The root is
    // listed whole only when a reference was not a loose file (DataRoot::open).
    if (opt.decode.sharedDataRoot) printWarnings(in, fileNameOf(in), opt.decode.sharedDataRoot->warningsFound());
    return rc;
}

}  // namespace rv::cli
