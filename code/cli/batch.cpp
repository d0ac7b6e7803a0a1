// `rvimport batch IN_DIR OUT_DIR`: every .p3d / .wrp under IN_DIR converted through Assimp or our
// glTF writer, and every .paa / .pac texture to .png, on N threads, keeping the folder structure;
// the same for the entries of every .pbo under IN_DIR, read in place and written below their
// prefix (batch_plan.cpp), with those PBOs mounted in the batch's one data root. Never stops on
// a bad file; at the end each file's failure or skip and its warnings (stderr), then the totals
// (stdout). Compiled only with Assimp (RV_WITH_ASSIMP).
#include <unistd.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/assimp_convert.hpp"
#include "cli/batch_plan.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/input_files.hpp"
#include "cli/json_writer.hpp"
#include "cli/output_file.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_textures.hpp"
#include "rv/defaults.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"
#include "rv/texture_cache.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

constexpr uint64_t kMinJobMemory = uint64_t(256) << 20;  // a job under a given --max-memory has at least this

struct Outcome {
    enum Kind { Converted, Skipped, Failed } kind = Failed;
    std::string reason;
    std::vector<std::string> warnings;
    TextureTally tally;  // of a model or terrain, in the data root
    double seconds = 0;  // its conversion's wall time
    std::vector<fs::path> madeFolders =
        {};  // the folders made for its output (removed if it failed and they are empty)
};

// The reason the file cannot be opened (with the system's text), or "". Editable (MLOD) and
// binarized models both convert: the importer tells them apart by their signature.
std::string openError(const fs::path& file) {
    errno = 0;
    std::FILE* f = openFile(file.u8string(), "rb");
    if (!f) return "cannot open " + file.u8string() + ": " + errnoText(errno);
    std::fclose(f);
    return {};
}

// An entry's bytes, read from its PBO; a loose file's are read by the conversion itself.
bool readEntry(const BatchPlan& plan, const BatchInput& in, std::vector<uint8_t>& bytes, std::string& error) {
    if (in.archive == BatchInput::kLoose) return true;
    const BatchArchive& a = plan.archives[in.archive];
    Result<std::vector<uint8_t>> read = readPboFileEntry(a.file.u8string(), a.header, in.entry, plan.decode);
    if (!read) {
        error = in.name + ": " + diagnosticLine(read.error());
        return false;
    }
    bytes = std::move(read.value());
    return true;
}

Outcome convertInto(Assimp::Importer& importer, Assimp::Exporter& exporter, const CliOptions& opt,
                    const BatchPlan& plan, size_t i, const std::vector<uint8_t>* bytes);

// Converts one input into its output under OUT_DIR.
Outcome convertFile(Assimp::Importer& importer, Assimp::Exporter& exporter, const CliOptions& opt,
                    const BatchPlan& plan, size_t i) {
    const BatchInput& in = plan.inputs[i];
    if (!in.failed.empty()) return {Outcome::Failed, in.failed, {}, {}};
    if (!in.skipped.empty()) return {Outcome::Skipped, in.skipped, {}, {}};
    if (!plan.collisions[i].empty()) return {Outcome::Failed, plan.collisions[i], {}, {}};
    if (in.archive == BatchInput::kLoose)
        if (std::string why = openError(in.file); !why.empty()) return {Outcome::Failed, why, {}, {}};
    std::vector<uint8_t> entryBytes;
    std::string error;
    if (!readEntry(plan, in, entryBytes, error)) return {Outcome::Failed, error, {}, {}};
    const std::vector<uint8_t>* bytes = in.archive == BatchInput::kLoose ? nullptr : &entryBytes;
    const fs::path& out = plan.outputs[i];
    std::error_code dirErr;
    std::vector<fs::path> made = missingFolders(out.parent_path());
    if (!fs::create_directories(out.parent_path(), dirErr) && dirErr)
        return {Outcome::Failed,
                "cannot create folder " + out.parent_path().u8string() + ": " + dirErr.message(),
                {},
                {},
                0,
                std::move(made)};
    Outcome o = convertInto(importer, exporter, opt, plan, i, bytes);
    o.madeFolders = std::move(made);
    return o;
}

// Converts one input into `plan.outputs[i]`, whose folder is there.
Outcome convertInto(Assimp::Importer& importer, Assimp::Exporter& exporter, const CliOptions& opt,
                    const BatchPlan& plan, size_t i, const std::vector<uint8_t>* bytes) {
    const BatchInput& in = plan.inputs[i];
    const fs::path& out = plan.outputs[i];
    std::string error;
    if (in.texture) {
        std::vector<Warning> warnings;
        error = diagnosticLine(convertTextureToPng(in.name, out.u8string(), plan.decode, 0, false, warnings, bytes));
        std::vector<std::string> lines;
        for (const Warning& w : capWarnings(warnings, warningsPerKind()))
            lines.push_back(diagnosticLine(w, in.name, fileNameOf(in.name)));
        return {error.empty() ? Outcome::Converted : Outcome::Failed, error, std::move(lines), {}};
    }
    if (usesOurGltf(opt, out.u8string())) {  // glb2 (the default) and gltf2: our own writer
        GltfConversion g = convertWithGltf(opt, in.name, out.u8string(), bytes);
        return {g.error.empty() ? Outcome::Converted : Outcome::Failed, g.error, std::move(g.warnings), g.tally};
    }
    Conversion c = convertOne(importer, exporter, in.name, out.u8string(), plan.format->id, bytes, opt.strict);
    return {c.error.empty() ? Outcome::Converted : Outcome::Failed, c.error, std::move(c.warnings), c.tally};
}

// One line for the whole batch, as export's for one model: "textures: K of N found in the data
// root DIR and 3 PBOs more", of every model and terrain converted.
void printTextureTally(const BatchPlan& plan, const std::vector<Outcome>& outcomes) {
    TextureTally all;
    for (const Outcome& o : outcomes) {
        all.found += o.tally.found;
        all.total += o.tally.total;
        if (all.firstMissing.empty()) all.firstMissing = o.tally.firstMissing;
    }
    if (plan.decode.sharedDataRoot && all.total > 0)  // with export's hint when the root looks a level off
        std::fprintf(stderr, "%s\n", printable(dataRootLine(all, *plan.decode.sharedDataRoot)).c_str());
    if (!plan.decode.textureCache) return;
    const TextureCacheCounts c = plan.decode.textureCache->counts();
    const std::string folder = plan.textureFolder ? "; " + std::to_string(plan.textureFolder->written()) +
                                                        " written to " + plan.textureFolder->folder().u8string()
                                                  : std::string();
    if (c.decoded > 0)
        std::fprintf(stderr, "textures shared: %llu decoded, %llu reused; %llu PNG files encoded, %llu reused%s\n",
                     static_cast<unsigned long long>(c.decoded), static_cast<unsigned long long>(c.reused),
                     static_cast<unsigned long long>(c.pngEncoded), static_cast<unsigned long long>(c.pngReused),
                     printable(folder).c_str());
}

size_t entryCount(const BatchPlan& plan) {
    return size_t(std::count_if(plan.inputs.begin(), plan.inputs.end(),
                                [](const BatchInput& in) { return in.archive != BatchInput::kLoose; }));
}

// Each texture the models share read, decoded and encoded once (rv/texture_cache.hpp); the
// outputs embed its PNG, so few pixels are kept beyond the imports that use them.
std::shared_ptr<TextureCache> batchTextureCache(uint64_t jobMemoryLimit) {
    const uint64_t capacity = textureCacheCapacity(jobMemoryLimit);
    return std::make_shared<TextureCache>(capacity, batchCachePixelCapacity(capacity));
}

// Each job's imports get the limit's share: a given --max-memory is the batch's, split between
// the jobs running at once and, with a data root, the textures they share (half a job's share:
// textureCacheCapacity); without one, each job has the default limit of one import.
uint64_t jobMemoryLimit(const CliOptions& opt, unsigned jobs, bool sharedTextures) {
    if (!opt.memoryLimitGiven) return opt.decode.memoryLimit;
    return sharedTextures ? opt.decode.memoryLimit * 2 / (2 * uint64_t(jobs) + 1) : opt.decode.memoryLimit / jobs;
}

unsigned threadCount(const CliOptions& opt, const BatchPlan& plan, bool sharedTextures) {
    unsigned jobs = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
    jobs = unsigned(std::min<size_t>(jobs, std::max<size_t>(1, plan.inputs.size())));
    // A given --max-memory bounds the whole batch: no more jobs than leave each kMinJobMemory.
    while (jobs > 1 && jobMemoryLimit(opt, jobs, sharedTextures) < kMinJobMemory) --jobs;
    return jobs;
}

// The folders made for outputs that were not written, when they are still empty: none is left.
void removeStrayFolders(const std::vector<Outcome>& outcomes) {
    std::vector<fs::path> stray;
    for (const Outcome& o : outcomes)
        if (o.kind != Outcome::Converted) stray.insert(stray.end(), o.madeFolders.begin(), o.madeFolders.end());
    removeEmptyFolders(std::move(stray));
}

// Converts every file of the plan on `jobs` threads; one outcome per file, in plan order.
std::vector<Outcome> convertAll(const CliOptions& opt, const BatchPlan& plan, unsigned jobs) {
    std::vector<Outcome> outcomes(plan.inputs.size());
    std::atomic<size_t> next{0}, done{0}, failed{0};
    ProgressBar progress;
    auto worker = [&]() {
        // One Importer/Exporter per thread: Debian's Assimp is built single-threaded, but
        // separate instances share nothing except the logger (WarningCapture keeps it per thread).
        Assimp::Importer importer;
        Assimp::Exporter exporter;
        configureImporter(importer, opt);
        for (size_t i; (i = next.fetch_add(1)) < plan.inputs.size();) {
            const auto start = std::chrono::steady_clock::now();
            outcomes[i] = convertFile(importer, exporter, opt, plan, i);
            outcomes[i].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (outcomes[i].kind == Outcome::Failed) ++failed;
            ++done;
            progress.show(done.load(), plan.inputs.size(), failed.load());
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
    progress.finish();
    return outcomes;
}

// Per input in order, on stderr: why it was skipped or failed, then its warnings; the folders
// that could not be read; then the totals line on stdout (not with -q). Returns the number of
// failed inputs and unreadable folders.
size_t printSummary(const BatchPlan& plan, const std::vector<Outcome>& outcomes, unsigned jobs, double seconds,
                    bool quiet) {
    size_t converted = 0, skipped = 0, failed = 0;
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
        const Outcome& o = outcomes[i];
        const std::string path = printable(plan.inputs[i].name);
        if (o.kind == Outcome::Converted) {
            ++converted;
        } else if (o.kind == Outcome::Skipped) {
            ++skipped;
            std::fprintf(stderr, "skipped %s: %s\n", path.c_str(), printable(o.reason).c_str());
        } else {
            ++failed;
            std::fprintf(stderr, "failed  %s: %s\n", path.c_str(), printable(o.reason).c_str());
        }
        printWarnings(o.warnings);  // "warning: <path>: <message>"
    }
    for (const auto& [folder, why] : plan.unreadable)
        std::fprintf(stderr, "unreadable folder %s: %s\n", printable(folder.u8string()).c_str(), why.c_str());
    printTextureTally(plan, outcomes);
    const size_t problems = failed + plan.unreadable.size();
    if (quiet) return problems;  // -q: the totals line is left out; the exit code still says whether all converted
    const bool textures =
        std::any_of(plan.inputs.begin(), plan.inputs.end(), [](const BatchInput& in) { return in.texture; });
    const size_t pbos = plan.archives.size();
    std::printf("converted %zu, skipped %zu, failed %zu of %zu files", converted, skipped, failed, plan.inputs.size());
    if (plan.shards) std::printf(" (shard %u/%u)", plan.shard, plan.shards);
    if (pbos) std::printf(" (%zu from %zu PBO%s)", entryCount(plan), pbos, pbos == 1 ? "" : "s");
    std::printf(" to %s%s in %.2f s with %u threads", plan.format->id, textures ? " (textures to png)" : "", seconds,
                jobs);
    // What was written and how much was said, as export's summary: the outputs' main files (a
    // .gltf's .bin and textures beside it are not counted) and the warning lines printed.
    uint64_t bytes = 0;
    size_t warnings = 0;
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
        std::error_code ec;
        if (outcomes[i].kind == Outcome::Converted) bytes += fs::file_size(plan.outputs[i], ec);
        warnings += outcomes[i].warnings.size();
    }
    std::printf("; wrote %s, %zu warning%s", readableSize(bytes).c_str(), warnings, warnings == 1 ? "" : "s");
    if (!plan.unreadable.empty())
        std::printf("; %zu folder%s could not be read", plan.unreadable.size(), plan.unreadable.size() == 1 ? "" : "s");
    std::printf("\n");
    std::fflush(stdout);
    return problems;
}

// --manifest FILE: a JSON line per input of this batch (or shard): its name below IN_DIR, the
// outcome and its reason, the output written (below OUT_DIR; none unless converted and there),
// the seconds, the output's bytes and the warning count. Written whole, then renamed into place.
std::string writeManifest(const std::string& path, const BatchPlan& plan, const std::vector<Outcome>& outcomes) {
    static const char* const kOutcome[] = {"converted", "skipped", "failed"};
    return writeFileSafely(path, [&](std::FILE* f) {
        for (size_t i = 0; i < plan.inputs.size(); ++i) {
            const Outcome& o = outcomes[i];
            std::error_code ec;
            const uint64_t size = o.kind == Outcome::Converted ? fs::file_size(plan.outputs[i], ec) : 0;
            const bool written = o.kind == Outcome::Converted && !ec;
            {
                JsonWriter j(f);
                j.beginObject();
                j.field("input", shardKey(plan, plan.inputs[i]));
                j.field("outcome", kOutcome[o.kind]);
                if (!o.reason.empty()) j.field("reason", o.reason);
                j.key("outputs");
                j.beginArray();
                if (written) j.value(plan.outputs[i].lexically_relative(plan.outDir).generic_u8string());
                j.endArray();
                j.field("seconds", o.seconds);
                j.field("bytes", written ? size : uint64_t(0));
                j.field("warnings", uint64_t(o.warnings.size()));
                j.endObject();  // the writer ends a whole value with its newline: one line a record
            }
        }
        return std::ferror(f) == 0;
    });
}

// Why --manifest FILE cannot be written: it is one of the batch's inputs (a loose file or a
// PBO, by file identity), or one of its outputs. "" when it can.
std::string manifestClash(const std::string& manifest, const BatchPlan& plan) {
    if (manifest.empty()) return {};
    std::error_code ec;
    if (fs::exists(fs::u8path(manifest), ec)) {
        std::set<std::string> files;
        for (const BatchInput& in : plan.inputs) files.insert(in.file.u8string());
        for (const std::string& f : files)
            if (sameFile(manifest, f)) return manifest + " is an input of this batch (" + f + "); give another file";
    }
    const std::string key = asciiLower(fs::absolute(fs::u8path(manifest), ec).lexically_normal().u8string());
    for (const fs::path& out : plan.outputs)
        if (!out.empty() && asciiLower(fs::absolute(out, ec).lexically_normal().u8string()) == key)
            return manifest + " is an output of this batch; give another file";
    return {};
}

}  // namespace

int runBatch(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("batch", args, true, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(stderr,
                     "usage: rvimport batch IN_DIR OUT_DIR [-f FORMAT_ID] [-j N] [--lod first|visual|all|NAME]\n"
                     "       [--autocenter on|off] [--selections-as-bones] [--max-memory SIZE] [--cell-size M]\n"
                     "       [--data-root DIR] [--verbose] [--max-texture-size N] [--model-cfg FILE]\n"
                     "       [--shard K/N] [--manifest FILE] [--textures external|own]\n");
        return kExitUsage;
    }
    BatchPlan plan;
    plan.inDir = fs::u8path(opt.positional[0]);
    plan.outDir = fs::u8path(opt.positional[1]);
    Assimp::Exporter probeExporter;
    plan.format = findFormat(probeExporter, opt.format.empty() ? "glb2" : opt.format);
    if (!plan.format) {
        std::fprintf(stderr, "rvimport batch: unknown format id '%s' (rvimport listexport)\n", opt.format.c_str());
        return kExitUsage;
    }
    if (const std::string refused = refusedFormat(*plan.format); !refused.empty()) {
        std::fprintf(stderr, "rvimport batch: %s\n", refused.c_str());
        return kExitUsage;
    }
    if (opt.externalTextures && std::string(plan.format->id) != "gltf2") {
        std::fprintf(stderr,
                     "rvimport batch: --textures external shares one textures/ folder between .gltf files: "
                     "use it with -f gltf2\n");
        return kExitUsage;
    }
    std::error_code ec;
    if (!fs::is_directory(plan.inDir, ec)) {
        std::fprintf(stderr, "rvimport batch: '%s' is not a directory%s%s\n", opt.positional[0].c_str(), ec ? ": " : "",
                     ec ? ec.message().c_str() : "");
        return kExitUsage;
    }
    if (const std::string problem = dataRootProblem(opt.decode); !problem.empty()) {
        std::fprintf(stderr, "rvimport batch: %s\n", problem.c_str());
        return kExitUsage;
    }
    plan.decode = opt.decode;
    findBatchInputs(plan);
    planBatchOutputs(plan);  // every input's name as one unsharded batch gives it, then this shard's
    keepShard(plan, opt.shard, opt.shards);
    plan.shard = opt.shard, plan.shards = opt.shards;
    if (opt.externalTextures) opt.textureFolder = shareTextureFolder(plan);
    if (const std::string clash = manifestClash(opt.manifest, plan); !clash.empty()) {
        std::fprintf(stderr, "rvimport batch: --manifest %s\n", printable(clash).c_str());
        return kExitUsage;
    }
    const bool sharedTextures = !dataRootFolder(plan.decode).empty() || !plan.archives.empty();
    const unsigned jobs = threadCount(opt, plan, sharedTextures);
    opt.decode.memoryLimit = jobMemoryLimit(opt, jobs, sharedTextures);
    plan.decode.memoryLimit = opt.decode.memoryLimit;
    if (!openBatchDataRoot(plan)) return kExitUsage;
    opt.decode.sharedDataRoot = plan.decode.sharedDataRoot;  // the models' imports share it with the textures
    if (sharedTextures) plan.decode.textureCache = opt.decode.textureCache = batchTextureCache(opt.decode.memoryLimit);
    // Every file the batch reads is an input no output may replace (input_files.hpp).
    for (const BatchInput& input : plan.inputs) noteInput(input.file.u8string());
    for (const BatchArchive& a : plan.archives) noteInput(a.file.u8string());
    noteInput(opt.decode.modelConfig);
    noteDataRoot(plan.decode.sharedDataRoot);
    WarningCapture capture;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Outcome> outcomes = convertAll(opt, plan, jobs);
    removeStrayFolders(outcomes);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const size_t problems = printSummary(plan, outcomes, jobs, seconds, opt.quiet);
    if (!opt.manifest.empty())
        if (const std::string e = writeManifest(opt.manifest, plan, outcomes); !e.empty()) {
            std::fprintf(stderr, "rvimport batch: --manifest: %s\n", printable(e).c_str());
            return kExitDecode;
        }
    return problems ? kExitDecode : kExitOk;
}

}  // namespace rv::cli
