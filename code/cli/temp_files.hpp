// The temporary files and folders the CLI writes beside its outputs (output_file.hpp,
// safe_export.hpp, pbo extract): their names, a registry of the live ones that SIGINT and SIGTERM
// remove before the process dies, and a note about the ones an earlier, killed run left.
#pragma once

#include <csignal>
#include <filesystem>
#include <string>
#include <system_error>

namespace rv::cli {

// "rvtmp-<pid>-<n>", both in hex: at most 23 bytes whatever OUT's name, so that every name that
// fits the file system (255 bytes) has a temporary name beside it. Files take it with a leading
// dot (".rvtmp-..."), Assimp's temporary folders without (an exporter cuts paths at the last dot).
std::string temporaryName();

// While alive, `path` (a file, or a folder and everything in it) is removed when SIGINT or SIGTERM
// ends the process. Paths beyond 4095 bytes, or beyond 64 live ones, are not registered.
//
// From construction until made() (or destruction), the signal's cleanup waits: a batch's other
// worker may be between registering its temporary and creating it, and a cleanup that ran in
// between would miss what is created after it. A thread that starts a temporary once the cleanup
// has begun never creates it (it waits for the process to end).
class LiveTemporary {
public:
    LiveTemporary(const std::string& path, bool folder);
    ~LiveTemporary();
    LiveTemporary(const LiveTemporary&) = delete;
    LiveTemporary& operator=(const LiveTemporary&) = delete;

    // Says the file or folder now exists (or could not be made): the cleanup may run.
    void made();

private:
    int slot_;
    bool making_;
#ifndef _WIN32
    sigset_t savedMask_;  // the thread's signal mask before SIGINT and SIGTERM were held off
#endif
};

// Creates `folder` and the folders between it and `root`, one level at a time, never `root`
// itself: a write into a temporary folder that a signal's cleanup has removed fails, where
// create_directories would make the temporary again and leave it behind. Empty when it worked.
std::error_code makeFoldersBelow(const std::filesystem::path& root, const std::filesystem::path& folder);

// Installs the SIGINT / SIGTERM handler that removes the live temporaries, then re-raises the
// signal with its default action (the exit status still says which signal ended the process).
void installTemporaryCleanup();

// Prints one warning line per temporary entry in `folder` that a killed rvimport left (its
// process is gone), naming it and its size; each folder is looked at once per process.
void noteLeftovers(const std::string& folder);

// Test hook: with RV_TEST_HOLD_TEMP set, prints "rvimport: holding <path>" to stderr and waits
// for a signal, so a test can interrupt a write at a known point. Does nothing otherwise.
void holdForTest(const std::string& path);

}  // namespace rv::cli
