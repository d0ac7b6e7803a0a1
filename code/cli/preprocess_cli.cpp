// `rvimport preprocess FILE [--include-root DIR] [--data-root DIR]`: a source config after the
// preprocessor (rv/preprocess.hpp), as the parser reads it: what a modder runs to see what a
// macro became. The #include lines are found through the include root (rv/include_root.hpp).
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/include_root.hpp"
#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/preprocess.hpp"
#include "rv/printable.hpp"

namespace rv::cli {
namespace {

constexpr const char* kUsage = "usage: rvimport preprocess [--include-root DIR] [--data-root DIR] FILE\n";

// Reads `--include-root DIR`, `--data-root DIR` and the one file; false after a usage message.
bool readArguments(const std::vector<std::string>& args, std::string& file, Options& options) {
    bool optionsEnded = false;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool folderOption = a == "--include-root" || a == "--data-root";
        if (!optionsEnded && a == "--") {
            optionsEnded = true;
        } else if (!optionsEnded && folderOption) {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "rvimport preprocess: %s wants a folder\n", a.c_str());
                return false;
            }
            (a == "--include-root" ? options.includeRoot : options.dataRoot) = args[++i];
        } else if (!optionsEnded && !a.empty() && a[0] == '-') {
            reportUnknownOption("preprocess", a);
            return false;
        } else if (file.empty()) {
            file = a;
        } else {
            std::fprintf(stderr, "rvimport preprocess: one file only\n");
            return false;
        }
    }
    return !file.empty();
}

}  // namespace

int runPreprocess(const std::vector<std::string>& args) {
    std::string file;
    Options options;
    if (!readArguments(args, file, options)) {
        std::fprintf(stderr, "%s", kUsage);
        return kExitUsage;
    }
    if (const std::string problem = inputProblem(file); !problem.empty()) {
        std::fprintf(stderr, "rvimport preprocess: %s\n", problem.c_str());
        return kExitDecode;
    }
    if (const std::string problem = dataRootProblem(options); !problem.empty()) {
        std::fprintf(stderr, "rvimport preprocess: %s\n", problem.c_str());
        return kExitUsage;
    }
    MemoryBudget budget(options.memoryLimit);
    options.budget = &budget;
    Result<std::vector<uint8_t>> bytes = readFileBytes(file, options.memoryLimit);
    if (!bytes) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(withSource(bytes.error(), file))).c_str());
        return kExitDecode;
    }
    IncludeRoot includes = IncludeRoot::around(file, options);
    Result<PreprocessedText> text =
        preprocess(bytes->data(), bytes->size(), includes.entryName(), includes.preprocessing(), options);
    if (!text) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(text.error(), file, includes.entryName())).c_str());
        return kExitDecode;
    }
    printWarnings(file, includes.entryName(), text->warnings);
    std::fwrite(text->text.data(), 1, text->text.size(), stdout);  // a full stdout is caught in main()
    return kExitOk;
}

}  // namespace rv::cli
