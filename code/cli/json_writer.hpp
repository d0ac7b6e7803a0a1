// A small streaming JSON writer for `rvimport dump`: buffered, no DOM, floats printed in their
// shortest form that reads back as the identical float32.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace rv::cli {

class JsonWriter {
public:
    explicit JsonWriter(std::FILE* out) : out_(out) {}
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
    void open(char c);
    void close(char c);
    void separate();
    void raw(std::string_view s) { buf_.append(s); if (buf_.size() > (1 << 16)) flush(); }
    void raw(char c) { buf_.push_back(c); }

    std::FILE* out_;
    std::string buf_;
    std::vector<bool> first_;  // per open container: no element written yet
    bool afterKey_ = false;
};

}  // namespace rv::cli
