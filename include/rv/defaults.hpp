// Every default value of an import, in one place: the library's Options, the C ABI's
// rv_options_init, the CLI and the importers' properties all start from these.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rv {
// Which proxies get their model drawn (Options::proxies, rv/proxy_models.hpp).
enum class ProxyMode { Nodes, Drawn, All };
}  // namespace rv

namespace rv::defaults {

// The most memory one import may use (Options::memoryLimit): Arma's largest models and 8192^2
// terrains, decoded, stay far below it.
constexpr uint64_t kMemoryLimit = uint64_t(2) << 30;

// Which LODs become geometry. The library, the CLI and the Assimp importers take the first
// visual LOD (what the model looks like in the game). The C ABI takes every LOD: its host, the
// Blender add-on, shows each as a collection a modder switches between, as Object Builder does.
constexpr const char* kLods = "first";
constexpr const char* kCapiLods = "all";

constexpr bool kAutocenter = true;  // positions as the game places the model

// Metres between height samples for terrains that do not store it (4WVR, OPRW v2/v3): the
// world's config sets landGrid, 50 m in OFP.
constexpr float kCellSize = 50.0f;

// Terrain cells per tile side of the view's tiles (TerrainGrid::tileCells), and the height
// samples between vertices (1: every sample).
constexpr uint32_t kTileCells = 128;
constexpr uint32_t kTerrainStep = 1;

// The warnings of one kind the command line prints per input before "and K more" (rv::capWarnings);
// --verbose prints every one.
constexpr size_t kWarningsPerKind = 5;

// The largest texture side decoded for a material or terrain layer (Options::maxTextureSize):
// 0, no cap (every texture at its full size, as the game shows it up close).
constexpr uint32_t kMaxTextureSize = 0;

// What a batch's shared texture cache keeps at most (rv/texture_cache.hpp): decoded pixels and
// PNG bytes, half the memory limit and never more than this. A mod's shared textures fit (thirty
// 2048^2 maps are 480 MiB of pixels); past it the ones used longest ago are let go.
constexpr uint64_t kTextureCacheBytes = uint64_t(512) << 20;
// Of which decoded pixels that no import holds, in a batch: its outputs embed the PNG, which it
// keeps; pixels kept past that only took fresh memory that the kernel zeroes page by page (a
// quarter of the real batch's time), while decoding again costs a tenth of the PNG encode.
// Four 2048^2 maps, so that models converted side by side still share the pixels.
constexpr uint64_t kBatchCachePixelBytes = uint64_t(64) << 20;

// Proxies (Options::proxies): Drawn, each proxy the game draws gets its model from the data root
// (where it is there), drawn at the proxy; crew, cargo, flag and muzzle-flash places stay nodes.
// Proxied models nest at most kProxyDepth deep (a model's own proxies are depth 1).
constexpr ProxyMode kProxies = ProxyMode::Drawn;
constexpr uint32_t kProxyDepth = 4;

// RTM files store phases (0..1 of a cycle), not times; the game's speed comes from its config
// (CfgMovesBasic's `speed`). Outputs play a cycle in frames / kAnimationFps seconds.
constexpr float kAnimationFps = 30.0f;
// The frame rates an output may be given (--animation-fps, RV_IMPORT_ANIMATION_FPS): below 0.1 a
// cycle of a few frames lasts minutes and a float time loses its frames; above 1000 no engine keys.
constexpr double kMinAnimationFps = 0.1, kMaxAnimationFps = 1000.0;
inline bool animationFpsInRange(double fps) { return fps >= kMinAnimationFps && fps <= kMaxAnimationFps; }

// An editable model's model.cfg (Options::modelConfig): none given, so the front door searches
// beside the model and up its folders, as Bohemia's binarizer does; at most this many folders
// (the model's own included), which no real path reaches.
constexpr const char* kModelConfig = "";
constexpr int kModelConfigFolders = 64;

// A terrain's map outputs (rv/terrain_map.hpp, `rvimport map`): the projected CRS and where the
// map's south-west height sample sits in it, as Terrain Builder sets a mapframe (UTM zone 31N,
// easting 200000, northing 0), and the largest side of a layer mosaic: its pictures' own
// resolution, down to the mips that fit (8192^2 RGBA is 256 MiB, within the memory limit).
constexpr int kMapEpsg = 32631;
constexpr double kMapEasting = 200000.0;
constexpr double kMapNorthing = 0.0;
constexpr uint32_t kMosaicSize = 8192;
// The satellite mosaic a terrain mesh is textured with (export --satellite, Blender): 4096^2 is
// what every glTF viewer and GPU loads, and 64 MiB in memory.
constexpr uint32_t kSatelliteSize = 4096;

}  // namespace rv::defaults
