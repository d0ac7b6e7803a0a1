// Textures of materials: roles, resolution, decoding, alpha (include/rv/material_textures.hpp).
#include "rv/material_textures.hpp"

#include <algorithm>

#include "rv/file_bytes.hpp"
#include "rv/paa.hpp"
#include "rv/rvmat.hpp"

namespace rv {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

TextureRole roleOfSuffix(const std::string& suffix) {
    if (suffix == "co" || suffix == "ca") return TextureRole::BaseColor;
    if (suffix == "nohq" || suffix == "no" || suffix == "nopx") return TextureRole::Normal;
    if (suffix == "smdi") return TextureRole::SpecularGloss;
    if (suffix == "as") return TextureRole::AmbientShadow;
    if (suffix == "mc") return TextureRole::Macro;
    if (suffix == "dt" || suffix == "cdt") return TextureRole::Detail;
    return TextureRole::Other;
}

AlphaMode alphaOf(const Image& img) {
    bool partial = false, any = false;
    for (size_t i = 3; i < img.rgba.size(); i += 4) {
        const uint8_t a = img.rgba[i];
        if (a == 255) continue;
        any = true;
        if (a != 0) partial = true;
    }
    return !any ? AlphaMode::Opaque : partial ? AlphaMode::Blend : AlphaMode::Mask;
}

Warning warning(DiagKind kind, std::string message) {
    Warning w;
    w.kind = kind;
    w.severity = Severity::Warning;
    w.message = std::move(message);
    return w;
}

// Broken names (control bytes) are printed escaped, never raw.
std::string printable(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (c >= 0x20 && c != 0x7f) {
            out += char(c);
            continue;
        }
        static const char* hex = "0123456789abcdef";
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out;
}

}  // namespace

const char* textureRoleName(TextureRole role) {
    switch (role) {
    case TextureRole::BaseColor: return "base color";
    case TextureRole::Normal: return "normal";
    case TextureRole::SpecularGloss: return "specular gloss";
    case TextureRole::AmbientShadow: return "ambient shadow";
    case TextureRole::Macro: return "macro";
    case TextureRole::Detail: return "detail";
    case TextureRole::Other: break;
    }
    return "other";
}

const char* alphaModeName(AlphaMode mode) {
    return mode == AlphaMode::Mask ? "mask" : mode == AlphaMode::Blend ? "blend" : "opaque";
}

TextureRole textureRole(std::string_view reference) {
    if (isProceduralTexture(reference)) {
        auto proc = parseProcedural(reference);
        return proc ? roleOfSuffix(lower(proc->tag)) : TextureRole::Other;
    }
    std::string name = lower(reference);
    const size_t slash = name.find_last_of("\\/");
    if (slash != std::string::npos) name.erase(0, slash + 1);
    const size_t dot = name.rfind('.');
    if (dot != std::string::npos) name.erase(dot);
    const size_t underscore = name.rfind('_');
    return underscore == std::string::npos ? TextureRole::Other : roleOfSuffix(name.substr(underscore + 1));
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
            m.problem = std::string(resolvedKindName(m.where.kind)) + (m.where.reason.empty() ? "" : ": " + m.where.reason);
        } else if (m.where.substituted) {
            m.problem = "only a .png/.tga stands in for it (not decoded by rvimport yet)";
        } else {
            auto bytes = root_->read(m.where);
            auto tex = bytes ? decodePaa(bytes->data(), bytes->size(), fileNameOf(m.where.entry.empty() ? m.where.path : m.where.entry), options_)
                             : Result<PaaTexture>(bytes.error());
            PaaDecodeOptions decode;
            decode.memoryLimit = options_.memoryLimit;
            auto img = tex ? decodePaaMip(tex.value(), bytes->data(), bytes->size(), 0, decode) : Result<Image>(tex.error());
            if (img) m.image = std::make_shared<const Image>(std::move(img.value()));
            else m.problem = img.error().message;
        }
        if (!m.image)
            warnings_.push_back(warning(m.where.kind == ResolvedRef::Kind::Unsafe ? DiagKind::NameProblem : DiagKind::IndexOutOfRange,
                                        "texture '" + printable(reference) + "': " + m.problem));
    }
    cache_.emplace(key, m);
    return m;
}

ResolvedMaterial TextureResolver::resolve(const ViewMaterial& material) {
    ResolvedMaterial out;
    if (material.isProcedural()) {
        auto proc = parseProcedural(material.texture);
        if (proc && proc->supported) out.baseColorFactor = proc->color;
        else warnings_.push_back(warning(DiagKind::UnknownRecord, "procedural texture '" + printable(material.texture) +
                                                                      "' is not evaluated; the material keeps its colour"));
    } else if (!material.texture.empty()) {
        out.images.push_back(load(material.texture, -1));
    }
    if (material.embedded)
        for (size_t s = 0; s < material.embedded->stages.size(); ++s) {
            const std::string& t = material.embedded->stages[s].texture;
            if (t.empty() || isProceduralTexture(t)) continue;
            out.images.push_back(load(t, int(s)));
        }
    for (int i = 0; i < int(out.images.size()); ++i) {
        const MaterialImage& m = out.images[size_t(i)];
        if (!m.image) continue;
        // The face texture is the colour map unless its name says otherwise.
        const bool colour = m.role == TextureRole::BaseColor || (m.stage < 0 && m.role == TextureRole::Other);
        if (colour && out.baseColor < 0) out.baseColor = i;
        if (m.role == TextureRole::Normal && out.normal < 0) out.normal = i;
        if (m.role == TextureRole::SpecularGloss && out.specularGloss < 0) out.specularGloss = i;
        if (m.role == TextureRole::AmbientShadow && out.ambientShadow < 0) out.ambientShadow = i;
    }
    if (out.baseColor >= 0) out.alpha = alphaOf(*out.images[size_t(out.baseColor)].image);
    return out;
}

}  // namespace rv
