// Small value types shared by every rvimport model. Plain structs, layout-compatible with
// float[2] / float[3] / float[12], so arrays of them can be handed to C and Python as-is.
#pragma once

#include <array>

namespace rv {

struct Vec2 {
    float u, v;
};
struct Vec3 {
    float x, y, z;
};

// A 3x4 transform as the files store it: four rows aside (image of +x), up (image of +y),
// dir (image of +z), position. A point p maps to p.x*aside + p.y*up + p.z*dir + position.
struct Mat43 {
    std::array<float, 12> m;
    Vec3 aside() const { return {m[0], m[1], m[2]}; }
    Vec3 up() const { return {m[3], m[4], m[5]}; }
    Vec3 dir() const { return {m[6], m[7], m[8]}; }
    Vec3 position() const { return {m[9], m[10], m[11]}; }
};

using Rgba = std::array<float, 4>;

// A 4x4 affine transform, row-major, acting on column vectors: p' = M p, so the translation is
// m[3], m[7], m[11] (the layout of aiMatrix4x4 and of Blender's Matrix rows).
struct Mat4 {
    std::array<float, 16> m;
    static Mat4 identity() { return {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}; }
};

}  // namespace rv
