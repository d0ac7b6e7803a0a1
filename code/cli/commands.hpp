// The verbs of the rvimport command-line tool.
#pragma once

#include <cstdio>

#include "rv/odol.hpp"

namespace rv::cli {

void writeOdolJson(std::FILE* out, const OdolModel& model);
void writeOdolInfo(std::FILE* out, const OdolModel& model);

}  // namespace rv::cli
