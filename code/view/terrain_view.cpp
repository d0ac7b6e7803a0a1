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

// Central differences of the height field in stored space, `reach` samples either side (one-
// sided at the edges): the spacing of the vertices, so a thinned grid is shaded by its own slope.
Vec3 storedNormal(const WrpTerrain& t, float cell, uint32_t x, uint32_t z, uint32_t reach) {
    const uint32_t x0 = x >= reach ? x - reach : 0, x1 = std::min(x + reach, t.mapSizeX - 1);
    const uint32_t z0 = z >= reach ? z - reach : 0, z1 = std::min(z + reach, t.mapSizeY - 1);
    const float dx = x1 > x0 ? (heightAt(t, x1, z) - heightAt(t, x0, z)) / (float(x1 - x0) * cell) : 0.0f;
    const float dz = z1 > z0 ? (heightAt(t, x, z1) - heightAt(t, x, z0)) / (float(z1 - z0) * cell) : 0.0f;
    const float len = std::sqrt(dx * dx + 1.0f + dz * dz);
    return {-dx / len, 1.0f / len, -dz / len};
}

void fillSamples(const WrpTerrain& t, const Frame& frame, uint32_t step, TerrainTile& tile) {
    const float cell = t.cellSize();
    const float uScale = 1.0f / float(t.mapSizeX - 1), vScale = 1.0f / float(t.mapSizeY - 1);
    const size_t n = size_t(tile.width()) * tile.height();
    tile.positions.reserve(n);
    tile.normals.reserve(n);
    tile.uvs.reserve(n);
    for (const uint32_t z : tile.sampleZ) {
        for (const uint32_t x : tile.sampleX) {
            tile.positions.push_back(toFrame(frame.axes, Vec3{float(x) * cell, heightAt(t, x, z), float(z) * cell}));
            tile.normals.push_back(toFrame(frame.axes, storedNormal(t, cell, x, z, step)));
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

// The stored samples [first, last] of a region edge pair in metres, clamped to the grid.
void regionSamples(double from, double to, float cell, uint32_t samples, uint32_t& first, uint32_t& last) {
    const double lo = std::floor(from / cell), hi = std::ceil(to / cell), top = double(samples - 1);
    first = uint32_t(std::clamp(std::isfinite(lo) ? lo : 0.0, 0.0, top));
    last = uint32_t(std::clamp(std::isfinite(hi) ? hi : top, 0.0, top));
}

bool inRegion(const TerrainGrid& grid, const WrpObject& o) {
    const Vec3 p = o.transform.position();  // x east, z north
    const double x = p.x, z = p.z;
    return x >= grid.west && x <= grid.east && z >= grid.south && z <= grid.north;
}

}  // namespace

TerrainView::TerrainView(const WrpTerrain& terrain, const Frame& frame, uint32_t tileCells)
    : TerrainView(terrain, frame, TerrainGrid{tileCells}) {}

TerrainView::TerrainView(const WrpTerrain& terrain, const Frame& frame, const TerrainGrid& grid)
    : t_(&terrain), frame_(frame), grid_(grid), tileCells_(grid.tileCells ? grid.tileCells : kDefaultTileCells) {
    grid_.tileCells = tileCells_;
    grid_.step = std::max<uint32_t>(grid.step, 1);
    if (hasGrid(terrain)) {
        sx1_ = terrain.mapSizeX - 1;
        sz1_ = terrain.mapSizeY - 1;
        if (grid_.hasRegion()) {
            regionSamples(grid_.west, grid_.east, terrain.cellSize(), terrain.mapSizeX, sx0_, sx1_);
            regionSamples(grid_.south, grid_.north, terrain.cellSize(), terrain.mapSizeY, sz0_, sz1_);
        }
        // Vertex columns: every step-th sample from the first, and the last one. Cells / size is
        // rounded up without the (cells + size - 1) that wraps for huge sizes.
        const uint32_t s = grid_.step, spanX = sx1_ - sx0_, spanZ = sz1_ - sz0_;
        const uint32_t cellsX = spanX / s + (spanX % s != 0), cellsZ = spanZ / s + (spanZ % s != 0);
        if (cellsX && cellsZ) {
            verticesX_ = cellsX + 1;
            verticesZ_ = cellsZ + 1;
            columns_ = cellsX / tileCells_ + (cellsX % tileCells_ != 0);
            rows_ = cellsZ / tileCells_ + (cellsZ % tileCells_ != 0);
        }
    }
    std::unordered_map<std::string, size_t> slot;
    uint32_t skipped = 0, firstSkipped = 0;
    for (uint32_t i = 0; i < terrain.objects.size(); ++i) {
        // A NaN or infinite transform has no place: hosts would cast it or draw it at infinity.
        if (!isPlaceable(terrain.objects[i])) {
            if (skipped++ == 0) firstSkipped = i;
            continue;
        }
        if (grid_.hasRegion() && !inRegion(grid_, terrain.objects[i])) continue;
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

bool isPlaceable(const WrpObject& object) {
    for (float v : object.transform.m)
        if (!std::isfinite(v)) return false;
    return true;
}

double groundHeight(const WrpTerrain& t, double east, double north) {
    if (t.mapSizeX == 0 || t.mapSizeY == 0 || t.elevation.size() != size_t(t.mapSizeX) * t.mapSizeY)
        return std::nan("");
    const double cell = t.cellSize();
    double gx = east / cell, gz = north / cell;
    if (!std::isfinite(gx) || !std::isfinite(gz)) return std::nan("");  // never cast to an integer
    gx = std::clamp(gx, 0.0, double(t.mapSizeX - 1));
    gz = std::clamp(gz, 0.0, double(t.mapSizeY - 1));
    // The cell holding the point; on the last row or column, the cell before it.
    const uint32_t x0 = t.mapSizeX >= 2 ? std::min(uint32_t(gx), t.mapSizeX - 2) : 0;
    const uint32_t z0 = t.mapSizeY >= 2 ? std::min(uint32_t(gz), t.mapSizeY - 2) : 0;
    const uint32_t x1 = std::min(x0 + 1, t.mapSizeX - 1), z1 = std::min(z0 + 1, t.mapSizeY - 1);
    const double fx = gx - x0, fz = gz - z0;
    const double a = heightAt(t, x0, z0), b = heightAt(t, x1, z0), c = heightAt(t, x0, z1), d = heightAt(t, x1, z1);
    // Corners as appendCell names them: a south-west, b south-east, c north-west, d north-east.
    // The diagonal b-c splits the cell: (a, b, c) below it (fx + fz <= 1), (b, d, c) above.
    if (fx + fz <= 1) return a + (b - a) * fx + (c - a) * fz;
    return d + (c - d) * (1 - fx) + (b - d) * (1 - fz);
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
    tile.column = i % columns_;
    tile.row = i / columns_;
    const uint32_t c0 = tile.column * tileCells_, r0 = tile.row * tileCells_;
    const uint32_t c1 = std::min(verticesX_ - 1, c0 + tileCells_), r1 = std::min(verticesZ_ - 1, r0 + tileCells_);
    const uint32_t s = grid_.step;
    for (uint32_t c = c0; c <= c1; ++c) tile.sampleX.push_back(std::min(sx1_, sx0_ + c * s));
    for (uint32_t r = r0; r <= r1; ++r) tile.sampleZ.push_back(std::min(sz1_, sz0_ + r * s));
    tile.samplesX = uint32_t(tile.sampleX.size());
    tile.samplesZ = uint32_t(tile.sampleZ.size());
    tile.x0 = tile.sampleX.front();
    tile.x1 = tile.sampleX.back();
    tile.z0 = tile.sampleZ.front();
    tile.z1 = tile.sampleZ.back();
    fillSamples(*t_, frame_, s, tile);

    // Cells grouped by material in order of first use (a counting sort keeps it linear).
    // A thinned cell takes the material of the stored cell at its south-west corner.
    const uint32_t w = tile.width() - 1, h = tile.height() - 1;
    std::vector<uint32_t> cellMat(size_t(w) * h);
    std::unordered_map<uint32_t, uint32_t> groupOf;
    for (uint32_t lz = 0; lz < h; ++lz)
        for (uint32_t lx = 0; lx < w; ++lx) {
            const uint32_t m = cellMaterial(tile.sampleX[lx], tile.sampleZ[lz]);
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

uint64_t TerrainView::vertexCount() const {
    // Tile (c, r) has the vertices of column span c times row span r, so the sum over all tiles
    // is (the column spans summed) times (the row spans summed).
    auto spans = [&](uint32_t vertices, uint32_t tiles) {
        uint64_t sum = 0;
        const uint64_t cells = vertices - 1, size = tileCells_;
        for (uint64_t k = 0; k < tiles; ++k) sum += std::min(cells, (k + 1) * size) - k * size + 1;
        return sum;
    };
    return spans(verticesX_, columns_) * spans(verticesZ_, rows_);
}

Mat4 TerrainView::objectTransform(uint32_t object) const {
    if (object >= t_->objects.size()) return Mat4::identity();
    return toFrame(frame_.axes, t_->objects[object].transform);
}

}  // namespace rv
