// rvimport: command-line front end. Verbs mirror the `assimp` tool where they overlap.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
// shellapi.h after windows.h, which it needs (a separate block: clang-format keeps the order).
#include <shellapi.h>
#endif

#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/output_file.hpp"
#include "cli/temp_files.hpp"
#include "rv/file_bytes.hpp"
#include "rv/version.hpp"

namespace {

using rv::cli::kExitOk;
using rv::cli::kExitUsage;

void reportUnknownVerb(const std::string& verb) {
    const std::string match = rv::cli::closestMatch(verb, rv::cli::verbNames());
    if (!match.empty())
        std::fprintf(stderr, "rvimport: unknown verb '%s' (did you mean '%s'?)\n", verb.c_str(), match.c_str());
    else
        std::fprintf(stderr, "rvimport: unknown verb '%s'; `rvimport help` lists the verbs\n", verb.c_str());
}

int help(const std::vector<std::string>& args) {
    if (args.size() < 2) {
        rv::cli::printUsage(stdout);
        return kExitOk;
    }
    if (rv::cli::printVerbHelp(args[1], stdout)) return kExitOk;
    reportUnknownVerb(args[1]);
    return kExitUsage;
}

int version(const std::vector<std::string>&) {
    std::printf("rvimport %s (%s)\n", rv::versionString(), rv::cli::assimpInBuild().c_str());
    return kExitOk;
}

using Verb = int (*)(const std::vector<std::string>& args);

struct VerbEntry {
    const char* name;
    Verb run;
};

const VerbEntry kVerbs[] = {
    {"help", help},
    {"--help", help},
    {"-h", help},
    {"version", version},
    {"--version", version},
    {"info", rv::cli::runInfo},
    {"dump", rv::cli::runDump},
    {"export", rv::cli::runExport},
    {"bench", rv::cli::runBench},
    {"pbo", rv::cli::runPbo},
    {"map", rv::cli::runMap},
    {"preprocess", rv::cli::runPreprocess},
    {"batch", rv::cli::runBatch},
    {"listext", [](const std::vector<std::string>&) { return rv::cli::runListExt(); }},
    {"listexport", [](const std::vector<std::string>&) { return rv::cli::runListExport(); }},
    {"exportinfo", rv::cli::runExportInfo},
    {"knowext", rv::cli::runKnowExt},
};

// The arguments as UTF-8. Windows hands main() its ANSI code page, which cannot hold every file
// name, so there the UTF-16 command line is taken and converted; the console is switched to UTF-8
// so names print back as they are.
std::vector<std::string> utf8Arguments(int argc, char** argv) {
#ifdef _WIN32
    SetConsoleOutputCP(CP_UTF8);
    // Byte-identical output on every platform: no "\n" -> "\r\n" on stdout and stderr.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    int n = 0;
    LPWSTR* wide = CommandLineToArgvW(GetCommandLineW(), &n);
    if (wide) {
        std::vector<std::string> out;
        for (int i = 1; i < n; ++i) out.push_back(rv::utf8FromWide(wide[i]));
        LocalFree(wide);
        return out;
    }
#endif
    return std::vector<std::string>(argv + 1, argv + argc);
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
    // Keep freed memory for the next file instead of handing it back to the kernel after every
    // model: decoding many files in one process (batch, bench) otherwise spends most of its time
    // re-faulting the same pages (perf: ~30% in the kernel; real/ set 214 -> ~630 MB/s). Large
    // blocks too: glibc maps anything over 32 MiB (its highest threshold) afresh, so every 4096^2
    // texture, decoded or derived, was new memory the kernel zeroed page by page (a fifth of a
    // textured batch); from the heap they reuse what the last texture freed.
    // One arena: a worker thread's own arena is a chain of heaps of at most 64 MiB that glibc
    // unmaps as soon as one empties, whatever the trim threshold, so each texture a batch worker
    // freed came back as fresh pages (the real batch: ~300 huge-page faults, ~130 with one arena;
    // its system time about halved). Small blocks still come from each thread's own tcache.
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_ARENA_MAX, 1);
#endif
    rv::cli::installTemporaryCleanup();  // Ctrl+C leaves no half-written temporary file behind
    if (const char* verbose = std::getenv("RV_IMPORT_VERBOSE"); verbose && std::string(verbose) == "1")
        rv::cli::printEveryWarning();
    const std::vector<std::string> args = utf8Arguments(argc, argv);
    if (args.empty()) {
        rv::cli::printUsage(stderr);
        return kExitUsage;
    }
    for (const VerbEntry& v : kVerbs) {
        if (args[0] != v.name) continue;
        // `VERB --help` prints that verb's usage (before the verb's own parser calls it unknown).
        if (rv::cli::asksForHelp(args) && rv::cli::printVerbHelp(args[0], stdout)) return kExitOk;
        const int rc = v.run(args);
        // Output to stdout that did not all arrive (a full disk behind "> file", /dev/full) is
        // an error, not a success with a truncated file.
        const std::string failure = rv::cli::stdoutFailure();
        if (failure.empty()) return rc;
        std::fprintf(stderr, "%s\n", failure.c_str());
        return rc == kExitOk ? rv::cli::kExitDecode : rc;
    }
    reportUnknownVerb(args[0]);
    return kExitUsage;
}
