// Assimp::BaseImporter for terrains: bytes through Assimp's IOSystem, the decoder does the format
// work, wrp_scene.cpp maps the terrain onto an aiScene.
#include <assimp/importerdesc.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>

#include <memory>

#include "assimp/io_bytes.hpp"
#include "assimp/log.hpp"
#include "assimp/scene_util.hpp"
#include "assimp/wrp_scene.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/data_root.hpp"
#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"
#include "rv/model_references.hpp"
#include "rv/open.hpp"
#include "rv/placed_models.hpp"
#include "rv/view.hpp"
#include "rv/wrp.hpp"

namespace rv {

using assimp::ObjectModels;

namespace {

const aiImporterDesc kWrpDesc = {
    "Real Virtuality terrain (WRP) importer",
    "rvimport",
    "rvimport",
    "Operation Flashpoint, ArmA, Arma 2 and Arma 3 terrains (4WVR, 8WVR, OPRW v2/v3 and v12-v25)",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0,
    0,
    0,
    0,
    "wrp",
};

}  // namespace

bool WrpImporter::CanRead(const std::string& file, Assimp::IOSystem* io, bool /*checkSig*/) const {
    static const char* const magic[] = {"OPRW", "4WVR", "8WVR"};
    return CheckMagicToken(io, file, magic, 3, 0, 4);
}

const aiImporterDesc* WrpImporter::GetInfo() const { return &kWrpDesc; }

void WrpImporter::SetupProperties(const Assimp::Importer* importer) { options_ = optionsFromProperties(importer); }

namespace {

// Each object model found below the data root, decoded once with its first visual LOD viewed
// in Assimp's frame. Models keep their stored (autocentred) positions: that is the space the
// terrain's placement transforms act on.
void loadObjectModels(const TerrainView& view, const DataRoot& root, const Options& options, const std::string& name,
                      ObjectModels& out) {
    TextureResolver textures(&root, placedModelOptions(options));  // each image decoded once for all models
    std::vector<std::pair<std::string, size_t>> missing, broken;   // model, placements: one warning each
    for (const ModelPlacements& placed : view.placements()) {
        ResolvedRef where;
        Result<PlacedModel> model =
            openPlacedModel(root, placed.model, options, assimp::assimpFrame(), textures, &where);
        if (!model) {
            const bool absent = where.kind == ResolvedRef::Kind::Missing;
            (absent ? missing : broken)
                .emplace_back(placed.model + (absent ? "" : ": " + diagnosticLine(model.error())),
                              placed.objects.size());
            continue;
        }
        out.emplace(placed.model, std::make_unique<PlacedModel>(std::move(model.value())));
    }
    for (const Warning& w : textures.warnings()) assimp::logWarning(underSource(w, name));
    // As the glTF writer says it, with what this scene has at their places: nodes without meshes.
    if (!missing.empty())
        assimp::logWarning(withSource(missingPlacedModels(missing, true, "left as empty nodes"), name));
    if (!broken.empty()) assimp::logWarning(withSource(brokenPlacedModels(broken, "left as empty nodes"), name));
}

}  // namespace

void WrpImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    // One budget for the whole import, the object models from the data root included.
    MemoryBudget budget(options_.memoryLimit);
    Options options = options_;
    options.budget = &budget;
    assimp::SceneBudget sceneBudget(budget, name);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, options.memoryLimit);
    OpenRequest request = accepting(kAcceptTerrain);
    request.viewFrame = assimp::assimpFrame();
    Result<OpenedFile> opened = open(bytes.data(), bytes.size(), name, options, request);
    if (!opened) throw ImportError(diagnosticLine(opened.error()), opened.error().kind);
    for (const Warning& w : opened->warnings) assimp::logWarning(underSource(w, name));
    const TerrainView& view = *opened->terrainView;
    // Refused before anything is built when the terrain alone cannot fit.
    assimp::chargeTerrainScene(view, sceneBudget);
    ObjectModels models;
    std::unique_ptr<TerrainLayers> layers;
    if (const DataRoot* root = opened->dataRoot.get()) {
        // One index of the data root for the object models and the layer textures (satellite
        // pictures, OFP cell textures).
        loadObjectModels(view, *root, options, name, models);
        layers = std::make_unique<TerrainLayers>(*opened->terrain, root, options);
        for (const Warning& w : layers->warnings()) assimp::logWarning(underSource(w, name));
        const TextureTally tally = tallyTerrainTextures(*opened->terrain, *root, options);
        if (tally.total > 0)
            assimp::logDataRootTally({tally.found, tally.total, tally.firstMissing, dataRootLine(tally, *root)});
    }
    assimp::buildWrpScene(view, name, opened->dataRoot ? &models : nullptr, layers.get(), sceneBudget, scene);
}

}  // namespace rv
