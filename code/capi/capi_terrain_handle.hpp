// The terrain handle of the C ABI (include/rvimport_terrain.h), shared by capi_terrain.cpp and
// capi_terrain_map.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rv/open.hpp"
#include "rv/terrain_features.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/terrain_map.hpp"

struct rv_terrain {
    // The front door's result: the terrain, its view and its data root (options->data_root or
    // RV_IMPORT_DATA_ROOT, indexed once for the object models); the members below name its parts.
    explicit rv_terrain(rv::OpenedFile opened)
        : file(std::move(opened)), terrain(*file.terrain), view(file.terrainView), root(file.dataRoot) {}
    rv::OpenedFile file;
    const rv::WrpTerrain& terrain;
    const std::unique_ptr<rv::TerrainView>& view;
    const std::shared_ptr<const rv::DataRoot>& root;
    std::vector<rv::Warning> warnings;          // the front door's, then the layer pictures'
    rv::TerrainTile tile;                       // the tile rv_terrain_tile_load built last
    std::unique_ptr<rv::TerrainLayers> layers;  // the layer pictures from the data root
    std::vector<std::string> layerNames;        // layerMaterialName of each material, kept for the char*
    // rv_terrain_mosaic_build's mosaic, what it charged to the budget, and its warning lines.
    std::optional<rv::LayerMosaic> mosaic;
    uint64_t mosaicCharged = 0;
    std::vector<std::string> mosaicWarnings;
    // The vector layers, built on first use (the getters are const: a handle is one thread's).
    mutable std::unique_ptr<rv::MapFeatures> features;
    mutable std::vector<std::string> featureWarnings;
};
