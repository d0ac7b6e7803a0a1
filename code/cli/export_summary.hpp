// What `export` ends with: the data root's tally of the model's textures (and the --strict refusal
// when one is missing), then one line saying what was written. Errors and warnings come first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/arguments.hpp"
#include "rv/open.hpp"

namespace rv::cli {

struct DataRootCheck {
    std::string line;    // "textures: K of N found in the data root DIR"; "" without a data root or textures
    std::string error;   // --strict and a texture missing: the refusal, before anything is written
    TextureTally tally;  // what `line` says, for a batch's total
};
// The tally of `file` (a model or terrain opened with a data root); nothing for other files.
DataRootCheck checkDataRoot(const OpenedFile& file, const CliOptions& opt);
// "1.4 MB" / "820 KB" / "312 bytes": a size as a person reads it, in the summary lines.
std::string readableSize(uint64_t bytes);
// --strict's refusal of `name`, which misses textures: "m.p3d: 2 of 3 textures are missing from
// the data root (--strict), the first ...; nothing was written".
std::string strictRefusal(const std::string& name, const TextureTally& tally);
// "wrote OUT (SIZE; W warnings)" on stderr, after `dataRootLine` when it is not empty; -q prints nothing.
void printExportSummary(const CliOptions& opt, const std::string& out, const std::string& dataRootLine,
                        size_t warnings);

}  // namespace rv::cli
