// Assimp::BaseImporter for binarized P3D models: bytes in through Assimp's IOSystem, the decoder
// does all the format work, odol_scene.cpp maps the model onto an aiScene.
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include "assimp/io_bytes.hpp"
#include "assimp/odol_scene.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"
#include "rv/odol.hpp"

namespace rv {
namespace {

const aiImporterDesc kOdolDesc = {
    "Real Virtuality binarized model (ODOL) importer",
    "rvimport",
    "rvimport",
    "Operation Flashpoint, ArmA, Arma 2 and Arma 3 binarized P3D models (ODOL v7, v28-v75)",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0, 0, 0, 0,
    "p3d",
};

}  // namespace

bool OdolImporter::CanRead(const std::string& file, Assimp::IOSystem* io, bool /*checkSig*/) const {
    static const char* const magic[] = {"ODOL"};
    return CheckMagicToken(io, file, magic, 1, 0, 4);
}

const aiImporterDesc* OdolImporter::GetInfo() const { return &kOdolDesc; }

void OdolImporter::SetupProperties(const Assimp::Importer* importer) {
    lods_ = importer->GetPropertyString(kPropertyLods, "all");
    selectionsAsBones_ = importer->GetPropertyInteger(kPropertySelectionsAsBones, 0) != 0;
    const int budgetMb = importer->GetPropertyInteger(kPropertyMemoryBudgetMb, 2048);
    memoryBudget_ = uint64_t(budgetMb > 0 ? budgetMb : 2048) << 20;
}

void OdolImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, memoryBudget_);
    // Assimp may call us without CanRead (one importer per extension); the decoder checks the
    // magic and names what it found instead ("editable MLOD model", "not an ODOL file"...).
    Options decode;
    decode.memoryLimit = memoryBudget_;
    Result<OdolModel> model = decodeOdol(bytes.data(), bytes.size(), name, decode);
    if (!model) throw ImportError(model.error().message);
    for (const Warning& w : model->warnings) ASSIMP_LOG_WARN(w.message);

    std::string error;
    const std::vector<size_t> lods = assimp::pickLods(model.value(), lods_, error);
    if (lods.empty() && !error.empty()) throw ImportError(name + ": " + error);
    assimp::OdolSceneOptions options;
    options.lods = lods_;
    options.selectionsAsBones = selectionsAsBones_;
    assimp::buildOdolScene(model.value(), name, lods, options, scene);
}

void registerImporters(Assimp::Importer& importer) {
    importer.RegisterLoader(new OdolImporter);
    importer.RegisterLoader(new WrpImporter);
}

}  // namespace rv
