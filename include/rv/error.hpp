// Diagnostics and results returned by every rvimport decoder.
//
// Decoders never let an exception escape: each public entry point returns a Result<T>, which
// holds either the decoded value or a DecodeError. Errors and warnings are one type, Diagnostic:
// a kind from one enum (tests and adapters compare kinds, never message texts), a severity, the
// structure path ("LOD 3 faces"), the absolute byte offset, the file it is about (its source) and
// the message. One function, diagnosticLine, writes the line a user reads from them
// ("m.p3d: LOD 3 faces: count 4294967295 at offset 0x1a3c exceeds ..."); no code takes a line
// apart again or decides anything by its text.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rv {

enum class Severity : uint8_t { Warning = 1, Error = 2 };

// What went wrong. Errors stop a decode; warnings describe data that was tolerated.
// The numeric values are stable: the C ABI (rvimport.h, rv_result) exposes them.
enum class DiagKind : uint16_t {
    // ---- errors ----
    CannotRead = 1,        // the file could not be opened or read
    NotRecognized = 2,     // the bytes are not the kind of file asked for
    Unsupported = 3,       // a known format or version rvimport refuses (MLOD, DayZ, VBS, encrypted)
    Truncated = 4,         // the data ends inside a structure
    BadCount = 5,          // a count or size exceeds the bytes left or the format's limits
    BadValue = 6,          // a field holds an impossible value (offset, index, tag, flag)
    BadCompression = 7,    // a compressed stream is malformed or fails its checksum
    MemoryLimit = 8,       // decoding would exceed Options::memoryLimit
    OutOfMemory = 9,       // an allocation failed
    InvalidArgument = 10,  // the caller passed something unusable (C ABI)
    // ---- warnings ----
    UnreadBytes = 100,       // bytes inside a structure that were not read
    EndsEarly = 101,         // a structure ends before its declared size; its tail is missing
    SizeMismatch = 102,      // a declared size or count differs from what was read
    IndexOutOfRange = 103,   // an index points past its table; the reference was dropped
    UnknownRecord = 104,     // a record of an unknown type was skipped
    NameProblem = 105,       // a missing or duplicate name
    MissingReference = 106,  // a texture, material or model the file names is not in the data root
    NoDataRoot = 107,        // the file names textures or models, and no data root was given
};

// "truncated", "bad count", "unread bytes"...: a short stable name for messages and JSON.
const char* diagKindName(DiagKind kind);

struct Diagnostic {
    DiagKind kind = DiagKind::BadValue;
    Severity severity = Severity::Error;
    std::string where;    // structure path, "LOD 3 faces"; empty at file level
    uint64_t offset = 0;  // absolute byte offset in the file
    std::string source;   // the file it is about, as named when read ("m.p3d"); empty: none
    std::string message;  // what happened, in plain words, without the source
    uint32_t count = 1;   // warnings: how many identical ones were merged into this one
};

using DecodeError = Diagnostic;
using Warning = Diagnostic;

// The user's line: "<source>: <message>", or the message alone when it has no source.
std::string diagnosticLine(const Diagnostic& d);
// The line about `input`, the file as the user named it ("mods/a/m.p3d"), whose own name is
// `inputName` ("m.p3d"): "<input>: <message>" for a diagnostic about that file (or about none),
// "<input>: <source>: <message>" for one about another file that this input reads (a proxy's model).
std::string diagnosticLine(const Diagnostic& d, const std::string& input, const std::string& inputName);
// The warnings a person reads: at most `perKind` of each kind, in their order, then for each kind
// that had more one line saying how many more ("and 46 more missing-reference warnings like
// these; --verbose lists them all"), so one input never floods the screen. The command line caps
// what it prints (defaults::kWarningsPerKind; --verbose: no cap); the API returns them all.
std::vector<Diagnostic> capWarnings(const std::vector<Diagnostic>& warnings, size_t perKind);
// `d` told as part of `source`'s diagnostics: about `source` when it named no file, else its own line
// becomes the message ("lamp.p3d: ..." under "man.p3d"). For what the files a file reads report.
Diagnostic underSource(Diagnostic d, const std::string& source);

// Builds a warning diagnostic with no position (adapters' and the view's notes), about no file
// (withSource names one).
inline Warning makeWarning(DiagKind kind, std::string message) {
    Warning w;
    w.kind = kind;
    w.severity = Severity::Warning;
    w.message = std::move(message);
    return w;
}

// Builds an error diagnostic, about no file (withSource names one).
inline DecodeError makeError(DiagKind kind, std::string message, uint64_t offset = 0, std::string where = {}) {
    DecodeError e;
    e.kind = kind;
    e.severity = Severity::Error;
    e.where = std::move(where);
    e.offset = offset;
    e.message = std::move(message);
    return e;
}

// `d` about `source`: makeError(...) | withSource("m.p3d") style, for one-line construction.
inline Diagnostic withSource(Diagnostic d, std::string source) {
    d.source = std::move(source);
    return d;
}

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(DecodeError error) : error_(std::move(error)) {}

    [[nodiscard]] bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    // Only on success: asserts (debug and sanitizer builds) that there is a value.
    T& value() {
        assert(value_.has_value() && "Result::value() of a failed result");
        return *value_;
    }
    const T& value() const {
        assert(value_.has_value() && "Result::value() of a failed result");
        return *value_;
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const DecodeError& error() const { return error_; }

private:
    std::optional<T> value_;
    DecodeError error_;
};

}  // namespace rv
