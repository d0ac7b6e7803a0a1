#include "cli/input_files.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <system_error>
#include <vector>

#include "rv/data_root.hpp"

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/stat.h>
#endif

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

// A file's identity: device and inode (Windows: volume serial and file index), the same for
// every name that reaches it.
struct FileId {
    uint64_t device = 0, index = 0;
    bool operator<(const FileId& o) const { return device != o.device ? device < o.device : index < o.index; }
};

std::optional<FileId> fileId(const std::string& path) {
#ifdef _WIN32
    HANDLE h =
        CreateFileW(fs::u8path(path).wstring().c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                    nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (h == INVALID_HANDLE_VALUE) return std::nullopt;
    BY_HANDLE_FILE_INFORMATION info;
    const bool ok = GetFileInformationByHandle(h, &info) != 0;
    CloseHandle(h);
    if (!ok) return std::nullopt;
    return FileId{info.dwVolumeSerialNumber, (uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow};
#else
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return std::nullopt;  // follows links, as a write through one does
    return FileId{uint64_t(st.st_dev), uint64_t(st.st_ino)};
#endif
}

struct Inputs {
    std::mutex mutex;
    std::map<FileId, std::string> byId;  // every input seen, by identity
    std::map<std::string, bool> looked;  // paths already identified (data-root reads)
    // Each root with how many of its reads are already in byId.
    std::vector<std::pair<std::shared_ptr<const DataRoot>, size_t>> roots;

    void add(const std::string& path) {  // mutex held
        if (!looked.emplace(path, true).second) return;
        if (const std::optional<FileId> id = fileId(path)) byId.emplace(*id, path);
    }
};

Inputs& inputs() {
    static Inputs all;
    return all;
}

bool inside(const fs::path& folder, const fs::path& file) {
    const auto rel = file.lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

void noteInput(const std::string& path) {
    if (path.empty()) return;
    Inputs& in = inputs();
    std::lock_guard<std::mutex> lock(in.mutex);
    in.add(path);
}

void noteDataRoot(std::shared_ptr<const DataRoot> root) {
    if (!root) return;
    Inputs& in = inputs();
    std::lock_guard<std::mutex> lock(in.mutex);
    for (const auto& r : in.roots)
        if (r.first == root) return;
    in.roots.emplace_back(std::move(root), 0);
}

std::string inputClash(const std::string& out) {
    Inputs& in = inputs();
    std::lock_guard<std::mutex> lock(in.mutex);
    for (auto& [root, known] : in.roots) {  // only what it read since the last check
        const std::vector<std::string> fresh = root->filesRead(known);
        known += fresh.size();
        for (const std::string& path : fresh) in.add(path);
    }
    std::error_code ec;
    if (fs::is_directory(fs::u8path(out), ec)) {
        const fs::path folder = fs::weakly_canonical(fs::u8path(out), ec);
        for (const auto& [id, path] : in.byId)
            if (inside(folder, fs::weakly_canonical(fs::u8path(path), ec)))
                return out + " holds " + path + ", which this command reads; refusing to replace it";
        return {};
    }
    const std::optional<FileId> id = fileId(out);
    if (!id) return {};
    const auto found = in.byId.find(*id);
    if (found == in.byId.end()) return {};
    const std::string alias = found->second == out ? "" : " (" + found->second + ")";
    return out + " is a file this command reads" + alias + "; refusing to replace it";
}

}  // namespace rv::cli
