// What `rvimport batch` converts (batch_plan.hpp): loose files, and the entries of the PBOs
// under IN_DIR read in place, without extraction, as the game mounts a mod's addons.
#include "cli/batch_plan.hpp"

#include <assimp/Exporter.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "cli/assimp_convert.hpp"
#include "cli/shared_textures.hpp"
#include "rv/data_root.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

struct Found {
    fs::path file;
    FileKind kind;
};

// Models and terrains by our importers' extensions (a damaged one still gets its message),
// textures by what the front door says they are, archives by signature or name.
FileKind batchKind(const fs::path& file, const std::set<std::string>& modelExts) {
    const std::string ext = asciiLower(file.extension().u8string());
    if (ext.size() > 1 && modelExts.count(ext.substr(1))) return FileKind::Model;
    if (ext == ".pbo") return FileKind::Archive;
    const FileKind sniffed = sniffFile(file.u8string());
    return sniffed == FileKind::Texture || sniffed == FileKind::Archive ? sniffed : FileKind::Unknown;
}

// Every file under inDir that batch takes, sorted. Folders that cannot be listed (permission
// denied, removed meanwhile) go to plan.unreadable, never skipped silently. Links to files are
// followed, links to folders are not (no cycles).
std::vector<Found> listFolder(BatchPlan& plan) {
    const std::set<std::string> modelExts = ourExtensions();
    std::vector<fs::path> folders{plan.inDir};
    std::vector<Found> found;
    while (!folders.empty()) {
        const fs::path folder = folders.back();
        folders.pop_back();
        std::error_code ec;
        fs::directory_iterator it(folder, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            std::error_code kindErr;
            if (it->is_directory(kindErr) && !it->is_symlink(kindErr)) {
                folders.push_back(it->path());
                continue;
            }
            const FileKind kind = batchKind(it->path(), modelExts);
            if (kind != FileKind::Unknown) found.push_back({it->path(), kind});
        }
        if (ec) plan.unreadable.emplace_back(folder, ec.message());
    }
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.file < b.file; });
    std::sort(plan.unreadable.begin(), plan.unreadable.end());
    return found;
}

// Where a PBO's entries go below OUT_DIR: its prefix as folders ("x\kat\addons\chemical"), which
// is where the game mounts it, so two PBOs never collide and OUT_DIR is laid out as a data
// root. A PBO without a prefix (OFP's, missions) mounts at its file name without ".pbo".
// Returns "" and sets `folder`, or why the prefix cannot be a folder name.
std::string prefixFolder(const BatchArchive& a, fs::path& folder) {
    const std::string prefix = DataRoot::key(a.header.prefix);
    if (prefix.empty()) {
        folder = a.file.stem();
        return "";
    }
    if (std::string why = unsafePathReason(prefix); !why.empty())
        return "its prefix '" + printable(a.header.prefix) + "' cannot be a folder name (" + why + "); not converted";
    std::string slashed = a.header.prefix;
    std::replace(slashed.begin(), slashed.end(), '\\', '/');
    while (!slashed.empty() && slashed[0] == '/') slashed.erase(0, 1);
    folder = fs::u8path(slashed);
    return "";
}

// The archive's models, terrains and textures as inputs; unsafe names skipped (as `pbo extract`
// does), a second listing of a file left out: some packers list every file twice, once more by
// its full source path ("<prefix>\\x.paa" beside "x.paa", with its own copy of the bytes), and
// the game reads the first.
void addEntries(BatchPlan& plan, size_t archive) {
    const BatchArchive& a = plan.archives[archive];
    BatchInput whole;
    whole.file = a.file;
    whole.archive = archive;
    whole.name = a.file.u8string();
    fs::path folder;
    if (std::string why = prefixFolder(a, folder); !why.empty()) {
        whole.skipped = why;
        plan.inputs.push_back(whole);
        return;
    }
    std::set<std::pair<uint64_t, uint32_t>> seenData;
    std::set<std::string> names;  // as keys
    for (const PboEntry& entry : a.header.entries) names.insert(DataRoot::key(entry.name));
    const std::string prefixed = a.header.prefix.empty() ? "" : DataRoot::key(a.header.prefix) + "\\";
    auto listedTwice = [&](const PboEntry& entry) {  // "<prefix>\\x.paa" beside "x.paa" (TFAR's Mikero packs)
        const std::string k = DataRoot::key(entry.name);
        return !prefixed.empty() && k.size() > prefixed.size() && k.compare(0, prefixed.size(), prefixed) == 0 &&
               names.count(k.substr(prefixed.size()));
    };
    for (size_t e = 0; e < a.header.entries.size(); ++e) {
        const PboEntry& entry = a.header.entries[e];
        BatchInput in = whole;
        in.entry = e;
        std::string slashed = entry.name;
        std::replace(slashed.begin(), slashed.end(), '\\', '/');
        in.name = whole.name + "/" + slashed;
        const FileKind kind = kindOfExtension(entry.name);
        if (kind != FileKind::Model && kind != FileKind::Terrain && kind != FileKind::Texture) continue;
        if (entry.dataSize > 0 && !seenData.insert({entry.dataOffset, entry.dataSize}).second) continue;
        if (listedTwice(entry)) continue;
        in.texture = kind == FileKind::Texture;
        if (std::string why = unsafePathReason(entry.name); !why.empty()) {
            in.skipped = "entry " + std::to_string(e) + " '" + printable(entry.name) + "': " + why;
            in.name = whole.name;
        } else {
            in.mirror = plan.outDir / folder / fs::u8path(slashed);
        }
        plan.inputs.push_back(std::move(in));
    }
}

}  // namespace

void findBatchInputs(BatchPlan& plan) {
    for (const Found& f : listFolder(plan)) {
        if (f.kind != FileKind::Archive) {
            BatchInput in;
            in.file = f.file;
            in.texture = f.kind == FileKind::Texture;
            in.name = f.file.u8string();
            in.mirror = plan.outDir / f.file.lexically_relative(plan.inDir);
            plan.inputs.push_back(std::move(in));
            continue;
        }
        Result<PboArchive> header = readPboFileHeader(f.file.u8string(), plan.decode);
        if (!header) {  // one line in the report; the rest convert
            BatchInput in;
            in.file = f.file;
            in.name = f.file.u8string();
            in.failed = diagnosticLine(header.error());
            plan.inputs.push_back(std::move(in));
            continue;
        }
        plan.archives.push_back({f.file, std::move(header.value())});
        addEntries(plan, plan.archives.size() - 1);
    }
}

namespace {

// Case-folded, so that outputs stay apart on case-insensitive file systems too.
std::string collisionKey(const fs::path& p) { return asciiLower(p.lexically_normal().u8string()); }

std::string outputExtension(const BatchPlan& plan, size_t i) {
    return plan.inputs[i].texture ? "png" : plan.format->fileExtension;
}

}  // namespace

// Each input's output: its mirror with the format's extension ("a.p3d" -> "a.glb"). Inputs whose
// outputs would be the same file ("a.p3d" and "a.wrp") keep their whole name instead
// ("a.p3d.glb", "a.wrp.glb"); any collision left after that (a file literally named
// "a.p3d.p3d", a loose file where a PBO's prefix also puts one) fails those inputs with a
// message naming the other one.
void planBatchOutputs(BatchPlan& plan) {
    const size_t n = plan.inputs.size();
    plan.outputs.assign(n, {});
    plan.collisions.assign(n, {});
    std::map<std::string, std::vector<size_t>> byOutput;
    for (size_t i = 0; i < n; ++i) {
        if (plan.inputs[i].mirror.empty()) continue;  // not converted (failed or skipped already)
        plan.outputs[i] = plan.inputs[i].mirror;
        plan.outputs[i].replace_extension(outputExtension(plan, i));
        byOutput[collisionKey(plan.outputs[i])].push_back(i);
    }
    for (const auto& [key, users] : byOutput)
        if (users.size() > 1)
            for (size_t i : users)
                plan.outputs[i] = fs::u8path(plan.inputs[i].mirror.u8string() + "." + outputExtension(plan, i));
    byOutput.clear();
    for (size_t i = 0; i < n; ++i)
        if (!plan.outputs[i].empty()) byOutput[collisionKey(plan.outputs[i])].push_back(i);
    for (const auto& [key, users] : byOutput) {
        if (users.size() < 2) continue;
        for (size_t i : users) {
            const size_t other = users[0] == i ? users[1] : users[0];
            plan.collisions[i] = "its output " + plan.outputs[i].u8string() + " would also be the output of " +
                                 plan.inputs[other].name + "; rename one of them";
            plan.outputs[i].clear();
        }
    }
}

std::string shardKey(const BatchPlan& plan, const BatchInput& in) {
    // The name below IN_DIR with '/' separators: the same on every machine, whatever the folder
    // is called there and whichever system it runs.
    std::string key = in.name;
    const std::string root = plan.inDir.u8string();
    if (key.compare(0, root.size(), root) == 0) key.erase(0, root.size());
    std::replace(key.begin(), key.end(), '\\', '/');
    while (!key.empty() && key[0] == '/') key.erase(0, 1);
    return key;
}

void keepShard(BatchPlan& plan, uint32_t shard, uint32_t shards) {
    if (shards == 0) return;
    size_t kept = 0;
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
        uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a, 64-bit: stable, and spread over the low bits
        for (const unsigned char c : shardKey(plan, plan.inputs[i])) h = (h ^ c) * 0x100000001b3ull;
        if (h % shards != shard - 1) continue;
        if (kept != i) {  // never a self-move: it may empty a std::string
            plan.inputs[kept] = std::move(plan.inputs[i]);
            plan.outputs[kept] = std::move(plan.outputs[i]);
            plan.collisions[kept] = std::move(plan.collisions[i]);
        }
        ++kept;
    }
    plan.inputs.resize(kept);
    plan.outputs.resize(kept);
    plan.collisions.resize(kept);
}

bool openBatchDataRoot(BatchPlan& plan) {
    std::vector<std::string> archives;
    for (const BatchArchive& a : plan.archives) archives.push_back(a.file.u8string());
    const std::string folder = dataRootFolder(plan.decode);
    if (folder.empty() && archives.empty()) return true;
    Result<DataRoot> root = DataRoot::open(folder, plan.decode, archives);
    if (!root) {
        std::fprintf(stderr, "rvimport batch: %s\n", printable(diagnosticLine(root.error())).c_str());
        return false;
    }
    for (const Warning& w : root->warnings())
        std::fprintf(stderr, "warning: %s\n", printable(diagnosticLine(w)).c_str());
    plan.decode.sharedDataRoot = std::make_shared<const DataRoot>(std::move(root.value()));
    return true;
}

std::shared_ptr<SharedTextureFolder> shareTextureFolder(BatchPlan& plan) {
    plan.textureFolder = std::make_shared<SharedTextureFolder>(plan.outDir);
    const fs::path folder = plan.textureFolder->folder();
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
        const fs::path below = plan.outputs[i].lexically_relative(folder);
        if (!plan.outputs[i].empty() && !below.empty() && *below.begin() != "..")
            plan.collisions[i] = plan.outputs[i].u8string() + " would be inside " + folder.u8string() +
                                 ", which --textures external fills with the models' textures";
    }
    return plan.textureFolder;
}

}  // namespace rv::cli
