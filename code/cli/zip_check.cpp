// zip_check.hpp: the archive read back through readFileRange, record by record.
#include "cli/zip_check.hpp"

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <vector>

#include "rv/file_bytes.hpp"

namespace rv::cli {
namespace {

uint16_t le16(const uint8_t* p) { return uint16_t(p[0] | p[1] << 8); }
uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
uint64_t le64(const uint8_t* p) { return le32(p) | uint64_t(le32(p + 4)) << 32; }

// `n` bytes at `offset`, or an empty vector when the file has fewer.
std::vector<uint8_t> bytesAt(const std::string& path, uint64_t offset, uint64_t n) {
    auto r = readFileRange(path, offset, n);
    return r && r->size() == n ? std::move(r.value()) : std::vector<uint8_t>{};
}

}  // namespace

// From Assimp 5.4 its zip library writes a zip64 end record and its locator before the end
// record of even the smallest archive: the directory then ends at the zip64 record, which holds
// its place and size.
std::string zipDefect(const std::filesystem::path& file) {
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(file, ec);
    if (ec) return ec.message();
    const std::string path = file.u8string();
    const uint64_t tailSize = std::min<uint64_t>(size, 22 + 65535);
    if (tailSize < 22) return "no zip end record";
    const std::vector<uint8_t> tail = bytesAt(path, size - tailSize, tailSize);
    if (tail.empty()) return "cannot read it back";
    size_t end = size_t(tailSize) - 22 + 1;
    while (end-- > 0)
        if (le32(&tail[end]) == 0x06054b50u && end + 22 + le16(&tail[end + 20]) == tailSize) break;
    if (end == size_t(-1)) return "no zip end record";
    const uint64_t endRecord = size - tailSize + end;
    uint64_t dirSize = le32(&tail[end + 12]), dirOffset = le32(&tail[end + 16]), dirEnd = endRecord;
    uint64_t entries = le16(&tail[end + 10]);
    const std::vector<uint8_t> locator = endRecord >= 20 ? bytesAt(path, endRecord - 20, 20) : std::vector<uint8_t>{};
    if (!locator.empty() && le32(locator.data()) == 0x07064b50u) {
        const uint64_t at64 = le64(&locator[8]);
        const std::vector<uint8_t> record = bytesAt(path, at64, 56);
        if (record.empty() || le32(record.data()) != 0x06064b50u) return "no zip64 end record";
        if (at64 + 12 + le64(&record[4]) != endRecord - 20) return "the zip64 end record is not where its locator says";
        entries = le64(&record[32]);
        dirSize = le64(&record[40]);
        dirOffset = le64(&record[48]);
        dirEnd = at64;
    }
    if (dirOffset > dirEnd || dirSize != dirEnd - dirOffset)
        return "the central directory is not where the end record says";
    const std::vector<uint8_t> dir = dirSize ? bytesAt(path, dirOffset, dirSize) : std::vector<uint8_t>{};
    if (dirSize && dir.empty()) return "cannot read the central directory";
    size_t at = 0;
    for (uint64_t i = 0; i < entries; ++i) {
        if (at + 46 > dir.size() || le32(&dir[at]) != 0x02014b50u) return "a central directory entry is missing";
        const uint64_t packed = le32(&dir[at + 20]), local = le32(&dir[at + 42]);
        const std::vector<uint8_t> header = bytesAt(path, local, 30);
        if (header.empty() || le32(header.data()) != 0x04034b50u) return "an entry is missing";
        if (local + 30 + le16(&header[26]) + le16(&header[28]) + packed > dirOffset) return "an entry is cut short";
        at += 46 + size_t(le16(&dir[at + 28])) + le16(&dir[at + 30]) + le16(&dir[at + 32]);
    }
    return {};
}

}  // namespace rv::cli
