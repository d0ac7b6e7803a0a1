// The verbs of the rvimport command-line tool.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "rv/odol.hpp"
#include "rv/wrp.hpp"

namespace rv::cli {

constexpr int kExitOk = 0, kExitDecode = 1, kExitUsage = 2;

void writeOdolJson(std::FILE* out, const OdolModel& model);
void writeOdolInfo(std::FILE* out, const OdolModel& model);
void writeWrpJson(std::FILE* out, const WrpTerrain& terrain);
void writeWrpInfo(std::FILE* out, const WrpTerrain& terrain);
bool writeEsriAscii(std::FILE* out, const WrpTerrain& terrain, double easting, double northing);
bool writeTerrainBuilderObjects(std::FILE* out, const WrpTerrain& terrain, double easting, double northing);

// Assimp-backed verbs; `args[0]` is the verb. Each returns the process exit code.
int runExport(const std::vector<std::string>& args);
int runBatch(const std::vector<std::string>& args);
int runListExt();
int runListExport();
int runExportInfo(const std::vector<std::string>& args);
int runKnowExt(const std::vector<std::string>& args);
int runBench(const std::vector<std::string>& args);

}  // namespace rv::cli
