// The data root (include/rv/data_root.hpp): a folder index plus every PBO mounted at its prefix.
#include "rv/data_root.hpp"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>

#include "rv/file_bytes.hpp"

namespace rv {
namespace {

namespace fs = std::filesystem;

std::string utf8(const fs::path& p) {
    const auto s = p.u8string();
    return std::string(s.begin(), s.end());
}

bool within(const fs::path& root, const fs::path& p) {
    auto r = root.begin(), i = p.begin();
    for (; r != root.end(); ++r, ++i)
        if (i == p.end() || *r != *i) return false;
    return true;
}

Warning note(DiagKind kind, const std::string& message) {
    Warning w;
    w.kind = kind;
    w.severity = Severity::Warning;
    w.message = message;
    return w;
}

// `relative` ("a\\b\\c.paa" as a key) below `base`, each part matched regardless of case; "" when absent.
std::string findBelow(const fs::path& base, const std::string& relative) {
    fs::path at = base;
    size_t begin = 0;
    std::error_code ec;
    while (begin <= relative.size()) {
        const size_t end = std::min(relative.find('\\', begin), relative.size());
        const std::string part = relative.substr(begin, end - begin);
        bool found = false;
        size_t listed = 0;
        for (fs::directory_iterator it(at, ec), last; !ec && it != last && listed < 4096; it.increment(ec), ++listed) {
            if (DataRoot::key(utf8(it->path().filename())) != part) continue;
            at = it->path();
            found = true;
            break;
        }
        if (!found) return "";
        begin = end + 1;
    }
    return fs::is_regular_file(at, ec) ? utf8(at) : "";
}

}  // namespace

DataRoot::Nearby DataRoot::nearbyRootFor(const std::string& reference) const {
    const std::string k = key(reference);
    if (k.empty() || k[0] == '#' || folder_.empty()) return {};
    const fs::path root = fs::u8path(folder_);
    std::error_code ec;
    fs::path self = fs::absolute(root, ec).lexically_normal();
    if (!self.has_filename()) self = self.parent_path();  // "P:/data/" names the folder "data"
    const fs::path parent = self.parent_path();
    if (!parent.empty() && parent != self && !findBelow(parent, k).empty()) return {utf8(parent), false};
    size_t listed = 0;
    for (fs::directory_iterator it(root, ec), last; !ec && it != last && listed < 256; it.increment(ec), ++listed)
        if (it->is_directory(ec) && !findBelow(it->path(), k).empty()) return {utf8(it->path()), true};
    return {};
}

const char* resolvedKindName(ResolvedRef::Kind kind) {
    switch (kind) {
        case ResolvedRef::Kind::Missing:
            return "missing";
        case ResolvedRef::Kind::File:
            return "file";
        case ResolvedRef::Kind::PboEntry:
            return "pbo";
        case ResolvedRef::Kind::Procedural:
            return "procedural";
        case ResolvedRef::Kind::Unsafe:
            return "unsafe";
    }
    return "missing";
}

std::string DataRoot::key(const std::string& reference) {
    std::string k;
    k.reserve(reference.size());
    for (char c : reference) {
        if (c == '/') c = '\\';
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        k += c;
    }
    while (!k.empty() && k[0] == '\\') k.erase(0, 1);
    return k;
}

std::string DataRoot::description() const {
    const std::string pbos = std::to_string(extraArchives_) + (extraArchives_ == 1 ? " PBO" : " PBOs");
    if (folder_.empty()) return pbos;
    return extraArchives_ ? folder_ + " and " + pbos + " more" : folder_;
}

Result<DataRoot> DataRoot::open(const std::string& folder, const Options& options,
                                const std::vector<std::string>& archives) {
    DataRoot root;
    root.options_ = options;
    root.reads_ = std::make_shared<ReadLog>();
    std::vector<fs::path> given;  // the archives' real paths: not mounted twice when they lie in the folder
    for (const std::string& pbo : archives) {
        root.mount(pbo);
        std::error_code ec;
        given.push_back(fs::weakly_canonical(fs::u8path(pbo), ec));
    }
    root.extraArchives_ = archives.size();
    if (folder.empty() && !archives.empty()) return root;
    std::error_code ec;
    const fs::path base = fs::canonical(fs::u8path(folder), ec);
    if (ec || !fs::is_directory(base, ec))
        return makeError(DiagKind::CannotRead, folder + ": not a readable folder (" + ec.message() + ")");
    root.folder_ = utf8(base);
    const auto opts = fs::directory_options::skip_permission_denied;
    const size_t baseLength = root.folder_.size() + (root.folder_.back() == '/' || root.folder_.back() == '\\' ? 0 : 1);
    for (fs::recursive_directory_iterator it(base, opts, ec), end; !ec && it != end; it.increment(ec)) {
        // The listing's own file type: no system call per file. Links to folders are not
        // followed, so every folder listed is inside the root and only a file that is itself a
        // link can lead outside it; only those are resolved (a stat per link, not per file).
        // Each entry's own error (a dangling link) skips that entry, never the listing.
        std::error_code entryError;
        const bool link = it->is_symlink(entryError);
        if (!it->is_regular_file(entryError)) continue;
        // Every folder listed is inside the root and real: only a link needs resolving.
        const fs::path real = link ? fs::canonical(it->path(), entryError) : it->path();
        if (link) {
            if (entryError || !within(base, real)) {
                root.warnings_.push_back(
                    note(DiagKind::NameProblem, utf8(it->path()) + ": leads outside the data root; ignored"));
                continue;
            }
        }
        std::string path = utf8(it->path());
        std::string k = key(path.substr(std::min(baseLength, path.size())));
        const bool pbo = k.size() > 4 && k.compare(k.size() - 4, 4, ".pbo") == 0;
        if (pbo && std::find(given.begin(), given.end(), real) == given.end()) root.mount(path);
        root.files_.emplace(std::move(k), std::move(path));
    }
    if (ec) return makeError(DiagKind::CannotRead, folder + ": cannot list the folder (" + ec.message() + ")");
    return root;
}

void DataRoot::mount(const std::string& path) {
    auto pbo = readPboFileHeader(path, options_);
    if (!pbo) {
        warnings_.push_back(note(pbo.error().kind, diagnosticLine(pbo.error()) + "; not mounted"));
        return;
    }
    const std::string prefix = key(pbo->prefix);
    const size_t index = pbos_.size();
    for (size_t e = 0; e < pbo->entries.size(); ++e) {
        const std::string& name = pbo->entries[e].name;
        if (!unsafePathReason(name).empty()) continue;
        // Some packers list every file twice, once by the full source path: the first wins.
        pboEntries_.emplace(prefix.empty() ? key(name) : prefix + "\\" + key(name), std::make_pair(index, e));
    }
    pboByPath_.emplace(path, index);
    pbos_.push_back({path, std::move(pbo.value())});
}

bool DataRoot::find(const std::string& k, ResolvedRef& out) const {
    if (auto f = files_.find(k); f != files_.end()) {
        out.kind = ResolvedRef::Kind::File;
        out.path = f->second;
        return true;
    }
    if (auto p = pboEntries_.find(k); p != pboEntries_.end()) {
        out.kind = ResolvedRef::Kind::PboEntry;
        out.path = pbos_[p->second.first].path;
        out.entry = pbos_[p->second.first].archive.entries[p->second.second].name;
        return true;
    }
    return false;
}

ResolvedRef DataRoot::resolve(const std::string& reference) const {
    ResolvedRef out;
    if (!reference.empty() && reference[0] == '#') {
        out.kind = ResolvedRef::Kind::Procedural;
        return out;
    }
    std::string name = reference;
    while (!name.empty() && (name[0] == '\\' || name[0] == '/')) name.erase(0, 1);  // "\a3\..." is rooted in the game
    if (std::string why = unsafePathReason(name); !why.empty()) {
        out.kind = ResolvedRef::Kind::Unsafe;
        out.reason = why;
        return out;
    }
    const std::string k = key(name);
    if (find(k, out)) return out;
    const size_t dot = k.rfind('.');
    const std::string ext = dot == std::string::npos ? "" : k.substr(dot);
    if (ext == ".paa" || ext == ".pac") {
        for (const char* other : {".png", ".tga"})
            if (find(k.substr(0, dot) + other, out)) {
                out.substituted = true;
                return out;
            }
    }
    out.kind = ResolvedRef::Kind::Missing;
    const std::string inPbos = std::to_string(pbos_.size()) + " PBOs (by their prefixes)";
    if (folder_.empty()) {
        out.reason = "not in the data root's " + inPbos;
        return out;
    }
    out.reason = "not below " + folder_ + (pbos_.empty() ? "" : " nor in its " + inPbos);
    std::string relative = k;
    std::replace(relative.begin(), relative.end(), '\\', '/');
    const fs::path base = fs::u8path(folder_);
    out.tried.push_back(utf8(base / fs::u8path(relative)));
    if (ext == ".paa" || ext == ".pac")
        for (const char* other : {".png", ".tga"})
            out.tried.push_back(utf8(base / fs::u8path(relative.substr(0, dot) + other)));
    return out;
}

struct DataRoot::ReadLog {
    std::mutex mutex;
    std::set<std::string> seen;
    std::vector<std::string> order;  // seen's paths in the order first read
};

std::vector<std::string> DataRoot::filesRead(size_t from) const {
    if (!reads_) return {};
    std::lock_guard<std::mutex> lock(reads_->mutex);
    if (from >= reads_->order.size()) return {};
    return {reads_->order.begin() + std::ptrdiff_t(from), reads_->order.end()};
}

Result<std::vector<uint8_t>> DataRoot::read(const ResolvedRef& ref, uint64_t maxBytes) const {
    Options within = options_;
    within.memoryLimit = std::min(options_.memoryLimit, maxBytes);
    if ((ref.kind == ResolvedRef::Kind::File || ref.kind == ResolvedRef::Kind::PboEntry) && reads_) {
        std::lock_guard<std::mutex> lock(reads_->mutex);
        if (reads_->seen.insert(ref.path).second) reads_->order.push_back(ref.path);
    }
    if (ref.kind == ResolvedRef::Kind::File) return readFileBytes(ref.path, within.memoryLimit);
    if (ref.kind != ResolvedRef::Kind::PboEntry)
        return makeError(DiagKind::InvalidArgument,
                         std::string("a ") + resolvedKindName(ref.kind) + " reference has no bytes");
    return readEntry(ref, within);
}

// The entry by its archive's path and its key: two lookups, where a scan of every archive and
// entry made each read of a root of 500 PBOs cost more than resolving the reference.
Result<std::vector<uint8_t>> DataRoot::readEntry(const ResolvedRef& ref, const Options& within) const {
    const auto byPath = pboByPath_.find(ref.path);
    if (byPath == pboByPath_.end())
        return makeError(DiagKind::CannotRead, ref.path + ": not one of the data root's PBOs");
    const size_t index = byPath->second;
    const Mounted& m = pbos_[index];
    const std::string prefix = key(m.archive.prefix);
    const auto p = pboEntries_.find(prefix.empty() ? key(ref.entry) : prefix + "\\" + key(ref.entry));
    if (p != pboEntries_.end() && p->second.first == index && m.archive.entries[p->second.second].name == ref.entry)
        return readPboFileEntry(m.path, m.archive, p->second.second, within);
    for (size_t e = 0; e < m.archive.entries.size(); ++e)  // a name the index left out (a later duplicate)
        if (m.archive.entries[e].name == ref.entry) return readPboFileEntry(m.path, m.archive, e, within);
    return makeError(DiagKind::CannotRead, ref.path + ": entry '" + ref.entry + "' is gone");
}

}  // namespace rv
