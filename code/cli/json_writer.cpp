#include "cli/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace rv::cli {

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) raw(',');
        first_.back() = false;
    }
}

void JsonWriter::open(char c) {
    separate();
    raw(c);
    first_.push_back(true);
}

void JsonWriter::close(char c) {
    first_.pop_back();
    raw(c);
    if (first_.empty()) raw('\n');
}

void JsonWriter::key(std::string_view k) {
    value(k);
    raw(':');
    afterKey_ = true;
}

// Strings in BI files are 8-bit (ASCII, sometimes Windows code pages); bytes >= 0x80 are taken
// as Latin-1 so the output is always valid UTF-8 JSON.
void JsonWriter::value(std::string_view s) {
    separate();
    raw('"');
    for (unsigned char c : s) {
        switch (c) {
            case '"': raw("\\\""); break;
            case '\\': raw("\\\\"); break;
            case '\n': raw("\\n"); break;
            case '\r': raw("\\r"); break;
            case '\t': raw("\\t"); break;
            default:
                if (c < 0x20) {
                    char b[8];
                    std::snprintf(b, sizeof b, "\\u%04x", c);
                    raw(b);
                } else if (c >= 0x80) {
                    raw(char(0xC0 | (c >> 6)));
                    raw(char(0x80 | (c & 0x3F)));
                } else {
                    raw(char(c));
                }
        }
    }
    raw('"');
}

void JsonWriter::value(float f) {
    if (!std::isfinite(f)) {
        null();
        return;
    }
    separate();
    char b[32];
    auto res = std::to_chars(b, b + sizeof b, f);  // shortest round-trip form
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(int64_t i) {
    separate();
    char b[24];
    auto res = std::to_chars(b, b + sizeof b, i);
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(uint64_t u) {
    separate();
    char b[24];
    auto res = std::to_chars(b, b + sizeof b, u);
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(bool v) {
    separate();
    raw(v ? "true" : "false");
}

void JsonWriter::null() {
    separate();
    raw("null");
}

void JsonWriter::flush() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), out_);
    buf_.clear();
}

}  // namespace rv::cli
