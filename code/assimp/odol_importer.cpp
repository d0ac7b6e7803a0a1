// Assimp::BaseImporter for binarized P3D models: bytes in through Assimp's IOSystem, the decoder
// does all the format work, odol_scene.cpp maps the model onto an aiScene.
#include <assimp/importerdesc.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>

#include "assimp/io_bytes.hpp"
#include "assimp/odol_scene.hpp"
#include "assimp/odol_textures.hpp"
#include "rv/data_root.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"
#include "rv/view.hpp"

namespace rv {
namespace {

const aiImporterDesc kOdolDesc = {
    "Real Virtuality model (ODOL, MLOD) importer",
    "rvimport",
    "rvimport",
    "Operation Flashpoint, ArmA, Arma 2 and Arma 3 P3D models, binarized (ODOL v7, v28-v75) and editable (MLOD)",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0,
    0,
    0,
    0,
    "p3d",
};

// The materials' textures from the data root, embedded as PNG; what cannot be had is a warning.
void addTextures(const ModelView& view, const Options& options, const std::string& name, aiScene* scene) {
    Result<DataRoot> root = DataRoot::open(options.dataRoot, options);
    if (!root) {
        ASSIMP_LOG_WARN(name, ": no textures: ", root.error().message);
        return;
    }
    TextureResolver resolver(&root.value(), options);
    std::vector<ResolvedMaterial> resolved;
    for (const ViewMaterial& m : view.materials) resolved.push_back(resolver.resolve(m));
    for (const Warning& w : resolver.warnings()) ASSIMP_LOG_WARN(name, ": ", w.message);
    assimp::embedTextures(resolved, scene);
}

}  // namespace

bool OdolImporter::CanRead(const std::string& file, Assimp::IOSystem* io, bool /*checkSig*/) const {
    // Both kinds of .p3d, told apart by their signature.
    static const char* const magic[] = {"ODOL", "MLOD"};
    return CheckMagicToken(io, file, magic, 2, 0, 4);
}

const aiImporterDesc* OdolImporter::GetInfo() const { return &kOdolDesc; }

void OdolImporter::SetupProperties(const Assimp::Importer* importer) {
    options_ = optionsFromProperties(importer);
    selectionsAsBones_ = importer->GetPropertyInteger(kPropertySelectionsAsBones, 0) != 0;
}

void OdolImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    // One budget for the whole import: the file's bytes, the decode, the view and the scene.
    MemoryBudget budget(options_.memoryLimit);
    Options options = options_;
    options.budget = &budget;
    assimp::SceneBudget sceneBudget(budget, name);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, options.memoryLimit);
    sceneBudget.charge(bytes.size(), "the file's bytes");
    // Assimp may call us without CanRead (one importer per extension); the decoder checks the
    // magic and names what it found instead ("not an ODOL model", "LZSS-wrapped"...).
    Result<OdolModel> model = decodeModel(bytes.data(), bytes.size(), name, options);
    if (!model) throw ImportError(model.error().message);
    for (const Warning& w : model->warnings) ASSIMP_LOG_WARN(w.message);
    try {
        Result<ModelView> view = buildModelView(model.value(), options, assimp::assimpFrame());
        if (!view) throw ImportError(name + ": " + view.error().message);
        assimp::buildOdolScene(model.value(), view.value(), name, selectionsAsBones_, sceneBudget, scene);
        if (!options.dataRoot.empty()) addTextures(view.value(), options, name, scene);
    } catch (const ImportError& e) {
        // The decoded model fitted; its meshes did not. Fewer LODs may.
        if (std::string(e.what()).find("over the memory limit") == std::string::npos || options.lods == "first") throw;
        throw ImportError(std::string(e.what()) + "; fewer LODs may fit (RV_IMPORT_LODS / --lod first)");
    }
}

void registerImporters(Assimp::Importer& importer) {
    // Once per importer: an extension some importer already claims (ours through the preloaded
    // plugin, code/plugin, or an earlier call) is left to it; we only add, never replace.
    if (importer.GetImporterIndex("p3d") == size_t(-1)) importer.RegisterLoader(new OdolImporter);
    if (importer.GetImporterIndex("wrp") == size_t(-1)) importer.RegisterLoader(new WrpImporter);
}

}  // namespace rv
