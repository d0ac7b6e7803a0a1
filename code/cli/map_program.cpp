// `rvimport map` in the everyday program: runs rvimport-map, the same CLI built with GDAL, in
// this process's place. GDAL pulls in about 110 shared libraries (PROJ, HDF5, Poppler, codecs...),
// and loading them cost every start of rvimport 60-100 ms, more than exporting a model takes;
// only `map` needs them, so only rvimport-map links them (CMakeLists.txt, docs/performance.md).
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/commands.hpp"

#ifndef RV_MAP_PROGRAM_FROM_BINDIR
#define RV_MAP_PROGRAM_FROM_BINDIR "../lib/rvimport/rvimport-map"
#endif

namespace rv::cli {
namespace {

// The folder this program was started from (the build tree, or an installed bin/).
std::string ownFolder() {
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return ".";
    path[n] = '\0';
    std::string s(path);
    size_t slash = s.rfind('/');
    return slash == std::string::npos ? "." : s.substr(0, slash);
}

}  // namespace

int runMap(const std::vector<std::string>& args) {
    const std::string folder = ownFolder();
    // Beside rvimport in a build tree or a release folder; under lib/rvimport/ once installed.
    const std::string candidates[] = {folder + "/rvimport-map", folder + "/" RV_MAP_PROGRAM_FROM_BINDIR};
    for (const std::string& program : candidates) {
        if (access(program.c_str(), X_OK) != 0) continue;
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>("rvimport-map"));
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));  // args[0] is "map"
        argv.push_back(nullptr);
        execv(program.c_str(), argv.data());
        std::fprintf(stderr, "rvimport map: cannot start %s: %s\n", program.c_str(), std::strerror(errno));
        return kExitDecode;
    }
    std::fprintf(stderr,
                 "rvimport map: %s is missing: it is the part of rvimport that writes the map's GeoTIFF and "
                 "GeoPackage files through GDAL; install rvimport again, or use `rvimport export WORLD.wrp dem.asc` "
                 "for the heights\n",
                 candidates[0].c_str());
    return kExitUsage;
}

}  // namespace rv::cli
