// Our importers' warnings in Assimp's log. Assimp's log takes text, so each warning goes there as
// its whole line (diagnosticLine); while it is being logged, the warning itself is readable on this
// thread, so a host's logger (the CLI's) can name the input its own way without reading the text.
#pragma once

#include "rv/error.hpp"

namespace rv::assimp {

// Logs `w` as a warning line, about `w.source` (the file as the importer named it).
void logWarning(const Warning& w);
// A warning about `source` with `message` (the scene builders' notes).
void logWarning(const std::string& source, const std::string& message);
// The warning being logged on this thread, or null (Assimp's own lines).
const Warning* warningBeingLogged();

}  // namespace rv::assimp
