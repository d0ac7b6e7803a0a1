// The front door (rv/open.hpp): what a file is, by signature, then the one decoder for it, under
// one budget and with one data root.
#include "rv/open.hpp"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unordered_set>

#include "core/diagnostics.hpp"
#include "rv/file_bytes.hpp"
#include "rv/include_root.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model_cfg.hpp"
#include "rv/paths.hpp"
#include "rv/retexture.hpp"
#include "rv/rvmat.hpp"
#include "view/open_parts.hpp"

namespace rv {
namespace {

// A PBO starts with its header's first entry: an empty name (one zero byte) and, in every
// archive the tools write, the packing "Vers" (bytes "sreV") of the properties entry.
bool isPbo(const uint8_t* data, size_t size) {
    return size >= 5 && data[0] == 0 && std::memcmp(data + 1, "sreV", 4) == 0;
}

unsigned maskOf(FileKind kind) {
    switch (kind) {
        case FileKind::Model:
            return kAcceptModel;
        case FileKind::Terrain:
            return kAcceptTerrain;
        case FileKind::Texture:
            return kAcceptTexture;
        case FileKind::Config:
            return kAcceptConfig;
        case FileKind::Archive:
            return kAcceptArchive;
        case FileKind::Animation:
            return kAcceptAnimation;
        case FileKind::Unknown:
            break;
    }
    return 0;
}

// What to run instead, for a file the caller cannot use.
const char* adviceFor(FileKind kind) {
    switch (kind) {
        case FileKind::Model:
            return "use `rvimport export` or `info`";
        case FileKind::Terrain:
            return "use `rvimport export` or `info`";
        case FileKind::Texture:
            return "use `rvimport export TEXTURE.paa OUT.png` or `info`";
        case FileKind::Config:
            return "use `rvimport info` or `dump --json`";
        case FileKind::Archive:
            return "use `rvimport pbo list` or `pbo extract`, or `rvimport batch` on its folder to convert what is "
                   "inside";
        case FileKind::Animation:
            return "an animation is not exported on its own but applied to a model "
                   "(`--animation FILE.rtm` with the model's export); use `rvimport info` or `dump --json` to read it";
        case FileKind::Unknown:
            break;
    }
    return "rvimport reads models (.p3d), terrains (.wrp), textures (.paa, .pac), configs, animations (.rtm) and PBO "
           "archives";
}

// Moves a decoder's result and its warnings into `slot`, or returns its error.
template <class T>
bool take(Result<T>&& decoded, std::optional<T>& slot, std::vector<Warning>& warnings, DecodeError& error) {
    if (!decoded) {
        error = decoded.error();
        return false;
    }
    slot.emplace(std::move(decoded.value()));
    warnings.insert(warnings.end(), slot->warnings.begin(), slot->warnings.end());
    return true;
}

template <class T>
bool take(Result<T>&& decoded, std::unique_ptr<T>& slot, std::vector<Warning>& warnings, DecodeError& error) {
    if (!decoded) {
        error = decoded.error();
        return false;
    }
    slot = std::make_unique<T>(std::move(decoded.value()));
    warnings.insert(warnings.end(), slot->warnings.begin(), slot->warnings.end());
    return true;
}

// What a file without a data root loses: a model's textures and rvmats, a terrain's object
// models and layer textures. Empty when it loses nothing.
std::string lostWithoutDataRoot(const OpenedFile& f) {
    if (f.model) {
        for (const OdolLod& lod : f.model->lods) {
            for (const std::string& t : lod.textures)
                if (!t.empty() && !isProceduralTexture(t)) return "its textures";
            if (!lod.materials.empty()) return "its textures";  // the rvmats' stages
        }
    }
    if (f.terrain && (!f.terrain->objects.empty() || !f.terrain->materials.empty()))
        return "its object models and layer textures";
    return "";
}

// Options::retextureConfig's class, read for a model: what the view applies to its selections.
// A config or class that cannot be had is an error (the user asked for that variant); a class
// naming another model, or selections the model lacks, are warnings.
bool readRetexture(OpenedFile& f, DecodeError& error) {
    const Options& o = f.options;
    if (!f.model || (o.retextureConfig.empty() && o.retextureClass.empty())) return true;
    if (o.retextureConfig.empty() || o.retextureClass.empty()) {
        error = makeError(DiagKind::InvalidArgument,
                          "a retexturing needs both a config file and a class name "
                          "(--config FILE --class NAME)");
        return false;
    }
    // Charged to the import's budget while it is read, as a model.cfg is (open_model_config.cpp).
    Result<std::vector<uint8_t>> bytes =
        readFileBytes(o.retextureConfig, f.budget->left() / (1 + detail::kConfigTreePerByte));
    const uint64_t charge = bytes ? uint64_t(bytes->size()) * (1 + detail::kConfigTreePerByte) : 0;
    if (bytes && !f.budget->tryCharge(charge)) {
        error = makeError(DiagKind::MemoryLimit,
                          f.budget->overMessage(o.retextureConfig + ": the config and its tree", charge));
        return false;
    }
    IncludeRoot includes = IncludeRoot::around(o.retextureConfig, o);
    Result<ConfigTree> tree =
        bytes ? decodeConfig(bytes->data(), bytes->size(), fileNameOf(o.retextureConfig), o, includes.preprocessing())
              : Result<ConfigTree>(bytes.error());
    Result<Retexture> found = tree ? findRetexture(tree.value(), o.retextureClass) : Result<Retexture>(tree.error());
    f.budget->release(charge);
    if (!found) {
        error = found.error();
        return false;
    }
    f.retexture.emplace(std::move(found.value()));
    const Retexture& r = *f.retexture;
    f.warnings.insert(f.warnings.end(), r.warnings.begin(), r.warnings.end());
    const std::string cls = "class " + r.className;
    if (!r.model.empty() && !configModelNames(r.model, f.name))
        f.warnings.push_back(makeWarning(DiagKind::BadValue, cls + "'s model is " + r.model + ", not " + f.name +
                                                                 ": its retexturing is applied anyway"));
    std::unordered_set<std::string> names;  // once: comparing every pair was quadratic (issue 40)
    for (const OdolLod& lod : f.model->lods)
        for (const OdolSelection& sel : lod.selections) names.insert(asciiLower(sel.name));
    const size_t firstWarning = f.warnings.size();
    for (const SelectionRetexture& s : r.selections)
        if (!names.count(asciiLower(s.selection)))
            f.warnings.push_back(makeWarning(DiagKind::MissingReference,
                                             cls + "'s hidden selection " + s.selection + " is not in " + f.name));
    capAppendedWarnings(f.warnings, firstWarning);
    return true;
}

// The view in the caller's frame; the model's may fail (over the budget, an empty LOD choice).
bool buildView(OpenedFile& f, const OpenRequest& request, DecodeError& error) {
    if (!request.viewFrame) return true;
    if (f.model) {
        Result<ModelView> view =
            buildModelView(*f.model, f.options, *request.viewFrame, f.retexture ? &*f.retexture : nullptr);
        if (!view) {
            error = underSource(view.error(), f.name);  // the view's messages name no file
            return false;
        }
        f.modelView = std::make_unique<ModelView>(std::move(view.value()));
        // A skeleton's repairs (a parent that is no bone, a loop) reach every front end's warnings.
        for (const Warning& w : f.modelView->warnings) f.warnings.push_back(w);
    }
    if (f.terrain) {
        f.terrainView = std::make_unique<TerrainView>(*f.terrain, *request.viewFrame, request.grid);
        for (const Warning& w : f.terrainView->warnings()) f.warnings.push_back(w);
    }
    return true;
}

// The models drawn at the view's proxies, from the data root just opened.
void resolveModelProxies(OpenedFile& f) {
    if (!f.modelView || f.options.proxies == ProxyMode::Nodes) return;
    f.proxyModels = std::make_unique<ProxyModels>(resolveProxies(*f.modelView, *f.dataRoot, f.options));
    for (const Warning& w : f.proxyModels->warnings) f.warnings.push_back(underSource(w, f.name));
}

}  // namespace

const char* fileKindName(FileKind kind) {
    switch (kind) {
        case FileKind::Model:
            return "a model";
        case FileKind::Terrain:
            return "a terrain";
        case FileKind::Texture:
            return "a texture";
        case FileKind::Config:
            return "a config";
        case FileKind::Archive:
            return "a PBO archive";
        case FileKind::Animation:
            return "an animation";
        case FileKind::Unknown:
            break;
    }
    return "an unknown file";
}

FileKind sniffKind(const uint8_t* data, size_t size, const std::string& name) {
    const FileFormat format = sniffFormat(data, size);
    if (format == FileFormat::Odol || format == FileFormat::Mlod) return FileKind::Model;
    if (format != FileFormat::Unknown) return FileKind::Terrain;
    if (isPbo(data, size)) return FileKind::Archive;
    if (looksLikeRtm(data, size)) return FileKind::Animation;  // by signature only: .rtm is three formats
    if (isRapifiedConfig(data, size)) return FileKind::Config;
    if (isTexture(data, size, name)) return FileKind::Texture;  // by signature, else by name (OFP's untyped)
    if (asciiLower(extensionOf(name)) == ".pbo") return FileKind::Archive;  // an archive without "Vers"
    if (isConfigName(name)) return FileKind::Config;
    return FileKind::Unknown;
}

FileKind sniffFile(const std::string& path) {
    // Every signature sits in the first 64 bytes; a shorter file is judged on what it has (its name).
    std::FILE* f = openFile(path, "rb");
    if (!f) return FileKind::Unknown;
    uint8_t head[64];
    const size_t got = std::fread(head, 1, sizeof head, f);
    std::fclose(f);
    return sniffKind(head, got, fileNameOf(path));
}

const std::vector<KnownExtension>& knownExtensions() {
    static const std::vector<KnownExtension> kTable = {
        {".p3d", FileKind::Model},   {".wrp", FileKind::Terrain},  {".paa", FileKind::Texture},
        {".pac", FileKind::Texture}, {".rvmat", FileKind::Config}, {".cpp", FileKind::Config},
        {".hpp", FileKind::Config},  {".bin", FileKind::Config},   {".bisurf", FileKind::Config},
        {".ext", FileKind::Config},  {".sqm", FileKind::Config},   {".rtm", FileKind::Animation},
        {".pbo", FileKind::Archive},
    };
    return kTable;
}

FileKind kindOfExtension(const std::string& name) {
    const std::string ext = asciiLower(extensionOf(name));
    for (const KnownExtension& k : knownExtensions())
        if (ext == k.extension) return k.kind;
    return FileKind::Unknown;
}

bool isKnownExtension(const std::string& name) { return kindOfExtension(name) != FileKind::Unknown; }

bool isConfigName(const std::string& name) {
    const std::string ext = asciiLower(extensionOf(name));
    for (const KnownExtension& k : knownExtensions())
        if (k.kind == FileKind::Config && ext == k.extension) return true;
    return false;
}

std::string dataRootFolder(const Options& options) {
    if (!options.dataRoot.empty()) return options.dataRoot;
    const char* env = std::getenv("RV_IMPORT_DATA_ROOT");
    return env ? env : "";
}

// The data root of a model or terrain (only they name other files: textures, rvmats, object
// models): the caller's shared one, else the folder of the options, opened here; without one, the
// line saying what is left out. False with `error` set when the folder cannot be opened.
static bool attachDataRoot(OpenedFile& f, const OpenRequest& request, const std::string& name, DecodeError& error) {
    if (!request.wantsDataRoot || !(f.model || f.terrain)) return true;
    const std::string root = dataRootFolder(f.options);
    if (f.options.sharedDataRoot) {
        f.dataRoot = f.options.sharedDataRoot;  // its warnings are its opener's to report
    } else if (!root.empty()) {
        Result<DataRoot> opened = DataRoot::open(root, f.options);
        if (!opened) {
            error = opened.error();
            return false;
        }
        f.dataRoot = std::make_shared<const DataRoot>(std::move(opened.value()));
        for (const Warning& w : f.dataRoot->warnings()) f.warnings.push_back(w);
    } else {
        if (const std::string lost = lostWithoutDataRoot(f); !lost.empty())
            f.warnings.push_back(withSource(
                makeWarning(DiagKind::NoDataRoot, "no data root is set, so " + lost +
                                                      " are left out: point the data root (--data-root DIR, "
                                                      "RV_IMPORT_DATA_ROOT, or the Blender add-on's Data Root) "
                                                      "at the folder the game's files are unpacked in"),
                name));
        return true;
    }
    resolveModelProxies(f);
    return true;
}

Result<OpenedFile> open(const uint8_t* data, size_t size, const std::string& name, const Options& options,
                        const OpenRequest& request) {
    const unsigned accept = request.accept;
    OpenedFile f;
    f.name = name;
    f.options = options;
    if (!options.budget) f.ownBudget = std::make_unique<MemoryBudget>(options.memoryLimit);
    f.budget = options.budget ? options.budget : f.ownBudget.get();
    f.options.budget = f.budget;
    if (!f.budget->tryCharge(size))
        return makeError(DiagKind::MemoryLimit, f.budget->overMessage(name + ": the file's bytes", size));

    // An empty file is said to be empty, not "an unknown file" (a failed copy or download).
    if (size == 0) return makeError(DiagKind::Truncated, name + " is empty (0 bytes)");
    f.kind = sniffKind(data, size, name);
    // A caller of one kind (an importer) hears its decoder on a file without a signature: it
    // names what it found ("LZSS-wrapped", "MLOD version 300").
    if (f.kind == FileKind::Unknown && (accept == kAcceptModel || accept == kAcceptTerrain))
        f.kind = accept == kAcceptModel ? FileKind::Model : FileKind::Terrain;
    if (!(maskOf(f.kind) & accept)) {
        // A caller that takes animations only reads the files given to --animation: the advice is
        // about that option, not the command that was just run.
        if (accept == kAcceptAnimation)
            return makeError(DiagKind::NotRecognized,
                             name + " is " + fileKindName(f.kind) +
                                 ", not an animation: --animation takes .rtm files, and the model is the input file");
        return makeError(DiagKind::NotRecognized, kindRefusal(name, f.kind));
    }
    f.format = sniffFormat(data, size);

    DecodeError error;
    bool ok = false;
    switch (f.kind) {
        case FileKind::Model:
            ok = take(decodeModel(data, size, name, f.options), f.model, f.warnings, error);
            break;
        case FileKind::Terrain:
            ok = take(decodeWrp(data, size, name, f.options), f.terrain, f.warnings, error);
            break;
        case FileKind::Texture:
            ok = take(readTexture(data, size, name, f.options), f.texture, f.warnings, error);
            break;
        case FileKind::Config: {
            IncludeRoot includes = IncludeRoot::around(request.sourcePath, f.options);
            ok = take(decodeConfig(data, size, name, f.options, includes.preprocessing()), f.config, f.warnings, error);
            break;
        }
        case FileKind::Archive:
            ok = take(readPbo(data, size, name, f.options), f.archive, f.warnings, error);
            break;
        case FileKind::Animation:
            ok = take(decodeRtm(data, size, name, f.options), f.animation, f.warnings, error);
            break;
        case FileKind::Unknown:
            break;
    }
    if (!ok) return error;
    detail::readModelSkeleton(f, request.sourcePath);  // before the view, which may name bones
    if (!readRetexture(f, error) || !buildView(f, request, error)) return error;

    if (!attachDataRoot(f, request, name, error)) return error;
    return f;
}

std::string kindRefusal(const std::string& name, FileKind kind) {
    return name + " is " + fileKindName(kind) + ": " + adviceFor(kind);
}

Result<OpenedFile> openFile(const std::string& path, const Options& options, const OpenRequest& request) {
    // A shared budget may be partly spent (the model before its --animation files): the file
    // must fit in what is left, which open() then charges.
    const uint64_t room = options.budget ? options.budget->left() : options.memoryLimit;
    Result<std::vector<uint8_t>> bytes = readFileBytes(path, room);
    if (!bytes) return bytes.error();
    std::vector<uint8_t> owned = std::move(bytes.value());
    const size_t slash = path.find_last_of("/\\");
    OpenRequest located = request;
    if (located.sourcePath.empty()) located.sourcePath = path;
    Result<OpenedFile> f =
        open(owned.data(), owned.size(), slash == std::string::npos ? path : path.substr(slash + 1), options, located);
    if (f) f->bytes = std::move(owned);  // a vector's move keeps its buffer: the texture's offsets stay valid
    return f;
}

}  // namespace rv
