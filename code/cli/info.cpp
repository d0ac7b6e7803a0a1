// `rvimport info FILE` and `rvimport dump --json [--pretty] FILE`: decode a model, a terrain or
// an animation and describe it. No Assimp here.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/output_file.hpp"
#include "rv/data_root.hpp"
#include "rv/file_bytes.hpp"
#include "rv/format.hpp"
#include "rv/model.hpp"
#include "rv/model_references.hpp"
#include "rv/open.hpp"
#include "rv/printable.hpp"

namespace rv::cli {
namespace {

enum class Output { Info, Json, PrettyJson };

// Opens FILE through the front door (rv::openFile: its kind by signature, the data root from
// --data-root or RV_IMPORT_DATA_ROOT, an editable model's skeleton from --model-cfg or the
// model.cfg found beside it) and writes what it is; false after reporting an error.
bool describe(const std::string& path, Output output, const Options& options) {
    auto file = openFile(path, options,
                         accepting(kAcceptModel | kAcceptTerrain | kAcceptTexture | kAcceptConfig | kAcceptAnimation));
    if (!file) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(file.error())).c_str());
        return false;
    }
    const bool json = output != Output::Info, pretty = output == Output::PrettyJson;
    // Models and terrains: the warnings every command prints, in its words ("warning: <input>: ...").
    if (!json && (file->model || file->terrain || file->animation)) printWarnings(path, file->name, file->warnings);
    if (file->kind == FileKind::Texture) return describeTexture(file.value(), json, pretty);
    if (file->kind == FileKind::Config) return describeConfig(file.value(), json, pretty);
    if (file->animation) {
        if (!json)
            writeRtmInfo(stdout, *file->animation);
        else
            writeRtmJson(stdout, *file->animation, pretty);
        return true;
    }
    if (file->terrain) {
        if (!json)
            writeWrpInfo(stdout, *file->terrain);
        else
            writeWrpJson(stdout, *file->terrain, pretty);
        return true;
    }
    const OdolModel& model = *file->model;
    if (!file->dataRoot) {
        if (!json)
            writeOdolInfo(stdout, model);
        else
            writeOdolJson(stdout, model, pretty);
        return true;
    }
    ReferenceListing refs{modelReferences(model, file->dataRoot.get(), file->options), file->dataRoot.get()};
    if (!json) {
        writeOdolInfo(stdout, model);
        writeOdolReferences(stdout, refs);
        const bool ok = writeMaterialDefinitions(stdout, path, file->name, model, file->dataRoot.get(), file->options);
        // The line every command given a data root ends with, after the warnings (stderr).
        if (const TextureTally tally = tallyTextures(refs.list); tally.total > 0)
            std::fprintf(stderr, "%s\n", printable(dataRootLine(tally, *file->dataRoot)).c_str());
        return ok;
    } else {
        writeOdolJson(stdout, model, pretty, &refs);
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
    std::string modelConfig;    // --model-cfg FILE: an editable model's skeleton
    std::string includeRoot;    // --include-root DIR: where a source config's #include lines look
    bool optionsEnded = false;  // after "--" every argument is the file, even "-f.p3d"
    for (size_t i = 1; i < args.size(); ++i) {
        if (!optionsEnded && args[i] == "--")
            optionsEnded = true;
        else if (!optionsEnded && (args[i] == "--data-root" || args[i] == "--data-folder")) {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: %s wants a folder\n", verb, args[i].c_str());
                return kExitUsage;
            }
            dataRoot = args[++i];
        } else if (!optionsEnded && args[i] == "--include-root") {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: --include-root wants a folder\n", verb);
                return kExitUsage;
            }
            includeRoot = args[++i];
        } else if (!optionsEnded && args[i] == "--model-cfg") {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport %s: --model-cfg wants a file\n", verb);
                return kExitUsage;
            }
            modelConfig = args[++i];
        } else if (!optionsEnded && args[i] == "--json")
            json = true;
        else if (!optionsEnded && dump && args[i] == "--pretty")
            pretty = true;
        else if (!optionsEnded && !args[i].empty() && args[i][0] == '-') {
            reportUnknownOption(verb, args[i]);
            return kExitUsage;
        } else if (file.empty())
            file = args[i];
        else {
            std::fprintf(stderr, "rvimport %s: one file only\n", verb);
            return kExitUsage;
        }
    }
    if (file.empty() || !json) {
        std::fprintf(stderr, "usage: rvimport %s\n",
                     dump ? "dump --json [--pretty] [--data-root DIR] [--include-root DIR] [--model-cfg FILE] FILE"
                          : "info [--data-root DIR] [--include-root DIR] [--model-cfg FILE] FILE");
        return kExitUsage;
    }
    if (const std::string problem = inputProblem(file); !problem.empty()) {
        std::fprintf(stderr, "rvimport %s: %s\n", verb, problem.c_str());
        return kExitDecode;
    }
    Options withRoot;
    withRoot.dataRoot = dataRoot;
    withRoot.modelConfig = modelConfig;
    withRoot.includeRoot = includeRoot;
    if (const std::string problem = dataRootProblem(withRoot); !problem.empty()) {
        std::fprintf(stderr, "rvimport %s: %s\n", verb, problem.c_str());
        return kExitUsage;
    }
    const Output output = !dump ? Output::Info : pretty ? Output::PrettyJson : Output::Json;
    // A stdout that cannot take the output (a full disk, /dev/full) is caught in main().
    return describe(file, output, withRoot) ? kExitOk : kExitDecode;
}

}  // namespace

int runInfo(const std::vector<std::string>& args) { return runDescribe(args, false); }
int runDump(const std::vector<std::string>& args) { return runDescribe(args, true); }

}  // namespace rv::cli
