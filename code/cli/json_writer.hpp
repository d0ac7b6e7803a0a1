// A small streaming JSON writer for `rvimport dump`: buffered, no DOM, floats printed in their
// shortest form that reads back as the identical float32. Compact by default; `pretty` indents by
// two spaces with one key per line, and keeps an array on one line while it holds only scalars.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "rv/error.hpp"
#include "rv/math_types.hpp"

namespace rv::cli {

// A file name as JSON text takes it: bytes >= 0x80 are read as Latin-1 (what a name in a game file
// most often is: the files store no encoding) and written as UTF-8, as JsonWriter::value does.
std::string utf8FromBytes(std::string_view bytes);

class JsonWriter {
public:
    explicit JsonWriter(std::FILE* out, bool pretty = false) : out_(out), pretty_(pretty) {}
    ~JsonWriter() { flush(); }

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    void key(std::string_view k);

    void value(std::string_view s);
    void value(const char* s) { value(std::string_view(s)); }
    void value(const std::string& s) { value(std::string_view(s)); }
    void value(float f);
    void value(double d) { value(float(d)); }
    // A double written in full, without an exponent ("200000.125"): projected coordinates.
    void fixed(double d);
    void value(int64_t i);
    void value(uint64_t u);
    void value(int32_t i) { value(int64_t(i)); }
    void value(uint32_t u) { value(uint64_t(u)); }
    void value(bool b);
    void null();

    template <class K, class V>
    void field(K k, const V& v) {
        key(k);
        value(v);
    }
    template <class It>
    void floats(It begin, It end) {  // [a,b,c]
        beginArray();
        for (; begin != end; ++begin) value(float(*begin));
        endArray();
    }
    void flush();

private:
    struct Level {
        bool object;     // '{' rather than '['
        bool first;      // no element written yet
        bool multiline;  // pretty: elements on their own lines, so the closer goes on its own line too
    };
    void open(char c);
    void close(char c);
    void separate(bool container);
    void newline();
    void raw(std::string_view s) {
        buf_.append(s);
        if (buf_.size() > (1 << 16)) flush();
    }
    void raw(char c) { buf_.push_back(c); }

    std::FILE* out_;
    bool pretty_;
    std::string buf_;
    std::vector<Level> levels_;  // the open containers, outermost first
    bool afterKey_ = false;
};

// Shapes both dumps (models and terrains) write.
inline void vec3(JsonWriter& j, const Vec3& v) {
    j.beginArray();
    j.value(v.x);
    j.value(v.y);
    j.value(v.z);
    j.endArray();
}
inline void vec3s(JsonWriter& j, const char* k, const std::vector<Vec3>& v) {
    j.key(k);
    j.beginArray();
    for (const Vec3& x : v) vec3(j, x);
    j.endArray();
}
template <class T>
void uints(JsonWriter& j, const char* k, const std::vector<T>& v) {
    j.key(k);
    j.beginArray();
    for (const T& x : v) j.value(uint64_t(x));
    j.endArray();
}
inline void strings(JsonWriter& j, const char* k, const std::vector<std::string>& v) {
    j.key(k);
    j.beginArray();
    for (const std::string& s : v) j.value(s);
    j.endArray();
}

// Warnings as objects: {"kind", "where", "offset", "count", "message"}.
inline void warnings(JsonWriter& j, const std::vector<Warning>& list) {
    j.key("warnings");
    j.beginArray();
    for (const Warning& w : list) {
        j.beginObject();
        j.field("kind", diagKindName(w.kind));
        j.field("where", w.where);
        j.field("offset", uint64_t(w.offset));
        j.field("count", uint32_t(w.count));
        j.field("source", w.source);
        j.field("message", diagnosticLine(w));  // the whole line, as printed
        j.endObject();
    }
    j.endArray();
}

}  // namespace rv::cli
