// Reading a whole file into memory, the one I/O step every decoder starts from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"

namespace rv {

// Reads `path` fully. Fails (naming the file) when it cannot be opened or read, or is larger
// than `maxBytes`.
Result<std::vector<uint8_t>> readFileBytes(const std::string& path, uint64_t maxBytes = uint64_t(4) << 30);

// The last path component, for error messages: "a/b/tf_bussole.p3d" -> "tf_bussole.p3d".
std::string fileNameOf(const std::string& path);

}  // namespace rv
