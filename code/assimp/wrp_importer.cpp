// Assimp::BaseImporter for terrains: bytes through Assimp's IOSystem, the decoder does the format
// work, wrp_scene.cpp maps the terrain onto an aiScene.
#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include <cctype>
#include <cmath>
#include <map>
#include <set>

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
    dataFolder_ = importer->GetPropertyString(kPropertyDataFolder, "");
}

namespace {

// Candidate files for a model path as stored in a terrain ("ca\buildings\house.p3d",
// sometimes with a leading backslash or without the extension) below `folder`.
std::vector<std::string> candidatesFor(const std::string& folder, std::string path) {
    for (char& c : path)
        if (c == '\\') c = '/';
    while (!path.empty() && path[0] == '/') path.erase(0, 1);
    const size_t slash = path.rfind('/'), dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) path += ".p3d";
    std::string lowered = path;
    for (char& c : lowered) c = char(std::tolower(static_cast<unsigned char>(c)));
    std::string base = folder;
    if (!base.empty() && base.back() != '/') base += '/';
    std::vector<std::string> out{base + path};
    if (lowered != path) out.push_back(base + lowered);
    return out;
}

}  // namespace

void WrpImporter::InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) {
    const std::string name = fileNameOf(file);
    const std::vector<uint8_t> bytes = assimp::readAllBytes(io, file, memoryBudget_);
    Options decode;
    decode.memoryLimit = memoryBudget_;
    decode.defaultCellSize = cellSize_;
    Result<WrpTerrain> terrain = decodeWrp(bytes.data(), bytes.size(), name, decode);
    if (!terrain) throw ImportError(terrain.error().message);
    for (const Warning& w : terrain->warnings) ASSIMP_LOG_WARN(w.message);

    std::map<std::string, OdolModel> models;
    if (!dataFolder_.empty()) {
        std::set<std::string> paths;
        for (const WrpObject& o : terrain->objects) paths.insert(o.model);
        for (const std::string& path : paths) {
            for (const std::string& candidate : candidatesFor(dataFolder_, path)) {
                if (!io->Exists(candidate.c_str())) continue;
                try {
                    const std::vector<uint8_t> modelBytes = assimp::readAllBytes(io, candidate, memoryBudget_);
                    Result<OdolModel> model = decodeOdol(modelBytes.data(), modelBytes.size(), fileNameOf(candidate), decode);
                    if (model) models.emplace(path, std::move(model.value()));
                    else ASSIMP_LOG_WARN(name, ": object model skipped: ", model.error().message);
                } catch (const ImportError& e) {
                    ASSIMP_LOG_WARN(name, ": object model skipped: ", e.what());
                }
                break;
            }
        }
    }
    assimp::buildWrpScene(terrain.value(), name, dataFolder_.empty() ? nullptr : &models, scene);
}

}  // namespace rv
