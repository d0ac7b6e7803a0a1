// leafletFiles() in a build without npm's Leaflet (code/cli/leaflet not installed): none, so
// `rvimport map --tiles` says it is not available.
#include "cli/map_tiles.hpp"

namespace rv::cli {

const std::vector<EmbeddedFile>& leafletFiles() {
    static const std::vector<EmbeddedFile> none;
    return none;
}

}  // namespace rv::cli
