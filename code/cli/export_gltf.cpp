// `rvimport export IN OUT.glb|.gltf`: our own glTF writer (rv/gltf.hpp), the default for those two
// formats; `--via-assimp` sends them through Assimp's exporter instead. No Assimp here, so the
// Assimp-free build writes glTF too.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/output_file.hpp"
#include "cli/shared_textures.hpp"
#include "rv/defaults.hpp"
#include "rv/gltf.hpp"
#include "rv/memory_budget.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

// 1: .glb, 0: .gltf, -1: not glTF 2 (by -f, else by OUT's extension). Assimp's ids "glb" and
// "gltf" are glTF 1.0: those stay with Assimp.
int gltfKind(const CliOptions& opt, const std::string& out) {
    const std::string id = asciiLower(opt.format);
    if (!id.empty()) return id == "glb2" ? 1 : id == "gltf2" ? 0 : -1;
    const std::string ext = asciiLower(fs::u8path(out).extension().u8string());
    return ext == ".glb" ? 1 : ext == ".gltf" ? 0 : -1;
}

ByteSink fileSink(std::FILE* f) {
    return [f](const void* data, size_t size) { return std::fwrite(data, 1, size, f) == size; };
}

// The images in a batch's shared folder that the .gltf references: each there before the main
// file is written. What another output wrote stays even when this one fails: it references it.
std::string writeSharedImages(const GltfOutput& output, SharedTextureFolder* shared) {
    for (size_t i = 0; shared && i < output.sharedImageCount(); ++i)
        if (std::string e = shared->ensure(output.sharedImageName(i), [&] { return output.sharedImagePng(i); });
            !e.empty())
            return e;
    return {};
}

// Writes the .gltf's side files, then the main file; on any failure removes what it wrote.
std::string writeOutput(const GltfOutput& output, const std::string& in, const std::string& out,
                        SharedTextureFolder* shared) {
    if (std::string e = writeSharedImages(output, shared); !e.empty()) return e;
    const fs::path folder = fs::u8path(out).parent_path();
    std::vector<fs::path> written, madeFolders;
    auto undo = [&] {  // the files written so far, and the folders made for them (the textures folder)
        std::error_code ec;
        for (const fs::path& p : written) fs::remove(p, ec);
        for (const fs::path& p : madeFolders) fs::remove(p, ec);
    };
    // A device or a FIFO takes one stream: side files beside /dev/stdout make no sense.
    if (output.sideFileCount() > 0 && outputTarget(out).kind == OutputTarget::Kind::WriteThrough)
        return "cannot write " + out + ": a device or FIFO takes one file, and this export also writes " +
               output.sideFileName(0) + "; write into a folder, or export .glb";
    for (size_t i = 0; i < output.sideFileCount(); ++i) {
        const fs::path path = folder / fs::u8path(output.sideFileName(i));
        if (sameFile(path.u8string(), in)) {
            undo();
            return "rvimport export: " + path.u8string() + " is the input file; refusing to replace it";
        }
        std::error_code ec;
        if (!path.parent_path().empty() && fs::create_directories(path.parent_path(), ec))
            madeFolders.push_back(path.parent_path());
        const std::string e =
            writeFileSafely(path.u8string(), [&](std::FILE* f) { return output.writeSideFile(i, fileSink(f)); });
        if (!e.empty()) {
            undo();
            return e;
        }
        written.push_back(path);
    }
    const std::string e = writeFileSafely(out, [&](std::FILE* f) { return output.writeMain(fileSink(f)); });
    if (!e.empty()) undo();
    return e;
}

// The --animation files, decoded for the writer (which keeps pointers into them). False with
// `error` set when one cannot be read or is not an animation.
bool openAnimations(const CliOptions& opt, std::vector<OpenedFile>& opened, GltfOptions& gltf, std::string& error) {
    opened.reserve(opt.animations.size());
    for (const std::string& path : opt.animations) {
        Result<OpenedFile> file = openFile(path, opt.decode, accepting(kAcceptAnimation));
        if (!file) {
            error = "--animation: " + diagnosticLine(file.error());
            return false;
        }
        opened.push_back(std::move(file.value()));
    }
    for (const OpenedFile& f : opened) gltf.animations.push_back({fs::u8path(f.name).stem().u8string(), &*f.animation});
    gltf.animationFps = opt.animationFps;
    return true;
}

}  // namespace

bool usesOurGltf(const CliOptions& opt, const std::string& out) { return !opt.viaAssimp && gltfKind(opt, out) >= 0; }

GltfConversion convertWithGltf(const CliOptions& given, const std::string& in, const std::string& out,
                               const std::vector<uint8_t>* bytes) {
    // One budget for everything this import reads: the input, its model.cfg and config, every
    // --animation and every texture (each file once had a limit of its own, issue 40).
    MemoryBudget budget(given.decode.memoryLimit);
    CliOptions opt = given;
    if (!opt.decode.budget) opt.decode.budget = &budget;
    GltfConversion c;
    GltfOptions gltf = gltfOptionsFor(opt.target);
    gltf.gpuInstancing = opt.gpuInstancing.value_or(gltf.gpuInstancing);
    gltf.quantize = opt.quantize.value_or(gltf.quantize);
    gltf.satellite = opt.satellite ? defaults::kSatelliteSize : 0;
    gltf.binary = gltfKind(opt, out) == 1;
    gltf.stem = fs::u8path(out).stem().u8string();
    gltf.grid = opt.grid;
    if (opt.textureFolder && !gltf.binary)
        gltf.sharedImageUri = opt.textureFolder->uriFrom(fs::u8path(out).parent_path());
    Result<OpenedFile> file = bytes ? openForGltf(bytes->data(), bytes->size(), fileNameOf(in), opt.decode, gltf)
                                    : openForGltf(in, opt.decode, gltf);
    if (!file) {
        c.error = diagnosticLine(file.error());
        return c;
    }
    std::vector<Warning> found = file->warnings;  // the door's, then the writer's: capped together
    auto toLines = [&] {
        for (const Warning& w : capWarnings(found, warningsPerKind()))
            c.warnings.push_back(diagnosticLine(w, in, file->name));
    };
    const DataRootCheck check = checkDataRoot(file.value(), opt);
    c.dataRootLine = check.line;
    c.tally = check.tally;
    std::vector<OpenedFile> animations;
    if (!check.error.empty() || !openAnimations(opt, animations, gltf, c.error)) {
        if (!check.error.empty()) c.error = check.error;
        toLines();
        return c;
    }
    if (!animations.empty() && file->kind != FileKind::Model)
        found.push_back(
            makeWarning(DiagKind::BadValue, "--animation applies to models; the terrain is written without it"));
    Result<GltfOutput> output = gltfFromFile(file.value(), gltf);
    if (!output) {
        c.error = diagnosticLine(output.error());
        toLines();
        return c;
    }
    found.insert(found.end(), output->warnings().begin(), output->warnings().end());
    toLines();
    c.error = writeOutput(output.value(), in, out, opt.textureFolder.get());
    return c;
}

int exportWithGltf(const CliOptions& opt, const std::string& in, const std::string& out) {
    if (!usesOurGltf(opt, out)) return -1;
    const GltfConversion c = convertWithGltf(opt, in, out);
    // One order everywhere: the error, then the input's warnings, then the summary.
    if (!c.error.empty()) std::fprintf(stderr, "%s\n", printable(c.error).c_str());
    printWarnings(c.warnings);
    if (!c.error.empty()) {
        if (!c.dataRootLine.empty()) std::fprintf(stderr, "%s\n", printable(c.dataRootLine).c_str());
        return kExitDecode;
    }
    printExportSummary(opt, out, c.dataRootLine, c.warnings.size());
    return kExitOk;
}

}  // namespace rv::cli
