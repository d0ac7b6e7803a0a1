// What the binarizer derives for the whole model, worked out from an MLOD's LODs the same way, so
// an editable model and its binarized twin place alike in the view:
//   - bounding box: over the points of every LOD, memory and geometry LODs included;
//   - bounding centre: (min + max) * 0.5 in float, or 0 when the Geometry LOD's named property
//     autocenter is 0. Measured on the twins of samples/editable.tsv: every ODOL position is
//     f32(MLOD point - this centre) bit for bit (m7a3, AAT, seabass, biomeat_can have non-zero
//     centres; the TFAR pairs set autocenter=0);
//   - bbox and bounding sphere relative to that centre, as ODOL stores them;
//   - special LODs by resolution (format notes §2.8), per-point masses from the Geometry LOD's
//     #Mass#, the class and damage properties of the Geometry LOD.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "mlod/mlod_parse.hpp"
#include "rv/paths.hpp"

namespace rv::mlod {
namespace {

bool near(float resolution, double special) { return std::fabs(double(resolution) - special) <= special * 1e-6; }

const OdolProperty* findProperty(const OdolLod& lod, const char* name) {
    for (const OdolProperty& p : lod.properties)
        if (asciiLower(p.name) == name) return &p;
    return nullptr;
}

// The resolution of each SpecialLod role (-1: none, geometrySimple has no resolution of its own).
constexpr double kSpecialResolutions[SpecialLod::Count] = {1e15, 1e13, 7e15, 6e15, 1.3e16, 1.5e16, 1.1e16,
                                                           8e15, 2e15, 3e15, 4e15, 5e15,   -1,     4e13};

void findSpecialLods(const OdolModel& model, OdolModelInfo& info) {
    for (int role = 0; role < SpecialLod::Count; ++role) {
        if (kSpecialResolutions[role] < 0) continue;
        for (size_t i = 0; i < model.lods.size() && i < 127; ++i)
            if (near(model.lods[i].resolution, kSpecialResolutions[role])) {
                info.specialLods[role] = int8_t(i);
                break;
            }
    }
}

void boundingBox(const OdolModel& model, OdolModelInfo& info) {
    constexpr float inf = std::numeric_limits<float>::infinity();
    Vec3 lo{inf, inf, inf}, hi{-inf, -inf, -inf};
    for (const OdolLod& lod : model.lods)
        for (const Vec3& p : lod.positions) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
    if (!(lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z)) return;  // no points (or NaN): all stays 0
    const int32_t geometry = info.specialLods[SpecialLod::Geometry];
    const OdolProperty* autocenter = geometry >= 0 ? findProperty(model.lods[size_t(geometry)], "autocenter") : nullptr;
    info.autoCenter = !(autocenter && autocenter->value == "0");
    const Vec3 c =
        info.autoCenter ? Vec3{(lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f, (lo.z + hi.z) * 0.5f} : Vec3{0, 0, 0};
    info.boundingCenter = c;
    info.bboxMin = {lo.x - c.x, lo.y - c.y, lo.z - c.z};
    info.bboxMax = {hi.x - c.x, hi.y - c.y, hi.z - c.z};
    double radius = 0;
    for (const OdolLod& lod : model.lods)
        for (const Vec3& p : lod.positions) {
            const double dx = double(p.x) - c.x, dy = double(p.y) - c.y, dz = double(p.z) - c.z;
            radius = std::max(radius, dx * dx + dy * dy + dz * dz);
        }
    info.boundingSphere = float(std::sqrt(radius));
}

}  // namespace

void deriveModelInfo(OdolModel& model, std::vector<LodExtras>& extras) {
    OdolModelInfo& info = model.info;
    findSpecialLods(model, info);
    boundingBox(model, info);
    const int32_t geometry = info.specialLods[SpecialLod::Geometry];
    if (geometry < 0) return;
    const OdolLod& g = model.lods[size_t(geometry)];
    info.mass = std::move(extras[size_t(geometry)].mass);
    double total = 0;
    for (float m : info.mass) total += m;
    info.totalMass = float(total);
    info.invMass = total > 0 ? float(1 / total) : 0;
    if (const OdolProperty* p = findProperty(g, "class")) info.propertyClass = p->value;
    if (const OdolProperty* p = findProperty(g, "damage")) info.propertyDamage = p->value;
}

}  // namespace rv::mlod
