// The lines `export` ends with (export_summary.hpp).
#include "cli/export_summary.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "rv/model_references.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {

// "1.4 MB" / "820 KB" / "312 bytes": what a person reads, not formatBytes's exact binary units.
std::string readableSize(uint64_t bytes) {
    char text[32];
    if (bytes >= 1000 * 1000)
        std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
    else if (bytes >= 1000)
        std::snprintf(text, sizeof text, "%.0f KB", double(bytes) / 1e3);
    else
        std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
    return text;
}

DataRootCheck checkDataRoot(const OpenedFile& file, const CliOptions& opt) {
    DataRootCheck check;
    if (!(file.model || file.terrain) || !file.dataRoot) return check;
    const TextureTally tally = file.model
                                   ? tallyTextures(modelReferences(*file.model, file.dataRoot.get(), file.options))
                                   : tallyTerrainTextures(*file.terrain, *file.dataRoot, file.options);
    if (tally.total == 0) return check;
    check.tally = tally;
    check.line = dataRootLine(tally, *file.dataRoot);
    if (opt.strict && tally.found < tally.total) check.error = strictRefusal(file.name, tally);
    return check;
}

std::string strictRefusal(const std::string& name, const TextureTally& tally) {
    return name + ": " + std::to_string(tally.total - tally.found) + " of " + std::to_string(tally.total) +
           " textures are missing from the data root (--strict), the first " + tally.firstMissing +
           "; nothing was written";
}

void printExportSummary(const CliOptions& opt, const std::string& out, const std::string& dataRootLine,
                        size_t warnings) {
    if (opt.quiet) return;
    if (!dataRootLine.empty()) std::fprintf(stderr, "%s\n", printable(dataRootLine).c_str());
    std::error_code ec;
    const uintmax_t size = fs::file_size(fs::u8path(out), ec);
    std::string line = "wrote " + out;
    if (!ec) line += " (" + readableSize(size);
    line += std::string(ec ? " (" : "; ") + std::to_string(warnings) + (warnings == 1 ? " warning)" : " warnings)");
    std::fprintf(stderr, "%s\n", printable(line).c_str());
}

}  // namespace rv::cli
