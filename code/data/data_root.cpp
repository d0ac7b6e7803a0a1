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

// A folder as listed: each name by its key, with what the listing said it is.
struct Listed {
    std::string path;  // on disk
    bool directory = false, regular = false, link = false;
};
using Listing = std::map<std::string, Listed>;

struct DataRoot::Lazy {
    std::mutex mutex;
    bool indexed = false;
    std::map<std::string, Listing> folders;  // by the folder's key below the root ("" for the root)
};

Result<DataRoot> DataRoot::open(const std::string& folder, const Options& options,
                                const std::vector<std::string>& archives) {
    DataRoot root;
    root.options_ = options;
    root.reads_ = std::make_shared<ReadLog>();
    root.lazy_ = std::make_shared<Lazy>();
    for (const std::string& pbo : archives) root.mount(pbo);
    root.extraArchives_ = archives.size();
    if (folder.empty()) {
        root.lazy_->indexed = true;  // archives only: nothing to list
        if (!archives.empty()) return root;
    }
    std::error_code ec;
    const fs::path base = fs::canonical(fs::u8path(folder), ec);
    if (ec || !fs::is_directory(base, ec))
        return makeError(DiagKind::CannotRead, folder + ": not a readable folder (" + ec.message() + ")");
    fs::directory_iterator first(base, ec);  // listable: checked now, listed when a lookup needs it
    if (ec) return makeError(DiagKind::CannotRead, folder + ": cannot list the folder (" + ec.message() + ")");
    root.folder_ = utf8(base);
    return root;
}

// Lists one folder (no system call per entry: the listing's own file types). An entry's own
// error (a dangling link) skips that entry.
static Listing listFolder(const fs::path& folder) {
    Listing out;
    std::error_code ec;
    for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
        std::error_code entryError;
        Listed l;
        l.path = utf8(it->path());
        l.link = it->is_symlink(entryError);
        l.directory = !l.link && it->is_directory(entryError);  // links to folders are never followed
        l.regular = it->is_regular_file(entryError);
        out.emplace(DataRoot::key(utf8(it->path().filename())), std::move(l));  // the first of a case twin
    }
    return out;
}

// A loose file by its key, each folder on its path listed once and kept: the rules of the whole
// listing (indexAll) on a single path. "." or empty parts are no names the listing gives.
bool DataRoot::findLoose(const std::string& k, ResolvedRef& out) const {
    std::string folderKey;
    size_t begin = 0;
    for (;;) {
        const size_t end = std::min(k.find('\\', begin), k.size());
        const std::string part = k.substr(begin, end - begin);
        if (part.empty() || part == "." || part == "..") return false;
        const auto listing = lazy_->folders.find(folderKey);  // listed before we got here
        if (listing == lazy_->folders.end()) return false;
        const auto entry = listing->second.find(part);
        if (entry == listing->second.end()) return false;
        const Listed& e = entry->second;
        if (end == k.size()) {
            if (!e.regular) return false;
            if (e.link) {
                std::error_code ec;
                const fs::path real = fs::canonical(fs::u8path(e.path), ec);
                if (ec || !within(fs::u8path(folder_), real)) return false;  // the whole listing warns of it
            }
            out.kind = ResolvedRef::Kind::File;
            out.path = e.path;
            return true;
        }
        if (!e.directory) return false;
        const std::string next = folderKey.empty() ? part : folderKey + "\\" + part;
        if (!lazy_->folders.count(next)) lazy_->folders.emplace(next, listFolder(fs::u8path(e.path)));
        folderKey = next;
        begin = end + 1;
    }
}

// The whole folder, recursively, and every .pbo below it mounted.
void DataRoot::indexAll() const {
    lazy_->indexed = true;
    lazy_->folders.clear();  // the full index answers from now on
    if (folder_.empty()) return;
    std::error_code ec;
    const fs::path base = fs::u8path(folder_);
    std::vector<fs::path> given;  // the archives' real paths: not mounted twice when they lie in the folder
    for (const Mounted& m : pbos_) given.push_back(fs::weakly_canonical(fs::u8path(m.path), ec));
    const auto opts = fs::directory_options::skip_permission_denied;
    const size_t baseLength = folder_.size() + (folder_.back() == '/' || folder_.back() == '\\' ? 0 : 1);
    for (fs::recursive_directory_iterator it(base, opts, ec), end; !ec && it != end; it.increment(ec)) {
        // The listing's own file type: no system call per file. Links to folders are not
        // followed, so every folder listed is inside the root and only a file that is itself a
        // link can lead outside it; only those are resolved (a stat per link, not per file).
        std::error_code entryError;
        const bool link = it->is_symlink(entryError);
        if (!it->is_regular_file(entryError)) continue;
        const fs::path real = link ? fs::canonical(it->path(), entryError) : it->path();
        if (link && (entryError || !within(base, real))) {
            warnings_.push_back(
                note(DiagKind::NameProblem, utf8(it->path()) + ": leads outside the data root; ignored"));
            continue;
        }
        std::string path = utf8(it->path());
        std::string k = key(path.substr(std::min(baseLength, path.size())));
        const bool pbo = k.size() > 4 && k.compare(k.size() - 4, 4, ".pbo") == 0;
        if (pbo && std::find(given.begin(), given.end(), real) == given.end()) mount(path);
        files_.emplace(std::move(k), std::move(path));
    }
    if (ec)
        warnings_.push_back(
            note(DiagKind::CannotRead, folder_ + ": cannot list the whole folder (" + ec.message() + ")"));
}

size_t DataRoot::fileCount() const {
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    if (!lazy_->indexed) indexAll();
    return files_.size();
}

size_t DataRoot::pboCount() const {
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    if (!lazy_->indexed) indexAll();
    return pbos_.size();
}

const std::vector<Warning>& DataRoot::warnings() const {
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    if (!lazy_->indexed) indexAll();
    return warnings_;  // never changes once indexed
}

std::vector<Warning> DataRoot::warningsFound() const {
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    return warnings_;
}

bool DataRoot::indexed() const {
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    return lazy_->indexed;
}

void DataRoot::mount(const std::string& path) const {
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
    std::lock_guard<std::mutex> lock(lazy_->mutex);
    if (!lazy_->indexed) {
        if (lazy_->folders.empty()) lazy_->folders.emplace("", listFolder(fs::u8path(folder_)));
        if (findLoose(k, out)) return true;
        indexAll();
    }
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
    const Mounted* m = nullptr;  // pbos_ is a deque: what it holds stays where it is
    size_t entry = 0;
    {
        std::lock_guard<std::mutex> lock(lazy_->mutex);
        const auto byPath = pboByPath_.find(ref.path);
        if (byPath == pboByPath_.end())
            return makeError(DiagKind::CannotRead, ref.path + ": not one of the data root's PBOs");
        const size_t index = byPath->second;
        m = &pbos_[index];
        const std::string prefix = key(m->archive.prefix);
        const auto p = pboEntries_.find(prefix.empty() ? key(ref.entry) : prefix + "\\" + key(ref.entry));
        if (p != pboEntries_.end() && p->second.first == index &&
            m->archive.entries[p->second.second].name == ref.entry)
            entry = p->second.second;
        else  // a name the index left out (a later duplicate)
            for (entry = 0; entry < m->archive.entries.size() && m->archive.entries[entry].name != ref.entry; ++entry) {
            }
        if (entry == m->archive.entries.size())
            return makeError(DiagKind::CannotRead, ref.path + ": entry '" + ref.entry + "' is gone");
    }
    return readPboFileEntry(m->path, m->archive, entry, within);
}

}  // namespace rv
