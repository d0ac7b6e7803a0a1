// Shared by the config and rvmat tests: the texture samples' folder, a test-side raP writer
// (BI's layout: each class body after its parent's entries, optionally closed by BI's u32 end
// offset), a tree comparison, and a minimal PBO entry lookup for the real config.bin and
// config.cpp files packed in the sample PBOs (stored entries only; the samples' are).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "rv/config.hpp"
#include "support/byte_writer.hpp"
#include "support/samples.hpp"

namespace cfgtest {

// ../shared/samples/textures, or "" when the samples are absent.
inline std::string texturesDir() {
    const std::string dir = rvtest::samplesDir();
    return dir.empty() ? dir : dir + "/textures";
}

#define RV_REQUIRE_TEXTURE_SAMPLES() \
    if (cfgtest::texturesDir().empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)"

inline rv::ConfigTree decodeOk(const std::vector<uint8_t>& bytes, const std::string& name, const rv::Options& o = {}) {
    auto r = rv::decodeConfig(bytes.data(), bytes.size(), name, o);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? std::move(r.value()) : rv::ConfigTree{};
}

inline rv::ConfigTree decodeText(const std::string& text, const std::string& name = "t.cpp") {
    return decodeOk(std::vector<uint8_t>(text.begin(), text.end()), name);
}

// ---- the raP writer ----
inline void compressedInt(rvtest::ByteWriter& w, uint32_t v) {
    do {
        uint8_t b = uint8_t(v & 0x7f);
        v >>= 7;
        if (v) b |= 0x80;
        w.u8(b);
    } while (v);
}

inline uint8_t rapCode(const rv::ConfigValue& v) {
    switch (v.type) {
        case rv::ConfigValueType::String:
            return 0;
        case rv::ConfigValueType::Float:
            return 1;
        case rv::ConfigValueType::Int:
            return 2;
        case rv::ConfigValueType::Array:
            return 3;
        case rv::ConfigValueType::Expression:
            return 4;
        case rv::ConfigValueType::Int64:
            return 6;
    }
    return 0;
}

inline void rapScalar(rvtest::ByteWriter& w, const rv::ConfigValue& v) {
    switch (v.type) {
        case rv::ConfigValueType::Float:
            w.f32(v.real);
            break;
        case rv::ConfigValueType::Int:
            w.i32(int32_t(v.integer));
            break;
        case rv::ConfigValueType::Int64:
            w.put(int64_t(v.integer));
            break;
        default:
            w.asciiz(v.text);
            break;
    }
}

inline void rapArray(rvtest::ByteWriter& w, const rv::ConfigValue& a) {
    compressedInt(w, uint32_t(a.items.size()));
    for (const rv::ConfigValue& v : a.items) {
        w.u8(rapCode(v));
        if (v.type == rv::ConfigValueType::Array)
            rapArray(w, v);
        else
            rapScalar(w, v);
    }
}

inline void rapBody(rvtest::ByteWriter& w, const rv::ConfigEntry& cls, bool endOffsets) {
    w.asciiz(cls.base);
    compressedInt(w, uint32_t(cls.entries.size()));
    std::vector<std::pair<size_t, const rv::ConfigEntry*>> patches;
    for (const rv::ConfigEntry& e : cls.entries) {
        switch (e.kind) {
            case rv::ConfigEntryKind::Class:
                w.u8(0);
                w.asciiz(e.name);
                patches.push_back({w.size(), &e});
                w.u32(0);
                break;
            case rv::ConfigEntryKind::Value:
                w.u8(1);
                w.u8(rapCode(e.value));
                w.asciiz(e.name);
                rapScalar(w, e.value);
                break;
            case rv::ConfigEntryKind::Array:
                w.u8(2);
                w.asciiz(e.name);
                rapArray(w, e.value);
                break;
            case rv::ConfigEntryKind::External:
                w.u8(3);
                w.asciiz(e.name);
                break;
            case rv::ConfigEntryKind::Delete:
                w.u8(4);
                w.asciiz(e.name);
                break;
            case rv::ConfigEntryKind::ArrayAppend:
                w.u8(5);
                w.u32(1);
                w.asciiz(e.name);
                rapArray(w, e.value);
                break;
        }
    }
    const size_t endAt = w.size();
    if (endOffsets) w.u32(0);
    for (auto& [at, child] : patches) {
        w.patchU32(at, uint32_t(w.size()));
        rapBody(w, *child, endOffsets);
    }
    if (endOffsets) w.patchU32(endAt, uint32_t(w.size()));
}

// A whole raP file of `root`, with BI's per-body end offsets or without them (HEMTT's form).
inline std::vector<uint8_t> rapify(const rv::ConfigEntry& root, bool endOffsets = true) {
    rvtest::ByteWriter w;
    w.raw("\0raP", 4);
    w.u32(0);
    w.u32(8);
    w.u32(0);  // enum offset, patched
    rapBody(w, root, endOffsets);
    w.patchU32(12, uint32_t(w.size()));
    w.u32(0);  // an empty enum table
    return w.bytes;
}

// ---- comparison ----
inline void expectSameValue(const rv::ConfigValue& a, const rv::ConfigValue& b, const std::string& path) {
    ASSERT_EQ(int(a.type), int(b.type)) << path;
    EXPECT_EQ(a.text, b.text) << path;
    EXPECT_EQ(a.integer, b.integer) << path;
    EXPECT_EQ(a.real, b.real) << path;
    ASSERT_EQ(a.items.size(), b.items.size()) << path;
    for (size_t i = 0; i < a.items.size(); ++i)
        expectSameValue(a.items[i], b.items[i], path + "[" + std::to_string(i) + "]");
}

inline void expectSameTree(const rv::ConfigEntry& a, const rv::ConfigEntry& b, const std::string& path = "root") {
    ASSERT_EQ(int(a.kind), int(b.kind)) << path;
    EXPECT_EQ(a.name, b.name) << path;
    EXPECT_EQ(a.base, b.base) << path;
    expectSameValue(a.value, b.value, path);
    ASSERT_EQ(a.entries.size(), b.entries.size()) << path;
    for (size_t i = 0; i < a.entries.size(); ++i)
        expectSameTree(a.entries[i], b.entries[i], path + "/" + a.entries[i].name);
}

inline size_t countEntries(const rv::ConfigEntry& e) {
    size_t n = 1;
    for (const rv::ConfigEntry& c : e.entries) n += countEntries(c);
    return n;
}

// ---- PBO: the bytes of entry `name` (compared case-insensitively), empty when absent ----
inline std::vector<uint8_t> pboEntry(const std::vector<uint8_t>& pbo, const std::string& name) {
    size_t p = 0;
    auto asciiz = [&]() {
        std::string s;
        while (p < pbo.size() && pbo[p]) s += char(pbo[p++]);
        ++p;
        return s;
    };
    auto u32 = [&](size_t at) {
        uint32_t v = 0;
        if (at + 4 <= pbo.size()) std::memcpy(&v, pbo.data() + at, 4);
        return v;
    };
    struct Entry {
        std::string name;
        uint32_t size;
    };
    std::vector<Entry> entries;
    while (p < pbo.size()) {
        std::string n = asciiz();
        const uint32_t mime = u32(p), size = u32(p + 16);
        p += 20;
        if (n.empty() && mime == 0x56657273) {  // "Vers": key/value strings up to an empty one
            while (p < pbo.size() && !asciiz().empty()) {}
            continue;
        }
        if (n.empty()) break;
        entries.push_back({n, size});
    }
    for (const Entry& e : entries) {
        if (rv::configNameEquals(e.name, name) && p + e.size <= pbo.size())
            return std::vector<uint8_t>(pbo.begin() + long(p), pbo.begin() + long(p + e.size));
        p += e.size;
    }
    return {};
}

}  // namespace cfgtest
