// Double-precision 3-vectors for the view's geometry tests (quad diagonals, tangent frames): the
// sums of float positions lose too much in float.
#pragma once

#include <cmath>

#include "rv/math_types.hpp"

namespace rv::view {

struct D3 {
    double x, y, z;
};
inline D3 d3(const Vec3& v) { return {v.x, v.y, v.z}; }
inline double dot(const D3& a, const D3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline D3 cross(const D3& a, const D3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline D3 minus(const D3& a, const D3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline D3 scaled(const D3& a, double s) { return {a.x * s, a.y * s, a.z * s}; }
inline double length(const D3& a) { return std::sqrt(dot(a, a)); }

}  // namespace rv::view
