// The terrain view: the height grid as tiles with whole-map UVs and per-cell layer materials,
// and object placements grouped by model (view.hpp).
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "rv/view.hpp"

namespace rv {
namespace {

bool hasGrid(const WrpTerrain& t) {
    return t.mapSizeX >= 2 && t.mapSizeY >= 2 && t.elevation.size() == size_t(t.mapSizeX) * t.mapSizeY;
}

float heightAt(const WrpTerrain& t, uint32_t x, uint32_t z) { return t.elevation[size_t(z) * t.mapSizeX + x]; }

// Central differences of the height field in stored space (one-sided at the edges).
Vec3 storedNormal(const WrpTerrain& t, float cell, uint32_t x, uint32_t z) {
    const uint32_t x0 = x ? x - 1 : x, x1 = x + 1 < t.mapSizeX ? x + 1 : x;
    const uint32_t z0 = z ? z - 1 : z, z1 = z + 1 < t.mapSizeY ? z + 1 : z;
    const float dx = (heightAt(t, x1, z) - heightAt(t, x0, z)) / (float(x1 - x0) * cell);
    const float dz = (heightAt(t, x, z1) - heightAt(t, x, z0)) / (float(z1 - z0) * cell);
    const float len = std::sqrt(dx * dx + 1.0f + dz * dz);
    return {-dx / len, 1.0f / len, -dz / len};
}

void fillSamples(const WrpTerrain& t, const Frame& frame, TerrainTile& tile) {
    const float cell = t.cellSize();
    const float uScale = 1.0f / float(t.mapSizeX - 1), vScale = 1.0f / float(t.mapSizeY - 1);
    const size_t n = size_t(tile.width()) * tile.height();
    tile.positions.reserve(n);
    tile.normals.reserve(n);
    tile.uvs.reserve(n);
    for (uint32_t z = tile.z0; z <= tile.z1; ++z) {
        for (uint32_t x = tile.x0; x <= tile.x1; ++x) {
            tile.positions.push_back(toFrame(frame.axes, Vec3{float(x) * cell, heightAt(t, x, z), float(z) * cell}));
            tile.normals.push_back(toFrame(frame.axes, storedNormal(t, cell, x, z)));
            // u grows east; v grows north from a bottom-left origin, or south from a top-left one.
            const float v = float(z) * vScale;
            tile.uvs.push_back({float(x) * uScale, frame.uvBottomLeft ? v : 1.0f - v});
        }
    }
}

// Corners of cell (lx, lz) of the tile: a south-west, b south-east, c north-west, d north-east.
// The engine splits each cell along b-c (its ground-height lookup picks the triangle by
// x + z <= 1), so every polygon starts at b: then its first-corner diagonal is b-c too.
void appendCell(const TerrainTile& tile, uint32_t lx, uint32_t lz, bool mirrored, TerrainTile& out) {
    const uint32_t w = tile.width();
    const uint32_t a = lz * w + lx, b = a + 1, c = a + w, d = a + w + 1;
    // Counter-clockwise from above in the right-handed frames; the stored (left-handed) frame
    // takes the same polygon reversed at its first corner.
    const uint32_t quad[4] = {b, mirrored ? d : a, c, mirrored ? a : d};
    out.cellQuads.insert(out.cellQuads.end(), quad, quad + 4);
    const uint32_t tris[6] = {quad[0], quad[1], quad[2], quad[0], quad[2], quad[3]};
    out.cellTriangles.insert(out.cellTriangles.end(), tris, tris + 6);
}

}  // namespace

TerrainView::TerrainView(const WrpTerrain& terrain, const Frame& frame, uint32_t tileCells)
    : t_(&terrain), frame_(frame), tileCells_(tileCells ? tileCells : kDefaultTileCells) {
    if (hasGrid(terrain)) {
        // cells / size rounded up, without the (cells + size - 1) that wraps for huge tile sizes.
        const uint32_t cellsX = terrain.mapSizeX - 1, cellsZ = terrain.mapSizeY - 1;
        columns_ = cellsX / tileCells_ + (cellsX % tileCells_ != 0);
        rows_ = cellsZ / tileCells_ + (cellsZ % tileCells_ != 0);
    }
    std::unordered_map<std::string, size_t> slot;
    uint32_t skipped = 0, firstSkipped = 0;
    for (uint32_t i = 0; i < terrain.objects.size(); ++i) {
        // A NaN or infinite transform has no place: hosts would cast it or draw it at infinity.
        if (!placeable(terrain.objects[i])) {
            if (skipped++ == 0) firstSkipped = i;
            continue;
        }
        auto [it, fresh] = slot.emplace(terrain.objects[i].model, placements_.size());
        if (fresh) placements_.push_back({terrain.objects[i].model, {}});
        placements_[it->second].objects.push_back(i);
    }
    if (skipped) {  // one warning for all of them: a damaged table must not flood the list
        Warning w;
        w.kind = DiagKind::BadValue;
        w.severity = Severity::Warning;
        w.where = "objects";
        w.count = skipped;
        w.message = std::to_string(skipped) + " object(s) with a non-finite transform skipped (the first: object " +
                    std::to_string(firstSkipped) + ", id " + std::to_string(terrain.objects[firstSkipped].id) + ")";
        warnings_.push_back(std::move(w));
    }
}

bool TerrainView::placeable(const WrpObject& object) {
    for (float v : object.transform.m)
        if (!std::isfinite(v)) return false;
    return true;
}

uint32_t TerrainView::cellMaterial(uint32_t x, uint32_t z) const {
    const WrpTerrain& t = *t_;
    if (t.materialIndex.empty() || t.layerSizeX == 0 || t.layerSizeY == 0) return 0;
    const uint64_t lx = std::min<uint64_t>(t.layerSizeX - 1, uint64_t(x) * t.layerSizeX / t.mapSizeX);
    const uint64_t lz = std::min<uint64_t>(t.layerSizeY - 1, uint64_t(z) * t.layerSizeY / t.mapSizeY);
    const size_t at = size_t(lz * t.layerSizeX + lx);
    if (at >= t.materialIndex.size()) return 0;
    const uint32_t m = t.materialIndex[at];
    return m < t.materials.size() ? m : 0;
}

TerrainTile TerrainView::tile(uint32_t i) const {
    TerrainTile tile;
    if (i >= tileCount()) return tile;
    const uint32_t cellsX = t_->mapSizeX - 1, cellsZ = t_->mapSizeY - 1;
    tile.column = i % columns_;
    tile.row = i / columns_;
    tile.x0 = tile.column * tileCells_;
    tile.z0 = tile.row * tileCells_;
    tile.x1 = std::min(cellsX, tile.x0 + tileCells_);
    tile.z1 = std::min(cellsZ, tile.z0 + tileCells_);
    fillSamples(*t_, frame_, tile);

    // Cells grouped by material in order of first use (a counting sort keeps it linear).
    const uint32_t w = tile.x1 - tile.x0, h = tile.z1 - tile.z0;
    std::vector<uint32_t> cellMat(size_t(w) * h);
    std::unordered_map<uint32_t, uint32_t> groupOf;
    for (uint32_t lz = 0; lz < h; ++lz)
        for (uint32_t lx = 0; lx < w; ++lx) {
            const uint32_t m = cellMaterial(tile.x0 + lx, tile.z0 + lz);
            cellMat[size_t(lz) * w + lx] = m;
            auto [it, fresh] = groupOf.emplace(m, uint32_t(tile.groups.size()));
            if (fresh) tile.groups.push_back({m, 0, 0});
            ++tile.groups[it->second].cellCount;
        }
    for (size_t g = 1; g < tile.groups.size(); ++g)
        tile.groups[g].firstCell = tile.groups[g - 1].firstCell + tile.groups[g - 1].cellCount;
    std::vector<uint32_t> order(cellMat.size()), cursor(tile.groups.size());
    for (size_t g = 0; g < tile.groups.size(); ++g) cursor[g] = tile.groups[g].firstCell;
    for (uint32_t c = 0; c < cellMat.size(); ++c) order[cursor[groupOf[cellMat[c]]]++] = c;
    tile.cellQuads.reserve(size_t(w) * h * 4);
    tile.cellTriangles.reserve(size_t(w) * h * 6);
    for (uint32_t c : order) appendCell(tile, c % w, c / w, mirrors(frame_.axes), tile);
    return tile;
}

Mat4 TerrainView::objectTransform(uint32_t object) const {
    if (object >= t_->objects.size()) return Mat4::identity();
    return toFrame(frame_.axes, t_->objects[object].transform);
}

}  // namespace rv
