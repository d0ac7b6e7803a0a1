// Writing files below a folder without ever leaving it through a link (pbo extract). Entry names
// are checked first (unsafePathReason), but a symbolic link already inside DIR ("DIR/link" to
// /etc) would still lead a checked name outside: every component below DIR is opened without
// following links (POSIX: openat with O_NOFOLLOW | O_DIRECTORY, one component at a time; Windows:
// any reparse point, a symbolic link or a junction, is refused). DIR itself is the user's choice
// and may be a link.
#pragma once

#include "cli/output_file.hpp"

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace rv::cli {

class ContainedFolder {
public:
    // Opens the folder `parts` below `dir`, creating what is missing (DIR too). On failure
    // error() says why, naming the component: "cannot write out/link: a symbolic link; links
    // below the output folder are not followed", "cannot write out/a: Read-only file system".
    ContainedFolder(const std::string& dir, const std::vector<std::string>& parts);
    ~ContainedFolder();
    ContainedFolder(const ContainedFolder&) = delete;
    ContainedFolder& operator=(const ContainedFolder&) = delete;

    const std::string& error() const { return error_; }
    // The folder's path as the user will look for it ("DIR/a/b").
    const std::string& path() const { return path_; }

    enum class Entry { None, File, Link, Other };
    // What `name` is in the folder, links not followed.
    Entry entry(const std::string& name) const;
    // Whether `name` in the folder is the file `other` (by device and inode; Windows: by path).
    bool sameFile(const std::string& name, const std::string& other) const;
    // Writes `name` through a temporary file in the folder, renamed into place once complete.
    // Returns "" or "cannot write DIR/a/name: <reason>". With SyncMode::Later the caller syncs.
    std::string write(const std::string& name, const std::function<bool(std::FILE*)>& write,
                      SyncMode mode = SyncMode::EachFile) const;

private:
    int fd_ = -1;  // POSIX: the open folder
    std::string path_;
    std::string error_;
};

}  // namespace rv::cli
