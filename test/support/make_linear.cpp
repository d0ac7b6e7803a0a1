// rv_make_linear OUT_DIR TIMES: writes the shapes of issue 29 (support/linear_shapes.hpp) at TIMES
// their base scale into OUT_DIR/{config,mlod,odol,pbo}/, to time the CLI on them by hand.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/linear_shapes.hpp"
#include "support/write_file.hpp"

int main(int argc, char** argv) {
    const unsigned long times = argc == 3 ? std::strtoul(argv[2], nullptr, 10) : 0;
    if (times == 0 || times > 64) {
        std::fprintf(stderr, "usage: rv_make_linear OUT_DIR TIMES (1 to 64)\n");
        return 2;
    }
    for (const rvtest::linear::NamedShape& s : rvtest::linear::shapesAt(uint32_t(times))) {
        const std::string path = std::string(argv[1]) + "/" + s.path;
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        if (!rvtest::writeFile(path, s.bytes)) return 1;
    }
    return 0;
}
