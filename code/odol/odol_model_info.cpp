// ModelInfo and Skeleton of ODOL v28+ (format notes §2.4, §2.4.1).
#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

bool hasThermal4(uint32_t v) { return (v >= 42 && v < 10000) || v >= 10042; }
bool hasThermal2(uint32_t v) { return (v >= 43 && v < 10000) || v >= 10043; }

void readSkeleton(ByteReader& r, const FileState& s, OdolSkeleton& sk) {
    ContextScope scope(r.context(), "skeleton");
    sk.name = r.asciiz();
    if (sk.name.empty()) return;
    if (s.version >= 23) sk.isDiscrete = r.boolean();
    uint32_t n = r.count(2, "bones");  // two asciiz, at least one byte each
    s.codec.allocate(r, sk.bones, n, "bones");
    for (OdolBone& b : sk.bones) {
        b.name = r.asciiz();
        b.parent = r.asciiz();
    }
    // Absent in v40 (Arma 1): measured by OpenPoseidon over its corpus.
    if (s.version > 40) sk.pivotsName = r.asciiz();
}

std::vector<int32_t> readLodArray(ByteReader& r, uint32_t lodCount) {
    r.checkCount(lodCount, 4, "per-LOD array");
    std::vector<int32_t> v(lodCount);
    r.readInto(v.data(), size_t(lodCount) * 4);
    return v;
}

}  // namespace

// Fields 1-11 of §2.4, identical in v7 and v28+.
void readModelInfoHead(ByteReader& r, OdolModelInfo& m) {
    m.special = r.i32();
    m.boundingSphere = r.f32();
    m.geometrySphere = r.f32();
    m.remarks = r.i32();
    m.andHints = r.i32();
    m.orHints = r.i32();
    m.aimingCenter = readVec3(r);
    m.color = r.u32();
    m.colorType = r.u32();
    m.viewDensity = r.f32();
    m.bboxMin = readVec3(r);
    m.bboxMax = readVec3(r);
}

// Bounding, geometry and mass centres and the inverse inertia, identical in every version.
void readModelInfoCentres(ByteReader& r, OdolModelInfo& m) {
    m.boundingCenter = readVec3(r);
    m.geometryCenter = readVec3(r);
    m.centerOfMass = readVec3(r);
    for (Vec3& row : m.invInertia) row = readVec3(r);
}

// mapType, the per-point mass array and the four mass/armour floats, identical in every version.
void readModelInfoMass(ByteReader& r, const FileState& s, OdolModelInfo& m) {
    m.mapType = r.u8();
    {
        ContextScope massScope(r.context(), "mass array");
        s.codec.readArray(r, m.mass, "mass array");
    }
    m.totalMass = r.f32();
    m.invMass = r.f32();
    m.armor = r.f32();
    m.invArmor = r.f32();
}

void readModelInfo(ByteReader& r, const FileState& s, uint32_t lodCount, OdolModelInfo& m, OdolSkeleton& skeleton) {
    ContextScope scope(r.context(), "model info");
    const uint32_t v = s.version;
    readModelInfoHead(r, m);
    if (v >= 70) m.lodDensityCoef = r.f32();
    if (v >= 71) m.drawImportance = r.f32();
    if (v >= 52) {
        m.bboxMinVisual = readVec3(r);
        m.bboxMaxVisual = readVec3(r);
    } else {
        m.bboxMinVisual = m.bboxMin;
        m.bboxMaxVisual = m.bboxMax;
    }
    readModelInfoCentres(r, m);
    m.autoCenter = r.boolean();
    m.lockAutoCenter = r.boolean();
    m.canOcclude = r.boolean();
    m.canBeOccluded = r.boolean();
    if (v >= 73) m.aiCovers = r.boolean();
    if (hasThermal4(v))
        for (int i = 0; i < 4; ++i) m.thermal[i] = r.f32();
    if (hasThermal2(v))
        for (int i = 4; i < 6; ++i) m.thermal[i] = r.f32();
    if (v >= 33) m.forceNotAlphaModel = r.boolean();
    if (v >= 37) {
        m.shadowBufferSource = r.i32();
        m.preferShadowVolume = r.boolean();
    }
    if (v >= 48) m.shadowOffset = r.f32();
    m.animated = r.boolean();
    readSkeleton(r, s, skeleton);
    readModelInfoMass(r, s, m);
    if (v >= 72) m.explosionShielding = r.f32();
    if (v >= 53) m.specialLods[SpecialLod::GeometrySimple] = int8_t(r.u8());
    if (v >= 54) m.specialLods[SpecialLod::GeometryPhys] = int8_t(r.u8());
    for (int i = SpecialLod::Memory; i <= SpecialLod::Hitpoints; ++i) m.specialLods[i] = int8_t(r.u8());
    m.minShadow = r.u32();
    if (v >= 38) m.canBlend = r.boolean();
    m.propertyClass = r.asciiz();
    m.propertyDamage = r.asciiz();
    m.propertyFrequent = r.boolean();
    if (v >= 31) r.u32();  // unknown, always read by every reader
    if (v >= 57) {
        m.preferredShadowVolumeLod = readLodArray(r, lodCount);
        m.preferredShadowBufferLod = readLodArray(r, lodCount);
        m.preferredShadowBufferLodVis = readLodArray(r, lodCount);
    }
}

}  // namespace rv::odol
