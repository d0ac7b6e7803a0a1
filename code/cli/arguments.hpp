// Argument parsing of the converting verbs (export, batch): their options, parsed into one struct that carries the
// decoders' own rv::Options.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rv/format.hpp"
#include "rv/gltf.hpp"
#include "rv/options.hpp"
#include "rv/paths.hpp"
#include "rv/view.hpp"

namespace rv::cli {

class SharedTextureFolder;  // cli/shared_textures.hpp

struct CliOptions {
    // --lod (lods, default "first"), --autocenter (autocenter), --max-memory SIZE and
    // --memory-limit MB (memoryLimit, the one budget of each import),
    // --data-folder (dataRoot), --cell-size (defaultCellSize), --max-texture-size N
    // (maxTextureSize), --model-cfg FILE (modelConfig).
    Options decode;
    std::string format;                     // -f: exporter id; empty = guess from OUT's extension
    double easting = 200000, northing = 0;  // terrain exports: Terrain Builder's default mapframe
    bool selectionsAsBones = false;
    unsigned jobs = 0;  // batch only (-j); 0 = one per core
    // batch only: --shard K/N converts the inputs whose path hash falls to share K of N (0/0:
    // all); --manifest FILE writes a JSON line per input converted here.
    uint32_t shard = 0, shards = 0;
    std::string manifest;
    // batch only: --textures external writes .gltf files that reference one OUT_DIR/textures/
    // folder of PNGs named by their game path (textureFolder, which batch makes); own (default):
    // each output its own.
    bool externalTextures = false;
    std::shared_ptr<SharedTextureFolder> textureFolder;
    bool memoryLimitGiven = false;  // --max-memory or --memory-limit was given (batch splits it)
    // glTF: --via-assimp (Assimp's exporter instead of ours), --terrain-step N, --region
    // W,S,E,N, --tile-cells N, --target NAME, --instancing gpu|nodes and
    // --quantize / --no-quantize.
    bool viaAssimp = false;
    // --target NAME picks the glTF writer's presets; --instancing and --quantize/--no-quantize
    // override them whatever their order.
    GltfTarget target = GltfTarget::Generic;
    std::optional<bool> gpuInstancing;  // --instancing gpu|nodes; unset: the target's
    std::optional<bool> quantize;       // --quantize / --no-quantize; unset: the target's
    bool satellite = false;             // --satellite: terrains textured with their satellite mosaic
    bool quiet = false;                 // -q / --quiet: no summary line at the end
    // --strict, or RV_IMPORT_STRICT=1 in the environment: a texture missing from the data root
    // is an error (exit 1, nothing written), for pipelines.
    bool strict = false;
    TerrainGrid grid;
    // --animation FILE (repeatable): .rtm files applied to a model's skeleton, one glTF or Assimp
    // animation each; --animation-fps N: a cycle of F frames lasts F / N seconds.
    std::vector<std::string> animations;
    float animationFps = defaults::kAnimationFps;
    // Textures to PNG: --mip N (0 = the largest) and --raw-channels (the stored channels, no ZIWS undone).
    size_t mip = 0;
    bool rawChannels = false;
    std::vector<std::string> positional;
};

// Parses `args` (args[0] is the verb): -f ID / -fID / --format[=]ID, --lod SPEC,
// --autocenter on|off, --max-memory SIZE (512M, 2G, bytes), --memory-limit MB, --easting E, --northing N, --cell-size M,
// --data-folder DIR, --selections-as-bones, --via-assimp, --terrain-step N, --region W,S,E,N,
// --tile-cells N, --target generic|godot|unreal|unity|blender, --instancing gpu|nodes,
// --quantize, --no-quantize, --max-texture-size N, --model-cfg FILE, --animation FILE,
// --animation-fps N, --mip N, --raw-channels and, for batch, -j N. Every "--name VALUE" option
// may also be written "--name=VALUE"; "--" ends the options (what follows are file names, even
// when they start with '-'). Returns false after reporting a usage error on stderr.
bool parseCliOptions(const char* verb, const std::vector<std::string>& args, bool batch, CliOptions& out);
// --textures external|own (CliOptions::externalTextures); false after saying why on stderr.
bool parseTexturesMode(const char* verb, const std::string& v, bool& external);
// A whole decimal number in [lo, hi], nothing after it; false leaves `out` alone.
bool parseCount(const std::string& v, long lo, long hi, long& out);
// "K/N" (--shard): 1 <= K <= N <= 2^20, both whole numbers; false otherwise.
bool parseShard(const std::string& v, uint32_t& shard, uint32_t& shards);
// --max-memory's SIZE: "512M", "2G", "1.5G" or bytes, from 1 MiB to kMaxMemoryLimitMb.
bool parseSize(const std::string& v, uint64_t& out);

bool isTerrain(FileFormat format);

}  // namespace rv::cli
