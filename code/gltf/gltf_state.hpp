// What a GltfOutput holds between building and writing: the document, and what its pieces still
// read while they are written (the terrain view for its tiles).
#pragma once

#include <memory>
#include <vector>

#include "gltf/gltf_document.hpp"
#include "rv/gltf.hpp"
#include "rv/memory_budget.hpp"
#include "rv/terrain_layers.hpp"
#include "rv/view.hpp"

namespace rv {

struct GltfOutput::State {
    // The budget of the options, or one of its own from Options::memoryLimit.
    explicit State(const Options& options, const std::string& name);
    std::unique_ptr<MemoryBudget> ownBudget;
    gltf::Document doc;
    std::vector<Warning> warnings;
    Stats stats;
    std::unique_ptr<TerrainLayers> layers;  // the layer mappings, read by the tiles' pieces
};

namespace gltf {

// Fails with the memory limit's message when the document outgrew it; refuses a .glb past the 4 GiB its header can count, naming the ways to a smaller one.
// `hint` follows the memory limit's message (what makes the output smaller).
[[nodiscard]] Result<GltfOutput> finish(std::unique_ptr<GltfOutput::State> state, const std::string& name,
                                        const std::string& hint = "");

// The "asset" object and the scene's root node list.
void addAsset(Document& doc, const std::string& sourceFormat);

}  // namespace gltf
}  // namespace rv
