// A terrain's surfaces and their weights (include/rv/terrain_surfaces.hpp).
//
// How the game weighs a layer's surfaces. Our spec (../shared/formats) says nothing of it; two
// public sources agree, and this file follows them:
//  - a transcription of Arma 3 2.22's compiled terrain pixel shader (PSTerrainSNX): with m the
//    mask texel and L_k = 1 for each filled slot, the first filled slot is the base and each
//    later slot k covers what is before it by s_k = saturate(3 * max(r, c_k) * L_k), where r is
//    1 until the base is found and c_1..c_4 are m.r, m.g, m.b and m.b * saturate(2 (1 - m.a));
//  - GameRealisticMap's mask writer (jetelain), the colours it paints for slots 0..5: black, red,
//    green, blue, blue with alpha 128, blue with alpha 0.
// The sixth slot (TerrainX only) is not in the transcription. c_5 = m.b * saturate(1 - 2 m.a) is
// ours: it selects the sixth slot where GameRealisticMap paints it (alpha 0), and leaves alpha
// 128 to the fifth, as the shader's c_4 does. TerrainSNX's Stage14 is the satellite normal map,
// not a surface, so its layers have five slots.
#include "rv/terrain_surfaces.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "rv/include_root.hpp"
#include "rv/paths.hpp"
#include "rv/pbo.hpp"
#include "rv/rvmat.hpp"
#include "rv/texture.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

double saturate(double v) { return std::clamp(v, 0.0, 1.0); }

// A surface's name for a file: the colour texture's stem less its suffix ("gdt_beach_co.paa" ->
// "gdt_beach"), letters, digits, '-' and '_' kept and anything else made '_'.
std::string surfaceName(const std::string& texture) {
    std::string stem = stemOf(texture);
    for (const char* suffix : {"_co", "_ca", "_cdt", "_dt", "_mco"})
        if (stem.size() > std::string(suffix).size() && endsWithNoCase(stem, suffix)) {
            stem.resize(stem.size() - std::string(suffix).size());
            break;
        }
    std::string name;
    for (const char c : stem)
        name += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ? c : '_';
    if (name.empty()) name = "surface";
    if (!unsafePathReason(name + ".png").empty()) name = "_" + name;  // "con", "aux"...: not on Windows
    return name.size() > 64 ? name.substr(0, 64) : name;
}

class TableBuilder {
public:
    SurfaceTable table;
    TableBuilder() { takenNames_[kUnknownSurfaceName] = 0; }

    // The index of the surface whose colour texture is `texture`, added on first sight.
    int32_t surface(const std::string& texture, const std::string& normal) {
        std::string key = asciiLower(texture);  // the engine's way: no case, either separator
        std::replace(key.begin(), key.end(), '/', '\\');
        if (!key.empty() && key[0] == '\\') key.erase(0, 1);
        const auto found = byTexture_.find(key);
        if (found != byTexture_.end()) return found->second;
        std::string name = surfaceName(texture), base = name;
        for (int n = 2; takenNames_.count(asciiLower(name)); ++n) name = base + "_" + std::to_string(n);
        takenNames_.insert({asciiLower(name), 0});
        table.surfaces.push_back({name, texture, normal});
        return byTexture_[key] = int32_t(table.surfaces.size() - 1);
    }

private:
    std::map<std::string, int32_t> byTexture_, takenNames_;
};

LayerSlots emptySlots() {
    LayerSlots s;
    s.fill(-1);
    return s;
}

// The slots of an Arma layer material: Stage(3+2k) the normal map, Stage(4+2k) the colour.
LayerSlots arma3Slots(const RvMaterial& m, TableBuilder& b) {
    LayerSlots slots = emptySlots();
    const bool satelliteNormal = endsWithNoCase(m.pixelShader, "SNX");
    const uint32_t count = satelliteNormal ? kMaskSlots - 1 : kMaskSlots;
    for (uint32_t k = 0; k < count; ++k) {
        const RvMatStage* colour = m.stage(int(4 + 2 * k));
        if (!colour || colour->texture.empty()) continue;
        const RvMatStage* normal = m.stage(int(3 + 2 * k));
        slots[k] = b.surface(colour->texture, normal ? normal->texture : std::string());
    }
    return slots;
}

}  // namespace

SurfaceTable terrainSurfaces(const WrpTerrain& t, const DataRoot* root, const Options& options) {
    TableBuilder b;
    size_t missing = 0;
    std::string firstMissing;
    for (const std::string& material : t.materials) {
        LayerSlots slots = emptySlots();
        if (isTextureName(material)) {
            slots[0] = b.surface(material, "");  // OFP: the cell's texture is its one surface
        } else if (root && endsWithNoCase(material, ".rvmat")) {
            const ResolvedRef where = root->resolve(material);
            if (where.kind != ResolvedRef::Kind::File && where.kind != ResolvedRef::Kind::PboEntry) {
                if (missing++ == 0) firstMissing = material;
            } else if (auto mat = readRvmatIn(*root, where, material, options)) {
                slots = arma3Slots(mat.value(), b);
            } else {
                b.table.warnings.push_back(makeWarning(
                    mat.error().kind, "layer material '" + view::printable(material) +
                                          "': " + diagnosticLine(mat.error()) + "; its surfaces are unknown"));
            }
        }
        const auto filled = std::count_if(slots.begin(), slots.end(), [](int32_t s) { return s >= 0; });
        b.table.blends = b.table.blends || filled > 1;
        b.table.layers.push_back(slots);
    }
    if (missing)
        b.table.warnings.push_back(makeWarning(
            DiagKind::IndexOutOfRange, std::to_string(missing) + " of " + std::to_string(t.materials.size()) +
                                           " layer material(s) missing from the data root, their surfaces unknown "
                                           "(the first: '" +
                                           view::printable(firstMissing) + "')"));
    return std::move(b.table);
}

std::array<uint8_t, kMaskSlots> slotWeights(const uint8_t rgba[4], const LayerSlots& slots) {
    const double r = rgba[0] / 255.0, g = rgba[1] / 255.0, b = rgba[2] / 255.0, a = rgba[3] / 255.0;
    const double channel[kMaskSlots] = {0, r, g, b, b * saturate(2 * (1 - a)), b * saturate(1 - 2 * a)};
    double w[kMaskSlots] = {};
    double beforeBase = 1;  // the shader's r: 1 until the first filled slot
    for (uint32_t k = 0; k < kMaskSlots; ++k) {
        if (slots[k] < 0) continue;
        const double cover = saturate(3 * std::max(beforeBase, channel[k]));
        beforeBase = 0;
        for (uint32_t j = 0; j < k; ++j) w[j] *= 1 - cover;
        w[k] = cover;
    }
    // To whole steps that sum to 255: each floor, and what is left to the largest remainders.
    std::array<uint8_t, kMaskSlots> out{};
    double remainder[kMaskSlots];
    int left = 255;
    for (uint32_t k = 0; k < kMaskSlots; ++k) {
        const double scaled = w[k] * 255;
        out[k] = uint8_t(std::floor(scaled));
        remainder[k] = slots[k] < 0 ? -1 : scaled - out[k];
        left -= out[k];
    }
    while (left-- > 0) {
        const uint32_t k = uint32_t(std::max_element(remainder, remainder + kMaskSlots) - remainder);
        if (remainder[k] < 0) break;  // no slot filled: nothing to give
        ++out[k];
        remainder[k] = -1;
    }
    return out;
}

SurfaceWeights::SurfaceWeights(const WrpTerrain& t, const SurfaceTable& table, const LayerMosaic* mask)
    : terrain_(t), table_(table), mask_(mask) {
    const double size = t.layerCellSize, worldNorth = double(t.layerSizeY) * size;
    if (mask) {
        width_ = mask->raster.width, height_ = mask->raster.height, pixelSize_ = mask->raster.pixelSize;
    } else {
        width_ = t.layerSizeX, height_ = t.layerSizeY, pixelSize_ = size;
    }
    // The first pixel whose centre lies at or past `metres` (the mosaics' rule, terrain_mosaic.cpp).
    auto edge = [this](double metres, uint32_t count) {
        const double i = std::ceil(metres / pixelSize_ - 0.5);
        return uint32_t(std::clamp(i, 0.0, double(count)));
    };
    for (uint32_t x = 0; x <= t.layerSizeX; ++x) columnEdge_.push_back(edge(x * size, width_));
    for (uint32_t z = 0; z <= t.layerSizeY; ++z) rowEdge_.push_back(edge(worldNorth - z * size, height_));
    for (size_t cell = 0; cell < size_t(t.layerSizeX) * t.layerSizeY && !anyUnknown_; ++cell)
        anyUnknown_ = cell >= t.materialIndex.size() || !layerKnown(t.materialIndex[cell]);
}

bool SurfaceWeights::layerKnown(uint32_t material) const {
    if (material >= table_.layers.size()) return false;
    const LayerSlots& s = table_.layers[material];
    const auto filled = std::count_if(s.begin(), s.end(), [](int32_t i) { return i >= 0; });
    if (filled == 0) return false;
    return filled == 1 || (mask_ && material < mask_->drawn.size() && mask_->drawn[material]);
}

void SurfaceWeights::fill(size_t surface, uint8_t* out) const {
    std::fill(out, out + size_t(width_) * height_, uint8_t(0));
    const WrpTerrain& t = terrain_;
    for (uint32_t z = 0; z < t.layerSizeY; ++z) {
        for (uint32_t x = 0; x < t.layerSizeX; ++x) {
            const size_t cell = size_t(z) * t.layerSizeX + x;
            const uint32_t material = cell < t.materialIndex.size() ? t.materialIndex[cell] : UINT32_MAX;
            const bool known = layerKnown(material);
            if (!known && surface != unknown()) continue;
            const LayerSlots* slots = known ? &table_.layers[material] : nullptr;
            if (known && std::find(slots->begin(), slots->end(), int32_t(surface)) == slots->end()) continue;
            const bool single =
                known && std::count_if(slots->begin(), slots->end(), [](int32_t i) { return i >= 0; }) == 1;
            for (uint32_t py = rowEdge_[z + 1]; py < rowEdge_[z]; ++py) {
                uint8_t* row = out + size_t(py) * width_;
                for (uint32_t px = columnEdge_[x]; px < columnEdge_[x + 1]; ++px) {
                    if (!known || single) {
                        row[px] = 255;
                        continue;
                    }
                    const auto w = slotWeights(&mask_->raster.rgba[(size_t(py) * width_ + px) * 4], *slots);
                    unsigned sum = 0;  // a surface in two slots of one layer gets both weights
                    for (uint32_t k = 0; k < kMaskSlots; ++k)
                        if ((*slots)[k] == int32_t(surface)) sum += w[k];
                    row[px] = uint8_t(std::min(sum, 255u));
                }
            }
        }
    }
}

}  // namespace rv
