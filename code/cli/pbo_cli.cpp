// `rvimport pbo list X.pbo` and `rvimport pbo extract X.pbo DIR [--overwrite]`.
// Extraction never leaves DIR: entries whose names hold "..", an absolute path, a drive letter or
// control bytes are skipped with a message; a name that differs from an earlier one only in case
// (which would be one file on Windows) is skipped too; every file goes through a temporary file;
// existing files are kept unless --overwrite, and the archive itself is never overwritten.
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "cli/contained_write.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "rv/pbo.hpp"
#include "rv/printable.hpp"

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

const char* packingName(const PboEntry& e) {
    if (e.packed()) return "lzss";
    return e.packing == 0 ? "stored" : "other";
}

int listEntries(const std::string& path, const PboArchive& pbo) {
    std::printf("archive    %s\nprefix     %s\nentries    %zu%s\n", printable(fileNameOf(path)).c_str(),
                printable(pbo.prefix).c_str(), pbo.entries.size(), pbo.hasChecksum ? " (SHA-1 at the end)" : "");
    for (const auto& [key, value] : pbo.properties)
        std::printf("property   %s = %s\n", printable(key).c_str(), printable(value).c_str());
    std::printf("\n%12s %12s %-7s  %s\n", "size", "stored", "packing", "name");
    for (const PboEntry& e : pbo.entries)
        std::printf("%12llu %12u %-7s  %s\n", static_cast<unsigned long long>(e.size()), e.dataSize, packingName(e),
                    printable(e.name).c_str());
    printWarnings(path, fileNameOf(path), pbo.warnings);
    return kExitOk;
}

enum class EntryOutcome { Written, Skipped, Failed };

// The entry name's components: "a\\b\\c.paa" -> {"a", "b", "c.paa"} (empty ones dropped).
std::vector<std::string> componentsOf(const std::string& name) {
    std::vector<std::string> parts(1);
    for (char c : name) {
        if (c != '\\' && c != '/')
            parts.back() += c;
        else if (!parts.back().empty())
            parts.emplace_back();
    }
    if (parts.back().empty()) parts.pop_back();
    return parts;
}

// One entry into DIR, reporting why when it is not written.
EntryOutcome extractEntry(const std::string& pboPath, const PboArchive& pbo, size_t i,
                          const std::vector<uint8_t>& bytes, const std::string& dir, bool overwrite) {
    const PboEntry& e = pbo.entries[i];
    const std::string shownName = printable(e.name);
    std::vector<std::string> parts = componentsOf(e.name);
    const std::string leaf = parts.back();
    parts.pop_back();
    const ContainedFolder folder(dir, parts);
    if (!folder.error().empty()) {
        std::fprintf(stderr, "failed entry %zu '%s': %s\n", i, shownName.c_str(), printable(folder.error()).c_str());
        return EntryOutcome::Failed;
    }
    const std::string outPath = printable(folder.path() + "/" + leaf);
    const ContainedFolder::Entry existing = folder.entry(leaf);
    if (existing == ContainedFolder::Entry::Link) {
        std::fprintf(stderr,
                     "failed entry %zu '%s': %s is a symbolic link; links below the output folder are not followed\n",
                     i, shownName.c_str(), outPath.c_str());
        return EntryOutcome::Failed;
    }
    if (existing != ContainedFolder::Entry::None && (!overwrite || folder.sameFile(leaf, pboPath))) {
        std::fprintf(stderr, "skipped %s: %s exists%s\n", shownName.c_str(), outPath.c_str(),
                     overwrite ? " and is the archive itself" : " (use --overwrite)");
        return EntryOutcome::Skipped;
    }
    auto data = readPboEntry(pbo, i, bytes.data(), bytes.size(), fileNameOf(pboPath));
    if (!data) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(data.error())).c_str());
        return EntryOutcome::Failed;
    }
    const std::string failure = folder.write(
        leaf,
        [&](std::FILE* f) { return data->empty() || std::fwrite(data->data(), 1, data->size(), f) == data->size(); },
        SyncMode::Later);  // one sync at the end: extractAll
    if (!failure.empty()) std::fprintf(stderr, "%s\n", printable(failure).c_str());
    return failure.empty() ? EntryOutcome::Written : EntryOutcome::Failed;
}

int extractAll(const std::string& path, const PboArchive& pbo, const std::vector<uint8_t>& bytes,
               const std::string& dirArg, bool overwrite) {
    std::set<std::string> seen;  // lower case: one file on case-insensitive file systems
    size_t written = 0, skipped = 0, failed = 0;
    for (size_t i = 0; i < pbo.entries.size(); ++i) {
        const std::string& name = pbo.entries[i].name;
        if (const std::string why = unsafePathReason(name); !why.empty()) {
            std::fprintf(stderr, "skipped entry %zu '%s': %s\n", i, printable(name).c_str(), why.c_str());
            ++skipped;
            continue;
        }
        std::string key = asciiLower(name);
        for (char& c : key)
            if (c == '/') c = '\\';
        if (!seen.insert(key).second) {
            std::fprintf(stderr, "skipped entry %zu '%s': an earlier entry has the same name\n", i,
                         printable(name).c_str());
            ++skipped;
            continue;
        }
        switch (extractEntry(path, pbo, i, bytes, dirArg, overwrite)) {
            case EntryOutcome::Written:
                ++written;
                break;
            case EntryOutcome::Skipped:
                ++skipped;
                break;
            case EntryOutcome::Failed:
                ++failed;
                break;
        }
    }
    // The entries were renamed into place unsynced; success is reported only once they are on disk.
    if (written > 0) {
        if (const int error = syncFolderTree(dirArg)) {
            std::fprintf(stderr, "cannot write %s: %s\n", printable(dirArg).c_str(), errnoText(error).c_str());
            return kExitDecode;
        }
    }
    std::printf("extracted %zu, skipped %zu, failed %zu of %zu entries to %s\n", written, skipped, failed,
                pbo.entries.size(), printable(dirArg).c_str());
    return failed ? kExitDecode : kExitOk;
}

}  // namespace

int runPbo(const std::vector<std::string>& args) {
    const bool list = args.size() == 3 && args[1] == "list";
    const bool extract = (args.size() == 4 || args.size() == 5) && args[1] == "extract";
    const bool overwrite = args.size() == 5 && args[4] == "--overwrite";
    if (!list && !(extract && (args.size() == 4 || overwrite))) {
        std::fprintf(stderr, "usage: rvimport pbo list X.pbo | rvimport pbo extract X.pbo DIR [--overwrite]\n");
        return kExitUsage;
    }
    const std::string& path = args[2];
    // The front door: a .p3d or .paa given here is named for what it is, with the command to use.
    auto file = openFile(path, {}, accepting(kAcceptArchive));
    if (!file) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(file.error())).c_str());
        return kExitDecode;
    }
    if (list) return listEntries(path, *file->archive);
    printWarnings(path, file->name, file->warnings);
    return extractAll(path, *file->archive, file->bytes, args[3], overwrite);
}

}  // namespace rv::cli
