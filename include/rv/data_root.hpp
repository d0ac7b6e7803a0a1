// The data root: where a model's textures and materials, and the models a terrain places, are
// found. It is a folder laid out like the game's file system (a "P: drive"), and every .pbo below
// it is mounted at its prefix. References are resolved case-insensitively, as the game does.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/options.hpp"
#include "rv/pbo.hpp"

namespace rv {

struct ResolvedRef {
    enum class Kind { Missing, File, PboEntry, Procedural, Unsafe };
    Kind kind = Kind::Missing;
    std::string path;                // File: the file (UTF-8); PboEntry: the archive
    std::string entry;               // PboEntry: the entry's name as stored
    std::string reason;              // Missing / Unsafe: why
    bool substituted = false;        // a .png/.tga stood in for a missing .paa/.pac
    std::vector<std::string> tried;  // Missing: the paths looked for below the root (any case)
};
const char* resolvedKindName(ResolvedRef::Kind kind);  // "missing", "file", "pbo", "procedural", "unsafe"

class DataRoot {
public:
    // Opens `folder` (symbolic links that lead outside it are ignored) with every .pbo below it
    // mounted. Fails when the folder cannot be read. `archives` are .pbo files mounted as well, as
    // the game mounts a mod's addons (`rvimport batch` adds the PBOs it converts); with them
    // `folder` may be "" (a root of those archives only). One that cannot be read is a warning,
    // as a damaged .pbo below the folder is.
    // The folder is indexed lazily (issue 42): a reference is first looked for as a loose file,
    // listing only the folders on its path (a loose file wins over a PBO entry, as in the game,
    // so that answer is final). The first reference that is not a loose file, or fileCount(),
    // pboCount() or warnings(), lists the whole folder and mounts its PBOs, once. One model's
    // textures on a P: drive of 200,000 files cost milliseconds, not the whole listing.
    [[nodiscard]] static Result<DataRoot> open(const std::string& folder, const Options& options = {},
                                               const std::vector<std::string>& archives = {});

    // Where a reference as a model or material stores it ("a3\\data_f\\x_co.paa", sometimes with a
    // leading backslash) resolves. Procedural textures ("#(argb,8,8,3)color(...)") are reported as
    // such; names with "..", absolute paths, drive letters or control bytes as Unsafe, never
    // looked up. A missing .paa/.pac is replaced by a .png or .tga of the same name when one
    // exists (how many converted P: drives look).
    ResolvedRef resolve(const std::string& reference) const;
    // The bytes of a File or PboEntry, refused (DiagKind::MemoryLimit, nothing read) when they
    // are more than `maxBytes` or the root's memory limit: a caller with a shared budget passes
    // what it has left, so a large file never lands on a spent budget.
    [[nodiscard]] Result<std::vector<uint8_t>> read(const ResolvedRef& ref, uint64_t maxBytes = UINT64_MAX) const;
    // The files read() has read (a PBO for its entries), as paths on disk, each once in the order
    // first read, from the `from`-th on: a command's inputs, which no output may replace (the
    // CLI's refusal, docs/safety.md). A caller that checks at every write passes how many it
    // already has, so a batch's writes do not copy the whole list each time. Thread-safe.
    std::vector<std::string> filesRead(size_t from = 0) const;

    const std::string& folder() const { return folder_; }  // "" for a root of archives only
    // How messages name the root: "P:/data", "P:/data and 3 more PBOs", "3 PBOs".
    std::string description() const;
    // These three index the whole folder first.
    size_t fileCount() const;
    size_t pboCount() const;
    const std::vector<Warning>& warnings() const;
    // The warnings found so far, without indexing anything: what a front end prints when it is
    // done (a damaged .pbo is found only when the PBOs were needed).
    std::vector<Warning> warningsFound() const;
    bool indexed() const;  // whether the whole folder has been listed

    // The lookup key of a reference: lower case, backslashes, no leading backslash.
    static std::string key(const std::string& reference);

    // For a reference this root misses: the folder next to it (its parent, or one of its own
    // subfolders) where the reference is a file, or "" when there is none. How a data root one
    // level off is told apart from files that are truly absent. Only the file system is looked
    // at, a bounded number of folders, with names matched regardless of case as the game does.
    struct Nearby {
        std::string folder;  // "" when no folder beside the root has the reference
        bool below = false;  // one of the root's subfolders (the root is a level too high)
    };
    Nearby nearbyRootFor(const std::string& reference) const;

private:
    struct Mounted {
        std::string path;
        PboArchive archive;
    };
    std::string folder_;
    Options options_;
    // Filled by the whole listing (indexAll), under lazy_'s mutex; never changed after it.
    mutable std::map<std::string, std::string> files_;  // key -> file path
    mutable std::deque<Mounted> pbos_;                  // a deque: a mount never moves what readEntry holds
    mutable std::map<std::string, std::pair<size_t, size_t>> pboEntries_;  // key -> (pbo, entry)
    mutable std::map<std::string, size_t> pboByPath_;                      // path on disk -> pbo
    mutable std::vector<Warning> warnings_;
    struct Lazy;  // the mutex, whether the folder is indexed, the folders listed so far
    std::shared_ptr<Lazy> lazy_;
    struct ReadLog;                   // the paths read() has read, behind a mutex
    std::shared_ptr<ReadLog> reads_;  // shared by copies: they read the same files
    size_t extraArchives_ = 0;        // of pbos_, those given to open() besides the folder's

    bool find(const std::string& key, ResolvedRef& out) const;
    bool findLoose(const std::string& key, ResolvedRef& out) const;  // lazy_->mutex held
    void indexAll() const;                                           // lazy_->mutex held
    Result<std::vector<uint8_t>> readEntry(const ResolvedRef& ref, const Options& within) const;
    void mount(const std::string& path) const;
};

}  // namespace rv
