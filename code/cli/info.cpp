// `rvimport info FILE` and `rvimport dump --json [--pretty] FILE`: decode a model or a terrain
// and describe it. No Assimp here.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "rv/data_root.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/model.hpp"

namespace rv::cli {
namespace {

enum class Output { Info, Json, PrettyJson };

// Decodes FILE as whatever it is (model or terrain) and writes it; false after reporting an error.
bool describe(const std::string& path, Output output, const std::string& dataRoot) {
    if (isTexturePath(path)) return describeTexture(path, output != Output::Info, output == Output::PrettyJson);
    if (isConfigPath(path)) return describeConfig(path, output != Output::Info, output == Output::PrettyJson);
    auto bytes = readFileBytes(path);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", bytes.error().message.c_str());
        return false;
    }
    const std::string name = fileNameOf(path);
    const bool pretty = output == Output::PrettyJson;
    if (isTerrain(sniffFormat(bytes->data(), bytes->size()))) {
        auto res = decodeWrp(bytes->data(), bytes->size(), name);
        if (!res) {
            std::fprintf(stderr, "%s\n", res.error().message.c_str());
            return false;
        }
        if (output == Output::Info) writeWrpInfo(stdout, res.value());
        else writeWrpJson(stdout, res.value(), pretty);
        return true;
    }
    auto res = decodeModel(bytes->data(), bytes->size(), name);
    if (!res) {
        std::fprintf(stderr, "%s\n", res.error().message.c_str());
        return false;
    }
    if (dataRoot.empty()) {
        if (output == Output::Info) writeOdolInfo(stdout, res.value());
        else writeOdolJson(stdout, res.value(), pretty);
        return true;
    }
    Options options;
    auto root = DataRoot::open(dataRoot, options);
    if (!root) {
        std::fprintf(stderr, "%s\n", root.error().message.c_str());
        return false;
    }
    ReferenceListing refs{modelReferences(res.value(), &root.value(), options), &root.value()};
    if (output == Output::Info) {
        writeOdolInfo(stdout, res.value());
        writeOdolReferences(stdout, refs);
    } else {
        writeOdolJson(stdout, res.value(), pretty, &refs);
    }
    return true;
}

// info FILE (a --json there is accepted and changes nothing); dump --json [--pretty] FILE;
// "--" ends the options.
int runDescribe(const std::vector<std::string>& args, bool dump) {
    const char* verb = dump ? "dump" : "info";
    std::string file;
    bool json = !dump, pretty = false;
    std::string dataRoot;       // --data-root DIR (alias --data-folder): list the model's references
    bool optionsEnded = false;  // after "--" every argument is the file, even "-f.p3d"
    for (size_t i = 1; i < args.size(); ++i) {
        if (!optionsEnded && args[i] == "--") optionsEnded = true;
        else if (!optionsEnded && (args[i] == "--data-root" || args[i] == "--data-folder")) {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: %s wants a folder\n", verb, args[i].c_str());
                return kExitUsage;
            }
            dataRoot = args[++i];
        }
        else if (!optionsEnded && args[i] == "--json") json = true;
        else if (!optionsEnded && dump && args[i] == "--pretty") pretty = true;
        else if (!optionsEnded && !args[i].empty() && args[i][0] == '-') {
            std::fprintf(stderr, "rvimport %s: unknown option %s\n", verb, args[i].c_str());
            return kExitUsage;
        } else if (file.empty()) file = args[i];
        else {
            std::fprintf(stderr, "rvimport %s: one file only\n", verb);
            return kExitUsage;
        }
    }
    if (file.empty() || !json) {
        std::fprintf(stderr, "usage: rvimport %s\n",
                     dump ? "dump --json [--pretty] [--data-root DIR] FILE" : "info [--data-root DIR] FILE");
        return kExitUsage;
    }
    if (const std::string problem = inputProblem(file); !problem.empty()) {
        std::fprintf(stderr, "rvimport %s: %s\n", verb, problem.c_str());
        return kExitDecode;
    }
    const Output output = !dump ? Output::Info : pretty ? Output::PrettyJson : Output::Json;
    // A stdout that cannot take the output (a full disk, /dev/full) is caught in main().
    return describe(file, output, dataRoot) ? kExitOk : kExitDecode;
}

}  // namespace

int runInfo(const std::vector<std::string>& args) { return runDescribe(args, false); }
int runDump(const std::vector<std::string>& args) { return runDescribe(args, true); }

}  // namespace rv::cli
