// The decoder alone: reads a model and prints its LOD count.
#include <cstdio>

#include "rv/file_bytes.hpp"
#include "rv/model.hpp"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    rv::Options options;
    auto bytes = rv::readFileBytes(argv[1]);
    if (!bytes) return 1;
    auto model = rv::decodeModel(bytes->data(), bytes->size(), rv::fileNameOf(argv[1]), options);
    if (!model) {
        std::fprintf(stderr, "%s\n", model.error().message.c_str());
        return 1;
    }
    std::printf("decoded lods=%zu\n", model->lods.size());
    return 0;
}
