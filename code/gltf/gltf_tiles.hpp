// Terrain tiles for the glTF writer, encoded one at a time.
//
// A tile is written as vertex sets, each with index runs (one per layer material):
//  - when no layer of the tile has a picture, one set holds every vertex of the tile and each
//    material is a run of its cells' triangles;
//  - else every material gets its own set (vertices on a border between two are written twice),
//    because a satellite picture's UVs (TEXCOORD_1) depend on the layer.
// TEXCOORD_0 is always the UV over the whole map. With quantization normals are normalized
// bytes and TEXCOORD_0 normalized shorts (KHR_mesh_quantization).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rv/terrain_layers.hpp"
#include "rv/view.hpp"

namespace rv::gltf {

struct TileRun {
    uint32_t material = 0;  // into WrpTerrain::materials
    uint32_t indexCount = 0;
    uint64_t offset = 0;  // in the tile's bytes
};

struct TileVertexSet {
    uint32_t vertexCount = 0;
    bool layerUv = false;  // TEXCOORD_1 from the layer's picture mapping
    bool wideIndices = false;
    std::array<float, 3> min{}, max{};
    uint64_t positions = 0, normals = 0, mapUv = 0, layerUvs = 0;  // offsets in the tile's bytes
    std::vector<TileRun> runs;
};

struct TileLayout {
    std::vector<TileVertexSet> sets;
    uint64_t size = 0;
};

// Appends the tile's bytes to `out` (4-byte aligned arrays) and returns where each array is.
// `layers` may be null (no layer is textured).
TileLayout encodeTile(const TerrainTile& tile, const TerrainView& view, const TerrainLayers* layers, bool quantize,
                      std::vector<uint8_t>& out);

}  // namespace rv::gltf
