// libFuzzer: the RTM decoder (RTM_0101, RTM_MDAT + RTM_0101, BMTR v3..v5) with a 16 MiB limit, so
// a hostile count or LZO stream can only end in a clean error. A failure must carry a message and
// an offset inside the input; a success must be consistent: one phase per frame and one matrix
// (plain) or record (BMTR) per frame and bone.
#include <cstddef>
#include <cstdint>

#include "rv/rtm.hpp"

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
        require(!a.error().message.empty() && a.error().offset <= size);
        return 0;
    }
    const size_t n = size_t(a->frameCount) * a->bones.size();
    require(a->phases.size() == a->frameCount);
    require(a->binarized ? a->transforms.size() == n && a->matrices.empty()
                         : a->matrices.size() == n && a->transforms.empty());
    for (const rv::Warning& w : a->warnings) require(w.severity == rv::Severity::Warning);
    return 0;
}
