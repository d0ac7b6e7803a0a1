// One file through Assimp: our importers in, Assimp's exporters out, warnings captured from
// Assimp's logger.
#include "cli/assimp_convert.hpp"

#include <assimp/DefaultIOSystem.h>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/version.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/Logger.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "assimp/assimp_compat.hpp"
#include "assimp/log.hpp"
#include "assimp/scene_bytes.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/safe_export.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/open.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

// Per thread: whether an import is being watched, of which input (as the user named it), and what
// it logged: our importers' warnings about the input as "<input>: <message>", Assimp's own lines
// with the input before them.
struct ThreadWarnings {
    bool active = false;
    std::string input;
    std::vector<Warning> logged;  // ours with their kind; Assimp's own lines as BadValue, their text whole
    assimp::DataRootTally tally;  // the importer's, with a data root (total 0: none)
};
thread_local ThreadWarnings tWarnings;

class CapturingLogger final : public Assimp::Logger {
public:
    bool attachStream(Assimp::LogStream*, unsigned int) override { return false; }
    bool detachStream(Assimp::LogStream*, unsigned int) override { return false; }

protected:
    void OnDebug(const char*) override {}
    void OnVerboseDebug(const char*) override {}
    void OnInfo(const char*) override {
        if (const assimp::DataRootTally* t = assimp::tallyBeingLogged(); t && tWarnings.active) tWarnings.tally = *t;
    }
    void OnWarn(const char* message) override {
        if (!tWarnings.active) return;
        const Warning* ours = assimp::warningBeingLogged();
        tWarnings.logged.push_back(ours ? *ours : makeWarning(DiagKind::BadValue, message));
    }
    void OnError(const char*) override {}
};

// Hands out unique names (see uniqueSceneNames). Linear: a candidate "stem #k" that is taken
// was a name of the scene, the counter of its stem never goes back, and a taken name belongs to
// one stem only (the text before its last " #"), so the candidates tried number at most the
// renames plus the scene's names.
class UniqueNames {
public:
    UniqueNames(const std::vector<std::string>& names, const char* emptyStem, NameStats& stats)
        : taken_(names.begin(), names.end()), emptyStem_(emptyStem), stats_(stats) {}

    // The name for the next item called `name`: `name` itself the first time, else a new one.
    std::string next(const std::string& name) {
        if (first_.insert(name).second) return name;
        const std::string stem = numberedStem(name);
        uint64_t& k = counter_.try_emplace(stem, 2).first->second;
        std::string candidate;
        do {
            candidate = stem + " #" + std::to_string(k++);
            ++stats_.candidates;
        } while (!taken_.insert(candidate).second);
        return candidate;
    }

private:
    // Room for " #" and ten digits within aiString's capacity less its NUL.
    static constexpr size_t kStemBytes = assimp::kAiStringCapacity - 1 - 12;
    std::string numberedStem(const std::string& name) const {
        if (name.empty()) return emptyStem_;
        if (name.size() <= kStemBytes) return name;
        size_t cut = kStemBytes;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
        return name.substr(0, cut);
    }

    std::unordered_set<std::string> taken_, first_;
    std::unordered_map<std::string, uint64_t> counter_;
    std::string emptyStem_;
    NameStats& stats_;
};

void uniqueNodeNames(aiNode* root, NameStats& stats) {
    std::vector<aiNode*> order;  // depth first, children in order: the order of aiNode::FindNode
    for (std::vector<aiNode*> stack{root}; !stack.empty();) {
        aiNode* n = stack.back();
        stack.pop_back();
        order.push_back(n);
        for (unsigned i = n->mNumChildren; i-- > 0;) stack.push_back(n->mChildren[i]);
    }
    std::vector<std::string> names;
    names.reserve(order.size());
    for (const aiNode* n : order) names.emplace_back(n->mName.C_Str());
    UniqueNames unique(names, "node", stats);
    for (size_t i = 0; i < order.size(); ++i) {
        const std::string name = unique.next(names[i]);
        if (name != names[i]) {
            order[i]->mName.Set(name);
            ++stats.renamedNodes;
        }
    }
    stats.nodes = order.size();
}

void uniqueMeshNames(aiScene* scene, NameStats& stats) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene->mNumMeshes; ++i) names.emplace_back(scene->mMeshes[i]->mName.C_Str());
    UniqueNames unique(names, "mesh", stats);
    for (unsigned i = 0; i < scene->mNumMeshes; ++i) {
        const std::string name = unique.next(names[i]);
        if (name != names[i]) {
            scene->mMeshes[i]->mName.Set(name);
            ++stats.renamedMeshes;
        }
    }
    stats.meshes = names.size();
}

void uniqueMaterialNames(aiScene* scene, NameStats& stats) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        aiString name;
        scene->mMaterials[i]->Get(AI_MATKEY_NAME, name);
        names.emplace_back(name.C_Str());
    }
    UniqueNames unique(names, "material", stats);
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        const std::string name = unique.next(names[i]);
        if (name != names[i]) {
            const aiString value(name);
            scene->mMaterials[i]->AddProperty(&value, AI_MATKEY_NAME);  // replaces the old name
            ++stats.renamedMaterials;
        }
    }
    stats.materials = names.size();
}

// RVIMPORT_NAME_STATS=1: one line on stderr with what uniqueSceneNames did (the tests check
// that the work stays linear).
void reportNameStats(const NameStats& s) {
    const char* env = std::getenv("RVIMPORT_NAME_STATS");
    if (!env || std::string(env) != "1") return;
    std::fprintf(
        stderr,
        "name stats: nodes %zu renamed %zu, meshes %zu renamed %zu, materials %zu renamed %zu, candidates %zu\n",
        s.nodes, s.renamedNodes, s.meshes, s.renamedMeshes, s.materials, s.renamedMaterials, s.candidates);
}

// Files as Assimp's default does, except one name whose bytes are in memory (a PBO entry read in
// place): our importers read it through the IOSystem and name it in their messages as given,
// which ReadFileFromMemory's "$$$___magic___$$$" name would not.
class OneFileInMemory final : public Assimp::IOSystem {
public:
    OneFileInMemory(std::string name, const std::vector<uint8_t>& bytes) : name_(std::move(name)), bytes_(bytes) {}
    bool Exists(const char* file) const override { return file == name_ || disk_.Exists(file); }
    char getOsSeparator() const override { return disk_.getOsSeparator(); }
    Assimp::IOStream* Open(const char* file, const char* mode) override {
        if (file != name_) return disk_.Open(file, mode);
        return new Assimp::MemoryIOStream(bytes_.data(), bytes_.size(), false);
    }
    void Close(Assimp::IOStream* stream) override { delete stream; }

private:
    std::string name_;
    const std::vector<uint8_t>& bytes_;
    mutable Assimp::DefaultIOSystem disk_;
};

// ReadFile with the warnings it logs on this thread; with `bytes`, `in` names them.
const aiScene* importWatched(Assimp::Importer& importer, const std::string& in, Conversion& result,
                             const std::vector<uint8_t>* bytes) {
    tWarnings.active = true;
    tWarnings.input = in;
    tWarnings.logged.clear();
    tWarnings.tally = {};
    // Ours while the importer reads: SetIOHandler(nullptr) hands it back ("take again ownership")
    // and installs a default handler again, which the export uses. ReadFile does not throw.
    std::optional<OneFileInMemory> memory;
    if (bytes) importer.SetIOHandler(&memory.emplace(in, *bytes));
    const aiScene* scene = importer.ReadFile(in, aiProcess_ValidateDataStructure);
    if (bytes) importer.SetIOHandler(nullptr);
    tWarnings.active = false;
    for (const Warning& w : capWarnings(tWarnings.logged, warningsPerKind()))  // as every command prints them
        result.warnings.push_back(diagnosticLine(w, in, fileNameOf(in)));
    tWarnings.logged.clear();
    result.dataRootLine = tWarnings.tally.line;
    result.tally = {tWarnings.tally.found, tWarnings.tally.total, tWarnings.tally.firstMissing};
    return scene;
}

// The import charged the scene to its budget, which ended with it; the export holds the scene
// kExportSceneCopies times over (see scene_bytes.hpp), so that must fit the same limit.
std::string exportDoesNotFit(const Assimp::Importer& importer, const aiScene& scene, const std::string& formatId) {
    const uint64_t limit = uint64_t(importer.GetPropertyInteger(kPropertyMemoryBudgetMb, 0)) << 20;
    const uint64_t bytes = assimp::sceneBytes(scene);
    if (limit == 0 || bytes * assimp::kExportSceneCopies <= limit) return "";
    return "its Assimp scene takes " + std::to_string(bytes) + " bytes, and Assimp's " + formatId +
           " exporter holds it " + std::to_string(assimp::kExportSceneCopies) + " times over (its copy and its own " +
           "tree): " + std::to_string(bytes * assimp::kExportSceneCopies) + " bytes, over the memory limit of " +
           formatBytes(limit) + "; write .glb with rvimport's own writer (no --via-assimp), or raise --max-memory";
}

// Assimp's Collada exporter writes key times as seconds whatever mTicksPerSecond says (our
// importer keys frames in ticks of 1/fps s): every animation is re-timed to seconds before an
// export, which changes nothing for the exporters that divide by mTicksPerSecond (glTF, FBX).
void animationTimesInSeconds(aiScene* scene) {
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        aiAnimation* anim = scene->mAnimations[a];
        const double tps = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 1.0;
        if (tps == 1.0) continue;
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            aiNodeAnim* ch = anim->mChannels[c];
            for (unsigned k = 0; k < ch->mNumPositionKeys; ++k) ch->mPositionKeys[k].mTime /= tps;
            for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) ch->mRotationKeys[k].mTime /= tps;
            for (unsigned k = 0; k < ch->mNumScalingKeys; ++k) ch->mScalingKeys[k].mTime /= tps;
        }
        anim->mDuration /= tps;
        anim->mTicksPerSecond = 1.0;
    }
}

}  // namespace

const aiExportFormatDesc* findFormat(const Assimp::Exporter& exporter, const std::string& id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (asciiLower(d->id) == asciiLower(id)) return d;
    }
    return nullptr;
}

std::string assimpVersion() {
    return std::to_string(aiGetVersionMajor()) + "." + std::to_string(aiGetVersionMinor()) + "." +
           std::to_string(aiGetVersionPatch());
}

std::string refusedFormat(const aiExportFormatDesc& format) {
    const std::string id = asciiLower(format.id);
    const bool fbxWorks = aiGetVersionMajor() * 100 + aiGetVersionMinor() >= 504;
    if ((id == "fbx" || id == "fbxa") && !fbxWorks)
        return "this build's Assimp " + assimpVersion() +
               " writes FBX files that no reader opens (Blender, Godot and Assimp itself fail on them); write .glb "
               "instead (Blender, Godot, Unreal and Unity import it), or .obj or .dae; FBX needs rvimport built "
               "with Assimp 5.4 or later";
    return "";
}

const aiExportFormatDesc* guessFormat(const Assimp::Exporter& exporter, const std::string& outPath) {
    const std::string ext = asciiLower(fs::path(outPath).extension().string());
    if (ext.size() < 2) return nullptr;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
        if (asciiLower(d->fileExtension) == ext.substr(1)) return d;
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
    importer.SetPropertyPointer(kPropertySharedDataRoot, const_cast<DataRoot*>(opt.decode.sharedDataRoot.get()));
    importer.SetPropertyPointer(kPropertySharedTextureCache, opt.decode.textureCache.get());
    importer.SetPropertyInteger(kPropertyVerbose, opt.decode.verbose ? 1 : 0);
    importer.SetPropertyString(kPropertyConfig, opt.decode.retextureConfig);
    importer.SetPropertyString(kPropertyConfigClass, opt.decode.retextureClass);
    importer.SetPropertyString(kPropertyModelConfig, opt.decode.modelConfig);
    const ProxyMode proxies = opt.decode.proxies;
    importer.SetPropertyString(kPropertyProxies, proxies == ProxyMode::Nodes ? "nodes"
                                                 : proxies == ProxyMode::All ? "all"
                                                                             : "resolve");
    importer.SetPropertyInteger(kPropertyMaxTextureSize, int(opt.decode.maxTextureSize));
    std::string animations;  // --animation: ';'-separated (exportWithAssimp refuses a path holding one)
    for (const std::string& a : opt.animations) animations += (animations.empty() ? "" : ";") + a;
    importer.SetPropertyString(kPropertyAnimations, animations);
    importer.SetPropertyFloat(kPropertyAnimationFps, opt.animationFps);
}

NameStats uniqueSceneNames(aiScene* scene, const std::string& formatId) {
    NameStats stats;
    if (scene->mRootNode) uniqueNodeNames(scene->mRootNode, stats);
    const std::string id = asciiLower(formatId);
    if (id.rfind("gltf", 0) == 0 || id.rfind("glb", 0) == 0 || id == "collada") {
        uniqueMeshNames(scene, stats);
        uniqueMaterialNames(scene, stats);
    }
    return stats;
}

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
                      const std::string& out, const std::string& formatId, const std::vector<uint8_t>* bytes,
                      bool strict) {
    Conversion result;
    const aiScene* scene = importWatched(importer, in, result, bytes);
    if (!scene) {
        result.error = importer.GetErrorString();  // only meaningful after a failure (see notes)
        return result;
    }
    if (strict && result.tally.found < result.tally.total) {  // --strict: refused before anything is written
        result.error = strictRefusal(fileNameOf(in), result.tally);
        importer.FreeScene();
        return result;
    }
    aiScene* own = const_cast<aiScene*>(scene);  // the importer's own scene, freed below
    if (std::string why = exportDoesNotFit(importer, *scene, formatId); !why.empty()) {
        result.error = in + ": " + why;
        importer.FreeScene();
        return result;
    }
    reportNameStats(uniqueSceneNames(own, formatId));
    animationTimesInSeconds(own);
    const std::string id = asciiLower(formatId);
    if (own->mNumAnimations && (id == "fbx" || id == "fbxa") && assimp::fbxKeyTimesWholeSeconds())
        result.warnings.push_back(in + ": this build's Assimp " + assimpVersion() +
                                  " writes FBX animation keys at whole seconds only (fixed in Assimp 6.0), so the "
                                  "animations do not survive; write .glb or .dae for animations");
    result.error = exportSafely(exporter, own, formatId, out, in);
    importer.FreeScene();
    return result;
}

WarningCapture::WarningCapture() { Assimp::DefaultLogger::set(new CapturingLogger); }

WarningCapture::~WarningCapture() { Assimp::DefaultLogger::kill(); }

}  // namespace rv::cli
