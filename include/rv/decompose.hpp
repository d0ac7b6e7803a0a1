// A placement transform as translation, rotation and scale: what hosts whose instances take only
// those need (glTF nodes and EXT_mesh_gpu_instancing, Blender's Instance on Points). One rule and
// one shear tolerance for every adapter (code/view/decompose.cpp).
#pragma once

#include <array>

#include "rv/math_types.hpp"

namespace rv {

// Two axes of a transform count as perpendicular while the cosine of their angle is at most this.
// Why 1e-4: it is about 1000 times the rounding of a float rotation as terrains store it (so a
// real placement is never called sheared), and the shear it lets through moves a point of a 50 m
// building by at most 5 mm.
inline constexpr double kShearTolerance = 1e-4;

struct Decomposition {
    Vec3 translation{};
    std::array<float, 4> rotation{0, 0, 0, 1};  // unit quaternion x, y, z, w
    Vec3 eulerXyz{};                            // the same rotation in radians, R = Rz * Ry * Rx (Blender's XYZ)
    Vec3 scale{1, 1, 1};                        // a mirror is a negative z scale
    // Axes not perpendicular within kShearTolerance: the rotation of the nearest unsheared
    // transform is given, the shear is lost.
    bool sheared = false;
    // An axis of length 0, or a value that is not finite: translation only (identity rotation,
    // unit scale), as no rotation can be had.
    bool degenerate = false;
    bool exact() const { return !sheared && !degenerate; }
};

// `m` (row-major, Mat4's layout) as translation * rotation * scale.
Decomposition decompose(const Mat4& m);

// How far the linear part of `m` is from a rotation times a scale: the largest cosine between two
// of its axes (1 when an axis has length 0). Tools store RTM matrices to about 1e-3 of
// orthogonal; up to kAnimationKeyShear an animation key is a rotation for every purpose, and the
// adapters (glTF, Assimp) warn only beyond it.
float axisShear(const Mat4& m);
inline constexpr float kAnimationKeyShear = 0.01f;

}  // namespace rv
