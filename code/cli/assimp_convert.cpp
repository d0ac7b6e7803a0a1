// One file through Assimp: our importers in, Assimp's exporters out, warnings captured from
// Assimp's logger.
#include "cli/assimp_convert.hpp"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/Logger.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <filesystem>
#include <unordered_map>

#include "cli/options.hpp"
#include "rv/assimp_importer.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

// Per thread: whether an import is being watched and what it logged.
struct ThreadWarnings {
    bool active = false;
    std::vector<std::string> lines;
};
thread_local ThreadWarnings tWarnings;

class CapturingLogger final : public Assimp::Logger {
public:
    bool attachStream(Assimp::LogStream*, unsigned int) override { return false; }
    bool detachStream(Assimp::LogStream*, unsigned int) override { return false; }

protected:
    void OnDebug(const char*) override {}
    void OnVerboseDebug(const char*) override {}
    void OnInfo(const char*) override {}
    void OnWarn(const char* message) override {
        if (tWarnings.active) tWarnings.lines.emplace_back(message);
    }
    void OnError(const char*) override {}
};

// Assimp 5.2.5's glTF exporter makes node ids unique by probing name, name_1, name-2, ... one
// by one: a terrain with 25 000 placements of one model took minutes. Later duplicates get
// " #2", " #3"... (the first keeps its name, so bone lookups by name are unchanged).
void uniquifyNodeNames(aiNode* root) {
    std::unordered_map<std::string, unsigned> seen;
    std::vector<aiNode*> stack{root};
    while (!stack.empty()) {
        aiNode* n = stack.back();
        stack.pop_back();
        const unsigned count = ++seen[n->mName.C_Str()];
        if (count > 1) {
            std::string name = std::string(n->mName.C_Str()) + " #" + std::to_string(count);
            if (name.size() < MAXLEN) n->mName.Set(name.c_str());
        }
        for (unsigned i = n->mNumChildren; i-- > 0;) stack.push_back(n->mChildren[i]);
    }
}

// ReadFile with the warnings it logs on this thread.
const aiScene* importWatched(Assimp::Importer& importer, const std::string& in, std::vector<std::string>& warnings) {
    tWarnings.active = true;
    tWarnings.lines.clear();
    const aiScene* scene = importer.ReadFile(in, aiProcess_ValidateDataStructure);
    tWarnings.active = false;
    warnings.swap(tWarnings.lines);
    tWarnings.lines.clear();
    return scene;
}

aiReturn exportScene(Assimp::Exporter& exporter, const aiScene* scene, const std::string& out,
                     const std::string& formatId) {
    if (!needsOutputFolderAsCwd(formatId)) return exporter.Export(scene, formatId, out);
    std::error_code ec;
    const fs::path target = fs::absolute(out, ec), cwd = fs::current_path(ec);
    fs::current_path(target.parent_path(), ec);
    const aiReturn written = ec ? aiReturn_FAILURE : exporter.Export(scene, formatId, target.filename().string());
    fs::current_path(cwd, ec);
    return written;
}

}  // namespace

const aiExportFormatDesc* findFormat(const Assimp::Exporter& exporter, const std::string& id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (lower(d->id) == lower(id)) return d;
    }
    return nullptr;
}

const aiExportFormatDesc* guessFormat(const Assimp::Exporter& exporter, const std::string& outPath) {
    const std::string ext = lower(fs::path(outPath).extension().string());
    if (ext.size() < 2) return nullptr;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (lower(d->fileExtension) == ext.substr(1)) return d;
    }
    return nullptr;
}

void configureImporter(Assimp::Importer& importer, const CliOptions& opt) {
    registerImporters(importer);
    importer.SetPropertyString(kPropertyLods, opt.decode.lods);
    importer.SetPropertyInteger(kPropertyAutocenter, opt.decode.autocenter ? 1 : 0);
    importer.SetPropertyInteger(kPropertyMemoryBudgetMb, int(opt.decode.memoryLimit >> 20));
    importer.SetPropertyInteger(kPropertySelectionsAsBones, opt.selectionsAsBones ? 1 : 0);
    importer.SetPropertyFloat(kPropertyWrpCellSize, opt.decode.defaultCellSize);
    importer.SetPropertyString(kPropertyDataRoot, opt.decode.dataRoot);
}

bool needsOutputFolderAsCwd(const std::string& formatId) { return formatId == "pbrt"; }

std::set<std::string> ourExtensions() {
    Assimp::Importer probe;
    const size_t builtIn = probe.GetImporterCount();
    registerImporters(probe);
    std::set<std::string> exts;
    for (size_t i = builtIn; i < probe.GetImporterCount(); ++i) {
        std::set<std::string> e;
        probe.GetImporter(i)->GetExtensionList(e);
        exts.insert(e.begin(), e.end());
    }
    return exts;
}

Conversion convertOne(Assimp::Importer& importer, Assimp::Exporter& exporter, const std::string& in,
                      const std::string& out, const std::string& formatId) {
    Conversion result;
    const aiScene* scene = importWatched(importer, in, result.warnings);
    if (!scene) {
        result.error = importer.GetErrorString();  // only meaningful after a failure (see notes)
        return result;
    }
    if (formatId.rfind("gltf", 0) == 0 || formatId.rfind("glb", 0) == 0)
        uniquifyNodeNames(const_cast<aiNode*>(scene->mRootNode));  // the importer's own scene
    if (exportScene(exporter, scene, out, formatId) != AI_SUCCESS) {
        const std::string why = exporter.GetErrorString();
        result.error = "export to " + formatId + " failed: " + (why.empty() ? "no reason given" : why);
    }
    importer.FreeScene();
    return result;
}

WarningCapture::WarningCapture() { Assimp::DefaultLogger::set(new CapturingLogger); }

WarningCapture::~WarningCapture() { Assimp::DefaultLogger::kill(); }

}  // namespace rv::cli
