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

struct NamedResolution {
    double resolution;
    const char* name;
};

constexpr NamedResolution kNamedResolutions[] = {
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
    for (const NamedResolution& s : kNamedResolutions)
        if (std::fabs(r - s.resolution) <= s.resolution * 1e-6) return s.name;
    return shortest(r);
}

LodKind lodKind(float resolution) {
    const double r = resolution;
    auto near = [r](double special) { return std::fabs(r - special) <= special * 1e-6; };
    if (!std::isfinite(r) || r < 0) return LodKind::Other;
    if (r < 1000) return LodKind::Visual;
    if (r == 1000 || r == 1100 || r == 1200 || near(1e16)) return LodKind::View;  // Gunner, Pilot, Cargo, Commander
    if ((r >= 10000 && r < 11000) || near(1.8e16) || near(1.9e16) || near(2e16)) return LodKind::ShadowVolume;
    if (r >= 11000 && r < 12000) return LodKind::ShadowBuffer;
    if (r >= 20000 && r < 30000) return LodKind::Edit;
    if (near(1e15)) return LodKind::Memory;
    if (near(2e15) || near(5e15)) return LodKind::PointCloud;  // Land Contact, Hit-points
    if (near(1e13) || near(2e13) || near(3e13) || near(4e13)) return LodKind::Geometry;
    // View/Fire geometries: 6e15 .. 1.6e16 (1e16, View Commander, is visual and handled above).
    if (r >= 6e15 * (1 - 1e-6) && r <= 1.6e16 * (1 + 1e-6)) return LodKind::Geometry;
    return LodKind::Other;  // Roadway, Paths, Sub Parts, Wreck, unknown values
}

const char* lodKindName(LodKind kind) {
    switch (kind) {
        case LodKind::Visual:
            return "visual";
        case LodKind::View:
            return "view";
        case LodKind::ShadowVolume:
            return "shadow volume";
        case LodKind::ShadowBuffer:
            return "shadow buffer";
        case LodKind::Geometry:
            return "geometry";
        case LodKind::Memory:
            return "memory";
        case LodKind::PointCloud:
            return "point cloud";
        case LodKind::Edit:
            return "edit";
        case LodKind::Other:
            break;
    }
    return "other";
}

}  // namespace rv
