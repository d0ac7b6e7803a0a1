// Assimp::BaseImporter for terrains: bytes through Assimp's IOSystem, the decoder does the format
// work, wrp_scene.cpp maps the terrain onto an aiScene.
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include <cmath>

#include "assimp/io_bytes.hpp"
#include "assimp/wrp_scene.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"
#include "rv/wrp.hpp"

namespace rv {
namespace {

const aiImporterDesc kWrpDesc = {
    "Real Virtuality terrain (WRP) importer",
    "rvimport",
    "rvimport",
    "Operation Flashpoint, ArmA, Arma 2 and Arma 3 terrains (4WVR, 8WVR, OPRW v2/v3 and v12-v25)",
    aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
    0, 0, 0, 0,
    "wrp",
};

}  // namespace

bool WrpImporter::CanRead(const std::string& file, Assimp::IOSystem* io, bool /*checkSig*/) const {
    static const char* const magic[] = {"OPRW", "4WVR", "8WVR"};
    return CheckMagicToken(io, file, magic, 3, 0, 4);
}

const aiImporterDesc* WrpImporter::GetInfo() const { return &kWrpDesc; }

void WrpImporter::SetupProperties(const Assimp::Importer* importer) {
    const float cell = importer->GetPropertyFloat(kPropertyWrpCellSize, 50.0f);
    cellSize_ = std::isfinite(cell) && cell > 0 ? cell : 50.0f;
    const int budgetMb = importer->GetPropertyInteger(kPropertyMemoryBudgetMb, 2048);
    memoryBudget_ = uint64_t(budgetMb > 0 ? budgetMb : 2048) << 20;
}

void WrpImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, memoryBudget_);
    DecodeOptions decode;
    decode.maxDecodedBytes = memoryBudget_;
    Result<WrpTerrain> terrain = decodeWrp(bytes.data(), bytes.size(), name, decode, cellSize_);
    if (!terrain) throw ImportError(terrain.error().message);
    for (const std::string& w : terrain->warnings) ASSIMP_LOG_WARN(w);
    assimp::buildWrpScene(terrain.value(), name, scene);
}

}  // namespace rv
