// Proxies: the places where other models are attached (format notes §2.7.1; v7 §2.2.1 #21).
// One reader for every version: v7 stores path, transform, sequence id and selection index;
// v28 adds the bone index and v40 the section index.
#include "odol/odol_parse.hpp"

namespace rv::odol {

void readProxies(ByteReader& r, const FileState& s, std::vector<OdolProxy>& proxies) {
    ContextScope scope(r.context(), "proxies");
    const bool hasBone = s.version >= 28;
    const bool hasSection = s.version >= 40;
    // The least a proxy takes: the path's NUL, the matrix and the version's 2, 3 or 4 i32.
    uint32_t n = r.count(1 + 48 + 4 * (2 + size_t(hasBone) + size_t(hasSection)), "proxies");
    s.codec.allocate(r, proxies, n, "proxies");
    ContextScope item(r.context(), "proxy", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        OdolProxy& p = proxies[i];
        p.model = r.asciiz();
        p.transform = readMat43(r);
        p.sequenceId = r.i32();
        p.selectionIndex = r.i32();
        if (hasBone) p.boneIndex = r.i32();
        if (hasSection) p.sectionIndex = r.i32();
    }
}

}  // namespace rv::odol
