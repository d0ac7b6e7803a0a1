// libFuzzer: the MLOD decoder (P3DM and SP3X LODs, every tag) with a 64 MiB budget, then, when
// the model decodes, the view of every LOD (corner split, winding, selections by point) in a
// mirrored frame with folded quads split. A failure must name an offset inside the input.
#include <cstddef>
#include <cstdint>

#include "rv/model.hpp"
#include "rv/view.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    rv::Result<rv::OdolModel> r = rv::decodeMlod(data, size, "fuzz.p3d", options);
    if (!r.ok()) {
        if (rv::diagnosticLine(r.error()).empty() || r.error().offset > size) __builtin_trap();
        return 0;
    }
    options.lods = "all";
    rv::Frame frame;
    frame.axes = rv::Axes::ZUp;
    frame.splitFoldedQuads = true;
    rv::Result<rv::ModelView> view = rv::buildModelView(r.value(), options, frame);
    if (!view.ok() && rv::diagnosticLine(view.error()).empty()) __builtin_trap();
    return 0;
}
