// Conversion from BI's left-handed space into an adapter's frame (view.hpp, Axes).
#include "rv/view.hpp"

namespace rv {

Vec3 toFrame(Axes axes, Vec3 v) {
    switch (axes) {
        case Axes::Stored:
            return v;
        case Axes::YUp:
            return {v.x, v.y, -v.z};  // mirror z: north / forward becomes -z
        case Axes::ZUp:
            return {v.x, v.z, v.y};  // swap y and z: up becomes +z, north +y
    }
    return v;
}

// A stored transform maps p to x*aside + y*up + z*dir + position. In the new frame it is S*M*S
// with S the (involutive) axis change: conjugating keeps it a proper rotation of the same object.
Mat4 toFrame(Axes axes, const Mat43& t) {
    const Vec3 a = toFrame(axes, t.aside()), u = toFrame(axes, t.up()), d = toFrame(axes, t.dir());
    const Vec3 p = toFrame(axes, t.position());
    // Columns of the linear part in the new frame: the images of the new basis vectors, which
    // for the z mirror / y-z swap are the converted aside/up/dir taken in the converted order.
    Vec3 c0 = a, c1 = u, c2 = d;
    if (axes == Axes::YUp) c2 = {-d.x, -d.y, -d.z};  // the new +z is the old -z
    if (axes == Axes::ZUp) std::swap(c1, c2);        // the new +y is the old +z
    return {{c0.x, c1.x, c2.x, p.x,                  //
             c0.y, c1.y, c2.y, p.y,                  //
             c0.z, c1.z, c2.z, p.z,                  //
             0, 0, 0, 1}};
}

}  // namespace rv
