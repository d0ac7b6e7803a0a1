// Assimp importers for Real Virtuality files. Register them with any Assimp::Importer:
//
//     Assimp::Importer importer;
//     rv::registerImporters(importer);        // the importer owns them from here
//     const aiScene* scene = importer.ReadFile("m7a3.p3d", aiProcess_ValidateDataStructure);
//
// The importers only adapt rvimport's decoded model to aiScene; the scene layout (LOD nodes,
// coordinate conversion, materials, proxies, selections) is documented in docs/assimp.md.
#pragma once

#include <assimp/BaseImporter.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/options.hpp"

namespace Assimp {
class Importer;
}

namespace rv {

// Import properties, read before every import (Assimp::Importer::SetProperty*).
//
// String: which LODs become nodes (rv::Options::lods). "first" (default: the first visual LOD
// only, what the model looks like in the game), "visual" (the rendered LODs), "all", or one LOD
// given by its name or resolution ("1.000", "Geometry", "1e15").
constexpr const char* kPropertyLods = "RV_IMPORT_LODS";
// Integer 0/1 (default 0): also attach every named selection to the meshes as an aiBone whose
// weights are the selection's vertex weights, with a same-named node under the LOD, so a host
// can turn selections into vertex groups. Off by default because exporters then write skins.
constexpr const char* kPropertySelectionsAsBones = "RV_IMPORT_SELECTIONS_AS_BONES";
// The most bones (a selection of a mesh each) one import hands to Assimp; the rest are left out
// with a warning naming how many. Assimp's FBX writer takes time quadratic in the bones (3.2 s
// for 5,000, 13.7 s for 10,000, over 120 s for 50,000); real models have a few hundred. The Blender
// add-on makes at most as many vertex groups per object (io_import_rv/common.py).
constexpr unsigned kMaxSelectionBones = 4096;
// Integer 0/1 (default 1, rv::Options::autocenter): 1 keeps positions as the game places the
// model (relative to the binarizer's bounding centre); 0 adds the bounding centre back, giving
// the editable model's coordinates.
constexpr const char* kPropertyAutocenter = "RV_IMPORT_AUTOCENTER";
// Integer, megabytes (default 2048): the most one import may decompress; beyond it the import
// fails with a clear error instead of exhausting memory.
constexpr const char* kPropertyMemoryBudgetMb = "RV_IMPORT_MEMORY_BUDGET_MB";
// Float, metres (default 50): the height-grid spacing of terrains that do not store one
// (4WVR and OPRW v2/v3 take it from the world's config, landGrid, 50 m in OFP).
constexpr const char* kPropertyWrpCellSize = "RV_IMPORT_WRP_CELL_SIZE";
// String, a folder (default empty; else the RV_IMPORT_DATA_ROOT environment variable): the data
// root, a folder laid out like the game's file system (a P: drive), every .pbo below it mounted
// at its prefix (rv/data_root.hpp). A terrain's object models are resolved there
// case-insensitively; each model found is imported once (first visual LOD) and shared by all its
// placements. References never leave the root.
constexpr const char* kPropertyDataRoot = "RV_IMPORT_DATA_ROOT";
// The same; its earlier name.
constexpr const char* kPropertyDataFolder = "RV_IMPORT_DATA_FOLDER";
// Pointer to a const rv::DataRoot (default null), not owned; set with SetPropertyPointer: a data
// root already open, used instead of the two above (Options::sharedDataRoot). The caller keeps it
// alive while the importer may read; `rvimport batch` opens one for all its files.
constexpr const char* kPropertySharedDataRoot = "RV_IMPORT_SHARED_DATA_ROOT";
// Pointer to an rv::TextureCache (default null), not owned; set with SetPropertyPointer: the
// textures many imports share (Options::textureCache), each decoded and PNG-encoded once. The
// caller keeps it alive while the importer runs; `rvimport batch` makes one for all its files.
constexpr const char* kPropertySharedTextureCache = "RV_IMPORT_SHARED_TEXTURE_CACHE";
// Integer: 1 reports what no output draws too (a missing environment map; rv::Options::verbose).
constexpr const char* kPropertyVerbose = "RV_IMPORT_VERBOSE";
// Integer, pixels (default 0: no cap; else the RV_IMPORT_MAX_TEXTURE_SIZE environment variable):
// each material or layer .paa comes as its largest own mip no wider or taller than this, the
// smallest mip when none is; never resampled (rv::Options::maxTextureSize).
constexpr const char* kPropertyMaxTextureSize = "RV_IMPORT_MAX_TEXTURE_SIZE";

// Strings: a config file (config.cpp / config.bin) and one of its classes, whose
// hiddenSelectionsTextures / hiddenSelectionsMaterials retexture the model (Options::retextureConfig,
// Options::retextureClass; default empty: the model as it is).
constexpr const char* kPropertyConfig = "RV_IMPORT_CONFIG";
constexpr const char* kPropertyConfigClass = "RV_IMPORT_CLASS";
// String: an editable model's model.cfg, whose skeleton the model gets (Options::modelConfig;
// default empty: model.cfg beside the model file or in a parent folder).
constexpr const char* kPropertyModelConfig = "RV_IMPORT_MODEL_CONFIG";
// String: "resolve" (default), "all" or "nodes" (Options::proxies; else the RV_IMPORT_PROXIES
// environment variable): with a data root, the models the game draws at proxies hang under the
// proxy nodes, sharing one set of meshes per model; "all" adds crew, cargo, flag and muzzle-flash
// places; "nodes" leaves every proxy an empty node.
constexpr const char* kPropertyProxies = "RV_IMPORT_PROXIES";

// String: animations (.rtm) to apply to the model's skeleton, paths separated by ';' (default
// empty; else the RV_IMPORT_ANIMATIONS environment variable). Each becomes one aiAnimation named
// after the file's stem, keying the skeleton's bone nodes (docs/assimp.md, "Skeletons and
// animations"). An animation that cannot be read fails the import, naming the file; a model
// without a skinned LOD among the picked ones gets none (a warning says so).
constexpr const char* kPropertyAnimations = "RV_IMPORT_ANIMATIONS";
// Float, frames per second (default 30, rv::defaults::kAnimationFps; else the
// RV_IMPORT_ANIMATION_FPS environment variable): aiAnimation::mTicksPerSecond. A key's time is
// its phase times the frame count, in ticks, so a cycle of F frames lasts F / fps seconds.
constexpr const char* kPropertyAnimationFps = "RV_IMPORT_ANIMATION_FPS";

// What our importers throw from InternReadFile; Assimp turns it into a null scene and
// Importer::GetErrorString() returns the message (file, structure, byte offset).
// Its kind says what went wrong, so callers decide on it and never on the message's text.
class ImportError : public std::runtime_error {
public:
    explicit ImportError(const std::string& message, DiagKind kind = DiagKind::BadValue)
        : std::runtime_error(message), kind_(kind) {}
    DiagKind kind() const { return kind_; }

private:
    DiagKind kind_;
};

// Binarized P3D models (ODOL v7 and v28..v75), extension .p3d.
class OdolImporter final : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string& file, Assimp::IOSystem* io, bool checkSig) const override;
    const aiImporterDesc* GetInfo() const override;
    void SetupProperties(const Assimp::Importer* importer) override;

protected:
    void InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) override;

private:
    Options options_;
    bool selectionsAsBones_ = false;
    std::vector<std::string> animations_;  // kPropertyAnimations
    float animationFps_ = 30.0f;           // kPropertyAnimationFps
};

// Terrains (4WVR, 8WVR, OPRW v2/v3 and v12..v25), extension .wrp.
class WrpImporter final : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string& file, Assimp::IOSystem* io, bool checkSig) const override;
    const aiImporterDesc* GetInfo() const override;
    void SetupProperties(const Assimp::Importer* importer) override;

protected:
    void InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) override;

private:
    Options options_;
};

// The rv::Options an importer's properties describe (defaults where a property is unset).
Options optionsFromProperties(const Assimp::Importer* importer);

// The animations kPropertyAnimations asks for (empty entries dropped, surrounding spaces kept:
// they may be part of a name), and the frame rate kPropertyAnimationFps gives (the default when
// unset, not finite or not in (0, 1000]).
std::vector<std::string> animationsFromProperties(const Assimp::Importer* importer);
float animationFpsFromProperties(const Assimp::Importer* importer);

// Registers every rvimport importer with `importer`, which takes ownership of them. An
// extension that an importer of `importer` already claims (".p3d", ".wrp") is skipped, so a
// second call, or a call in a process running the preloaded plugin, registers nothing twice.
//
// Options come from the importer's properties (above), else from environment variables of the
// same names (RV_IMPORT_LODS, RV_IMPORT_MEMORY_BUDGET_MB, RV_IMPORT_DATA_ROOT), else defaults.
void registerImporters(Assimp::Importer& importer);

}  // namespace rv
