// Writes every hostile shape (support/hostile_shapes.hpp) into DIR, one file each, and prints
// "name bytes" per file: the inputs of test/hostile_memory_test.py. With --textures, the texture
// shapes instead.
#include <cstdio>
#include <string>

#include "support/hostile_shapes.hpp"

int main(int argc, char** argv) {
    const bool textures = argc == 3 && std::string(argv[1]) == "--textures";
    if (argc != 2 && !textures) {
        std::fprintf(stderr, "usage: rv_make_hostile [--textures] DIR\n");
        return 2;
    }
    for (const rvtest::hostile::Shape& s : textures ? rvtest::hostile::textureShapes() : rvtest::hostile::allShapes()) {
        const std::string path = std::string(argv[argc - 1]) + "/" + s.name;
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (!f || std::fwrite(s.bytes.data(), 1, s.bytes.size(), f) != s.bytes.size() || std::fclose(f) != 0) {
            std::perror(path.c_str());
            return 1;
        }
        std::printf("%s %zu\n", s.name.c_str(), s.bytes.size());
    }
    return 0;
}
