// The include root (include/rv/include_root.hpp): a P: drive folder, then the data root's PBOs.
#include "rv/include_root.hpp"

#include <filesystem>
#include <system_error>

#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"

namespace rv {
namespace {

namespace fs = std::filesystem;

std::string utf8(const fs::path& p) {
    const auto s = p.u8string();
    return std::string(s.begin(), s.end());
}

// `file` below `root`, as the game names it: "x\cba\addons\main\config.cpp"; "" when outside.
std::string rootRelativeName(const fs::path& root, const fs::path& file) {
    std::error_code ec;
    const fs::path rel = fs::relative(file, root, ec);
    if (ec || rel.empty() || *rel.begin() == "..") return {};
    std::string name;
    for (const fs::path& part : rel) name += (name.empty() ? "" : "\\") + utf8(part);
    return name;
}

std::string canonicalFolder(const std::string& folder) {
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(fs::u8path(folder), ec);
    return ec ? folder : utf8(p);
}

// One component of a folder, matched as the game matches names: exact first (the common case,
// no directory scan), then ignoring ASCII case, as a P: drive copied to Linux keeps its spelling.
bool findComponent(const fs::path& folder, const std::string& component, fs::path& out) {
    std::error_code ec;
    out = folder / fs::u8path(component);
    if (fs::exists(out, ec)) return true;
    const std::string key = asciiLower(component);
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (asciiLower(utf8(it->path().filename())) == key) {
            out = it->path();
            return true;
        }
    return false;
}

// `path` ("x\\mod\\m.hpp") below `folder`, each component found by findComponent.
bool findBelow(const fs::path& folder, const std::string& path, fs::path& out) {
    out = folder;
    for (size_t start = 0; start <= path.size();) {
        const size_t end = std::min(path.find('\\', start), path.size());
        if (!findComponent(out, path.substr(start, end - start), out)) return false;
        start = end + 1;
    }
    std::error_code ec;
    return fs::is_regular_file(out, ec);
}

}  // namespace

IncludeRoot IncludeRoot::around(const std::string& entryPath, const Options& options) {
    IncludeRoot r;
    r.options_ = options;
    const std::string dataRoot = dataRootFolder(options);
    std::string folder = options.includeRoot.empty() ? dataRoot : options.includeRoot;
    r.rootIsDataRoot_ = !folder.empty() && folder == dataRoot;
    const fs::path entry = entryPath.empty() ? fs::path() : fs::u8path(entryPath);
    r.rootIsEntryFolder_ = folder.empty();
    if (folder.empty() && !entry.empty()) folder = entry.has_parent_path() ? utf8(entry.parent_path()) : ".";
    if (!folder.empty()) r.folder_ = canonicalFolder(folder);
    if (!entry.empty()) {
        std::error_code ec;
        const fs::path canonicalEntry = fs::weakly_canonical(entry, ec);
        if (!ec && !r.folder_.empty()) r.entryName_ = rootRelativeName(fs::u8path(r.folder_), canonicalEntry);
        if (r.entryName_.empty()) r.entryName_ = utf8(entry.filename());
    }
    return r;
}

IncludeRoot IncludeRoot::inDataRoot(const DataRoot& root, const std::string& reference, const Options& options) {
    IncludeRoot r;
    r.options_ = options;
    r.folder_ = root.folder();
    r.dataRoot_ = &root;
    r.entryName_ = reference;
    while (!r.entryName_.empty() && (r.entryName_[0] == '\\' || r.entryName_[0] == '/')) r.entryName_.erase(0, 1);
    return r;
}

Result<IncludedFile> IncludeRoot::read(const std::string& target, const std::string& includer) {
    Result<std::string> name = resolveIncludePath(target, includer);
    if (!name) return name.error();
    const std::string& path = name.value();
    if (dataRoot_) return readFromDataRoot(*dataRoot_, path);
    // "\x\..." or "P:\x\...": a P: drive path, which the root hint can look for above.
    const bool absolute = (!target.empty() && target[0] == '\\') || (target.size() >= 2 && target[1] == ':');
    Result<IncludedFile> file = readFromFolder(path, absolute);
    if (file || file.error().kind != DiagKind::CannotRead || !rootIsDataRoot_) return file;
    if (!opened_) {  // the PBOs: only now, as indexing a whole P: drive is not free
        Result<DataRoot> root = DataRoot::open(folder_, options_);
        if (!root) return root.error();
        opened_ = std::make_unique<DataRoot>(std::move(root.value()));
    }
    return readFromDataRoot(*opened_, path);
}

// When the root is only the config's own folder, a P: drive path ("x\mod\addons\main\m.hpp") may be
// found from a folder above it: say which, as the modder has not given one yet.
std::string IncludeRoot::rootHint(const std::string& path) const {
    // Blender has no include root field: its data root serves, so both are named.
    if (!rootIsEntryFolder_)
        return " (the include root, --include-root or the data root, is the folder that holds your P: drive's files)";
    // Only a folder above whose child on the way down is the path's first component: a P: drive's
    // top folder ("x", "z", "a3"), never a system path such as "\\etc\\passwd".
    const std::string first = asciiLower(path.substr(0, path.find('\\')));
    fs::path above = fs::u8path(folder_);
    for (int level = 0; level < 32 && above.has_relative_path(); ++level) {
        const bool onTheWay = asciiLower(utf8(above.filename())) == first;
        above = above.parent_path();
        fs::path at;
        if (onTheWay && findBelow(above, path, at))
            return "; it is below " + utf8(above) + ": give --include-root " + utf8(above) + " (or that data root)";
    }
    return " (the config's own folder: give --include-root DIR or the data root, the folder that holds your P: drive's "
           "files)";
}

Result<IncludedFile> IncludeRoot::readFromFolder(const std::string& path, bool absolute) {
    if (folder_.empty())
        return makeError(DiagKind::CannotRead, "no include root to find " + path + " in (give --include-root DIR)");
    fs::path at;
    if (!findBelow(fs::u8path(folder_), path, at))
        return makeError(DiagKind::CannotRead, "no file " + path + " below the include root " + folder_ +
                                                   (absolute ? rootHint(path) : std::string()));
    // A symbolic link below the root may lead out of it: what it names must stay inside.
    std::error_code ec;
    if (rootRelativeName(fs::u8path(folder_), fs::weakly_canonical(at, ec)).empty())
        return makeError(DiagKind::BadValue,
                         path + " leads out of the include root " + folder_ + " through a symbolic link");
    auto bytes = readFileBytes(utf8(at), options_.memoryLimit);
    if (!bytes) return bytes.error();
    return IncludedFile{path, std::move(bytes.value())};
}

Result<IncludedFile> IncludeRoot::readFromDataRoot(const DataRoot& root, const std::string& path) {
    const ResolvedRef ref = root.resolve(path);
    if (ref.kind != ResolvedRef::Kind::File && ref.kind != ResolvedRef::Kind::PboEntry)
        return makeError(DiagKind::CannotRead,
                         "no file " + path + " below the data root " + root.folder() + " or in its PBOs");
    auto bytes = root.read(ref);
    if (!bytes) return bytes.error();
    return IncludedFile{path, std::move(bytes.value())};
}

Result<RvMaterial> readRvmatIn(const DataRoot& root, const ResolvedRef& where, const std::string& reference,
                               const Options& options) {
    Result<std::vector<uint8_t>> bytes = root.read(where);
    if (!bytes) return bytes.error();
    IncludeRoot includes = IncludeRoot::inDataRoot(root, reference, options);
    return decodeRvmat(bytes->data(), bytes->size(), reference, options, includes.preprocessing());
}

}  // namespace rv
