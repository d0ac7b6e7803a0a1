// glTF-style tangents from the binarized ST vectors (LodView::tangents).
//
// A binarized LOD stores per vertex S along +dP/du and T along +dP/dv, v growing down the
// picture (measured on the samples, test/test_normal_convention.cpp). glTF's tangent space wants
// xyz along +u, at right angles to the normal, and w = +-1 such that cross(normal, xyz) * w points
// up the picture (where a map's green points once normalMapForGltf has turned it): that is -T.
// Both are worked out in the output frame, whose mirror (y-up, z-up) flips cross products.
#include <cmath>

#include "view/d3.hpp"
#include "view/view_internal.hpp"

namespace rv::view {
namespace {}  // namespace

void buildTangents(const OdolLod& lod, const Frame& frame, LodView& out) {
    const size_t n = out.positions.size();
    if (lod.tangents.size() != n || lod.bitangents.size() != n || out.normals.size() != n) return;
    out.tangents.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const D3 normal = d3(out.normals[i]);  // unit (repairNormals)
        const D3 s = d3(toFrame(frame.axes, lod.tangents[i]));
        const D3 t = d3(toFrame(frame.axes, lod.bitangents[i]));
        D3 u = minus(s, scaled(normal, dot(normal, s)));  // S without its part along the normal
        double len = std::sqrt(dot(u, u));
        if (!(len > 1e-6) || !std::isfinite(len)) {
            // No usable S (zero, along the normal, non-finite): any direction across the normal.
            u = cross(normal, std::fabs(normal.x) < 0.9 ? D3{1, 0, 0} : D3{0, 1, 0});
            len = std::sqrt(dot(u, u));
        }
        u = scaled(u, 1.0 / len);
        const double w = dot(cross(normal, u), scaled(t, -1.0)) < 0 ? -1.0 : 1.0;
        out.tangents[i] = {float(u.x), float(u.y), float(u.z), float(w)};
    }
}

}  // namespace rv::view
