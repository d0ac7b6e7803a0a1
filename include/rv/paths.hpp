// Path and name helpers for BI references and file names: the one copy every layer uses.
//
// BI references use backslashes ("a3\\data_f\\x_co.paa"), some tools write slashes, and host
// paths are either: every helper here takes both as separators. Case folding is ASCII only:
// BI names are compared without case by the engine, and a locale must never change a result.
#pragma once

#include <string>
#include <string_view>

namespace rv {

// "A3\\X_CO.PAA" -> "a3\\x_co.paa": A-Z only, other bytes (UTF-8 included) unchanged.
std::string asciiLower(std::string_view s);
// Whether `s` ends with `suffix`, ignoring ASCII case.
bool endsWithNoCase(std::string_view s, std::string_view suffix);

// The last path component: "a3\\data_f\\x_co.paa" -> "x_co.paa", "a/b/" -> "".
std::string fileNameOf(std::string_view path);
// The file name's extension from its last dot, dot included, as written: "x\\house.p3d" ->
// ".p3d", "house" -> "", "x.y\\house" -> "" (a dot in a folder is not one). A leading dot counts
// (".rvmat" -> ".rvmat"): BI references have no hidden files, and a name that is only an
// extension is read as one.
std::string extensionOf(std::string_view path);
// The file name without its extension: "ca\\buildings\\house.p3d" -> "house".
std::string stemOf(std::string_view path);

}  // namespace rv
