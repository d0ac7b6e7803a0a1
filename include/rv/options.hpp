// The one options struct every rvimport entry point takes: decoders, the view, the importers,
// the CLI and the C ABI (rv_options mirrors it). No globals: two imports with different options
// can run side by side.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "rv/defaults.hpp"

namespace rv {

class MemoryBudget;  // rv/memory_budget.hpp
class TextureCache;  // rv/texture_cache.hpp
class DataRoot;      // rv/data_root.hpp

struct Options {
    // The most memory one import may use, in bytes: decoded arrays and structures, the view and
    // the Assimp scene, estimated before each allocation. Beyond it the import stops with
    // DiagKind::MemoryLimit instead of exhausting the host. Arma's largest models and 8192^2
    // terrains (decoded) stay far below the default (2 GiB).
    uint64_t memoryLimit = defaults::kMemoryLimit;

    // The import's shared budget (rv/memory_budget.hpp), not owned. Null: each decode, view or
    // scene build charges a budget of its own made from memoryLimit. An importer sets it once so
    // the decoder, the view, the scene and a terrain's object models all draw on one limit.
    MemoryBudget* budget = nullptr;

    // Where a terrain's object models ("ca\buildings\house.p3d") are looked up; empty = nowhere.
    std::string dataRoot;
    // A data root already open, shared by many imports (`rvimport batch` opens one for all its
    // files, with the PBOs it converts mounted in it); when set, dataRoot and RV_IMPORT_DATA_ROOT
    // are not read, and the root's own warnings are its opener's to report, once.
    std::shared_ptr<const DataRoot> sharedDataRoot;
    // Textures shared by many imports (rv/texture_cache.hpp; `rvimport batch` makes one for all
    // its files): each is read, decoded and PNG-encoded once. Null (default): each import its own.
    std::shared_ptr<TextureCache> textureCache;

    // Where a source config's `#include "\x\cba\..."` lines are found (`--include-root DIR`): a
    // folder laid out as the P: drive. Empty (default): the data root, else the config's own
    // folder (rv/include_root.hpp).
    std::string includeRoot;

    // Which LODs of a model the importers and exports turn into geometry:
    //   "first"  (default) the first visual LOD only: what the model looks like in the game;
    //   "visual" every rendered LOD (resolutions and the View Pilot/Gunner/Cargo interiors);
    //   "all"    every LOD, one node each, named by its BI name;
    //   a BI LOD name or resolution ("Geometry", "1.000", "1e15"): that LOD only.
    // Decoding and `dump --json` always read every LOD.
    std::string lods = defaults::kLods;

    // true (default): positions as the game places the model, relative to the bounding centre
    // the binarizer moved it to (ODOL stores them so). false: the bounding centre is added back,
    // giving the editable model's coordinates as Object Builder shows them.
    bool autocenter = defaults::kAutocenter;

    // The view: LodView::tangents (glTF tangents from the binarized ST vectors). Only outputs
    // that write tangents ask for them (the glTF writer); the others would pay for nothing.
    bool tangents = false;

    // Metres between height samples for terrains that do not store it (4WVR, OPRW v2/v3: the
    // world's config sets landGrid, 50 m in OFP).
    float defaultCellSize = defaults::kCellSize;

    // false (default): a texture no output draws (an environment map's, a fresnel stage's) that is
    // missing is not worth a warning; true (`--verbose`, RV_IMPORT_VERBOSE) reports it too.
    bool verbose = false;
    // A config (config.cpp or config.bin, text or rapified) and one of its classes: the class's
    // hiddenSelectionsTextures / hiddenSelectionsMaterials retexture the model, as the game shows
    // that variant (rv/retexture.hpp). Both empty (default): the model as it is. CLI --config FILE
    // --class NAME; the front door reads the config.
    std::string retextureConfig;
    std::string retextureClass;

    // An editable (MLOD) model's model.cfg (text or rapified), whose CfgModels/CfgSkeletons give
    // the skeleton an ODOL would store (rv/model_cfg.hpp). Empty (default): the front door looks
    // for `model.cfg` beside the model file and in its parent folders (rv/open.hpp). CLI
    // --model-cfg FILE. Binarized models keep their own skeleton.
    std::string modelConfig = defaults::kModelConfig;

    // The largest texture side outputs get (`--max-texture-size N`, RV_IMPORT_MAX_TEXTURE_SIZE,
    // rv_options.max_texture_size): a .paa decoded for a model's material or a terrain's layer
    // picture comes as its largest own mip whose width and height are both <= N (the smallest mip
    // when none is), never resampled (rv::textureMipWithin). 0 (default): the full size. A .png/.tga
    // standing in for a missing .paa is used as it is. Textures opened as files (`rvimport export
    // x.paa`, rv_texture_open) are not affected: they choose their mip themselves.
    uint32_t maxTextureSize = defaults::kMaxTextureSize;

    // Drawn (default, `--proxies resolve`): with a data root, each proxy the game draws gets its
    // model from the root, drawn at the proxy (rv/proxy_models.hpp says which); All (`--proxies
    // all`): crew, cargo, flag and muzzle-flash places too; Nodes (`--proxies nodes`): proxies stay
    // named nodes only. Without a data root, proxies are nodes either way.
    ProxyMode proxies = defaults::kProxies;
};

}  // namespace rv
