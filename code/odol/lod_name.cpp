// LOD resolution -> the name Bohemia's tools show (format notes §2.8).
//
// Special LODs are encoded as large float "resolutions" (1e13 = Geometry, 1e15 = Memory, ...).
// They are f32 in the file, so 1.1e16 and friends are not exact: compare with a relative
// tolerance.
#include <charconv>
#include <cmath>
#include <cstdio>

#include "rv/odol.hpp"

namespace rv {
namespace {

struct SpecialLod {
    double resolution;
    const char* name;
};

constexpr SpecialLod kSpecialLods[] = {
    {1e13, "Geometry"},
    {2e13, "Geometry Buoyancy"},
    {3e13, "PhysX (old)"},
    {4e13, "Geometry PhysX"},
    {1e15, "Memory"},
    {2e15, "Land Contact"},
    {3e15, "Roadway"},
    {4e15, "Paths"},
    {5e15, "Hit-points"},
    {6e15, "View Geometry"},
    {7e15, "Fire Geometry"},
    {8e15, "View Cargo Geometry"},
    {9e15, "View Cargo Fire Geometry"},
    {1e16, "View Commander"},
    {1.1e16, "View Commander Geometry"},
    {1.2e16, "View Commander Fire Geometry"},
    {1.3e16, "View Pilot Geometry"},
    {1.4e16, "View Pilot Fire Geometry"},
    {1.5e16, "View Gunner Geometry"},
    {1.6e16, "View Gunner Fire Geometry"},
    {1.7e16, "Sub Parts"},
    {1.8e16, "ShadowVolume - View Cargo"},
    {1.9e16, "ShadowVolume - View Pilot"},
    {2e16, "ShadowVolume - View Gunner"},
    {2.1e16, "Wreck"},
};

std::string shortest(double v) {
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, float(v));
    return std::string(buf, res.ptr);
}

}  // namespace

std::string lodName(float resolution) {
    double r = resolution;
    if (!std::isfinite(r)) return shortest(r);
    if (r >= 0 && r < 1000) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3f", r);
        return buf;
    }
    if (r == 1000) return "View Gunner";
    if (r == 1100) return "View Pilot";
    if (r == 1200) return "View Cargo";
    if (r >= 10000 && r < 11000) return "ShadowVolume " + shortest(r - 10000);
    if (r >= 11000 && r < 12000) return "ShadowBuffer " + shortest(r - 11000);
    if (r >= 20000 && r < 30000) return "Edit " + shortest(r - 20000);
    for (const SpecialLod& s : kSpecialLods)
        if (std::fabs(r - s.resolution) <= s.resolution * 1e-6) return s.name;
    return shortest(r);
}

}  // namespace rv
