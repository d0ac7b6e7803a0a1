// Writing an output file so that nothing is lost: into a temporary file beside it, every write
// checked, flushed and synced, then renamed into place. On failure no partial file remains and
// the error names the path and the system's reason. Devices and FIFOs are written in place
// (outputTarget).
#pragma once

#include "rv/options.hpp"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace rv::cli {

// `write(f)` fills the file and returns false on its own failure. Returns "" on success, else
// the reason ("cannot write out.png: No space left on device").
std::string writeFileSafely(const std::string& path, const std::function<bool(std::FILE*)>& write);

// Whether `a` and `b` name the same existing file (also through symbolic and hard links).
bool sameFile(const std::string& a, const std::string& b);

// When a written file reaches the disk: each file before its rename (EachFile), or all of them
// at once at the end (Later: pbo extract, where an fsync per entry made 75,000 entries take minutes
// on ext4; the caller then calls syncFolderTree and reports its failure).
enum class SyncMode { EachFile, Later };

// Flushes `f`'s buffer and asks the system to put its data on disk (fsync; not with
// SyncMode::Later). Returns 0, or the errno of the failure (EIO when the stream's error flag is set
// without one).
int finishFile(std::FILE* f, SyncMode mode = SyncMode::EachFile);

// The system's text for an errno value ("No space left on device"); "write error" for 0.
std::string errnoText(int error);

// Where the bytes for an output path go. Temporary-and-rename never replaces a device, a FIFO
// or a symbolic link with a regular file:
// - Replace: a regular file or nothing; a link to a regular file replaces the file it names
//   (`path` is that file) and the link stays.
// - WriteThrough: a character device or a FIFO (/dev/stdout, /dev/null, a named pipe), also
//   through a link; written in place, every write checked.
// - Refused: a block device, a socket, a link to nothing (`reason` says which).
struct OutputTarget {
    enum class Kind { Replace, WriteThrough, Refused };
    Kind kind = Kind::Replace;
    std::string path;
    std::string reason;
};
OutputTarget outputTarget(const std::string& path);

// Runs `write(f)`, then flushes, syncs (SyncMode::EachFile) and closes `f` (closed in every case).
// Returns 0, or the errno of the first failure (EIO when there is none to tell).
int fillFile(std::FILE* f, const std::function<bool(std::FILE*)>& write, SyncMode mode = SyncMode::EachFile);

// Puts everything written below `dir` on disk (Linux: syncfs of its file system; elsewhere each
// file was flushed when it closed). Returns 0 or the errno.
int syncFolderTree(const std::string& dir);

// The folders from `folder` up that do not exist yet, outermost first: what create_directories
// would make, so that a failed output can take them away again (removeEmptyFolders).
std::vector<std::filesystem::path> missingFolders(std::filesystem::path folder);
// Removes each of `folders` that is empty, deepest first; a folder something was written into stays.
void removeEmptyFolders(std::vector<std::filesystem::path> folders);

// Why `path` cannot be read as an input file: "cannot open <path>: <reason>" (a folder gives
// "Is a directory"), or "" when it opens.
std::string inputProblem(const std::string& path);
// "" or why the data root (--data-root, else RV_IMPORT_DATA_ROOT) cannot be used: a folder that
// is not there is a usage error (exit 2), never a silently untextured output.
std::string dataRootProblem(const Options& options);

// Checks that everything written to stdout reached it (fflush, ferror). Returns "" or the
// message "rvimport: cannot write standard output: <reason>".
std::string stdoutFailure();

}  // namespace rv::cli
