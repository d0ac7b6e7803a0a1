// Proxy markers: the triangles that only say where a proxy sits (view.hpp, proxyMarkerFaces).
//
// A proxy is authored as a right-angled triangle in a selection "proxy:<path>.<index>" (Object
// Builder's template, code/mlod/mlod_proxies.cpp). The game never draws that triangle: it draws the
// model the proxy names, at the triangle's frame. Where the marker faces are depends on the form:
//  - editable models and OFP's v7: the proxy's selection lists its faces;
//  - binarized models from v28 on: binarize empties the proxy selections (man_survivor.p3d's eight
//    "proxy:" selections hold no face and no vertex) and moves the triangles into sections of their
//    own whose face flags carry 0x10000000, "hidden proxy triangle" (format notes §2.7.4; every
//    proxy of man_survivor points at its LOD's section 0, faces 0-7, flags 0x10002000). v7's
//    section flags mean other things (0x20400000 on its proxy faces), so the bit is read only on
//    later versions.
#include <algorithm>

#include "rv/view.hpp"

namespace rv {

namespace {
constexpr uint32_t kHiddenProxyTriangle = 0x10000000u;
}

std::vector<uint32_t> proxyMarkerFaces(const OdolModel& model, const OdolLod& lod) {
    const size_t faceCount = lod.faceCount();
    std::vector<bool> marker(faceCount, false);
    for (const OdolProxy& p : lod.proxies) {
        if (p.selectionIndex < 0 || size_t(p.selectionIndex) >= lod.selections.size()) continue;
        for (uint32_t f : lod.selections[size_t(p.selectionIndex)].faces)
            if (f < faceCount) marker[f] = true;
    }
    if (!model.editable && model.version >= 28 && !lod.proxies.empty())
        for (const OdolSection& s : lod.sections)
            if (s.faceFlags & kHiddenProxyTriangle)
                for (uint32_t f = s.firstFace; f < s.endFace && f < faceCount; ++f) marker[f] = true;
    std::vector<uint32_t> out;
    for (uint32_t f = 0; f < faceCount; ++f)
        if (marker[f]) out.push_back(f);
    return out;
}

bool LodView::drawsUnboundVertex() const {
    if (!skinned()) return false;
    auto unbound = [&](uint32_t v) {
        if (v >= jointWeights.size()) return false;
        const std::array<float, 4>& w = jointWeights[v];
        return w[0] + w[1] + w[2] + w[3] == 0;
    };
    for (uint32_t v : triangles)
        if (unbound(v)) return true;
    if (drawLoosePoints)
        for (uint32_t v : loosePoints)
            if (unbound(v)) return true;
    return false;
}

}  // namespace rv
