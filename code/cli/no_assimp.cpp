// The Assimp verbs in a build without Assimp (RV_WITH_ASSIMP off): each says so and exits 2.
// info, dump, the terrain .asc / .txt exports and bench work without Assimp.
#include <cstdio>
#include <filesystem>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"

namespace rv::cli {
namespace {

int notAvailable(const std::string& what) {
    std::fprintf(stderr, "rvimport: built without Assimp; %s is not available\n", what.c_str());
    return kExitUsage;
}

}  // namespace

int exportWithAssimp(const CliOptions& opt, const std::string&, const std::string& out) {
    std::string format = opt.format;
    if (format.empty()) {
        const std::string ext = std::filesystem::path(out).extension().string();
        format = ext.size() > 1 ? asciiLower(ext.substr(1)) : out;
    }
    return notAvailable("export to " + format);
}

int runBatch(const std::vector<std::string>& args) {
    CliOptions opt;
    if (!parseCliOptions("batch", args, true, opt)) return kExitUsage;
    return notAvailable("export to " + (opt.format.empty() ? std::string("glb2") : opt.format));
}

int runListExt() { return notAvailable("listext"); }
int runListExport() { return notAvailable("listexport"); }
std::string assimpInBuild() { return "built without Assimp"; }
int runExportInfo(const std::vector<std::string>&) { return notAvailable("exportinfo"); }
int runKnowExt(const std::vector<std::string>&) { return notAvailable("knowext"); }

}  // namespace rv::cli
