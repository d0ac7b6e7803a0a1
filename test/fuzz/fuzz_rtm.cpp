// libFuzzer: the RTM decoder (RTM_0101, RTM_MDAT + RTM_0101, BMTR v3..v5) with a 16 MiB limit, so
// a hostile count or LZO stream can only end in a clean error. A failure must carry a message and
// an offset inside the input; a success must be consistent: one phase per frame and one matrix
// (plain) or record (BMTR) per frame and bone. A decoded animation is then posed (the view,
// rv/skeleton.hpp) on a skeleton made of its own bones, each the child of the one before, so BMTR
// records compose down a chain as deep as the file has bones: every pose a matrix per frame and bone.
#include <cstddef>
#include <cstdint>

#include "rv/rtm.hpp"
#include "rv/view.hpp"

namespace {

void require(bool ok) {
    if (!ok) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(16) << 20;
    rv::Result<rv::RtmAnimation> a = rv::decodeRtm(data, size, "f.rtm", options);
    if (!a.ok()) {
        require(!rv::diagnosticLine(a.error()).empty() && a.error().offset <= size);
        return 0;
    }
    const size_t n = size_t(a->frameCount) * a->bones.size();
    require(a->phases.size() == a->frameCount);
    require(a->binarized ? a->transforms.size() == n && a->matrices.empty()
                         : a->matrices.size() == n && a->transforms.empty());
    for (const rv::Warning& w : a->warnings) require(w.severity == rv::Severity::Warning);
    rv::OdolSkeleton chain;
    for (size_t b = 0; b < a->bones.size(); ++b) chain.bones.push_back({a->bones[b], b ? a->bones[b - 1] : ""});
    const rv::SkeletonView skeleton = rv::skeletonView(chain);
    rv::Frame frame;
    frame.axes = rv::Axes::ZUp;
    auto posed = rv::buildAnimationView(a.value(), skeleton, frame, {0.5f, 1, 2}, "f", options);
    if (posed.ok()) require(posed->skinning.size() == size_t(a->frameCount) * skeleton.bones.size());
    return 0;
}
