// The front door and the glTF writer as an installed package: opens a model and counts the
// bytes of the .glb it would write.
#include <cstdio>

#include "rv/gltf.hpp"
#include "rv/open.hpp"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    auto file = rv::openForGltf(argv[1], {}, rv::GltfOptions{});
    if (!file) {
        std::fprintf(stderr, "%s\n", file.error().message.c_str());
        return 1;
    }
    auto out = rv::gltfFromFile(file.value(), rv::GltfOptions{});
    if (!out) {
        std::fprintf(stderr, "%s\n", out.error().message.c_str());
        return 1;
    }
    size_t bytes = 0;
    const bool ok = out->writeMain([&](const void*, size_t n) {
        bytes += n;
        return true;
    });
    std::printf("glb ok=%d bytes=%zu\n", ok ? 1 : 0, bytes);
    return ok ? 0 : 1;
}
