// libFuzzer: the front door (rv::open) on anything. The first byte picks the name the bytes come
// under (it decides the kind of files without a signature: .pac, .paa, .rvmat, .pbo, .p3d, .wrp,
// none) and whether the view is built (bit 3) and in which frame (bits 4-5); the rest is the file,
// opened with a 64 MiB limit. Every result must be consistent: exactly the slot of its kind
// filled, and the view present exactly when asked for a model or terrain.
#include <cstddef>
#include <cstdint>
#include <string>

#include "rv/open.hpp"

namespace {

void require(bool ok) {
    if (!ok) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const uint8_t b = data[0];
    static const char* const kNames[] = {"f.p3d", "f.wrp", "f.paa", "f.pac", "f.rvmat", "f.pbo", "config.bin", "f"};
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    options.lods = (b & 0x40) ? "all" : "first";
    rv::OpenRequest request;
    if (b & 0x08) request.viewFrame = rv::Frame{rv::Axes(((b >> 4) & 3) % 3), (b & 0x80) != 0, (b & 0x80) != 0};
    auto f = rv::open(data + 1, size - 1, kNames[b & 7], options, request);
    if (!f) {
        require(!rv::diagnosticLine(f.error()).empty());
        return 0;
    }
    const int filled = int(f->model != nullptr) + int(f->terrain != nullptr) + int(f->texture.has_value()) +
                       int(f->config.has_value()) + int(f->archive.has_value()) + int(f->animation.has_value());
    require(filled == 1);
    require((f->kind == rv::FileKind::Model) == (f->model != nullptr));
    require((f->kind == rv::FileKind::Terrain) == (f->terrain != nullptr));
    require((f->kind == rv::FileKind::Animation) == f->animation.has_value());
    require((f->modelView != nullptr) == (f->model && request.viewFrame));
    require((f->terrainView != nullptr) == (f->terrain && request.viewFrame));
    for (const rv::Warning& w : f->warnings) require(w.severity == rv::Severity::Warning);
    return 0;
}
