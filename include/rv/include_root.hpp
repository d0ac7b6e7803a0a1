// Where a source config's #include lines find their files (rv/preprocess.hpp): the include root,
// a folder laid out like the game's file system (a P: drive), and the PBOs of the data root.
//
//   rv::IncludeRoot root = rv::IncludeRoot::around("P:/x/cba/addons/main/config.cpp", options);
//   auto tree = rv::decodeConfig(bytes.data(), bytes.size(), "config.cpp", options, root.preprocessing());
//
// The root is Options::includeRoot, else the data root (Options::dataRoot, RV_IMPORT_DATA_ROOT),
// else the entry file's own folder. The entry file is named, as __FILE__ gives it, by its path
// below the root ("x\cba\addons\main\config.cpp"), so that `..\main\script_mod.hpp` climbs where
// the game's would; a file outside the root is named by its file name alone.
// Lookups try the folder, matching each component's case as the game ignores it, then, when the
// root is the data root, its PBOs at their prefixes (the data root is indexed on the first miss).
// Paths that climb out of the root, absolute system paths and drive letters other than P: are
// refused before anything is read (rv::resolveIncludePath).
#pragma once

#include <memory>
#include <string>

#include "rv/data_root.hpp"
#include "rv/options.hpp"
#include "rv/preprocess.hpp"
#include "rv/rvmat.hpp"

namespace rv {

class IncludeRoot : public IncludeSource {
public:
    // The include root for `entryPath`, a file on disk (empty for bytes without a file).
    static IncludeRoot around(const std::string& entryPath, const Options& options);
    // A file of the data root (an .rvmat a model names): its includes come from the same root,
    // files and PBOs alike; `reference` is its game path ("a3\data_f\metal.rvmat"). `root` must
    // outlive this.
    static IncludeRoot inDataRoot(const DataRoot& root, const std::string& reference, const Options& options);

    Result<IncludedFile> read(const std::string& target, const std::string& includer) override;

    // What decodeConfig needs to preprocess the entry file through this root.
    PreprocessOptions preprocessing() {
        PreprocessOptions pp;
        pp.includes = this;
        pp.entryPath = entryName_;
        return pp;
    }
    const std::string& folder() const { return folder_; }
    const std::string& entryName() const { return entryName_; }  // as __FILE__ gives it

private:
    Result<IncludedFile> readFromFolder(const std::string& path, bool absolute);
    Result<IncludedFile> readFromDataRoot(const DataRoot& root, const std::string& path);
    std::string rootHint(const std::string& path) const;

    std::string folder_;     // "" when there is none (bytes without a file and no root)
    std::string entryName_;  // root-relative, backslashes
    Options options_;
    const DataRoot* dataRoot_ = nullptr;  // a caller's, already open
    bool rootIsDataRoot_ = false;         // folder_ is the data root: its PBOs count too
    bool rootIsEntryFolder_ = false;      // no root was given: folder_ is the entry's own folder
    std::unique_ptr<DataRoot> opened_;    // the data root, indexed on the first miss
};

// An .rvmat the data root holds at `where` (resolved from `reference`, its game path), read and
// decoded with its #include lines found in the same root: what every reader of a model's or a
// terrain's materials calls.
[[nodiscard]] Result<RvMaterial> readRvmatIn(const DataRoot& root, const ResolvedRef& where,
                                             const std::string& reference, const Options& options);

}  // namespace rv
