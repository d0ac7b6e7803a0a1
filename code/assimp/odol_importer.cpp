// Assimp::BaseImporter for binarized P3D models: bytes in through Assimp's IOSystem, the decoder
// does all the format work, odol_scene.cpp maps the model onto an aiScene.
#include <assimp/importerdesc.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>

#include "assimp/io_bytes.hpp"
#include "assimp/log.hpp"
#include "assimp/odol_scene.hpp"
#include "assimp/odol_textures.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/data_root.hpp"
#include "rv/defaults.hpp"
#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"
#include "rv/model_references.hpp"
#include "rv/open.hpp"
#include "rv/skeleton.hpp"
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
// The proxied models' materials follow the view's, as buildOdolScene lays them out.
// A warning of an --animation file, told under the model: "<model>: <path as given>: <message>".
void logAnimationWarning(Warning w, const std::string& path, const std::string& fileName, const std::string& model) {
    if (w.source.empty() || w.source == fileName) w.source = path;
    assimp::logWarning(underSource(std::move(w), model));
}

void addTextures(const OpenedFile& f, const std::string& name, aiScene* scene) {
    TextureResolver resolver(f.dataRoot.get(), f.options);
    std::vector<ResolvedMaterial> resolved;
    for (const ViewMaterial& m : f.modelView->materials) resolved.push_back(resolver.resolve(m));
    if (f.proxyModels)
        for (const std::unique_ptr<ProxyModel>& pm : f.proxyModels->models)
            for (const ViewMaterial& m : pm->view.materials) resolved.push_back(resolver.resolve(m));
    for (const Warning& w : resolver.warnings()) assimp::logWarning(underSource(w, name));
    assimp::embedTextures(resolved, f.options.budget, scene);
    const TextureTally tally = tallyTextures(modelReferences(*f.model, f.dataRoot.get(), f.options));
    if (tally.total > 0)
        assimp::logDataRootTally({tally.found, tally.total, tally.firstMissing, dataRootLine(tally, *f.dataRoot)});
}

// The animations `paths` names, decoded through `io` and built on the view's skeleton. An
// animation that cannot be read or built fails the import, naming the file: the host asked for
// it, and a scene quietly without it would look like a model that does not move.
std::vector<AnimationView> loadAnimations(const std::vector<std::string>& paths, const ModelView& view,
                                          const Options& options, const std::string& name, Assimp::IOSystem* io) {
    std::vector<AnimationView> out;
    if (paths.empty()) return out;
    const Vec3 center = view.centerApplied ? Vec3{} : view.centerOffset;
    for (const std::string& path : paths) {
        const std::string fail = name + ": animation " + path + ": ";
        std::vector<uint8_t> bytes;
        try {
            bytes = assimp::readAllBytes(io, path, options.memoryLimit);
        } catch (const ImportError& e) {
            throw ImportError(fail + e.what(), e.kind());
        }
        if (options.budget && !options.budget->tryCharge(bytes.size()))
            throw ImportError(fail + options.budget->overMessage("the animation's bytes", bytes.size()),
                              DiagKind::MemoryLimit);
        const std::string fileName = fileNameOf(path);
        Result<OpenedFile> file = open(bytes.data(), bytes.size(), fileName, options, accepting(kAcceptAnimation));
        if (!file) throw ImportError(fail + diagnosticLine(file.error()), file.error().kind);
        for (const Warning& w : file->warnings) logAnimationWarning(w, path, fileName, name);
        if (view.skeleton.empty()) {  // (with a skeleton but no skinned LOD, buildOdolScene says so)
            assimp::logWarning(name, "animation " + path + " left out: the model has no skeleton");
            continue;
        }
        const std::string stem = fileName.substr(0, std::min(fileName.size(), fileName.find_last_of('.')));
        Result<AnimationView> built =
            buildAnimationView(*file->animation, view.skeleton, view.frame, center, stem, options);
        if (!built) throw ImportError(fail + diagnosticLine(built.error()), built.error().kind);
        for (const Warning& w : built->warnings) logAnimationWarning(w, path, fileName, name);
        out.push_back(std::move(built.value()));
    }
    return out;
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
    animations_ = animationsFromProperties(importer);
    animationFps_ = animationFpsFromProperties(importer);
}

void OdolImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    // One budget for the whole import: the file's bytes, the decode, the view and the scene.
    MemoryBudget budget(options_.memoryLimit);
    Options options = options_;
    options.budget = &budget;
    assimp::SceneBudget sceneBudget(budget, name);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, options.memoryLimit);
    // Through the front door: Assimp may call us without CanRead (one importer per extension),
    // and open() names what the file is instead ("a texture", "LZSS-wrapped"...).
    OpenRequest request = accepting(kAcceptModel);
    request.viewFrame = assimp::assimpFrame();
    request.sourcePath = file;  // an editable model's model.cfg is looked for from its folder
    Result<OpenedFile> opened = open(bytes.data(), bytes.size(), name, options, request);
    const bool fewerMayFit = options.lods != defaults::kLods;
    const char* fewerLods = "; fewer LODs may fit (RV_IMPORT_LODS / --lod first)";
    if (!opened) {
        const DecodeError& e = opened.error();
        throw ImportError(diagnosticLine(e) + (e.kind == DiagKind::MemoryLimit && fewerMayFit ? fewerLods : ""),
                          e.kind);
    }
    for (const Warning& w : opened->warnings) assimp::logWarning(underSource(w, name));
    const std::vector<AnimationView> animations = loadAnimations(animations_, *opened->modelView, options, name, io);
    try {
        assimp::buildOdolScene(*opened->model, *opened->modelView, opened->proxyModels.get(), name, selectionsAsBones_,
                               animations, animationFps_, sceneBudget, scene);
        if (opened->dataRoot) addTextures(opened.value(), name, scene);
    } catch (const ImportError& e) {
        // The decoded model fitted; its meshes did not. Fewer LODs may.
        if (e.kind() != DiagKind::MemoryLimit || !fewerMayFit) throw;
        throw ImportError(std::string(e.what()) + fewerLods, e.kind());
    }
}

void registerImporters(Assimp::Importer& importer) {
    // Once per importer: an extension some importer already claims (ours through the preloaded
    // plugin, code/plugin, or an earlier call) is left to it; we only add, never replace.
    if (importer.GetImporterIndex("p3d") == size_t(-1)) importer.RegisterLoader(new OdolImporter);
    if (importer.GetImporterIndex("wrp") == size_t(-1)) importer.RegisterLoader(new WrpImporter);
}

}  // namespace rv
