// Writes every hostile shape (support/hostile_shapes.hpp) into DIR, one file each, and prints
// "name bytes" per file: the inputs of test/hostile_memory_test.py. With --textures, the texture
// shapes instead; with --animations, the animation shapes (test/cli_hostile_animation_test.py).
#include <cstdio>
#include <string>
#include <vector>

#include "support/hostile_animations.hpp"
#include "support/hostile_shapes.hpp"

int main(int argc, char** argv) {
    const std::string kind = argc == 3 ? argv[1] : "";
    if (argc != 2 && kind != "--textures" && kind != "--animations") {
        std::fprintf(stderr, "usage: rv_make_hostile [--textures | --animations] DIR\n");
        return 2;
    }
    const std::vector<rvtest::hostile::Shape> shapes = kind == "--textures"     ? rvtest::hostile::textureShapes()
                                                       : kind == "--animations" ? rvtest::hostile::animationShapes()
                                                                                : rvtest::hostile::allShapes();
    for (const rvtest::hostile::Shape& s : shapes) {
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
