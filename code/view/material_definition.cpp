// Which definition of a material an import shows: the .rvmat in the data root, else the LOD's
// embedded copy (include/rv/material_textures.hpp, docs/materials.md).
//
// The rule and why. The engine's material bank loads a material by its .rvmat name from the game's
// file system when a model first uses it; the copy binarize embeds in the ODOL is a snapshot of
// that file taken at build time. When binarize cannot read the .rvmat (it was not on the builder's
// P: drive), it still embeds an entry under the name, filled with defaults: pixel shader 0
// ("Normal"), specularPower 0 and one empty stage. The sample data root shows both kinds side by
// side: AGM_M84.p3d and the TFAR radios embed full copies that match their files stage for stage,
// while seabass, the fishing rod, the biomeat can, kat_iv and the CUP backpack embed stubs of
// .rvmat files that ship beside them (with normal and specular maps). So the file wins when it
// resolves, and a stub never hides a real file.
#include <algorithm>
#include <cstdlib>

#include "rv/include_root.hpp"
#include "rv/material_textures.hpp"
#include "rv/paths.hpp"
#include "rv/rvmat.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

const Mat43 kIdentityUv{{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}};

// uvSource names the UV set a stage samples. Text: "tex" is set 0, "texN" set N ("none" and
// generated sources: 0). Binarized: 1 is "tex"; the samples hold only 0 (none) and 1, so every
// other value is read as set 0 until a file shows what it means.
int uvSetOfText(const std::string& source) {
    const std::string s = asciiLower(source);
    if (s.size() > 3 && s.compare(0, 3, "tex") == 0 && s.find_first_not_of("0123456789", 3) == std::string::npos)
        return std::min(7, std::atoi(s.c_str() + 3));
    return 0;
}
int uvSetOfBinarized(uint32_t) { return 0; }

// A binarized material's pixel shader by its id, from the community wiki's ODOLv4x table
// (../shared/formats/wiki/odol-v4x.txt, "Material Stages"). A real file pair confirms 102:
// AGM_M84.p3d's embedded agm_m84.rvmat stores 102 (and vertex shader 23, the wiki's "Super" too)
// where the text .rvmat says "Super"; so do the TFAR radios. man_survivor.p3d's embedded hhl.rvmat
// (the skin of Arma 2's heads and hands) stores 110, the wiki's "Skin", with vertex shader 29, the
// wiki's "Skin" too. The others are the wiki's word alone. Id 4 is left out: the wiki gives it the
// name of 22 and calls it VBS2's. Any other id: "" (the stages' names then give their roles, and
// shaderEmitsLight says no).
std::string pixelShaderNameOf(uint32_t id) {
    switch (id) {
        case 0:
            return "Normal";
        case 8:
            return "Water";
        case 10:
            return "White";
        case 12:
            return "AlphaShadow";
        case 13:
            return "AlphaNoShadow";
        case 56:
            return "Glass";
        case 103:
            return "Multi";
        case 107:
            return "Tree";
        case 110:
            return "Skin";
        case 111:
            return "CalmWater";
        case 114:
            return "TreeAdv";
        case 116:
            return "TreeAdvTrunk";
        case 2:
            return "NormalMap";
        case 3:
            return "NormalMapThrough";
        case 18:
            return "NormalMapSpecularMap";
        case 19:
            return "NormalMapDetailSpecularMap";
        case 20:
            return "NormalMapMacroASSpecularMap";
        case 21:
            return "NormalMapDetailMacroASSpecularMap";
        case 22:
            return "NormalMapSpecularDIMap";
        case 23:
            return "NormalMapDetailSpecularDIMap";
        case 24:
            return "NormalMapMacroASSpecularDIMap";
        case 25:
            return "NormalMapDetailMacroASSpecularDIMap";
        case 102:
            return "Super";
        default:
            return "";
    }
}

MaterialDefinition embeddedDefinition(const OdolMaterial& e) {
    MaterialDefinition d;
    d.source = isStubMaterial(e) ? DefinitionSource::EmbeddedStub : DefinitionSource::Embedded;
    d.diffuse = e.diffuse;
    d.emissive = e.emissive;
    d.specularPower = e.specularPower;
    d.pixelShader = pixelShaderNameOf(e.pixelShaderId);
    for (const OdolStageTexture& st : e.stages) d.stageTextures.push_back(st.texture);
    for (size_t i = 0; i < e.stages.size(); ++i) {
        const bool has = i < e.stageTransforms.size();
        d.stageUvSets.push_back(has ? uvSetOfBinarized(e.stageTransforms[i].uvSource) : 0);
        d.stageUvTransforms.push_back(has ? e.stageTransforms[i].transform : kIdentityUv);
    }
    return d;
}

MaterialDefinition fileDefinition(const RvMaterial& mat, const ResolvedRef& where) {
    MaterialDefinition d;
    d.source = DefinitionSource::DataRoot;
    d.file = where;
    if (mat.diffuse) d.diffuse = *mat.diffuse;
    if (mat.emissive) d.emissive = *mat.emissive;
    d.specularPower = mat.specularPower.value_or(0.0f);
    // A text .rvmat without PixelShaderID is drawn with the engine's default, "Normal".
    d.pixelShader = mat.pixelShader.empty() ? "Normal" : mat.pixelShader;
    for (const RvMatStage& st : mat.stages)
        if (!st.thermal && st.index >= 0 && st.index < 64) {  // StageN at N, as the binarized form numbers them
            if (d.stageTextures.size() <= size_t(st.index)) d.stageTextures.resize(size_t(st.index) + 1);
            d.stageUvSets.resize(d.stageTextures.size());
            d.stageUvTransforms.resize(d.stageTextures.size(), kIdentityUv);
            d.stageTextures[size_t(st.index)] = st.texture;
            d.stageUvSets[size_t(st.index)] = uvSetOfText(st.uvSource);
            d.stageUvTransforms[size_t(st.index)] = st.uvTransform;
        }
    return d;
}

}  // namespace

const char* definitionSourceName(DefinitionSource source) {
    switch (source) {
        case DefinitionSource::DataRoot:
            return "data root";
        case DefinitionSource::Embedded:
            return "embedded copy";
        case DefinitionSource::EmbeddedStub:
            return "embedded copy, an empty stub";
        case DefinitionSource::None:
            break;
    }
    return "none";
}

MaterialDefinition embeddedMaterialDefinition(const OdolMaterial& material) { return embeddedDefinition(material); }

// Which pixel shaders add the material's emissive colour as light of its own. The general lit
// shaders do (RVMAT basics on the community wiki: the colour a lamp's glass or a screen glows
// with): Normal, the NormalMap family, Super, Multi and Glass. The others use the colour for
// something else or not at all: Skin (110) shapes the skin's translucency with it (hhl.rvmat
// stores emmisive {1, 0.6, 0.05} and a forcedDiffuse, and the game's hands do not glow orange),
// the tree shaders light their leaves through forcedDiffuse, water and the shadow-only shaders
// draw no surface colour. An unknown shader emits nothing: a guess that glows is worse than one
// that does not.
bool shaderEmitsLight(std::string_view pixelShader) {
    const std::string s = asciiLower(pixelShader);
    return s == "normal" || s.rfind("normalmap", 0) == 0 || s == "super" || s == "multi" || s == "glass";
}

Vec3 emissiveFactorOf(const MaterialDefinition& def) {
    if (!shaderEmitsLight(def.pixelShader)) return {0, 0, 0};
    return {std::clamp(def.emissive[0], 0.0f, 1.0f), std::clamp(def.emissive[1], 0.0f, 1.0f),
            std::clamp(def.emissive[2], 0.0f, 1.0f)};
}

bool isStubMaterial(const OdolMaterial& material) {
    if (material.pixelShaderId != 0) return false;
    for (size_t i = 1; i < material.stages.size(); ++i)  // stage 0 is the face texture's slot
        if (!material.stages[i].texture.empty()) return false;
    return true;
}

const TextureResolver::RvmatFile& TextureResolver::readRvmatFile(const std::string& rvmat) {
    const std::string key = DataRoot::key(rvmat);
    auto cached = rvmats_.find(key);
    if (cached != rvmats_.end()) return cached->second;
    RvmatFile file;
    const ResolvedRef where = root_->resolve(rvmat);
    if (where.kind == ResolvedRef::Kind::Missing) {
        file.problem = "not in the data root";
    } else if (where.kind == ResolvedRef::Kind::Unsafe) {
        file.problem = "not a safe path: " + where.reason;
    } else {
        auto mat = readRvmatIn(*root_, where, rvmat, options_);
        if (mat)
            file.definition = fileDefinition(mat.value(), where);
        else
            file.problem = "could not be read: " + diagnosticLine(mat.error());
    }
    return rvmats_.emplace(key, std::move(file)).first->second;
}

// "kat_iv.rvmat (material) not in the data root: x\kat\...\kat_iv.rvmat", then what it costs.
void TextureResolver::warnRvmatOnce(const std::string& rvmat, const std::string& problem, const char* consequence) {
    if (!warned_.insert(DataRoot::key(rvmat)).second) return;
    warnings_.push_back(makeWarning(
        DiagKind::MissingReference,
        view::printable(fileNameOf(rvmat)) + " (material) " + problem + ": " + view::printable(rvmat) + consequence));
}

MaterialDefinition TextureResolver::definitionOf(const ViewMaterial& material) {
    const RvmatFile* file = !material.rvmat.empty() && root_ ? &readRvmatFile(material.rvmat) : nullptr;
    if (file && file->definition.present()) return file->definition;
    if (material.embedded) {
        // A full embedded copy stands in for a missing file without a word; a stub is worth one.
        MaterialDefinition d = embeddedDefinition(*material.embedded);
        if (file && d.source == DefinitionSource::EmbeddedStub)
            warnRvmatOnce(material.rvmat, file->problem,
                          "; the model embeds only an empty stub of it, so no normal or specular map is shown");
        return d;
    }
    if (file) warnRvmatOnce(material.rvmat, file->problem, "");
    return {};
}

}  // namespace rv
