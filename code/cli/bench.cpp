// rvimport bench: decode speed of whole files, in-process and from memory (disk reads excluded).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/model.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"
#include "rv/wrp.hpp"

namespace rv::cli {

namespace {

// -n N and the files ("--" ends the options); false after reporting a usage error.
bool parseBenchArgs(const std::vector<std::string>& args, long& runs, std::vector<std::string>& files) {
    bool optionsEnded = false;  // after "--" every argument is a file
    for (size_t i = 1; i < args.size(); ++i) {
        if (optionsEnded) {
            files.push_back(args[i]);
        } else if (args[i] == "--") {
            optionsEnded = true;
        } else if (args[i] == "-n" && i + 1 < args.size()) {
            char* end = nullptr;
            runs = std::strtol(args[++i].c_str(), &end, 10);
            if (!end || *end || runs < 1 || runs > 1000000) {
                std::fprintf(stderr, "rvimport bench: -n wants a count from 1 to 1000000\n");
                return false;
            }
        } else if (!args[i].empty() && args[i][0] == '-') {
            reportUnknownOption("bench", args[i]);
            return false;
        } else {
            files.push_back(args[i]);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: rvimport bench [-n N] FILE...\n");
        return false;
    }
    return true;
}

// The fastest of `runs` opens of `bytes` through the front door (what every front end pays:
// sniffing, the budget, the decode; no view; RV_IMPORT_DATA_ROOT indexed when set), in ms;
// negative after an error.
double bestDecodeMs(const std::vector<uint8_t>& bytes, const std::string& name, long runs) {
    using Clock = std::chrono::steady_clock;
    const Options options;
    double best = 1e300;
    for (long r = 0; r < runs; ++r) {
        std::string error;
        const auto start = Clock::now();
        Result<OpenedFile> file =
            open(bytes.data(), bytes.size(), name, options, accepting(kAcceptModel | kAcceptTerrain));
        if (!file) error = diagnosticLine(file.error());
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (!error.empty()) {
            std::fprintf(stderr, "%s\n", printable(error).c_str());
            return -1;
        }
        best = std::min(best, ms);
    }
    return best;
}

}  // namespace

int runBench(const std::vector<std::string>& args) {
    long runs = 10;
    std::vector<std::string> files;
    if (!parseBenchArgs(args, runs, files)) return kExitUsage;
    double totalMs = 0;
    uint64_t totalBytes = 0;
    int status = kExitOk;
    for (const std::string& path : files) {
        auto bytes = readFileBytes(path);
        if (!bytes) {
            std::fprintf(stderr, "%s\n", printable(diagnosticLine(bytes.error())).c_str());
            status = kExitDecode;
            continue;
        }
        const double best = bestDecodeMs(bytes.value(), fileNameOf(path), runs);
        if (best < 0) {
            status = kExitDecode;
            continue;
        }
        totalMs += best;
        totalBytes += bytes->size();
        std::printf("%s  %zu bytes  best %.3f ms  %.1f MB/s\n", path.c_str(), bytes->size(), best,
                    double(bytes->size()) / 1e6 / (best / 1e3));
    }
    std::printf("files=%zu bytes=%llu runs=%ld total_ms=%.3f aggregate=%.1f MB/s\n", files.size(),
                static_cast<unsigned long long>(totalBytes), runs, totalMs,
                totalMs > 0 ? double(totalBytes) / 1e6 / (totalMs / 1e3) : 0.0);
    return status;
}

}  // namespace rv::cli
