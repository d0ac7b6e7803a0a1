// Our own glTF 2.0 writer (.glb and .gltf), fed by the view: models and whole terrains, with GPU
// instancing for a world's repeated objects. No Assimp.
//
//   auto file = rv::openForGltf("island.wrp", options, gltfOptions);  // the door, with glTF's view
//   auto out = rv::gltfFromFile(*file, gltfOptions);
//   out->writeMain(sink);                       // the .glb, or the .gltf's JSON
//   for (i < out->sideFileCount()) out->writeSideFile(i, sink);  // .gltf only: .bin, PNGs
//
// Extensions, both opt-in (GltfOptions, or a GltfTarget's presets):
//  - EXT_mesh_gpu_instancing: one mesh per placed model and one node per model carrying every
//    placement as TRANSLATION / ROTATION / SCALE (GltfOptions::gpuInstancing);
//  - KHR_mesh_quantization: terrain normals as normalized bytes, whole-map UVs as normalized
//    shorts (a 1/65535 step of the map; normals within half a degree; GltfOptions::quantize);
//  - KHR_texture_transform: the rvmat stages' uvTransform.
// The terrain's binary data is produced tile by tile while it is written: a world of any size is
// never held in memory as a whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"
#include "rv/retexture.hpp"
#include "rv/rtm.hpp"
#include "rv/view.hpp"
#include "rv/wrp.hpp"

namespace rv {

// The engines a file can be written for (--target). What each one reads was established by
// importing our files in it (docs/engines.md); the defaults are Generic's.
enum class GltfTarget { Generic, Godot, Unreal, Unity, Blender };

struct GltfOptions {
    bool binary = true;  // .glb; false: .gltf with a .bin and PNGs beside it
    // The output's file name without its extension ("world" for world.gltf): the side files are
    // "<stem>.bin" and "<stem>_textures/<image>.png", referenced relatively.
    std::string stem = "model";
    // A world's placements as one node per model with EXT_mesh_gpu_instancing. Off by default:
    // Godot 4.6 ignores the extension and shows one copy per model, so the default file has one
    // node per placed object, sharing the model's mesh, which every glTF 2.0 importer shows.
    bool gpuInstancing = false;
    bool instanceIds = true;  // the objects' ids as an "_ID" instance attribute (gpuInstancing)
    // KHR_mesh_quantization on terrain tiles (--quantize): a third of the vertex bytes, but Godot
    // 4.6 and Unreal 5 refuse a file that requires it, so it is opt-in.
    bool quantize = false;
    TerrainGrid grid;  // terrain tiles, --terrain-step and --region
    // Terrains (--satellite): one material, the satellite mosaic (rv::meshMosaic) at most this many
    // pixels a side, instead of the layer materials: the far view as the game draws it. 0: off.
    uint32_t satellite = 0;
    // Models with a skeleton: each RTM (--animation) as a glTF animation of the skin, named `name`.
    struct Animation {
        std::string name;
        const RtmAnimation* rtm = nullptr;
    };
    std::vector<Animation> animations;
    float animationFps = defaults::kAnimationFps;  // a cycle lasts frameCount / animationFps seconds
    // .gltf only (batch --textures external): a model's textures found in the data root are
    // referenced at this URI prefix + their game path (imageGamePath) + ".png", in a folder that
    // several outputs share and the caller fills (GltfOutput::sharedImageCount), instead of side
    // files of their own. "" (default): side files.
    std::string sharedImageUri;
};

// The options a target engine reads best: Generic, Godot and Unreal get one node per object and
// float vertices; Blender (4.3+) and Unity (glTFast) get GPU instancing and quantized terrain;
// Unity without the "_ID" attribute, which glTFast does not read.
GltfOptions gltfOptionsFor(GltfTarget target);
// "generic", "godot", "unreal", "unity" or "blender"; false for any other name.
bool parseGltfTarget(const std::string& name, GltfTarget& out);
const char* gltfTargetName(GltfTarget target);

// Receives the bytes of a file being written, in order; false stops the writing (a failed write).
using ByteSink = std::function<bool(const void* data, size_t size)>;

class GltfOutput {
public:
    GltfOutput();
    GltfOutput(GltfOutput&&) noexcept;
    GltfOutput& operator=(GltfOutput&&) noexcept;
    ~GltfOutput();

    // The .glb, or the .gltf's JSON. False when the sink failed (or a tile could not be built).
    [[nodiscard]] bool writeMain(const ByteSink& sink) const;
    // .gltf only: "<stem>.bin" and the PNGs, relative to the main file.
    size_t sideFileCount() const;
    const std::string& sideFileName(size_t i) const;
    [[nodiscard]] bool writeSideFile(size_t i, const ByteSink& sink) const;
    // With GltfOptions::sharedImageUri: the images the .gltf references in the shared folder, by
    // their name there ("rv/box/box_co.png"). The caller writes each before the main file, once
    // for every output that shares it; its PNG is encoded on request (once, with a batch's
    // texture cache).
    size_t sharedImageCount() const;
    const std::string& sharedImageName(size_t i) const;
    [[nodiscard]] Result<std::vector<uint8_t>> sharedImagePng(size_t i) const;

    const std::vector<Warning>& warnings() const;
    // Counts for reports and tests.
    struct Stats {
        uint32_t meshes = 0, nodes = 0, materials = 0, images = 0;
        uint32_t instancedModels = 0, instances = 0, markerModels = 0, markerInstances = 0, tiles = 0;
        uint64_t binaryBytes = 0;
    };
    const Stats& stats() const;

    struct State;  // code/gltf
    explicit GltfOutput(std::unique_ptr<State> state);

private:
    std::unique_ptr<State> state_;
};

struct OpenedFile;   // rv/open.hpp
struct OpenRequest;  // rv/open.hpp

// What the writer needs from rv::open: a model or terrain with its view in glTF's frame (y up, UV
// origin top-left) and the terrain's tiles of `gltf.grid`. Open with it and with Options::tangents
// set, or through openForGltf, which does both.
OpenRequest gltfOpenRequest(const GltfOptions& gltf);
[[nodiscard]] Result<OpenedFile> openForGltf(const std::string& path, Options options, const GltfOptions& gltf);
[[nodiscard]] Result<OpenedFile> openForGltf(const uint8_t* data, size_t size, const std::string& name, Options options,
                                             const GltfOptions& gltf);

// The model or terrain that rv::open() decoded and viewed (the request above), its proxies resolved
// and its textures from its data root. A model's LODs are options.lods, one node each; a terrain is
// its height grid as tiles, layer textures and the placed objects (each model loaded once and
// instanced; a marker mesh where the root lacks one). `file` must outlive the output: a terrain's
// tiles are built while it is written.
[[nodiscard]] Result<GltfOutput> gltfFromFile(const OpenedFile& file, const GltfOptions& gltf);

}  // namespace rv
