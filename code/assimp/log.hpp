// Our importers' warnings in Assimp's log. Assimp's log takes text, so each warning goes there as
// its whole line (diagnosticLine); while it is being logged, the warning itself is readable on this
// thread, so a host's logger (the CLI's) can name the input its own way without reading the text.
#pragma once

#include <cstddef>
#include <string>

#include "rv/error.hpp"

namespace rv::assimp {

// Logs `w` as a warning line, about `w.source` (the file as the importer named it).
void logWarning(const Warning& w);
// A warning about `source` with `message` (the scene builders' notes).
void logWarning(const std::string& source, const std::string& message);
// The warning being logged on this thread, or null (Assimp's own lines).
const Warning* warningBeingLogged();

// The data root's tally of an import with a data root (rv/model_references.hpp): logged as an
// info line ("textures: 3 of 3 found in the data root P:\"), readable whole on this thread while
// it is, so the CLI prints it and applies --strict without opening the file a second time.
struct DataRootTally {
    size_t found = 0, total = 0;
    std::string firstMissing;  // as stored; "" when none is missing
    std::string line;          // rv::dataRootLine
};
void logDataRootTally(const DataRootTally& tally);
const DataRootTally* tallyBeingLogged();

}  // namespace rv::assimp
