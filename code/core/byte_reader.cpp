#include "core/byte_reader.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace rv {

std::string ParseContext::describe() const {
    std::string s;
    for (int i = 0; i < depth_ && i < kMaxDepth; ++i) {
        if (!s.empty()) s += ' ';
        s += frames_[i].label;
        if (frames_[i].index >= 0) {
            s += ' ';
            s += std::to_string(frames_[i].index);
        }
    }
    return s;
}

std::string ParseContext::prefixFor(const char* what) const {
    if (depth_ > 0 && depth_ <= kMaxDepth && frames_[depth_ - 1].index < 0 &&
        std::strcmp(frames_[depth_ - 1].label, what) == 0)
        return "";
    return std::string(what) + ": ";
}

std::string hexOffset(uint64_t offset) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%" PRIx64, offset);
    return buf;
}

// A range or seek past the end of the data is what a cut file looks like (a LOD table naming
// bytes that are gone), so it is Truncated; one that is inverted or starts before the data can
// only be a bad offset.
ByteReader ByteReader::sub(uint64_t absBegin, uint64_t absEnd) const {
    uint64_t lo = base_, hi = base_ + uint64_t(end_ - begin_);
    if (absBegin >= lo && absBegin <= absEnd) failIfCut(absEnd, offset());
    if (absBegin < lo || absEnd > hi || absBegin > absEnd)
        fail(absBegin < lo || absBegin > absEnd ? DiagKind::BadValue : DiagKind::Truncated,
             "range " + hexOffset(absBegin) + ".." + hexOffset(absEnd) + " lies outside the data (" + hexOffset(lo) +
                 ".." + hexOffset(hi) + ")");
    return ByteReader(begin_ + (absBegin - base_), begin_ + (absEnd - base_), absBegin, *context_);
}

void ByteReader::seek(uint64_t absOffset) {
    uint64_t hi = base_ + uint64_t(end_ - begin_);
    if (absOffset > hi) failIfCut(absOffset, offset());
    if (absOffset < base_ || absOffset > hi)
        fail(absOffset < base_ ? DiagKind::BadValue : DiagKind::Truncated,
             "seek to " + hexOffset(absOffset) + " lies outside the data (" + hexOffset(base_) + ".." + hexOffset(hi) +
                 ")");
    pos_ = begin_ + (absOffset - base_);
}

std::string ByteReader::asciiz(size_t maxLength) {
    size_t limit = remaining() < maxLength ? remaining() : maxLength;
    const void* nul = std::memchr(pos_, 0, limit);
    if (!nul) {
        if (limit == remaining()) {
            failIfCut(offset() + limit + 1, offset());
            fail(DiagKind::Truncated,
                 "string runs past the end of the data (no NUL in the " + std::to_string(limit) + " bytes left)");
        }
        fail(DiagKind::BadValue, "string longer than " + std::to_string(maxLength) + " bytes");
    }
    size_t n = size_t(static_cast<const uint8_t*>(nul) - pos_);
    std::string s(reinterpret_cast<const char*>(pos_), n);
    pos_ += n + 1;
    return s;
}

std::string ByteReader::fixedString(size_t n) {
    const uint8_t* p = take(n);
    const void* nul = std::memchr(p, 0, n);
    size_t len = nul ? size_t(static_cast<const uint8_t*>(nul) - p) : n;
    return std::string(reinterpret_cast<const char*>(p), len);
}

void ByteReader::checkCount(uint64_t count, size_t minElementBytes, const char* what) const {
    if (minElementBytes && count > remaining() / minElementBytes)
        fail(DiagKind::BadCount, context_->prefixFor(what) + "count " + std::to_string(count) + " of " +
                                     std::to_string(minElementBytes) + "-byte elements exceeds the " +
                                     std::to_string(remaining()) + " bytes left");
}

uint32_t ByteReader::count(size_t minElementBytes, const char* what) {
    uint64_t at = offset();
    context_->noteCount(at);
    uint32_t n = u32();
    if (minElementBytes && n > remaining() / minElementBytes)
        failAtStated(DiagKind::BadCount, at,
                     context_->prefixFor(what) + "count " + std::to_string(n) + " at offset " + hexOffset(at) +
                         " exceeds the " + std::to_string(remaining()) + " bytes left");
    return n;
}

void ByteReader::failIfCut(uint64_t needEnd, uint64_t absOffset) const {
    const uint64_t fileEnd = context_->fileEnd;
    if (fileEnd == 0 || needEnd <= fileEnd) return;
    std::string where = context_->describe();
    const std::string structure = where.empty() ? "the file's header" : where;
    // Decimal for the modder, the hex offset for us.
    throw ParseError(DiagKind::Truncated,
                     "truncated: the file ends at byte " + std::to_string(fileEnd) + ", but " + structure +
                         " needs bytes up to " + std::to_string(needEnd) + " (at offset " + hexOffset(absOffset) + ")",
                     absOffset, std::move(where));
}

void ByteReader::failShort(size_t n, const char* what) const {
    failIfCut(offset() + n, offset());
    fail(DiagKind::Truncated, std::string("needs ") + std::to_string(n) + " " + what + (n == 1 ? " byte" : " bytes") +
                                  " but only " + std::to_string(remaining()) + " are left");
}

void ByteReader::failAt(DiagKind kind, uint64_t absOffset, const std::string& detail) const {
    raise(kind, absOffset, detail + " (at offset " + hexOffset(absOffset) + ")");
}

void ByteReader::raise(DiagKind kind, uint64_t absOffset, const std::string& detail) const {
    std::string where = context_->describe();
    std::string msg = where.empty() ? detail : where + ": " + detail;
    throw ParseError(kind, std::move(msg), absOffset, std::move(where));
}

}  // namespace rv
