// Shared by the PAA tests: the texture samples' reference table and the hash it uses.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "rv/paa.hpp"
#include "support/samples.hpp"

namespace paatest {

// ../shared/samples/textures, or "" when the samples are absent.
inline std::string texturesDir() {
    const std::string dir = rvtest::samplesDir();
    return dir.empty() ? dir : dir + "/textures";
}

#define RV_REQUIRE_TEXTURES() \
    if (paatest::texturesDir().empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)"

// FNV-1a 64 with the textbook offset basis, as the textures README defines its hashes.
inline std::string fnv64(const std::vector<uint8_t>& bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
    return buf;
}

// One row of reference-decodes.tsv ("-" kept as written).
struct RefRow {
    std::string path, width, height, mips, lzo, armatools, squish, swizzled, notes;
};
inline void PrintTo(const RefRow& r, std::ostream* os) { *os << r.path; }

inline std::vector<RefRow> referenceRows() {
    std::vector<RefRow> rows;
    const std::string dir = texturesDir();
    if (dir.empty()) return rows;
    for (const std::vector<std::string>& c : rvtest::readTsv(dir + "/reference-decodes.tsv")) {
        if (c.size() < 9) continue;
        rows.push_back({c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]});
    }
    return rows;
}

inline std::string rowName(const std::string& path) {
    std::string n;
    for (char c : path) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return n;
}

// Decodes the header or fails the test.
inline rv::PaaTexture header(const std::vector<uint8_t>& bytes, const std::string& name) {
    auto r = rv::decodePaa(bytes.data(), bytes.size(), name);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? std::move(r.value()) : rv::PaaTexture{};
}

inline rv::Image mip(const rv::PaaTexture& t, const std::vector<uint8_t>& bytes, size_t index,
                     const rv::PaaDecodeOptions& options = {}) {
    auto r = rv::decodePaaMip(t, bytes.data(), bytes.size(), index, options);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? std::move(r.value()) : rv::Image{};
}

}  // namespace paatest

// ---- a test-side PAA writer and reference pixel formulas, written from the textures README ----
namespace paatest {

struct MipSpec {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> data;  // exactly what goes after the header
    bool lzoFlag = false;       // bit 15 of the stored width
    bool lzssMagic = false;     // P8: the 1234 x 8765 header
};

struct PaaSpec {
    bool typed = true;
    uint16_t type = 0xFF01;
    std::vector<std::pair<std::string, std::vector<uint8_t>>> tags;  // name as stored ("CGVA"), data
    std::vector<std::array<uint8_t, 3>> palette;                     // b, g, r
    std::vector<MipSpec> mips;
    bool trailingZero = true;
    std::vector<uint8_t> extra;  // after everything
};

inline void put16(std::vector<uint8_t>& o, uint32_t v) {
    o.push_back(uint8_t(v));
    o.push_back(uint8_t(v >> 8));
}
inline void put32(std::vector<uint8_t>& o, uint32_t v) {
    put16(o, v & 0xffff);
    put16(o, v >> 16);
}

inline std::vector<uint8_t> writePaa(const PaaSpec& s) {
    std::vector<uint8_t> o;
    if (s.typed) put16(o, s.type);
    for (const auto& [name, data] : s.tags) {
        o.insert(o.end(), {'G', 'G', 'A', 'T'});
        o.insert(o.end(), name.begin(), name.end());
        put32(o, uint32_t(data.size()));
        o.insert(o.end(), data.begin(), data.end());
    }
    put16(o, uint32_t(s.palette.size()));
    for (const auto& c : s.palette) o.insert(o.end(), c.begin(), c.end());
    for (const MipSpec& m : s.mips) {
        if (m.lzssMagic) {
            put16(o, 1234);
            put16(o, 8765);
        }
        put16(o, m.width | (m.lzoFlag ? 0x8000u : 0u));
        put16(o, m.height);
        const uint32_t n = uint32_t(m.data.size());
        o.insert(o.end(), {uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16)});
        o.insert(o.end(), m.data.begin(), m.data.end());
    }
    put32(o, 0);
    if (s.trailingZero) put16(o, 0);
    o.insert(o.end(), s.extra.begin(), s.extra.end());
    return o;
}

inline uint32_t sumBytes(const std::vector<uint8_t>& b, bool signedBytes) {
    uint32_t s = 0;
    for (uint8_t v : b) s += signedBytes ? uint32_t(int32_t(int8_t(v))) : v;
    return s;
}

// ---- expected RGBA per stored pixel (README "Format facts") ----
inline std::array<uint8_t, 4> rgba4444(uint32_t v) {
    return {uint8_t(((v >> 8) & 15) * 17), uint8_t(((v >> 4) & 15) * 17), uint8_t((v & 15) * 17),
            uint8_t((v >> 12) * 17)};
}
inline uint8_t bits5(uint32_t v) { return uint8_t((v << 3) | (v >> 2)); }
inline std::array<uint8_t, 4> rgba1555(uint32_t v) {
    return {bits5((v >> 10) & 31), bits5((v >> 5) & 31), bits5(v & 31), uint8_t((v >> 15) ? 255 : 0)};
}

// Stored bytes of w*h pixels -> expected RGBA, for the uncompressed types.
inline std::vector<uint8_t> expectedPixels(uint16_t type, const std::vector<uint8_t>& s, size_t pixels) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < pixels; ++i) {
        std::array<uint8_t, 4> p{};
        const uint32_t w16 = i * 2 + 1 < s.size() ? uint32_t(s[2 * i]) | (uint32_t(s[2 * i + 1]) << 8) : 0;
        if (type == 0x4444)
            p = rgba4444(w16);
        else if (type == 0x1555)
            p = rgba1555(w16);
        else if (type == 0x8080)
            p = {s[2 * i], s[2 * i], s[2 * i], s[2 * i + 1]};
        else if (type == 0x8888)
            p = {s[4 * i + 2], s[4 * i + 1], s[4 * i], s[4 * i + 3]};
        out.insert(out.end(), p.begin(), p.end());
    }
    return out;
}

// A plain per-pixel DXT decoder from the README's formulas (libsquish's convention).
inline std::array<uint8_t, 4> dxtPixel(uint16_t type, const uint8_t* block, int x, int y) {
    const bool dxt1 = type == 0xFF01;
    const uint8_t* c = dxt1 ? block : block + 8;
    const uint32_t c0 = uint32_t(c[0]) | (uint32_t(c[1]) << 8), c1 = uint32_t(c[2]) | (uint32_t(c[3]) << 8);
    auto channels = [](uint32_t v) {
        const uint32_t r = v >> 11, g = (v >> 5) & 63, b = v & 31;
        return std::array<uint32_t, 3>{(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)};
    };
    const auto a = channels(c0), b = channels(c1);
    const int i = y * 4 + x;
    const uint32_t code = (uint32_t(c[4 + y]) >> (2 * x)) & 3;
    std::array<uint8_t, 4> p{};
    for (int k = 0; k < 3; ++k) {
        uint32_t v = code == 0 ? a[k] : code == 1 ? b[k] : 0;
        if (dxt1 && c0 <= c1) {
            if (code == 2) v = (a[k] + b[k]) / 2;
        } else if (code == 2) {
            v = (2 * a[k] + b[k]) / 3;
        } else if (code == 3) {
            v = (a[k] + 2 * b[k]) / 3;
        }
        p[size_t(k)] = uint8_t(v);
    }
    p[3] = dxt1 && c0 <= c1 && code == 3 ? 0 : 255;
    if (type == 0xFF02 || type == 0xFF03) {
        const uint32_t nibble = (block[i / 2] >> (4 * (i % 2))) & 15;
        p[3] = uint8_t(nibble * 17);
    } else if (type == 0xFF04 || type == 0xFF05) {
        const uint32_t a0 = block[0], a1 = block[1];
        uint64_t bits = 0;
        for (int k = 0; k < 6; ++k) bits |= uint64_t(block[2 + k]) << (8 * k);
        const uint32_t j = uint32_t(bits >> (3 * i)) & 7;
        uint32_t v = j == 0 ? a0 : j == 1 ? a1 : 0;
        if (j >= 2) {
            if (a0 > a1)
                v = ((8 - j) * a0 + (j - 1) * a1) / 7;
            else
                v = j == 6 ? 0 : j == 7 ? 255 : ((6 - j) * a0 + (j - 1) * a1) / 5;
        }
        p[3] = uint8_t(v);
    }
    return p;
}

inline std::vector<uint8_t> expectedDxt(uint16_t type, const std::vector<uint8_t>& blocks, uint32_t w, uint32_t h) {
    const size_t bytes = type == 0xFF01 ? 8 : 16;
    const uint32_t across = w < 4 ? 1 : (w + 3) / 4;
    std::vector<uint8_t> out;
    for (uint32_t y = 0; y < h; ++y)
        for (uint32_t x = 0; x < w; ++x) {
            const auto p = dxtPixel(type, &blocks[((y / 4) * across + x / 4) * bytes], int(x % 4), int(y % 4));
            out.insert(out.end(), p.begin(), p.end());
        }
    return out;
}

inline size_t dxtBytes(uint16_t type, uint32_t w, uint32_t h) {
    const size_t across = w < 4 ? 1 : (w + 3) / 4, down = h < 4 ? 1 : (h + 3) / 4;
    return across * down * (type == 0xFF01 ? 8 : 16);
}

}  // namespace paatest
