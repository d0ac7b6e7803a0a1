// rvimport: command-line front end. Verbs mirror the `assimp` tool where they overlap.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cli/commands.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/odol.hpp"
#include "rv/wrp.hpp"

namespace {

using rv::cli::kExitDecode;
using rv::cli::kExitOk;
using rv::cli::kExitUsage;

void usage(std::FILE* out) {
    std::fputs(
        "rvimport - read and convert Real Virtuality (OFP / ArmA / Arma 2 / Arma 3) binary models\n"
        "\n"
        "usage:\n"
        "  rvimport info FILE             summary: format, version, LODs with counts, textures, warnings\n"
        "  rvimport dump --json FILE      the decoded model as JSON on stdout\n"
        "  rvimport export IN OUT [-f FORMAT_ID] [--lod all|visual|first|NAME] [--selections-as-bones]\n"
        "                                 convert to any format Assimp exports (format from OUT's\n"
        "                                 extension or -f; see listexport). Terrains: .asc (elevation\n"
        "                                 grid), .txt (Terrain Builder objects), --easting, --northing,\n"
        "                                 --cell-size, --data-folder DIR (place the object models)\n"
        "  rvimport batch IN_DIR OUT_DIR [-f FORMAT_ID] [-j N] [--lod ...]\n"
        "                                 convert every supported file under IN_DIR (default glb2),\n"
        "                                 keeping folders; never stops on a bad file; summary at the end\n"
        "  rvimport listext               extensions that can be imported (Assimp's and ours)\n"
        "  rvimport listexport            export format ids\n"
        "  rvimport exportinfo FORMAT_ID  extension and description of an export format\n"
        "  rvimport knowext EXT           whether an extension can be imported\n"
        "  rvimport bench [-n N] FILE...   decode each file N times from memory (default 10); best\n"
        "                                 time and MB/s per file, then total_ms=<sum of the bests>\n"
        "  rvimport version               print the version\n"
        "  rvimport help                  this text\n"
        "\n"
        "Errors go to stderr as one line naming the file, the structure and the byte offset;\n"
        "the exit code is 1 for a file that cannot be decoded and 2 for a usage error.\n",
        out);
}

// Decodes FILE as whatever it is (model or terrain) and writes it; false after reporting an error.
bool infoOrDump(const std::string& path, bool json) {
    auto bytes = rv::readFileBytes(path);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", bytes.error().message.c_str());
        return false;
    }
    const std::string name = rv::fileNameOf(path);
    const rv::FileFormat format = rv::sniffFormat(bytes->data(), bytes->size());
    if (format == rv::FileFormat::Wrp4WVR || format == rv::FileFormat::Wrp8WVR || format == rv::FileFormat::WrpOprw) {
        auto res = rv::decodeWrp(bytes->data(), bytes->size(), name);
        if (!res) {
            std::fprintf(stderr, "%s\n", res.error().message.c_str());
            return false;
        }
        if (json) rv::cli::writeWrpJson(stdout, res.value());
        else rv::cli::writeWrpInfo(stdout, res.value());
        return true;
    }
    auto res = rv::decodeOdol(bytes->data(), bytes->size(), name);
    if (!res) {
        std::fprintf(stderr, "%s\n", res.error().message.c_str());
        return false;
    }
    if (json) rv::cli::writeOdolJson(stdout, res.value());
    else rv::cli::writeOdolInfo(stdout, res.value());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
    // Keep freed memory for the next file instead of handing it back to the kernel after every
    // model: decoding many files in one process (batch, bench) otherwise spends most of its time
    // re-faulting the same pages (perf: ~30% in the kernel; real/ set 214 -> ~630 MB/s).
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        usage(stderr);
        return kExitUsage;
    }
    const std::string verb = args[0];
    if (verb == "help" || verb == "--help" || verb == "-h") {
        usage(stdout);
        return kExitOk;
    }
    if (verb == "version" || verb == "--version") {
        std::printf("rvimport 0.1.0\n");
        return kExitOk;
    }
    if (verb == "info" || verb == "dump") {
        std::string file;
        bool json = verb == "info";
        for (size_t i = 1; i < args.size(); ++i) {
            if (args[i] == "--json") json = true;
            else if (!args[i].empty() && args[i][0] == '-') {
                std::fprintf(stderr, "rvimport %s: unknown option %s\n", verb.c_str(), args[i].c_str());
                return kExitUsage;
            } else if (file.empty()) file = args[i];
            else {
                std::fprintf(stderr, "rvimport %s: one file only\n", verb.c_str());
                return kExitUsage;
            }
        }
        if (file.empty() || !json) {
            std::fprintf(stderr, "usage: rvimport %s\n", verb == "info" ? "info FILE" : "dump --json FILE");
            return kExitUsage;
        }
        if (!infoOrDump(file, verb == "dump")) return kExitDecode;
        return std::fflush(stdout) == 0 ? kExitOk : kExitDecode;
    }
    if (verb == "export") return rv::cli::runExport(args);
    if (verb == "bench") return rv::cli::runBench(args);
    if (verb == "batch") return rv::cli::runBatch(args);
    if (verb == "listext") return rv::cli::runListExt();
    if (verb == "listexport") return rv::cli::runListExport();
    if (verb == "exportinfo") return rv::cli::runExportInfo(args);
    if (verb == "knowext") return rv::cli::runKnowExt(args);
    std::fprintf(stderr, "rvimport: unknown verb '%s'\n\n", verb.c_str());
    usage(stderr);
    return kExitUsage;
}
