// ByteReader: the one bounds-checked cursor every parser in rvimport reads through.
//
// Every read checks the bytes left before touching memory. A failure throws ParseError (an
// internal exception caught at each decoder's public entry point) carrying the absolute file
// offset and the structure path kept in a ParseContext ("LOD 2 > sections > 5"), so messages say
// where a file went wrong without any string building on the success path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "rv/error.hpp"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "rvimport reads little-endian data with memcpy and supports little-endian hosts only"
#endif

namespace rv {

// Thrown inside a decoder, caught at its public entry point and turned into a DecodeError.
class ParseError : public std::runtime_error {
public:
    ParseError(DiagKind k, std::string message, uint64_t at, std::string path)
        : std::runtime_error(std::move(message)), kind(k), offset(at), where(std::move(path)) {}
    DiagKind kind;
    uint64_t offset;
    std::string where;  // the structure path when it was thrown
};

// A fixed-depth stack of (label, index) frames naming the structure being parsed.
class ParseContext {
public:
    static constexpr int kMaxDepth = 8;
    void push(const char* label, int64_t index) {
        if (depth_ < kMaxDepth) frames_[depth_] = {label, index};
        ++depth_;
    }
    void pop() { --depth_; }
    void setIndex(int64_t index) {
        if (depth_ > 0 && depth_ <= kMaxDepth) frames_[depth_ - 1].index = index;
    }
    std::string describe() const;  // "LOD 2 sections 5"
    // "what: " unless the innermost frame already names `what` (avoids "faces: faces: ...").
    std::string prefixFor(const char* what) const;

    // When set, the absolute offset of every count field read is appended here (tests and
    // fuzzers use it to aim hostile values at exactly those fields).
    std::vector<uint64_t>* countOffsets = nullptr;
    // The end of the file, set by the first reader made over it (base 0): a range past it is a
    // cut file, told in words ("truncated: the file ends at byte X, but ... needs bytes up to
    // Y"); a range past a structure's own end inside the file is that structure's fault.
    uint64_t fileEnd = 0;
    void noteCount(uint64_t at) const {
        if (countOffsets) countOffsets->push_back(at);
    }

private:
    struct Frame {
        const char* label;
        int64_t index;
    };
    Frame frames_[kMaxDepth]{};
    int depth_ = 0;
};

class ByteReader {
public:
    // `base` is the absolute file offset of `begin`, so sub-readers report file offsets.
    ByteReader(const uint8_t* begin, const uint8_t* end, uint64_t base, ParseContext& context)
        : begin_(begin), pos_(begin), end_(end), base_(base), context_(&context) {
        if (base == 0 && context.fileEnd == 0) context.fileEnd = uint64_t(end - begin);
    }

    size_t remaining() const { return size_t(end_ - pos_); }
    bool atEnd() const { return pos_ == end_; }
    uint64_t offset() const { return base_ + uint64_t(pos_ - begin_); }
    const uint8_t* position() const { return pos_; }
    ParseContext& context() const { return *context_; }

    // A reader over [absolute offset begin, end) of the same buffer this one covers.
    ByteReader sub(uint64_t absBegin, uint64_t absEnd) const;
    void seek(uint64_t absOffset);

    template <class T>
    T read() {
        static_assert(std::is_trivially_copyable<T>::value, "read<T> needs a plain type");
        need(sizeof(T), "value");
        T v;
        std::memcpy(&v, pos_, sizeof(T));
        pos_ += sizeof(T);
        return v;
    }
    uint8_t u8() { return read<uint8_t>(); }
    uint16_t u16() { return read<uint16_t>(); }
    int16_t i16() { return read<int16_t>(); }
    uint32_t u32() { return read<uint32_t>(); }
    int32_t i32() { return read<int32_t>(); }
    float f32() { return read<float>(); }
    bool boolean() { return read<uint8_t>() != 0; }

    void readInto(void* dst, size_t n) {
        need(n, "data");
        if (n) std::memcpy(dst, pos_, n);
        pos_ += n;
    }
    const uint8_t* take(size_t n) {
        need(n, "data");
        const uint8_t* p = pos_;
        pos_ += n;
        return p;
    }
    void skip(size_t n) { take(n); }

    // A NUL-terminated string; fails if no NUL occurs within `maxLength` bytes or before the end.
    std::string asciiz(size_t maxLength = 4096);
    // A string field of exactly n bytes, cut at the first NUL.
    std::string fixedString(size_t n);

    // A u32 element count that must fit the bytes left: count * minElementBytes <= remaining.
    uint32_t count(size_t minElementBytes, const char* what);
    // Checks that `count` elements of at least `minElementBytes` could still fit.
    void checkCount(uint64_t count, size_t minElementBytes, const char* what) const;

    // Stops the decode: `detail` says what is wrong; the structure path and offset are added.
    // Every call names its kind (there is deliberately no default): callers compare kinds, so a
    // site that guessed would mislead them.
    // The error at `absOffset` (offset() for fail): " (at offset 0x...)" is added to `detail`, and the
    // Stated forms take a detail that already says where ("count 7 at offset 0x1c exceeds ...").
    [[noreturn]] void fail(DiagKind kind, const std::string& detail) const { failAt(kind, offset(), detail); }
    [[noreturn]] void failAt(DiagKind kind, uint64_t absOffset, const std::string& detail) const;
    [[noreturn]] void failStated(DiagKind kind, const std::string& detail) const { raise(kind, offset(), detail); }
    [[noreturn]] void failAtStated(DiagKind kind, uint64_t absOffset, const std::string& detail) const {
        raise(kind, absOffset, detail);
    }

    void need(size_t n, const char* what) const {
        if (n > remaining()) failShort(n, what);
    }

private:
    [[noreturn]] void failShort(size_t n, const char* what) const;
    // When `needEnd` lies past the end of the file: the cut-file error, at `absOffset`.
    void failIfCut(uint64_t needEnd, uint64_t absOffset) const;
    [[noreturn]] void raise(DiagKind kind, uint64_t absOffset, const std::string& detail) const;

    const uint8_t* begin_;
    const uint8_t* pos_;
    const uint8_t* end_;
    uint64_t base_;
    ParseContext* context_;
};

// RAII frame on a ParseContext.
class ContextScope {
public:
    ContextScope(ParseContext& c, const char* label, int64_t index = -1) : c_(c) { c_.push(label, index); }
    ~ContextScope() { c_.pop(); }
    void setIndex(int64_t index) { c_.setIndex(index); }
    ContextScope(const ContextScope&) = delete;
    ContextScope& operator=(const ContextScope&) = delete;

private:
    ParseContext& c_;
};

std::string hexOffset(uint64_t offset);  // "0x1a3c"

}  // namespace rv
