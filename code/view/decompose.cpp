// Placement transform -> translation, rotation, scale (include/rv/decompose.hpp).
#include "rv/decompose.hpp"

#include <algorithm>
#include <cmath>

namespace rv {
namespace {

// Rotation matrix (r[row][column]) to unit quaternion x, y, z, w: Shepperd's method, the branch
// with the largest divisor, so no branch divides by a small number.
std::array<float, 4> quaternionOf(const double r[3][3]) {
    double q[4];
    const double tr = r[0][0] + r[1][1] + r[2][2];
    if (tr > 0) {
        const double k = std::sqrt(tr + 1.0) * 2;
        q[3] = 0.25 * k, q[0] = (r[2][1] - r[1][2]) / k, q[1] = (r[0][2] - r[2][0]) / k, q[2] = (r[1][0] - r[0][1]) / k;
    } else if (r[0][0] > r[1][1] && r[0][0] > r[2][2]) {
        const double k = std::sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]) * 2;
        q[3] = (r[2][1] - r[1][2]) / k, q[0] = 0.25 * k, q[1] = (r[0][1] + r[1][0]) / k, q[2] = (r[0][2] + r[2][0]) / k;
    } else if (r[1][1] > r[2][2]) {
        const double k = std::sqrt(1.0 + r[1][1] - r[0][0] - r[2][2]) * 2;
        q[3] = (r[0][2] - r[2][0]) / k, q[0] = (r[0][1] + r[1][0]) / k, q[1] = 0.25 * k, q[2] = (r[1][2] + r[2][1]) / k;
    } else {
        const double k = std::sqrt(1.0 + r[2][2] - r[0][0] - r[1][1]) * 2;
        q[3] = (r[1][0] - r[0][1]) / k, q[0] = (r[0][2] + r[2][0]) / k, q[1] = (r[1][2] + r[2][1]) / k, q[2] = 0.25 * k;
    }
    const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return {float(q[0] / len), float(q[1] / len), float(q[2] / len), float(q[3] / len)};
}

// XYZ Euler angles of a rotation matrix: R = Rz Ry Rx, so R20 = -sin y, R21 = cos y sin x,
// R22 = cos y cos x, R10 = cos y sin z, R00 = cos y cos z. At cos y = 0 (gimbal lock) z is 0 and
// x comes from R11 = cos x, R12 = -sin x.
Vec3 eulerXyzOf(const double r[3][3]) {
    const double cy = std::hypot(r[0][0], r[1][0]);
    if (cy > 2e-6)
        return {float(std::atan2(r[2][1], r[2][2])), float(std::atan2(-r[2][0], cy)),
                float(std::atan2(r[1][0], r[0][0]))};
    return {float(std::atan2(-r[1][2], r[1][1])), float(std::atan2(-r[2][0], cy)), 0.0f};
}

}  // namespace

Decomposition decompose(const Mat4& m) {
    Decomposition d;
    d.translation = {m.m[3], m.m[7], m.m[11]};
    double col[3][3];  // col[c][r]: the images of the axes
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) col[c][r] = m.m[size_t(r * 4 + c)];
    double s[3];
    for (int c = 0; c < 3; ++c) s[c] = std::sqrt(col[c][0] * col[c][0] + col[c][1] * col[c][1] + col[c][2] * col[c][2]);
    const double det = col[0][0] * (col[1][1] * col[2][2] - col[1][2] * col[2][1]) -
                       col[1][0] * (col[0][1] * col[2][2] - col[0][2] * col[2][1]) +
                       col[2][0] * (col[0][1] * col[1][2] - col[0][2] * col[1][1]);
    if (!(s[0] > 0 && s[1] > 0 && s[2] > 0) || !std::isfinite(det) || det == 0 ||
        !(std::isfinite(d.translation.x) && std::isfinite(d.translation.y) && std::isfinite(d.translation.z))) {
        d.degenerate = true;
        return d;
    }
    // A mirror goes into the z scale (glTF and Blender both take a negative scale); what is left
    // is a proper rotation.
    if (det < 0) s[2] = -s[2];
    double r[3][3];  // r[row][column]
    for (int c = 0; c < 3; ++c)
        for (int k = 0; k < 3; ++k) r[k][c] = col[c][k] / s[c];
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
            if (std::fabs(r[0][a] * r[0][b] + r[1][a] * r[1][b] + r[2][a] * r[2][b]) > kShearTolerance)
                d.sheared = true;
    d.rotation = quaternionOf(r);
    d.eulerXyz = eulerXyzOf(r);
    d.scale = {float(s[0]), float(s[1]), float(s[2])};
    return d;
}

}  // namespace rv

namespace rv {

float axisShear(const Mat4& m) {
    float worst = 0;
    for (size_t a = 0; a < 3; ++a)
        for (size_t b = a + 1; b < 3; ++b) {
            const float dot = m.m[a] * m.m[b] + m.m[4 + a] * m.m[4 + b] + m.m[8 + a] * m.m[8 + b];
            const float la = std::sqrt(m.m[a] * m.m[a] + m.m[4 + a] * m.m[4 + a] + m.m[8 + a] * m.m[8 + a]);
            const float lb = std::sqrt(m.m[b] * m.m[b] + m.m[4 + b] * m.m[4 + b] + m.m[8 + b] * m.m[8 + b]);
            worst = la > 0 && lb > 0 ? std::max(worst, std::fabs(dot) / (la * lb)) : 1.0f;
        }
    return worst;
}

}  // namespace rv
