// The files a command reads, which no output it writes may replace (docs/safety.md, issue 40):
// IN, every side file (--animation, --model-cfg, --config, the model.cfg found beside a model,
// a batch's inputs, a map's world) and every file its data root has read. Outputs are compared
// by file identity, so a symbolic or hard link to an input is that input. Thread-safe: batch's
// jobs note and check at once.
#pragma once

#include <memory>
#include <string>

namespace rv {
class DataRoot;
}

namespace rv::cli {

// A file this command reads; one that does not exist (yet) is ignored.
void noteInput(const std::string& path);
// A data root this command reads through: the files it has read by the time an output is
// written are inputs too (DataRoot::filesRead).
void noteDataRoot(std::shared_ptr<const DataRoot> root);

// "" when `out` may be written; else why not: "out.rtm is --animation's walk.rtm, which this
// command reads; refusing to replace it". A folder clashes when an input lies inside it (the map
// replaces whole folders).
std::string inputClash(const std::string& out);

}  // namespace rv::cli
