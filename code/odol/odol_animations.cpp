// Model-level animation classes (format notes §2.6), present from v30 when hasAnimations is set:
// the classes, then per LOD which animations move each bone, then per LOD each class's axis.
#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// The parameters after the common fields depend on the type: rotations and translations (0-7)
// store two, "direct" (8) stores axis position, axis direction, angle and axis offset, "hide"
// (9) stores its hide value and, from v55, one more float.
void readAnimationClass(ByteReader& r, uint32_t version, OdolAnimation& c) {
    uint64_t typeAt = r.offset();
    c.type = r.u32();
    c.name = r.asciiz();
    c.source = r.asciiz();
    c.minPhase = r.f32();
    c.maxPhase = r.f32();
    c.minValue = r.f32();
    c.maxValue = r.f32();
    if (version >= 56) {
        c.animPeriod = r.f32();
        c.initPhase = r.f32();
    }
    c.sourceAddress = r.u32();
    int nParams;
    if (c.type <= 7)
        nParams = 2;
    else if (c.type == 8)
        nParams = 8;
    else if (c.type == 9)
        nParams = version >= 55 ? 2 : 1;
    else
        r.failAtStated(
            DiagKind::BadValue, typeAt,
            "animation type " + std::to_string(c.type) + " at offset " + hexOffset(typeAt) + " is unknown (0-9 exist)");
    for (int p = 0; p < nParams; ++p) c.params[p] = r.f32();
}

// Per LOD, per bone of its sub-skeleton: the animation classes that move it.
void readBoneTables(ByteReader& r, uint32_t nLods, OdolAnimations& a) {
    a.bonesToAnimations.resize(nLods);
    ContextScope lodScope(r.context(), "bone table of LOD", 0);
    for (uint32_t l = 0; l < nLods; ++l) {
        lodScope.setIndex(l);
        uint32_t nBones = r.count(4, "bones");
        auto& bones = a.bonesToAnimations[l];
        bones.resize(nBones);
        for (auto& anims : bones) {
            uint32_t n = r.count(4, "animations of bone");
            anims.resize(n);
            r.readInto(anims.data(), size_t(n) * 4);
        }
    }
}

// Per LOD, per class: the bone it drives and, for rotations and translations, the axis.
void readAxes(ByteReader& r, uint32_t nLods, OdolAnimations& a) {
    const uint32_t nClasses = uint32_t(a.classes.size());
    a.axes.resize(nLods);
    ContextScope lodScope(r.context(), "axes of LOD", 0);
    for (uint32_t l = 0; l < nLods; ++l) {
        lodScope.setIndex(l);
        r.checkCount(nClasses, 4, "animation axes");
        a.axes[l].resize(nClasses);
        for (uint32_t c = 0; c < nClasses; ++c) {
            OdolAnimations::Axis& ax = a.axes[l][c];
            ax.bone = r.i32();
            uint32_t type = a.classes[c].type;
            if (ax.bone != -1 && type != 8 && type != 9) {
                ax.position = readVec3(r);
                ax.direction = readVec3(r);
            }
        }
    }
}

}  // namespace

void readAnimations(ByteReader& r, const FileState& s, uint32_t lodCount, OdolAnimations& a) {
    ContextScope scope(r.context(), "animations");
    uint32_t nClasses = r.count(4 + 2 + 16 + 4, "animation classes");
    s.codec.allocate(r, a.classes, nClasses, "animation classes");
    {
        ContextScope cls(r.context(), "class", 0);
        for (uint32_t i = 0; i < nClasses; ++i) {
            cls.setIndex(i);
            readAnimationClass(r, s.version, a.classes[i]);
        }
    }
    // DayZ may write 0 here when there are no classes; Arma writes the LOD count.
    uint64_t at = r.offset();
    uint32_t nLods = r.u32();
    if (nLods != lodCount && !(nLods == 0 && nClasses == 0))
        r.failAtStated(DiagKind::BadCount, at,
                       "animation LOD count " + std::to_string(nLods) + " at offset " + hexOffset(at) +
                           " differs from the model's " + std::to_string(lodCount) + " LODs");
    readBoneTables(r, nLods, a);
    readAxes(r, nLods, a);
}

}  // namespace rv::odol
