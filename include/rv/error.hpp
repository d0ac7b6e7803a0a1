// Errors and results returned by every rvimport decoder.
//
// Decoders never let an exception escape: each public entry point returns a Result<T>, which
// holds either the decoded value or a DecodeError naming the file, the structure being read and
// the absolute byte offset where the data stopped making sense.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace rv {

struct DecodeError {
    std::string message;  // "tf_bussole.p3d: LOD 2 faces: count 4294967295 at offset 0x1a3c exceeds ..."
    uint64_t offset = 0;  // absolute byte offset in the file
};

template <class T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(DecodeError error) : error_(std::move(error)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    T& value() { return *value_; }
    const T& value() const { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    const DecodeError& error() const { return error_; }

private:
    std::optional<T> value_;
    DecodeError error_;
};

}  // namespace rv
