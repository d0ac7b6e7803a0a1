// PBO archives (include/rv/pbo.hpp). Layout, as the samples show it (../shared/samples/textures/
// docs/formats.md, "PBO archives"): entries of { asciiz name, u32 packing, u32 originalSize, u32 reserved,
// u32 timestamp, u32 dataSize }; a first entry with an empty name and packing "Vers" carries
// asciiz key/value pairs up to an empty key; the next empty name ends the list (the CWR-CE
// fixture has no "Vers" entry and ends its list with an empty name packed "Cprs"); then every
// entry's data in entry order; then, from Arma on, a zero byte and a 20-byte SHA-1.
#include <cstring>

#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/compression.hpp"
#include "rv/paths.hpp"
#include "rv/pbo.hpp"

namespace rv {
namespace {

constexpr uint32_t kVers = 0x56657273u;  // "Vers" as a little-endian u32 (bytes "sreV")
constexpr size_t kEntryFieldBytes = 20;  // five u32 after the name
constexpr size_t kMaxName = 1024;

void readProperties(ByteReader& r, PboArchive& out) {
    ContextScope scope(r.context(), "header properties");
    for (;;) {
        std::string key = r.asciiz(kMaxName);
        if (key.empty()) return;
        std::string value = r.asciiz(kMaxName);
        if (asciiLower(key) == "prefix") out.prefix = value;
        out.properties.emplace_back(std::move(key), std::move(value));
    }
}

PboEntry readEntryFields(ByteReader& r, std::string name) {
    PboEntry e;
    e.name = std::move(name);
    e.packing = r.u32();
    e.originalSize = r.u32();
    r.u32();  // reserved
    e.timestamp = r.u32();
    e.dataSize = r.u32();
    return e;
}

void readEntries(ByteReader& r, PboArchive& out) {
    ContextScope scope(r.context(), "entry", 0);
    for (int64_t i = 0;; ++i) {
        // The index an entry gets in PboArchive::entries, as `pbo list` and extract number them.
        scope.setIndex(int64_t(out.entries.size()));
        r.need(1 + kEntryFieldBytes, "entry");  // bounds the entry count by the bytes left
        std::string name = r.asciiz(kMaxName);
        if (r.remaining() < kEntryFieldBytes)
            r.failAtStated(DiagKind::Truncated, r.offset(),
                           "entry '" + name + "': its " + std::to_string(kEntryFieldBytes) + " field bytes at offset " +
                               hexOffset(r.offset()) + " run past the end of the file (" +
                               std::to_string(r.remaining()) + " bytes left)");
        PboEntry e = readEntryFields(r, std::move(name));
        if (e.name.empty()) {
            if (i == 0 && e.packing == kVers) {
                readProperties(r, out);
                continue;
            }
            return;  // the terminator
        }
        out.entries.push_back(std::move(e));
    }
}

// Data follows the header in entry order; each block must lie inside the file.
void placeData(ByteReader& r, uint64_t fileSize, PboArchive& out, WarningList& warnings) {
    uint64_t at = r.offset();
    const uint64_t end = fileSize;
    for (size_t i = 0; i < out.entries.size(); ++i) {
        PboEntry& e = out.entries[i];
        if (e.dataSize > end - at) {
            ContextScope scope(r.context(), "entry", int64_t(i));
            r.failAtStated(DiagKind::Truncated, at,
                           "entry '" + e.name + "' data of " + std::to_string(e.dataSize) + " bytes at offset " +
                               hexOffset(at) + " runs past the end of the file (" + std::to_string(end - at) +
                               " bytes left)");
        }
        e.dataOffset = at;
        at += e.dataSize;
    }
    const uint64_t tail = end - at;
    out.hasChecksum = tail == 21;
    if (tail != 0 && tail != 21) {
        if (at <= r.offset() + r.remaining()) r.seek(at);
        warnings.add(r, DiagKind::UnreadBytes,
                     std::to_string(tail) +
                         " bytes after the last entry's data (expected 0, or 21: a zero byte and "
                         "a SHA-1)");
    }
}

// Why Windows cannot hold a file or folder named `part`: a device name (CON, NUL, COM1...), with
// or without an extension, which opens the device instead of a file; or a trailing dot or space,
// which Windows drops (two entries would become one file). Refused on every system, so that an
// archive extracts and a data root resolves the same everywhere.
std::string windowsNameProblem(const std::string& part) {
    if (part.empty() || part == ".") return {};
    if (part.back() == '.' || part.back() == ' ')
        return "a trailing dot or space in '" + part + "' (dropped by Windows)";
    std::string stem = asciiLower(part.substr(0, part.find('.')));
    while (!stem.empty() && stem.back() == ' ') stem.pop_back();
    static const char* const kDevices[] = {"con", "prn", "aux", "nul", "conin$", "conout$"};
    bool device = false;
    for (const char* d : kDevices) device = device || stem == d;
    if ((stem.size() == 4 && (stem.rfind("com", 0) == 0 || stem.rfind("lpt", 0) == 0) && stem[3] >= '0' &&
         stem[3] <= '9'))
        device = true;
    return device ? "a name Windows reserves for a device ('" + part + "')" : std::string();
}

}  // namespace

Result<PboArchive> readPbo(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    return readPboHeader(data, size, size, sourceName, options);
}

Result<PboArchive> readPboHeader(const uint8_t* data, size_t available, uint64_t fileSize,
                                 const std::string& sourceName, const Options&) {
    ParseContext context;
    ByteReader r(data, data + available, 0, context);
    WarningList warnings;
    PboArchive out;
    try {
        readEntries(r, out);
        placeData(r, fileSize, out, warnings);
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(makeError(DiagKind::OutOfMemory, "out of memory reading the PBO header", r.offset()),
                          sourceName);
    }
    out.warnings = warnings.finish(sourceName);
    return out;
}

Result<std::vector<uint8_t>> readPboEntry(const PboArchive& archive, size_t entry, const uint8_t* data, size_t size,
                                          const std::string& sourceName, const Options& options) {
    if (entry >= archive.entries.size())
        return withSource(makeError(DiagKind::InvalidArgument, "no entry " + std::to_string(entry)), sourceName);
    const PboEntry& e = archive.entries[entry];
    // Every message names the file, the entry (its index too: names may repeat) and an offset.
    const std::string where = sourceName + ": entry " + std::to_string(entry) + " '" + e.name + "' (data at offset " +
                              hexOffset(e.dataOffset) + ")";
    if (e.dataOffset + e.dataSize > size)
        return makeError(DiagKind::Truncated,
                         where + ": " + std::to_string(e.dataSize) + " bytes run past the end of the file (" +
                             std::to_string(size) + " bytes)",
                         e.dataOffset);
    const uint8_t* in = data + e.dataOffset;
    if (!e.packed()) return std::vector<uint8_t>(in, in + e.dataSize);
    // LZSS cannot expand more than 9 bytes per input byte (one flag byte per 8 tokens of 18).
    if (uint64_t(e.originalSize) > uint64_t(e.dataSize) * 18)
        return makeError(DiagKind::BadCount,
                         where + ": declares " + std::to_string(e.originalSize) + " unpacked bytes, more than " +
                             std::to_string(e.dataSize) + " packed bytes can hold",
                         e.dataOffset);
    if (e.originalSize > options.memoryLimit)
        return makeError(DiagKind::MemoryLimit,
                         where + ": unpacks to " + std::to_string(e.originalSize) +
                             " bytes, over the memory limit of " + std::to_string(options.memoryLimit),
                         e.dataOffset);
    std::vector<uint8_t> out(e.originalSize);
    const CodecResult res = decodeLzss(in, e.dataSize, out.data(), out.size());
    if (!res.ok())
        return makeError(DiagKind::BadCompression,
                         where + ": LZSS stream failed at offset " + hexOffset(e.dataOffset + res.consumed) +
                             " after " + std::to_string(res.produced) + " bytes (" + codecStatusText(res.status) + ")",
                         e.dataOffset + res.consumed);
    // The stream is followed by its 32-bit byte sum, taken as unsigned or as signed bytes
    // (plain-text entries cannot tell the two apart; accept either, as for PAA).
    if (res.consumed + 4 <= e.dataSize) {
        uint32_t stored;
        std::memcpy(&stored, in + res.consumed, 4);
        if (stored != lzssChecksum(out.data(), out.size(), false) &&
            stored != lzssChecksum(out.data(), out.size(), true))
            return makeError(DiagKind::BadCompression,
                             where + ": LZSS checksum at offset " + hexOffset(e.dataOffset + res.consumed) +
                                 " does not match the unpacked bytes",
                             e.dataOffset + res.consumed);
    }
    return out;
}

std::string unsafePathReason(const std::string& name) {
    if (name.empty()) return "an empty name";
    for (unsigned char c : name)
        if (c < 0x20 || c == 0x7f) return "a control byte in the name";
    if (name[0] == '\\' || name[0] == '/') return "an absolute path";
    if (name.size() >= 2 && name[1] == ':') return "a drive letter";
    if (name.find(':') != std::string::npos) return "a ':' (an alternate data stream on Windows)";
    size_t begin = 0;
    while (begin <= name.size()) {
        size_t end = name.find_first_of("\\/", begin);
        if (end == std::string::npos) end = name.size();
        const std::string part = name.substr(begin, end - begin);
        if (part == "..") return "a '..' component";
        // NTFS and Linux's file systems hold at most 255 (UTF-16 units, bytes) in one name: the
        // file could not be written, and Wine reports that only as an I/O error.
        if (part.size() > 255)
            return "a name of " + std::to_string(part.size()) + " bytes (file systems hold at most 255)";
        if (const std::string why = windowsNameProblem(part); !why.empty()) return why;
        begin = end + 1;
    }
    return {};
}

}  // namespace rv
