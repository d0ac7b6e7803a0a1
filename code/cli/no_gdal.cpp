// `rvimport map` in a build without GDAL (RV_WITH_GDAL=OFF): says so, exit 2.
#include <cstdio>

#include "cli/commands.hpp"

namespace rv::cli {

int runMap(const std::vector<std::string>&) {
    std::fprintf(stderr,
                 "rvimport map: this build has no GDAL, which writes the map's GeoTIFF and GeoPackage files; "
                 "`rvimport export WORLD.wrp dem.asc` writes the heights\n");
    return kExitUsage;
}

}  // namespace rv::cli
