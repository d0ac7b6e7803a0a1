// PBO archives read from disk a part at a time (include/rv/pbo.hpp): the header, then one entry.
#include <algorithm>
#include <filesystem>
#include <system_error>

#include "rv/file_bytes.hpp"
#include "rv/memory_budget.hpp"
#include "rv/pbo.hpp"

namespace rv {

Result<PboArchive> readPboFileHeader(const std::string& path, const Options& options) {
    std::error_code ec;
    const uint64_t fileSize = std::filesystem::file_size(std::filesystem::u8path(path), ec);
    if (ec) return withSource(makeError(DiagKind::CannotRead, ec.message()), path);
    // A prefix of the file, doubled until the header fits in it: the header's length is not stored.
    for (uint64_t want = 1 << 20;; want *= 2) {
        const uint64_t n = std::min(want, fileSize);
        auto bytes = readFileRange(path, 0, n);
        if (!bytes) return bytes.error();
        auto pbo = readPboHeader(bytes->data(), bytes->size(), fileSize, fileNameOf(path), options);
        if (pbo || n == fileSize || pbo.error().kind != DiagKind::Truncated) return pbo;
    }
}

Result<std::vector<uint8_t>> readPboFileEntry(const std::string& path, const PboArchive& archive, size_t entry,
                                              const Options& options) {
    if (entry >= archive.entries.size())
        return makeError(DiagKind::InvalidArgument, path + ": no entry " + std::to_string(entry));
    const PboEntry& e = archive.entries[entry];
    if (e.dataSize > options.memoryLimit)  // before the read: the stored bytes are allocated first
        return makeError(DiagKind::MemoryLimit, path + ": entry '" + e.name + "' stores " + std::to_string(e.dataSize) +
                                                    " bytes, more than the memory limit leaves room for (" +
                                                    formatBytes(options.memoryLimit) + ")");
    auto bytes = readFileRange(path, e.dataOffset, e.dataSize);
    if (!bytes) return bytes.error();
    PboArchive one;  // the entry alone, its data at offset 0 of the range read
    one.entries = {e};
    one.entries[0].dataOffset = 0;
    return readPboEntry(one, 0, bytes->data(), bytes->size(), fileNameOf(path), options);
}

}  // namespace rv
