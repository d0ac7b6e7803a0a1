// A terrain's layer textures (include/rv/terrain_layers.hpp).
#include "rv/terrain_layers.hpp"

#include "rv/include_root.hpp"
#include "rv/paths.hpp"
#include "rv/rvmat.hpp"
#include "rv/texture.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

bool isWorldPos(const std::string& source) {
    if (source.size() != 8) return false;
    return endsWithNoCase(source, "worldpos");
}

// A picture stage of an Arma layer .rvmat: Stage0 (satellite) or Stage1 (mask), mapped by world
// position.
const RvMatStage* pictureStage(const RvMaterial& m, LayerPicture which) {
    const RvMatStage* s = m.stage(which == LayerPicture::Satellite ? 0 : 1);
    return s && !s->texture.empty() && isWorldPos(s->uvSource) && s->hasUvTransform ? s : nullptr;
}

}  // namespace

std::string layerMaterialName(const WrpTerrain& terrain, uint32_t material) {
    // The file name, as models name materials (ViewMaterial::name): a world's layer files are
    // unique by name (one per segment), and a full path is too long to read in a host's list.
    const std::string name = material < terrain.materials.size() ? fileNameOf(terrain.materials[material]) : "";
    return name.empty() ? kNoLayerName : name;
}

std::array<float, 4> layerBaseColour(const TerrainLayer* layer) {
    // White multiplies the picture unchanged. Without one, the three adapters used to disagree
    // (Assimp 0.35/0.45/0.25, glTF 0.42/0.45/0.33, Blender its 0.8 grey); glTF's value is kept:
    // it is the one given as a linear baseColorFactor by spec, and a muted ground colour reads
    // as terrain where a grey reads as missing data.
    return layer && layer->mapped() ? std::array<float, 4>{1, 1, 1, 1} : kUntexturedLayerColour;
}

Vec2 tileLayerUv(const TerrainLayer& layer, const TerrainView& view, const TerrainTile& tile, uint32_t vertex) {
    const uint32_t w = tile.width();
    if (!layer.mapped() || w == 0 || vertex >= tile.positions.size()) return {0, 0};
    // The stored sample of the vertex (a thinned tile skips samples: never x0 + column), and its
    // stored height: the frame's "up" differs between adapters, the layer mapping does not.
    const WrpTerrain& t = view.terrain();
    const uint32_t x = tile.sampleX[vertex % w], z = tile.sampleZ[vertex / w];
    const float cell = t.cellSize();
    return layer.uvAt(float(x) * cell, t.elevation[size_t(z) * t.mapSizeX + x], float(z) * cell,
                      view.frame().uvBottomLeft);
}

Vec2 TerrainLayer::uvAt(float east, float height, float north, bool bottomLeft) const {
    const float* m = worldToUv.m.data();
    const float u = east * m[0] + height * m[3] + north * m[6] + m[9];
    const float v = east * m[1] + height * m[4] + north * m[7] + m[10];
    return {u, bottomLeft ? 1.0f - v : v};
}

LayerPictureSource layerPictureSource(const WrpTerrain& t, const std::string& material, const DataRoot& root,
                                      LayerPicture which, const Options& options) {
    LayerPictureSource out;
    if (isTextureName(material)) {
        // OFP: the texture covers one land cell and repeats; v grows southward in the picture.
        if (which != LayerPicture::Satellite) return out;
        const float cell = t.layerCellSize > 0 ? t.layerCellSize : t.cellSize();
        out.texture = material;
        out.worldToUv.m[0] = 1.0f / cell;
        out.worldToUv.m[7] = -1.0f / cell;
        return out;
    }
    if (!endsWithNoCase(material, ".rvmat")) return out;
    const ResolvedRef where = root.resolve(material);
    if (where.kind != ResolvedRef::Kind::File && where.kind != ResolvedRef::Kind::PboEntry) {
        out.missingMaterial = true;
        return out;
    }
    auto mat = readRvmatIn(root, where, material, options);
    if (!mat) {
        out.problem = "layer material '" + material + "': " + diagnosticLine(mat.error());
        out.problemKind = mat.error().kind;
        return out;
    }
    if (const RvMatStage* s = pictureStage(mat.value(), which)) {
        out.texture = s->texture;
        out.worldToUv = s->uvTransform;
        out.clampToEdge = true;
    }
    return out;
}

TerrainLayers::TerrainLayers(const WrpTerrain& t, const DataRoot* root, const Options& options) {
    if (!root) {
        layers_.resize(t.materials.size());
        for (size_t i = 0; i < t.materials.size(); ++i) layers_[i].material = t.materials[i];
        return;
    }
    TextureResolver resolver(root, options);
    auto colourOf = [&](const std::string& texture) {
        ViewMaterial face;
        face.texture = texture;
        const ResolvedMaterial r = resolver.resolve(face);
        return r.images.empty() ? MaterialImage{} : r.images[0];
    };
    size_t missing = 0;
    std::string firstMissing;
    for (const std::string& material : t.materials) {
        TerrainLayer& l = layers_.emplace_back();
        l.material = material;
        const LayerPictureSource source = layerPictureSource(t, material, *root, LayerPicture::Satellite, options);
        if (source.missingMaterial && missing++ == 0) firstMissing = material;  // said once below
        if (!source.problem.empty()) warnings_.push_back(makeWarning(source.problemKind, source.problem));
        if (source.texture.empty()) continue;
        l.colour = colourOf(source.texture);
        l.worldToUv = source.worldToUv;
        l.clampToEdge = source.clampToEdge;
    }
    warnings_.insert(warnings_.end(), resolver.warnings().begin(), resolver.warnings().end());
    // A world has hundreds of layer materials: one warning for all the missing ones.
    if (missing)
        warnings_.push_back(
            makeWarning(DiagKind::IndexOutOfRange,
                        std::to_string(missing) + " of " + std::to_string(t.materials.size()) +
                            " layer material(s) missing from the data root, left untextured (the first: '" +
                            view::printable(firstMissing) + "')"));
}

}  // namespace rv
