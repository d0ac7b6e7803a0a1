// Little-endian byte writer for the test-side file writers.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace rvtest {

// The IEEE-754 bits of a float: how the tests compare decoded values exactly.
inline uint32_t bitsOf(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

class ByteWriter {
public:
    std::vector<uint8_t> bytes;

    template <class T>
    void put(const T& v) {
        size_t at = bytes.size();
        bytes.resize(at + sizeof(T));
        std::memcpy(bytes.data() + at, &v, sizeof(T));
    }
    void u8(uint8_t v) { put(v); }
    void u16(uint16_t v) { put(v); }
    void i16(int16_t v) { put(v); }
    void u32(uint32_t v) { put(v); }
    void i32(int32_t v) { put(v); }
    void f32(float v) { put(v); }
    void boolean(bool v) { u8(v ? 1 : 0); }
    void raw(const void* p, size_t n) {
        size_t at = bytes.size();
        bytes.resize(at + n);
        if (n) std::memcpy(bytes.data() + at, p, n);
    }
    void raw(const std::vector<uint8_t>& v) { raw(v.data(), v.size()); }
    void asciiz(const std::string& s) { raw(s.c_str(), s.size() + 1); }
    void magic(const char* m) { raw(m, 4); }
    size_t size() const { return bytes.size(); }
    void patchU32(size_t at, uint32_t v) { std::memcpy(bytes.data() + at, &v, 4); }
};

}  // namespace rvtest
