// `rvimport batch IN_DIR OUT_DIR`: every .p3d / .wrp under IN_DIR converted through Assimp, and
// every .paa / .pac texture to .png, on N threads, keeping the folder structure; never stops on a bad file; a summary at the end with
// each file's warnings, skips and failures. Compiled only with Assimp (RV_WITH_ASSIMP).
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
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

constexpr uint64_t kMinJobMemory = uint64_t(256) << 20;  // a job under a given --max-memory has at least this

struct BatchPlan {
    fs::path inDir, outDir;
    Options decode;  // for the textures (the models' options go to the importer)
    const aiExportFormatDesc* format = nullptr;
    std::vector<fs::path> files;
    std::vector<bool> textures;           // per file: the front door says it is a texture (to PNG)
    std::vector<fs::path> outputs;        // per file: where it goes (empty: it collides, see collisions)
    std::vector<std::string> collisions;  // per file: why it has no output, else empty
    std::vector<std::pair<fs::path, std::string>> unreadable;  // folders that could not be listed
};

struct Outcome {
    enum Kind { Converted, Skipped, Failed } kind = Failed;
    std::string reason;
    std::vector<std::string> warnings;
};

// Every file under `inDir` with one of our extensions, in a stable order. Folders that cannot be
// listed (permission denied, removed meanwhile) are recorded in plan.unreadable, never skipped
// silently. Symbolic links to files are followed, links to folders are not (no cycles), as
// recursive_directory_iterator does by default.
void findInputFiles(BatchPlan& plan) {
    const std::set<std::string> exts = ourExtensions();
    std::vector<fs::path> folders{plan.inDir};
    std::vector<std::pair<fs::path, bool>> found;  // file, is a texture
    while (!folders.empty()) {
        const fs::path folder = folders.back();
        folders.pop_back();
        std::error_code ec;
        fs::directory_iterator it(folder, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            std::error_code kindErr;
            if (it->is_directory(kindErr) && !it->is_symlink(kindErr)) {
                folders.push_back(it->path());
                continue;
            }
            // Models and terrains by our importers' extensions (a damaged one still gets its message),
            // textures by what the front door says they are.
            const std::string ext = asciiLower(it->path().extension().string());
            const bool ours = ext.size() > 1 && exts.count(ext.substr(1));
            const bool texture = !ours && sniffFile(it->path().u8string()) == FileKind::Texture;
            if (ours || texture) found.emplace_back(it->path(), texture);
        }
        if (ec) plan.unreadable.emplace_back(folder, ec.message());
    }
    std::sort(found.begin(), found.end());
    for (const auto& [file, texture] : found) {
        plan.files.push_back(file);
        plan.textures.push_back(texture);
    }
    std::sort(plan.unreadable.begin(), plan.unreadable.end());
}

// Case-folded, so that outputs stay apart on case-insensitive file systems too.
std::string collisionKey(const fs::path& p) { return asciiLower(p.lexically_normal().u8string()); }

// Textures become PNGs whatever the models' format is.
std::string outputExtension(const BatchPlan& plan, size_t i) {
    return plan.textures[i] ? "png" : plan.format->fileExtension;
}

// Each input's output: its mirror under OUT_DIR with the format's extension ("a.p3d" ->
// "a.glb"). Inputs whose outputs would be the same file ("a.p3d" and "a.wrp") keep their whole
// name instead ("a.p3d.glb", "a.wrp.glb"); any collision left after that (a file literally
// named "a.p3d.p3d") fails those files with a message naming the other input.
void planOutputs(BatchPlan& plan) {
    const size_t n = plan.files.size();
    std::vector<fs::path> mirrors(n);
    plan.outputs.assign(n, {});
    plan.collisions.assign(n, {});
    std::map<std::string, std::vector<size_t>> byOutput;
    for (size_t i = 0; i < n; ++i) {
        mirrors[i] = plan.outDir / plan.files[i].lexically_relative(plan.inDir);
        plan.outputs[i] = mirrors[i];
        plan.outputs[i].replace_extension(outputExtension(plan, i));
        byOutput[collisionKey(plan.outputs[i])].push_back(i);
    }
    for (const auto& [key, users] : byOutput)
        if (users.size() > 1)
            for (size_t i : users) plan.outputs[i] = fs::u8path(mirrors[i].u8string() + "." + outputExtension(plan, i));
    byOutput.clear();
    for (size_t i = 0; i < n; ++i) byOutput[collisionKey(plan.outputs[i])].push_back(i);
    for (const auto& [key, users] : byOutput) {
        if (users.size() < 2) continue;
        for (size_t i : users) {
            const size_t other = users[0] == i ? users[1] : users[0];
            plan.collisions[i] = "its output " + plan.outputs[i].u8string() + " would also be the output of " +
                                 plan.files[other].u8string() + "; rename one of them";
            plan.outputs[i].clear();
        }
    }
}

// The reason the file cannot be opened (with the system's text), or "". Editable (MLOD) and
// binarized models both convert: the importer tells them apart by their signature.
std::string openError(const fs::path& file) {
    errno = 0;
    std::FILE* f = openFile(file.u8string(), "rb");
    if (!f) return "cannot open " + file.u8string() + ": " + errnoText(errno);
    std::fclose(f);
    return {};
}

// Converts one input file into the mirrored path under OUT_DIR.
Outcome convertFile(Assimp::Importer& importer, Assimp::Exporter& exporter, const CliOptions& opt,
                    const BatchPlan& plan, size_t i) {
    const fs::path& file = plan.files[i];
    if (!plan.collisions[i].empty()) return {Outcome::Failed, plan.collisions[i], {}};
    if (std::string why = openError(file); !why.empty()) return {Outcome::Failed, why, {}};
    const fs::path& out = plan.outputs[i];
    std::error_code dirErr;
    if (!fs::create_directories(out.parent_path(), dirErr) && dirErr)
        return {Outcome::Failed, "cannot create folder " + out.parent_path().u8string() + ": " + dirErr.message(), {}};
    if (plan.textures[i]) {
        std::vector<Warning> warnings;
        const std::string error =
            diagnosticLine(convertTextureToPng(file.u8string(), out.u8string(), plan.decode, 0, false, warnings));
        std::vector<std::string> lines;
        for (const Warning& w : warnings)
            lines.push_back(diagnosticLine(w, file.u8string(), fileNameOf(file.u8string())));
        return {error.empty() ? Outcome::Converted : Outcome::Failed, error, std::move(lines)};
    }
    if (usesOurGltf(opt, out.u8string())) {  // glb2 (the default) and gltf2: our own writer
        GltfConversion g = convertWithGltf(opt, file.u8string(), out.u8string());
        return {g.error.empty() ? Outcome::Converted : Outcome::Failed, g.error, std::move(g.warnings)};
    }
    Conversion c = convertOne(importer, exporter, file.u8string(), out.u8string(), plan.format->id);
    return {c.error.empty() ? Outcome::Converted : Outcome::Failed, c.error, std::move(c.warnings)};
}

// "[#####.....] 12/40  failed 1" on stderr, redrawn in place; nothing unless stderr is a terminal.
class ProgressBar {
public:
    ProgressBar() : tty_(isatty(fileno(stderr)) != 0) {}
    void show(size_t done, size_t total, size_t failed) {
        if (!tty_) return;
        std::lock_guard<std::mutex> lock(mutex_);
        const int width = 30, filled = total ? int(done * width / total) : width;
        std::fprintf(stderr, "\r[%s%s] %zu/%zu  failed %zu", std::string(size_t(filled), '#').c_str(),
                     std::string(size_t(width - filled), '.').c_str(), done, total, failed);
        std::fflush(stderr);
    }
    void finish() {
        if (tty_) std::fputc('\n', stderr);
    }

private:
    bool tty_;
    std::mutex mutex_;
};

unsigned threadCount(const CliOptions& opt, const BatchPlan& plan) {
    unsigned jobs = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
    // A given --max-memory bounds the whole batch: no more jobs than leave each kMinJobMemory.
    if (opt.memoryLimitGiven)
        jobs = unsigned(std::min<uint64_t>(jobs, std::max<uint64_t>(1, opt.decode.memoryLimit / kMinJobMemory)));
    return unsigned(std::min<size_t>(jobs, std::max<size_t>(1, plan.files.size())));
}

// Each job's imports get the limit's share: a given --max-memory is the batch's, split between
// the jobs running at once; without one, each job has the default limit of one import.
uint64_t jobMemoryLimit(const CliOptions& opt, unsigned jobs) {
    return opt.memoryLimitGiven ? opt.decode.memoryLimit / jobs : opt.decode.memoryLimit;
}

// Converts every file of the plan on `jobs` threads; one outcome per file, in plan order.
std::vector<Outcome> convertAll(const CliOptions& opt, const BatchPlan& plan, unsigned jobs) {
    std::vector<Outcome> outcomes(plan.files.size());
    std::atomic<size_t> next{0}, done{0}, failed{0};
    ProgressBar progress;
    auto worker = [&]() {
        // One Importer/Exporter per thread: Debian's Assimp is built single-threaded, but
        // separate instances share nothing except the logger (WarningCapture keeps it per thread).
        Assimp::Importer importer;
        Assimp::Exporter exporter;
        configureImporter(importer, opt);
        for (size_t i; (i = next.fetch_add(1)) < plan.files.size();) {
            outcomes[i] = convertFile(importer, exporter, opt, plan, i);
            if (outcomes[i].kind == Outcome::Failed) ++failed;
            ++done;
            progress.show(done.load(), plan.files.size(), failed.load());
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
    progress.finish();
    return outcomes;
}

// Per file in order: its warnings, then why it was skipped or failed; the folders that could not
// be read; then the totals line (not with -q). Returns the number of failed files and unreadable folders.
size_t printSummary(const BatchPlan& plan, const std::vector<Outcome>& outcomes, unsigned jobs, double seconds,
                    bool quiet) {
    size_t converted = 0, skipped = 0, failed = 0;
    for (size_t i = 0; i < plan.files.size(); ++i) {
        const Outcome& o = outcomes[i];
        const std::string pathText = printable(plan.files[i].u8string());
        const char* path = pathText.c_str();
        for (const std::string& w : o.warnings)
            std::printf("warning: %s\n", printable(w).c_str());  // "<path>: <message>"
        if (o.kind == Outcome::Converted) {
            ++converted;
        } else if (o.kind == Outcome::Skipped) {
            ++skipped;
            std::printf("skipped %s: %s\n", path, printable(o.reason).c_str());
        } else {
            ++failed;
            std::printf("failed  %s: %s\n", path, printable(o.reason).c_str());
        }
    }
    for (const auto& [folder, why] : plan.unreadable)
        std::printf("unreadable folder %s: %s\n", printable(folder.u8string()).c_str(), why.c_str());
    const bool textures = std::any_of(plan.textures.begin(), plan.textures.end(), [](bool t) { return t; });
    if (quiet) {  // -q: the totals line is left out; the exit code still says whether all converted
        std::fflush(stdout);
        return failed + plan.unreadable.size();
    }
    std::printf("converted %zu, skipped %zu, failed %zu of %zu files to %s%s in %.2f s with %u threads", converted,
                skipped, failed, plan.files.size(), plan.format->id, textures ? " (textures to png)" : "", seconds,
                jobs);
    if (!plan.unreadable.empty())
        std::printf("; %zu folder%s could not be read", plan.unreadable.size(), plan.unreadable.size() == 1 ? "" : "s");
    std::printf("\n");
    std::fflush(stdout);
    return failed + plan.unreadable.size();
}

}  // namespace

int runBatch(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("batch", args, true, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(stderr,
                     "usage: rvimport batch IN_DIR OUT_DIR [-f FORMAT_ID] [-j N] [--lod first|visual|all|NAME]\n"
                     "       [--autocenter on|off] [--selections-as-bones] [--max-memory SIZE] [--cell-size M]\n"
                     "       [--data-root DIR] [--verbose] [--max-texture-size N] [--model-cfg FILE]\n");
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
    findInputFiles(plan);
    planOutputs(plan);
    const unsigned jobs = threadCount(opt, plan);
    opt.decode.memoryLimit = jobMemoryLimit(opt, jobs);
    plan.decode = opt.decode;  // the textures' options: the same limit and data root as the models
    WarningCapture capture;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Outcome> outcomes = convertAll(opt, plan, jobs);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return printSummary(plan, outcomes, jobs, seconds, opt.quiet) ? kExitDecode : kExitOk;
}

}  // namespace rv::cli
