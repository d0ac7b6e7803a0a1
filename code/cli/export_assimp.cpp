// `rvimport export` to any format Assimp writes: the format from -f or OUT's extension, the
// import's warnings on stderr, the file written by exportSafely (safe_export.cpp). Compiled only
// with Assimp (RV_WITH_ASSIMP).
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cstdio>
#include <string>

#include "cli/arguments.hpp"
#include "cli/assimp_convert.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "rv/printable.hpp"

namespace rv::cli {

int exportWithAssimp(const CliOptions& opt, const std::string& in, const std::string& out) {
    Assimp::Exporter exporter;
    const aiExportFormatDesc* format =
        opt.format.empty() ? guessFormat(exporter, out) : findFormat(exporter, opt.format);
    if (!format) {
        if (opt.format.empty())
            std::fprintf(
                stderr,
                "rvimport export: cannot tell the output format from '%s'; give -f FORMAT_ID (rvimport listexport)\n",
                out.c_str());
        else
            std::fprintf(stderr, "rvimport export: unknown format id '%s' (rvimport listexport)\n", opt.format.c_str());
        return kExitUsage;
    }
    if (const std::string refused = refusedFormat(*format); !refused.empty()) {
        std::fprintf(stderr, "rvimport export: %s\n", refused.c_str());
        return kExitUsage;
    }
    for (const std::string& a : opt.animations)
        if (a.find(';') != std::string::npos) {  // RV_IMPORT_ANIMATIONS separates paths with ';'
            std::fprintf(stderr, "rvimport export: --animation %s: a path with ';' cannot go through Assimp\n",
                         printable(a).c_str());
            return kExitUsage;
        }
    // The importer counts the data root's textures as it imports (its tally comes back through the
    // captured log), and --strict is applied between the import and the export.
    WarningCapture capture;
    Assimp::Importer importer;
    configureImporter(importer, opt);
    const Conversion result = convertOne(importer, exporter, in, out, format->id, nullptr, opt.strict);
    // One order everywhere: the error, then the input's warnings, then the summary.
    if (!result.error.empty()) std::fprintf(stderr, "%s\n", printable(result.error).c_str());
    printWarnings(result.warnings);
    if (!result.error.empty()) {
        if (!result.dataRootLine.empty()) std::fprintf(stderr, "%s\n", printable(result.dataRootLine).c_str());
        return kExitDecode;
    }
    printExportSummary(opt, out, result.dataRootLine, result.warnings.size());
    return kExitOk;
}

}  // namespace rv::cli
