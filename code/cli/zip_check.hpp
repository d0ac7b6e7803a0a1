// Whether a zip archive an exporter wrote is complete (Assimp's 3MF exporter writes its zip
// through its own library, by path and without looking at any result).
#pragma once

#include <filesystem>
#include <string>

namespace rv::cli {

// "" when the end record, the central directory and every entry's local header are where the
// directory says; else what is wrong ("an entry is cut short").
std::string zipDefect(const std::filesystem::path& path);

}  // namespace rv::cli
