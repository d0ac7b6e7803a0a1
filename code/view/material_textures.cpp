// Textures of materials: roles, resolution, decoding, alpha (include/rv/material_textures.hpp).
#include "rv/material_textures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/pbo.hpp"
#include "rv/png.hpp"
#include "rv/rvmat.hpp"
#include "rv/texture.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

TextureRole roleOfSuffix(const std::string& suffix) {
    if (suffix == "co" || suffix == "ca") return TextureRole::BaseColor;
    if (suffix == "nohq" || suffix == "no" || suffix == "nopx") return TextureRole::Normal;
    if (suffix == "smdi") return TextureRole::SpecularGloss;
    if (suffix == "as") return TextureRole::AmbientShadow;
    if (suffix == "mc") return TextureRole::Macro;
    if (suffix == "dt" || suffix == "cdt") return TextureRole::Detail;
    return TextureRole::Other;
}

// A found texture to pixels: the texture's top mip, or under Options::maxTextureSize its largest
// own mip within it, as meant to be seen (rv/texture.hpp); or the .png/.tga that stands in for a
// missing .paa on a converted P: drive, as it is (it has no mips to choose from).
// The decode may use what the import's budget has left (the whole limit without one): each
// texture does not get the limit to itself, so three bombed textures stop where one would.
Result<Image> decodeFoundBytes(const std::vector<uint8_t>& bytes, const std::string& file, bool substituted,
                               const Options& options) {
    if (!substituted) return decodeTexture(bytes.data(), bytes.size(), file, options);
    const uint64_t left = options.budget ? options.budget->left() : options.memoryLimit;
    return decodeImageFile(bytes.data(), bytes.size(), file, left);
}

}  // namespace

AlphaMode imageAlphaMode(const Image& img) {
    bool partial = false, any = false;
    for (size_t i = 3; i < img.rgba.size(); i += 4) {
        const uint8_t a = img.rgba[i];
        if (a == 255) continue;
        any = true;
        if (a != 0) partial = true;
    }
    return !any ? AlphaMode::Opaque : partial ? AlphaMode::Blend : AlphaMode::Mask;
}

bool textureRoleIsColour(TextureRole role) {
    switch (role) {
        case TextureRole::Normal:
        case TextureRole::SpecularGloss:
        case TextureRole::AmbientShadow:
        case TextureRole::MetallicRoughness:
        case TextureRole::Occlusion:
            return false;
        default:
            return true;
    }
}

const char* textureRoleName(TextureRole role) {
    switch (role) {
        case TextureRole::BaseColor:
            return "base color";
        case TextureRole::Normal:
            return "normal";
        case TextureRole::SpecularGloss:
            return "specular gloss";
        case TextureRole::AmbientShadow:
            return "ambient shadow";
        case TextureRole::Macro:
            return "macro";
        case TextureRole::Detail:
            return "detail";
        case TextureRole::MetallicRoughness:
            return "metallic roughness";
        case TextureRole::Occlusion:
            return "occlusion";
        case TextureRole::Other:
            break;
    }
    return "other";
}

const char* alphaModeName(AlphaMode mode) {
    return mode == AlphaMode::Mask ? "mask" : mode == AlphaMode::Blend ? "blend" : "opaque";
}

TextureRole textureRole(std::string_view reference) {
    if (isProceduralTexture(reference)) {
        auto proc = parseProcedural(reference);
        return proc ? roleOfSuffix(asciiLower(proc->tag)) : TextureRole::Other;
    }
    const std::string name = asciiLower(stemOf(reference));
    const size_t underscore = name.rfind('_');
    return underscore == std::string::npos ? TextureRole::Other : roleOfSuffix(name.substr(underscore + 1));
}

std::string imageFileStem(const MaterialImage& image) {
    std::string name = stemOf(image.reference);
    for (char& c : name) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f || std::strchr("<>:\"/\\|?*#", c)) c = '_';
    }
    if (name.empty() || name == "." || name == "..") name = "texture";
    if (image.role == TextureRole::MetallicRoughness) name += "_metallic_roughness";
    if (image.role == TextureRole::Occlusion) name += "_occlusion";
    return name;
}

std::string imageGamePath(const MaterialImage& image) {
    if (image.key.empty()) return {};
    std::string path = DataRoot::key(image.reference);
    for (char& c : path) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u >= 0x80 || std::strchr("<>\"|?*", c)) return {};
        if (c == '\\') c = '/';
    }
    if (!unsafePathReason(path).empty()) return {};
    const size_t dot = path.rfind('.');
    if (dot != std::string::npos && path.find('/', dot) == std::string::npos && path.substr(dot) == ".paa")
        path.erase(dot);
    return path + image.derivation;
}

// Where a found texture is and how it is decoded: a batch's imports share what has the same key.
std::string TextureResolver::textureCacheKey(const ResolvedRef& where) const {
    return where.path + '\n' + where.entry + (where.substituted ? "\nsubstituted\n" : "\n\n") +
           std::to_string(options_.maxTextureSize);
}

// The found texture's pixels. The file's bytes are held while it decodes: charged to the
// import's budget, and given back after.
TextureCache::Texture TextureResolver::readAndDecode(const ResolvedRef& where) const {
    TextureCache::Texture t;
    auto bytes = root_->read(where, options_.budget ? options_.budget->left() : UINT64_MAX);
    const std::string file = fileNameOf(where.entry.empty() ? where.path : where.entry);
    const uint64_t fileBytes = bytes ? bytes->size() : 0;
    const bool charged = bytes && options_.budget && options_.budget->tryCharge(fileBytes);
    if (bytes && options_.budget && !charged)
        bytes = makeError(DiagKind::MemoryLimit, options_.budget->overMessage("the file", fileBytes));
    auto img =
        bytes ? decodeFoundBytes(bytes.value(), file, where.substituted, options_) : Result<Image>(bytes.error());
    if (charged) options_.budget->release(fileBytes);
    if (img) {
        t.image = std::make_shared<const Image>(std::move(img.value()));
    } else {
        t.problem = diagnosticLine(img.error());
        // This import's limit, not the file's fault: a batch's next import tries with its own.
        t.keep = img.error().kind != DiagKind::MemoryLimit;
    }
    return t;
}

MaterialImage TextureResolver::load(const std::string& reference, int stage) {
    const std::string key = DataRoot::key(reference);
    auto cached = cache_.find(key);
    if (cached != cache_.end()) {
        MaterialImage copy = cached->second;
        copy.stage = stage;
        return copy;
    }
    MaterialImage m;
    m.reference = reference;
    m.stage = stage;
    m.role = textureRole(reference);
    if (!root_) {
        m.problem = "no data root";
    } else {
        m.where = root_->resolve(reference);
        const bool readable = m.where.kind == ResolvedRef::Kind::File || m.where.kind == ResolvedRef::Kind::PboEntry;
        if (!readable) {
            m.problem =
                std::string(resolvedKindName(m.where.kind)) + (m.where.reason.empty() ? "" : ": " + m.where.reason);
        } else {
            m.key = textureCacheKey(m.where);
            const TextureCache::Texture t =
                options_.textureCache ? options_.textureCache->get(m.key, [&] { return readAndDecode(m.where); })
                                      : readAndDecode(m.where);
            // The pixels stay for the whole import: charged to its one budget, as the model is,
            // also when another import of the batch decoded them (this one holds them as long).
            const uint64_t pixelBytes = t.image ? uint64_t(t.image->width) * t.image->height * 4 : 0;
            if (t.image && options_.budget && !options_.budget->tryCharge(pixelBytes)) {
                m.problem = options_.budget->overMessage("its pixels", pixelBytes);
            } else if (t.image) {
                m.image = t.image;
                m.png = t.png;
            } else {
                m.problem = t.problem;
            }
        }
    }
    cache_.emplace(key, m);
    return m;
}

// What a missing or unused image is to the user: "normal map of backpack_acr.rvmat, stage 1".
static std::string roleInWords(const MaterialImage& m, const std::string& rvmat) {
    const bool colour = m.role == TextureRole::BaseColor || (m.stage < 0 && m.role == TextureRole::Other);
    const std::string what = colour                                 ? "colour"
                             : m.role == TextureRole::SpecularGloss ? "specular"
                             : m.role == TextureRole::AmbientShadow ? "ambient-occlusion"
                                                                    : textureRoleName(m.role);
    if (m.stage < 0) return what + " map";
    const std::string stage = printable(fileNameOf(rvmat)) + ", stage " + std::to_string(m.stage);
    return m.role == TextureRole::Other ? stage + ", not drawn by any output" : what + " map of " + stage;
}

// One warning per reference that an output would draw and cannot: "backpack_acr_nohq.paa (normal
// map of backpack_acr.rvmat, stage 1) not in the data root: CUP\...\backpack_acr_nohq.paa".
void TextureResolver::warnOnce(const MaterialImage& m, const std::string& rvmat) {
    if (!warned_.insert(DataRoot::key(m.reference)).second) return;
    std::string problem;
    DiagKind kind = DiagKind::MissingReference;
    if (m.image)
        problem = "is not applied: no output has a " + std::string(textureRoleName(m.role)) + " slot";
    else if (m.where.kind == ResolvedRef::Kind::Missing)
        problem = "not in the data root";
    else if (m.where.kind == ResolvedRef::Kind::Unsafe)
        kind = DiagKind::NameProblem, problem = "is not a safe path (" + m.where.reason + ")";
    else
        problem = "could not be read (" + m.problem + ")";
    warnings_.push_back(makeWarning(kind, printable(fileNameOf(m.reference)) + " (" + roleInWords(m, rvmat) + ") " +
                                              problem + ": " + printable(m.reference)));
}

TextureRole stageRoleOfShader(std::string_view pixelShader, int stage) {
    const std::string shader = asciiLower(pixelShader);
    std::vector<TextureRole> order;
    if (shader == "super") {
        order = {TextureRole::Normal, TextureRole::Detail, TextureRole::Macro, TextureRole::AmbientShadow,
                 TextureRole::SpecularGloss};
    } else if (shader.rfind("normalmap", 0) == 0) {
        order.push_back(TextureRole::Normal);
        if (shader.find("detail") != std::string::npos) order.push_back(TextureRole::Detail);
        if (shader.find("macroas") != std::string::npos) {
            order.push_back(TextureRole::Macro);
            order.push_back(TextureRole::AmbientShadow);
        }
        if (shader.find("specular") != std::string::npos) order.push_back(TextureRole::SpecularGloss);
    }
    return stage >= 1 && size_t(stage) <= order.size() ? order[size_t(stage) - 1] : TextureRole::Other;
}

ResolvedMaterial TextureResolver::resolve(const ViewMaterial& material) {
    ResolvedMaterial out;
    out.definition = definitionOf(material);
    const MaterialDefinition& def = out.definition;
    Rgba procedural{1, 1, 1, 1};
    if (material.isProcedural()) {
        auto proc = parseProcedural(material.texture);
        if (proc && proc->supported)
            procedural = proc->color;
        else
            warnings_.push_back(
                makeWarning(DiagKind::UnknownRecord, "procedural texture '" + printable(material.texture) +
                                                         "' is not evaluated; the material keeps its colour"));
    } else if (!material.texture.empty()) {
        out.images.push_back(load(material.texture, -1));
    }
    // Under a pixel shader we know, a stage's role is its place in the shader (the engine samples
    // by stage, whatever the file is called: Super's Stage7 env_co.paa is an environment map, not
    // a colour map); under one we do not, the file name's suffix says it.
    const bool knownShader = stageRoleOfShader(def.pixelShader, 1) != TextureRole::Other;
    for (size_t s = 0; s < def.stageTextures.size(); ++s) {
        const std::string& t = def.stageTextures[s];
        if (t.empty() || isProceduralTexture(t)) continue;
        MaterialImage& image = out.images.emplace_back(load(t, int(s)));
        image.uvSet = s < def.stageUvSets.size() ? def.stageUvSets[s] : 0;
        if (s < def.stageUvTransforms.size()) image.uvTransform = def.stageUvTransforms[s];
        if (knownShader) image.role = stageRoleOfShader(def.pixelShader, int(s));
    }
    // Every image an output would draw reaches it or is named once; an unused stage (environment
    // map, fresnel, thermal) is named only with --verbose. Detail and macro maps have no slot in
    // any output yet, so a found one is named too.
    for (const MaterialImage& m : out.images) {
        const bool drawn = m.stage < 0 || m.role != TextureRole::Other;
        const bool noSlot = m.role == TextureRole::Detail || m.role == TextureRole::Macro;
        if (root_ && ((!m.image && (drawn || options_.verbose)) || (m.image && noSlot))) warnOnce(m, material.rvmat);
    }
    int normalSource = -1;
    for (int i = 0; i < int(out.images.size()); ++i) {
        const MaterialImage& m = out.images[size_t(i)];
        if (!m.image) continue;
        // The face texture is the colour map unless its name says otherwise.
        const bool colour = m.role == TextureRole::BaseColor || (m.stage < 0 && m.role == TextureRole::Other);
        if (colour && out.baseColor < 0) out.baseColor = i;
        if (m.role == TextureRole::Normal && normalSource < 0) normalSource = i;
        if (m.role == TextureRole::SpecularGloss && out.specularGloss < 0) out.specularGloss = i;
        if (m.role == TextureRole::AmbientShadow && out.ambientShadow < 0) out.ambientShadow = i;
    }
    for (int c = 0; c < 4; ++c) out.baseColorFactor[size_t(c)] = def.diffuse[size_t(c)] * procedural[size_t(c)];
    out.emissiveFactor = emissiveFactorOf(def);
    out.roughnessFactor = out.specularGloss >= 0 ? 1.0f : view::roughnessFromSpecularPower(def.specularPower);
    if (out.baseColor >= 0) out.alpha = imageAlphaMode(*out.images[size_t(out.baseColor)].image);
    addDerived(out, normalSource, TextureRole::Normal);
    addDerived(out, out.specularGloss, TextureRole::MetallicRoughness);
    addDerived(out, out.ambientShadow, TextureRole::Occlusion);
    return out;
}

// The exponent as a file name part: "80", or "12.5" (as many digits as the float needs).
static std::string exponentName(float power) {
    char text[32];
    if (std::isfinite(power) && power == std::floor(power) && std::fabs(power) < 1e9f)
        std::snprintf(text, sizeof text, "%d", int(power));
    else
        std::snprintf(text, sizeof text, "%.9g", double(power));
    return text;
}

// Appends the glTF-ready map made from images[source] and points the role's index at it.
void TextureResolver::addDerived(ResolvedMaterial& out, int source, TextureRole role) {
    if (source < 0) return;
    const MaterialImage& from = out.images[size_t(source)];
    const float power = out.definition.specularPower;
    // Keyed by the source pixels (and the exponent for roughness): shared between materials.
    const auto key =
        std::make_tuple(from.image.get(), int(role), role == TextureRole::MetallicRoughness ? power : 0.0f);
    // The exponent by its bits: powers that print alike still make different maps.
    uint32_t powerBits = 0;
    if (role == TextureRole::MetallicRoughness) std::memcpy(&powerBits, &power, sizeof powerBits);
    const std::string derivedKey =
        from.key + "\nderived " + std::to_string(int(role)) + " " + std::to_string(powerBits);
    std::pair<std::shared_ptr<const Image>, std::shared_ptr<PngSlot>>& made = derived_[key];
    if (!made.first) {
        const Image& src = *from.image;
        const uint64_t pixelBytes = uint64_t(src.width) * src.height * 4;
        if (options_.budget && !options_.budget->tryCharge(pixelBytes)) {
            const std::string what = std::string("its ") + textureRoleName(role) + " map";
            warnings_.push_back(makeWarning(
                DiagKind::MissingReference,
                "texture " + printable(from.reference) + ": " + options_.budget->overMessage(what, pixelBytes)));
            return;
        }
        auto derive = [&] {
            TextureCache::Texture t;
            t.image = std::make_shared<const Image>(role == TextureRole::Normal ? view::normalMapForGltf(src)
                                                    : role == TextureRole::MetallicRoughness
                                                        ? view::metallicRoughnessFromSmdi(src, power)
                                                        : view::occlusionFromAmbientShadow(src));
            return t;
        };
        // A source the batch shares makes a derived map the batch shares (and its PNG).
        const TextureCache::Texture t =
            options_.textureCache && from.png ? options_.textureCache->get(derivedKey, derive) : derive();
        made = {t.image, t.png};
    }
    MaterialImage d = from;
    d.key = derivedKey;
    d.derivation = role == TextureRole::Normal              ? "_normal"
                   : role == TextureRole::MetallicRoughness ? "_metallic_roughness_" + exponentName(power)
                                                            : "_occlusion";
    d.role = role;
    d.image = made.first;
    d.png = made.second;  // never the source's PNG
    d.derivedFrom = source;
    out.images.push_back(std::move(d));
    const int index = int(out.images.size()) - 1;
    (role == TextureRole::Normal              ? out.normal
     : role == TextureRole::MetallicRoughness ? out.metallicRoughness
                                              : out.occlusion) = index;
}

// The 2x2 part [aside.x up.x; aside.y up.y] is R(r) S(sx, sy) with R(r) = [cos sin; -sin cos]
// (KHR_texture_transform's rotation): its columns are sx (cos, -sin) and sy (sin, cos). The
// rotation comes from the first column; a second column that is not perpendicular to it is a
// shear. dir (the third coordinate's row) is unused for 2D texture coordinates.
TextureTransform textureTransformOf(const Mat43& m) {
    TextureTransform t;
    const float ax = m.m[0], ay = m.m[1], ux = m.m[3], uy = m.m[4];
    t.offset = {m.m[9], m.m[10]};
    const float sx = std::sqrt(ax * ax + ay * ay);
    t.rotation = sx > 0 ? std::atan2(-ay, ax) : 0.0f;
    const float c = std::cos(t.rotation), s = std::sin(t.rotation);
    const float sy = ux * s + uy * c;  // the second column along (sin, cos)
    t.scale = {sx, sy};
    const float shear = ux * c - uy * s;  // ... and across it
    t.exact = std::fabs(shear) <= 1e-6f * std::max(1.0f, std::fabs(sy)) && std::isfinite(sx) && std::isfinite(sy);
    t.identity = ax == 1 && ay == 0 && ux == 0 && uy == 1 && m.m[9] == 0 && m.m[10] == 0;
    return t;
}

}  // namespace rv
