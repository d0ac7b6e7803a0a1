// The front door: one call that takes a file's bytes and its name and returns what the file is,
// decoded, with the warnings, the memory budget and the data root of the import (as
// ufbx_load_memory and fastgltf's Parser::loadGltf are for their formats). Every front end (the
// CLI, the C ABI, the Assimp importers, the glTF writer) opens files through it, so sniffing, the
// budget, the data root and the input's name on diagnostics live here once.
//
//   auto file = rv::openFile("house.p3d", options);       // or rv::open(bytes, size, name, options)
//   if (!file) report(file.error());                       // names the file, the structure, the offset
//   else if (file->model) ...
//
// With a Frame in the request it also builds the view (rv/view.hpp) in that frame, so a front end
// gets the decoded file and what every output needs in one call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rv/config.hpp"
#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/format.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"
#include "rv/options.hpp"
#include "rv/pbo.hpp"
#include "rv/proxy_models.hpp"
#include "rv/retexture.hpp"
#include "rv/rtm.hpp"
#include "rv/texture.hpp"
#include "rv/view.hpp"
#include "rv/wrp.hpp"

namespace rv {

// What a file is, judged by its signature; by its name only where the format has none (OFP's
// untyped textures, text configs).
enum class FileKind {
    Unknown,
    Model,      // ODOL or MLOD (.p3d)
    Terrain,    // 4WVR, 8WVR, OPRW (.wrp)
    Texture,    // PAA / PAC
    Config,     // rapified ("\0raP") or text: .rvmat, config.cpp/.bin, .bisurf, .sqm...
    Archive,    // PBO
    Animation,  // RTM_0101, RTM_MDAT + RTM_0101, BMTR (.rtm)
};

// "a model", "a terrain", "a texture", "a config", "a PBO archive", "an animation", "an unknown file".
const char* fileKindName(FileKind kind);
FileKind sniffKind(const uint8_t* data, size_t size, const std::string& name);
// sniffKind on a file's first bytes (its name where the format has none); Unknown when unreadable.
FileKind sniffFile(const std::string& path);
// A name that text configs carry (.rvmat, .cpp, .hpp, .bin, .bisurf, .ext, .sqm), any case.
bool isConfigName(const std::string& name);

// The extensions the front door reads, each with the kind its files hold: `rvimport listext` and
// `knowext` answer from this table. (The door itself goes by signature first; a name decides
// only for the formats that have none.)
struct KnownExtension {
    const char* extension;  // ".p3d", lower case
    FileKind kind;
};
const std::vector<KnownExtension>& knownExtensions();
// The kind knownExtensions() gives `name`'s extension (any case), or Unknown: for names without
// bytes yet, as a PBO's entries before they are read.
FileKind kindOfExtension(const std::string& name);
// Whether `name` ends in one of knownExtensions(), any case.
bool isKnownExtension(const std::string& name);

// Which kinds a caller can use; open() refuses the others with a message that says what the
// file is and which command reads it ("a PBO archive: use `rvimport pbo list`").
enum KindMask : unsigned {
    kAcceptModel = 1u << 0,
    kAcceptTerrain = 1u << 1,
    kAcceptTexture = 1u << 2,
    kAcceptConfig = 1u << 3,
    kAcceptArchive = 1u << 4,
    kAcceptAnimation = 1u << 5,
    kAcceptAny = 0x3Fu,
};

// What the caller wants from open(): which kinds it can use and, with a frame, the view.
struct OpenRequest {
    unsigned accept = kAcceptAny;
    std::optional<Frame> viewFrame;  // set: models and terrains come with their view in this frame
    TerrainGrid grid;                // the terrain view's tiles
    bool wantsDataRoot = true;       // false: the caller reads nothing from one (not opened, no hint)
    // Where the file is on disk (openFile sets it; an importer reading a disk file may): an
    // editable model without Options::modelConfig looks for its model.cfg from this folder up.
    // Empty: no search (only Options::modelConfig is read).
    std::string sourcePath;
};

struct OpenedFile {
    FileKind kind = FileKind::Unknown;
    FileFormat format = FileFormat::Unknown;  // models and terrains
    std::string name;                         // starts every diagnostic

    // The one budget of this import: the caller's (Options::budget) or owned here; the file's
    // bytes and everything decoded are charged to it.
    MemoryBudget* budget = nullptr;
    std::unique_ptr<MemoryBudget> ownBudget;
    Options options;  // the caller's, with `budget` set to the one above

    std::vector<uint8_t> bytes;  // openFile() only: the file, which a texture's mips read
    // Behind pointers so that the views, which refer to them, survive moving the OpenedFile.
    std::unique_ptr<OdolModel> model;
    std::unique_ptr<WrpTerrain> terrain;
    std::optional<TextureFile> texture;
    std::optional<ConfigTree> config;
    std::optional<PboArchive> archive;
    std::optional<RtmAnimation> animation;
    std::optional<Retexture> retexture;        // models: Options::retextureConfig's class, applied by the view
    std::string modelConfig;                   // editable models: the model.cfg their skeleton came from, or ""
    std::unique_ptr<ModelView> modelView;      // OpenRequest::viewFrame set, models only
    std::unique_ptr<TerrainView> terrainView;  // OpenRequest::viewFrame set, terrains only

    // Options::dataRoot, else the RV_IMPORT_DATA_ROOT environment variable; absent when neither
    // names a folder (or Options::sharedDataRoot). A folder that cannot be opened is an error,
    // never silently nothing.
    std::shared_ptr<const DataRoot> dataRoot;
    // The models drawn at the view's proxies (rv/proxy_models.hpp): with a view, a data root and
    // Options::proxies other than Nodes; their warnings are in `warnings`. Null otherwise.
    std::unique_ptr<ProxyModels> proxyModels;
    // The decoder's warnings, the data root's, and the one line saying that the file's textures
    // or object models need a data root when none was given (DiagKind::NoDataRoot).
    std::vector<Warning> warnings;
};

// The data root folder an import uses: Options::dataRoot, else RV_IMPORT_DATA_ROOT, else "".
std::string dataRootFolder(const Options& options);

// An editable (MLOD) model stores no skeleton: Bohemia's binarizer takes it from a model.cfg
// (rv/model_cfg.hpp). For an editable model without one, open() reads Options::modelConfig, else
// (with OpenRequest::sourcePath) the first `model.cfg` found beside the file, then in each parent
// folder up to the root (at most defaults::kModelConfigFolders folders; the name is matched
// exactly, as a case-sensitive file system stores it). The config's bytes and tree are charged to
// the budget while it is read. Nothing here fails the import: a given config that cannot be read,
// is malformed or has no skeleton for the model, and a found one that is malformed, are warnings
// naming the config; a found one without a skeleton for the model is silent (most models have none).
std::string findModelConfig(const std::string& modelPath);  // the search above; "" when none

// Decodes `data` (which must outlive the result for textures: their mips are read from it).
[[nodiscard]] Result<OpenedFile> open(const uint8_t* data, size_t size, const std::string& name,
                                      const Options& options = {}, const OpenRequest& request = {});
// Reads `path` (the bytes charged to the budget first) and opens it; the result owns the bytes.
[[nodiscard]] Result<OpenedFile> openFile(const std::string& path, const Options& options = {},
                                          const OpenRequest& request = {});
inline OpenRequest accepting(unsigned accept) {
    OpenRequest r;
    r.accept = accept;
    return r;
}

// Why a caller refuses a file of `kind`, with the command that reads it: "mod.pbo is a PBO
// archive: use `rvimport pbo list` or `pbo extract`".
std::string kindRefusal(const std::string& name, FileKind kind);

}  // namespace rv
