// Material groups: one material per (texture, material file) pair (view.hpp).
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/work_meter.hpp"
#include "rv/paths.hpp"
#include "rv/retexture.hpp"
#include "view/view_internal.hpp"

namespace rv::view {

uint32_t MaterialTable::get(const std::string& texture, const std::string& rvmat, const OdolMaterial* embedded) {
    auto key = std::make_pair(texture, rvmat);
    auto it = index_.find(key);
    if (it != index_.end()) {
        if (!materials_[it->second].embedded) materials_[it->second].embedded = embedded;
        return it->second;
    }
    ViewMaterial m;
    m.texture = texture;
    m.rvmat = rvmat;
    m.embedded = embedded;
    std::string name;
    if (!texture.empty() && !rvmat.empty())
        name = fileNameOf(texture) + " :: " + fileNameOf(rvmat);
    else if (!texture.empty())
        name = fileNameOf(texture);
    else if (!rvmat.empty())
        name = ":: " + fileNameOf(rvmat);
    else
        name = "default";
    m.name = uniqueName(name);
    const uint32_t i = uint32_t(materials_.size());
    materials_.push_back(std::move(m));
    index_.emplace(std::move(key), i);
    return i;
}

// Different folders can hold the same file names. The counter per base name makes each lookup
// start where the last one stopped, so n clashing names cost O(n), not O(n^2).
std::string MaterialTable::uniqueName(const std::string& base) {
    if (names_.insert(base).second) return base;
    uint32_t& n = nextSuffix_[base];
    if (n < 2) n = 2;
    for (;; ++n) {
        std::string candidate = base + " #" + std::to_string(n);
        if (names_.insert(candidate).second) {
            ++n;
            return candidate;
        }
    }
}

// Sections are visited by first face and each face is assigned once, so hostile files whose
// sections all span every face cost O(faces + sections log sections), not O(faces * sections).
// Real files never overlap sections; where a damaged one does, the earliest-starting wins.
std::vector<uint32_t> faceMaterials(const OdolLod& lod, MaterialTable& table) {
    constexpr uint32_t kUnset = UINT32_MAX;
    const size_t faceCount = lod.faceCount();
    std::vector<uint32_t> out(faceCount, kUnset);
    std::vector<uint32_t> order(lod.sections.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return lod.sections[a].firstFace < lod.sections[b].firstFace; });
    size_t filled = 0;  // faces below this are assigned
    for (uint32_t i : order) {
        const OdolSection& sec = lod.sections[i];
        const bool hasTexture = sec.textureIndex >= 0 && size_t(sec.textureIndex) < lod.textures.size();
        const OdolMaterial* embedded = sec.materialIndex >= 0 && size_t(sec.materialIndex) < lod.materials.size()
                                           ? &lod.materials[size_t(sec.materialIndex)]
                                           : nullptr;
        const uint32_t m = table.get(hasTexture ? lod.textures[size_t(sec.textureIndex)] : std::string(),
                                     embedded ? embedded->name : sec.materialName, embedded);
        const size_t end = std::min<size_t>(sec.endFace, faceCount);
        for (size_t f = std::max<size_t>(sec.firstFace, filled); f < end; ++f) out[f] = m;
        filled = std::max(filled, end);
    }
    for (uint32_t& m : out)
        if (m == kUnset) m = table.get("", "", nullptr);
    return out;
}

// The engine applies hiddenSelectionsTextures[i] to every face of selection i: the texture (or
// .rvmat) replaces the section's, and an empty texture hides the faces. A new .rvmat is read from
// the data root (its embedded copy belongs to the old one).
//
// A binarized selection the model.cfg lists in sections[] (every hidden selection must be) is
// stored as its sections, with no face list: TFR_BACKPACK's "camo" holds section 0 and 0 faces.
// Editable selections list faces. Both are read.
void retextureFaces(const OdolLod& lod, const Retexture& retexture, MaterialTable& table,
                    std::vector<uint32_t>& faceMaterial) {
    const size_t faceCount = faceMaterial.size();
    std::unordered_map<uint32_t, uint32_t> replaced;  // this entry's new material for each old one
    auto apply = [&](const SelectionRetexture& s, size_t f) {
        if (f >= faceCount || faceMaterial[f] == kHiddenFace) return;
        if (s.hidden) {
            faceMaterial[f] = kHiddenFace;
            return;
        }
        auto [it, fresh] = replaced.emplace(faceMaterial[f], 0);
        if (fresh) {
            const ViewMaterial old = table.at(faceMaterial[f]);  // a copy: get() may grow the table
            it->second =
                table.get(s.texture.empty() ? old.texture : s.texture, s.material.empty() ? old.rvmat : s.material,
                          s.material.empty() ? old.embedded : nullptr);
        }
        faceMaterial[f] = it->second;
    };
    // The LOD's selections by lower-case name, once: a config may retexture thousands of
    // selections, and comparing each with every selection was quadratic (issue 40).
    std::unordered_map<std::string, std::vector<size_t>> byName;
    for (size_t i = 0; i < lod.selections.size(); ++i) byName[asciiLower(lod.selections[i].name)].push_back(i);
    for (const SelectionRetexture& s : retexture.selections) {
        const auto found = byName.find(asciiLower(s.selection));
        if (found == byName.end()) continue;
        work::count(1 + found->second.size());
        for (size_t i : found->second) {
            const OdolSelection& sel = lod.selections[i];
            replaced.clear();
            for (uint32_t f : sel.faces) apply(s, f);
            for (uint32_t k : sel.sections)
                if (k < lod.sections.size())
                    for (size_t f = lod.sections[k].firstFace; f < std::min<size_t>(lod.sections[k].endFace, faceCount);
                         ++f)
                        apply(s, f);
        }
    }
}

}  // namespace rv::view
