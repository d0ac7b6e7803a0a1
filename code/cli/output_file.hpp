// Writing an output file so that nothing is lost: into a temporary file beside it, every write
// checked, flushed and synced, then renamed into place. On failure no partial file remains and
// the error names the path and the system's reason.
#pragma once

#include <cstdio>
#include <functional>
#include <string>

namespace rv::cli {

// `write(f)` fills the file and returns false on its own failure. Returns "" on success, else
// the reason ("cannot write out.png: No space left on device").
std::string writeFileSafely(const std::string& path, const std::function<bool(std::FILE*)>& write);

// Whether `a` and `b` name the same existing file (also through links).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace rv::cli
