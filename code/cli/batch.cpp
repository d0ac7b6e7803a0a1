// `rvimport batch IN_DIR OUT_DIR`: every .p3d / .wrp under IN_DIR converted through Assimp on
// N threads, keeping the folder structure; never stops on a bad file; a summary at the end with
// each file's warnings, skips and failures. Compiled only with Assimp (RV_WITH_ASSIMP).
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/assimp_convert.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "rv/format.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

struct BatchPlan {
    fs::path inDir, outDir;
    const aiExportFormatDesc* format = nullptr;
    std::vector<fs::path> files;
};

struct Outcome {
    enum Kind { Converted, Skipped, Failed } kind = Failed;
    std::string reason;
    std::vector<std::string> warnings;
};

// Every file under `inDir` with one of our extensions, in a stable order.
std::vector<fs::path> findInputFiles(const fs::path& inDir) {
    const std::set<std::string> exts = ourExtensions();
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(inDir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const std::string ext = lower(it->path().extension().string());
        if (ext.size() > 1 && exts.count(ext.substr(1))) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool isEditableModel(const fs::path& file) {
    uint8_t head[4] = {0, 0, 0, 0};
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (!f) return false;
    const size_t got = std::fread(head, 1, 4, f);
    std::fclose(f);
    return sniffFormat(head, got) == FileFormat::Mlod;
}

// Converts one input file into the mirrored path under OUT_DIR.
Outcome convertFile(Assimp::Importer& importer, Assimp::Exporter& exporter, const BatchPlan& plan,
                    const fs::path& file) {
    if (isEditableModel(file)) return {Outcome::Skipped, "editable MLOD model, not binarized", {}};
    fs::path out = plan.outDir / file.lexically_relative(plan.inDir);
    out.replace_extension(plan.format->fileExtension);
    std::error_code dirErr;
    fs::create_directories(out.parent_path(), dirErr);
    Conversion c = convertOne(importer, exporter, file.string(), out.string(), plan.format->id);
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
    jobs = unsigned(std::min<size_t>(jobs, std::max<size_t>(1, plan.files.size())));
    if (needsOutputFolderAsCwd(plan.format->id)) jobs = 1;
    return jobs;
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
            outcomes[i] = convertFile(importer, exporter, plan, plan.files[i]);
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

// Per file in order: its warnings, then why it was skipped or failed; then the totals line.
// Returns the number of failed files.
size_t printSummary(const BatchPlan& plan, const std::vector<Outcome>& outcomes, unsigned jobs, double seconds) {
    size_t converted = 0, skipped = 0, failed = 0;
    for (size_t i = 0; i < plan.files.size(); ++i) {
        const Outcome& o = outcomes[i];
        const char* path = plan.files[i].c_str();
        for (const std::string& w : o.warnings) std::printf("warning %s: %s\n", path, w.c_str());
        if (o.kind == Outcome::Converted) {
            ++converted;
        } else if (o.kind == Outcome::Skipped) {
            ++skipped;
            std::printf("skipped %s: %s\n", path, o.reason.c_str());
        } else {
            ++failed;
            std::printf("failed  %s: %s\n", path, o.reason.c_str());
        }
    }
    std::printf("converted %zu, skipped %zu, failed %zu of %zu files to %s in %.2f s with %u threads\n", converted,
                skipped, failed, plan.files.size(), plan.format->id, seconds, jobs);
    std::fflush(stdout);
    return failed;
}

}  // namespace

int runBatch(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("batch", args, true, opt)) return kExitUsage;
    if (opt.positional.size() != 2) {
        std::fprintf(stderr, "usage: rvimport batch IN_DIR OUT_DIR [-f FORMAT_ID] [-j N] [--lod first|visual|all|NAME]\n"
                             "       [--autocenter on|off] [--selections-as-bones] [--memory-limit MB] [--cell-size M]\n"
                             "       [--data-folder DIR]\n");
        return kExitUsage;
    }
    BatchPlan plan;
    plan.inDir = opt.positional[0];
    plan.outDir = opt.positional[1];
    Assimp::Exporter probeExporter;
    plan.format = findFormat(probeExporter, opt.format.empty() ? "glb2" : opt.format);
    if (!plan.format) {
        std::fprintf(stderr, "rvimport batch: unknown format id '%s' (rvimport listexport)\n", opt.format.c_str());
        return kExitUsage;
    }
    std::error_code ec;
    if (!fs::is_directory(plan.inDir, ec)) {
        std::fprintf(stderr, "rvimport batch: '%s' is not a directory\n", plan.inDir.string().c_str());
        return kExitUsage;
    }
    plan.files = findInputFiles(plan.inDir);
    const unsigned jobs = threadCount(opt, plan);
    WarningCapture capture;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Outcome> outcomes = convertAll(opt, plan, jobs);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return printSummary(plan, outcomes, jobs, seconds) ? kExitDecode : kExitOk;
}

}  // namespace rv::cli
