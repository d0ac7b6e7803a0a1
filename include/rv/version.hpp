// rvimport's version: one string, from the project() line of CMakeLists.txt.
#pragma once

namespace rv {

const char* versionString();  // "0.2.0"

}  // namespace rv
