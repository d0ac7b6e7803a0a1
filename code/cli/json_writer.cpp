#include "cli/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace rv::cli {

// Writes what goes before the next element: a comma after a sibling and, when pretty, a line
// break for every key and for every container inside an array (scalars in an array stay on the
// line, ", " apart).
void JsonWriter::separate(bool container) {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (levels_.empty()) return;
    Level& level = levels_.back();
    if (!level.first) raw(',');
    const bool wasFirst = level.first;
    level.first = false;
    if (!pretty_) return;
    if (level.object || container) {
        level.multiline = true;
        newline();
    } else if (!wasFirst) {
        raw(' ');
    }
}

void JsonWriter::newline() {
    raw('\n');
    buf_.append(levels_.size() * 2, ' ');
}

void JsonWriter::open(char c) {
    separate(true);
    raw(c);
    levels_.push_back(Level{c == '{', true, false});
}

void JsonWriter::close(char c) {
    const bool multiline = levels_.back().multiline;
    levels_.pop_back();
    if (multiline) newline();
    raw(c);
    if (levels_.empty()) raw('\n');
}

void JsonWriter::key(std::string_view k) {
    value(k);
    raw(pretty_ ? ": " : ":");
    afterKey_ = true;
}

// Strings in BI files are 8-bit (ASCII, sometimes Windows code pages); bytes >= 0x80 are taken
// as Latin-1 so the output is always valid UTF-8 JSON.
std::string utf8FromBytes(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (const unsigned char c : bytes) {
        if (c < 0x80) {
            out += char(c);
        } else {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

void JsonWriter::value(std::string_view s) {
    separate(false);
    raw('"');
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                raw("\\\"");
                break;
            case '\\':
                raw("\\\\");
                break;
            case '\n':
                raw("\\n");
                break;
            case '\r':
                raw("\\r");
                break;
            case '\t':
                raw("\\t");
                break;
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
    separate(false);
    char b[32];
    auto res = std::to_chars(b, b + sizeof b, f);  // shortest round-trip form
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::fixed(double d) {
    if (!std::isfinite(d)) {
        null();
        return;
    }
    separate(false);
    char b[400];  // the longest double in fixed notation is 309 digits and a sign
    auto res = std::to_chars(b, b + sizeof b, d + 0.0, std::chars_format::fixed);
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(int64_t i) {
    separate(false);
    char b[24];
    auto res = std::to_chars(b, b + sizeof b, i);
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(uint64_t u) {
    separate(false);
    char b[24];
    auto res = std::to_chars(b, b + sizeof b, u);
    raw(std::string_view(b, size_t(res.ptr - b)));
}

void JsonWriter::value(bool v) {
    separate(false);
    raw(v ? "true" : "false");
}

void JsonWriter::null() {
    separate(false);
    raw("null");
}

void JsonWriter::flush() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), out_);
    buf_.clear();
}

}  // namespace rv::cli
