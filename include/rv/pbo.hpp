// PBO archives: the game's packed folders (addons\*.pbo). A header names every entry; the data
// follows in entry order. Entries are stored, or packed with BI LZSS ("Cprs").
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rv/error.hpp"
#include "rv/options.hpp"

namespace rv {

struct PboEntry {
    std::string name;           // as stored, backslashes ("data\\m_co.paa")
    uint32_t packing = 0;       // 0 stored, 0x43707273 "Cprs" LZSS
    uint32_t originalSize = 0;  // unpacked size (0 for stored entries in many packers: use dataSize)
    uint32_t timestamp = 0;
    uint32_t dataSize = 0;    // bytes in the archive
    uint64_t dataOffset = 0;  // absolute offset of the entry's data
    bool packed() const { return packing == 0x43707273u; }
    uint64_t size() const { return packed() ? originalSize : dataSize; }
};

struct PboArchive {
    std::vector<std::pair<std::string, std::string>> properties;  // the "Vers" header's key/values
    std::string prefix;  // the "prefix" property: where the entries live in the game's file system
    std::vector<PboEntry> entries;
    bool hasChecksum = false;  // a zero byte and a 20-byte SHA-1 follow the data
    std::vector<Warning> warnings;
};

// Reads the header of a PBO held in memory (no entry data is touched).
[[nodiscard]] Result<PboArchive> readPbo(const uint8_t* data, size_t size, const std::string& sourceName,
                                         const Options& options = {});

// The same from the first `available` bytes of a file of `fileSize` bytes, so a data root can
// mount a large archive by reading its header only. Fails with DiagKind::Truncated when the
// header does not fit in `available` bytes.
[[nodiscard]] Result<PboArchive> readPboHeader(const uint8_t* data, size_t available, uint64_t fileSize,
                                               const std::string& sourceName, const Options& options = {});

// The header of the PBO file at `path`, reading only as much of the file as the header needs
// (archives are often hundreds of megabytes).
[[nodiscard]] Result<PboArchive> readPboFileHeader(const std::string& path, const Options& options = {});
// Entry `entry` of that file (its header read by readPboFileHeader), unpacked, reading only its bytes.
[[nodiscard]] Result<std::vector<uint8_t>> readPboFileEntry(const std::string& path, const PboArchive& archive,
                                                            size_t entry, const Options& options = {});

// One entry's bytes, unpacked. `data`/`size` are the whole archive the header was read from.
[[nodiscard]] Result<std::vector<uint8_t>> readPboEntry(const PboArchive& archive, size_t entry, const uint8_t* data,
                                                        size_t size, const std::string& sourceName,
                                                        const Options& options = {});

// "a\\b\\..\\c", "/etc/x", "C:\\x", names with control bytes: entry names that must never become
// file paths (extraction) or reach outside a data root. Also, on every system, what Windows
// cannot hold: device names ("con.txt", "aux", "COM1.paa"), a trailing dot or space, a ':'
// (an alternate data stream). Returns why, or "" for a safe name.
std::string unsafePathReason(const std::string& name);

}  // namespace rv
