// Materials embedded in a LOD: the binarized .rvmat (format notes §2.7.2).
#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

OdolStageTexture readStageTexture(ByteReader& r, uint32_t mv) {
    OdolStageTexture t;
    if (mv >= 5) t.textureFilter = r.u32();
    t.texture = r.asciiz();
    if (mv >= 8) t.stageId = r.u32();
    if (mv >= 11) t.useWorldEnvMap = r.boolean();
    return t;
}

OdolStageTransform readStageTransform(ByteReader& r) {
    OdolStageTransform t;
    t.uvSource = r.u32();
    t.transform = readMat43(r);  // 12 floats; OpenPoseidon found 16 desynchronises the stream
    return t;
}

}  // namespace

void readMaterial(ByteReader& r, const FileState&, OdolMaterial& m) {
    m.name = r.asciiz();
    uint64_t versionAt = r.offset();
    m.version = r.u32();
    // Arma 1 writes 9, Arma 2/3 9-11. DayZ's 20 is a wider record whose layout the public
    // readers disagree on; it marks a DayZ model, which we refuse rather than misread.
    if (m.version == 20)
        r.failAtStated(
            DiagKind::Unsupported, versionAt,
            "material version 20 at offset " + hexOffset(versionAt) + " is DayZ's; DayZ models are not supported");
    if (m.version > 11 || m.version < 3)
        r.failAtStated(DiagKind::BadValue, versionAt,
                       "material version " + std::to_string(m.version) + " at offset " + hexOffset(versionAt) +
                           " is not one we know (3-11)");
    const uint32_t mv = m.version;
    m.emissive = readRgba(r);
    m.ambient = readRgba(r);
    m.diffuse = readRgba(r);
    m.forcedDiffuse = readRgba(r);
    m.specular = readRgba(r);
    m.specular2 = readRgba(r);
    m.specularPower = r.f32();
    m.pixelShaderId = r.u32();
    m.vertexShaderId = r.u32();
    m.mainLight = r.u32();
    m.fogMode = r.u32();
    if (mv == 3) r.boolean();
    if (mv >= 6) m.surfaceFile = r.asciiz();
    if (mv >= 4) {
        r.u32();  // render flag count; the flags themselves are one word
        m.renderFlags = r.u32();
    }
    uint32_t nStages = 0, nTexGens = 0;
    if (mv > 6) nStages = r.count(1, "material stages");
    nTexGens = mv > 8 ? r.count(52, "stage transforms") : nStages;
    if (mv < 8) {
        r.checkCount(nStages, 52 + 1, "material stages");
        for (uint32_t i = 0; i < nStages; ++i) {
            m.stageTransforms.push_back(readStageTransform(r));
            m.stages.push_back(readStageTexture(r, mv));
        }
    } else {
        m.stages.reserve(nStages);
        for (uint32_t i = 0; i < nStages; ++i) m.stages.push_back(readStageTexture(r, mv));
        r.checkCount(nTexGens, 52, "stage transforms");
        m.stageTransforms.reserve(nTexGens);
        for (uint32_t i = 0; i < nTexGens; ++i) m.stageTransforms.push_back(readStageTransform(r));
    }
    if (mv >= 10) {
        m.hasThermalStage = true;
        m.thermalStage = readStageTexture(r, mv);
    }
}

}  // namespace rv::odol
