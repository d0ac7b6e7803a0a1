// PAA files written here, for every type and storage the decoder knows, with the expected pixels
// computed in the test from the formulas of the textures README: raw and LZSS (signed and unsigned
// checksums) mips, non-power-of-two sizes with clipped DXT blocks, 1x1 tails, P8 (RLE and the
// 1234 x 8765 LZSS form), untyped files, every tag, and the errors for broken ones. The LZO cases
// are in test_paa_lzo.cpp (they need liblzo2, which the Windows test build has not).
#include <cstring>
#include <random>

#include "support/lzss_encoder.hpp"
#include "test_paa_common.hpp"

namespace {

using paatest::MipSpec;
using paatest::PaaSpec;

std::vector<uint8_t> randomBytes(std::mt19937& rng, size_t n, int range = 256) {
    std::vector<uint8_t> v(n);
    for (uint8_t& b : v) b = uint8_t(rng() % unsigned(range));
    return v;
}

// BI LZSS (the testkit's encoder) + the checksum, summed here.
std::vector<uint8_t> lzss(const std::vector<uint8_t>& data, bool signedSum) {
    std::vector<uint8_t> s = rvtest::encodeLzss(data.data(), data.size());
    paatest::put32(s, paatest::sumBytes(data, signedSum));
    return s;
}

uint32_t bytesPerPixel(uint16_t type) { return type == 0x8888 ? 4 : 2; }

struct Decoded {
    rv::PaaTexture t;
    std::vector<rv::Image> mips;
};

Decoded decodeAll(const std::vector<uint8_t>& file, const std::string& name = "t.paa",
                  const rv::PaaDecodeOptions& options = {}) {
    Decoded d;
    d.t = paatest::header(file, name);
    for (size_t i = 0; i < d.t.mips.size(); ++i) d.mips.push_back(paatest::mip(d.t, file, i, options));
    return d;
}

// A chain of npot sizes down to a 1x1 tail.
const std::vector<std::pair<uint32_t, uint32_t>> kChain = {{37, 13}, {18, 6}, {9, 3}, {4, 1}, {2, 1}, {1, 1}};

TEST(PaaSynthetic, UncompressedTypesRawAndLzss) {
    std::mt19937 rng(14);
    for (uint16_t type : {uint16_t(0x4444), uint16_t(0x1555), uint16_t(0x8888), uint16_t(0x8080)}) {
        for (int storage = 0; storage < 3; ++storage) {  // raw, LZSS signed, LZSS unsigned
            SCOPED_TRACE(testing::Message() << std::hex << type << " storage " << storage);
            PaaSpec spec;
            spec.type = type;
            std::vector<std::vector<uint8_t>> stored;
            for (auto [w, h] : kChain) {
                // A small range of values so LZSS finds matches.
                stored.push_back(randomBytes(rng, size_t(w) * h * bytesPerPixel(type), storage ? 4 : 256));
                MipSpec m{w, h, storage == 0 ? stored.back() : lzss(stored.back(), storage == 1)};
                spec.mips.push_back(m);
            }
            const std::vector<uint8_t> file = paatest::writePaa(spec);
            const Decoded d = decodeAll(file);
            ASSERT_EQ(d.mips.size(), kChain.size());
            for (size_t i = 0; i < kChain.size(); ++i) {
                EXPECT_EQ(d.t.mips[i].storage, storage == 0 ? rv::PaaStorage::Raw : rv::PaaStorage::Lzss) << i;
                EXPECT_EQ(d.mips[i].width, kChain[i].first);
                EXPECT_EQ(d.mips[i].height, kChain[i].second);
                EXPECT_EQ(d.mips[i].rgba,
                          paatest::expectedPixels(type, stored[i], size_t(kChain[i].first) * kChain[i].second))
                    << i;
            }
            if (storage == 0) continue;
            // Pinning the other checksum refuses the mip (when the two sums differ).
            const rv::LzssChecksum other = storage == 1 ? rv::LzssChecksum::Unsigned : rv::LzssChecksum::Signed;
            if (paatest::sumBytes(stored[0], true) != paatest::sumBytes(stored[0], false)) {
                auto r = rv::decodePaaMip(d.t, file.data(), file.size(), 0, {false, other});
                ASSERT_FALSE(r.ok());
                EXPECT_EQ(r.error().kind, rv::DiagKind::BadCompression);
            }
        }
    }
}

TEST(PaaSynthetic, DxtTypesRawWithClippedBlocks) {
    std::mt19937 rng(1555);
    for (uint16_t type : {uint16_t(0xFF01), uint16_t(0xFF02), uint16_t(0xFF03), uint16_t(0xFF04), uint16_t(0xFF05)}) {
        SCOPED_TRACE(testing::Message() << std::hex << type);
        PaaSpec spec;
        spec.type = type;
        std::vector<std::vector<uint8_t>> blocks;
        for (auto [w, h] : kChain) {
            blocks.push_back(randomBytes(rng, paatest::dxtBytes(type, w, h)));
            spec.mips.push_back({w, h, blocks.back()});
        }
        const Decoded d = decodeAll(paatest::writePaa(spec));
        ASSERT_EQ(d.mips.size(), kChain.size());
        for (size_t i = 0; i < kChain.size(); ++i) {
            EXPECT_EQ(d.t.mips[i].storage, rv::PaaStorage::Raw);
            EXPECT_EQ(d.t.mips[i].decodedSize, blocks[i].size());
            EXPECT_EQ(d.mips[i].rgba, paatest::expectedDxt(type, blocks[i], kChain[i].first, kChain[i].second)) << i;
        }
    }
}

// DXT1's 3-colour mode (c0 <= c1) and DXT5's 6-alpha mode (a0 <= a1), pinned by hand.
TEST(PaaSynthetic, DxtModesByHand) {
    // DXT1: c0 = 0x0000 (black) <= c1 = 0xffff (white): index 2 = 127 grey, index 3 = transparent.
    const std::vector<uint8_t> dxt1 = {0x00, 0x00, 0xff, 0xff, 0xe4, 0xe4, 0xe4, 0xe4};  // 0,1,2,3 per row
    PaaSpec s1;
    s1.mips.push_back({4, 4, dxt1});
    const std::vector<uint8_t> f1 = paatest::writePaa(s1);
    const rv::Image a = paatest::mip(paatest::header(f1, "a.paa"), f1, 0);
    ASSERT_EQ(a.rgba.size(), 64u);
    const uint8_t row1[16] = {0, 0, 0, 255, 255, 255, 255, 255, 127, 127, 127, 255, 0, 0, 0, 0};
    for (int y = 0; y < 4; ++y) EXPECT_EQ(0, std::memcmp(&a.rgba[size_t(y) * 16], row1, 16)) << y;

    // DXT5: a0 = 10 <= a1 = 200: indices 2..5 = (4*10+200)/5 = 48, 86, 124, 162; 6 = 0; 7 = 255.
    std::vector<uint8_t> dxt5 = {10, 200};
    uint64_t bits = 0;
    for (int i = 0; i < 16; ++i) bits |= uint64_t(i % 8) << (3 * i);
    for (int i = 0; i < 6; ++i) dxt5.push_back(uint8_t(bits >> (8 * i)));
    dxt5.insert(dxt5.end(), {0xff, 0xff, 0x00, 0x00, 0, 0, 0, 0});  // white > black: 4-colour, index 0
    PaaSpec s5;
    s5.type = 0xFF05;
    s5.mips.push_back({4, 4, dxt5});
    const std::vector<uint8_t> f5 = paatest::writePaa(s5);
    const rv::Image b = paatest::mip(paatest::header(f5, "b.paa"), f5, 0);
    const uint8_t alphas[8] = {10, 200, 48, 86, 124, 162, 0, 255};
    for (int i = 0; i < 16; ++i) {
        EXPECT_EQ(b.rgba[size_t(i) * 4 + 3], alphas[i % 8]) << i;
        EXPECT_EQ(b.rgba[size_t(i) * 4], 255) << i;
    }
}

// A raw mip exactly w*h*bpp long, and an LZSS stream + checksum of exactly that length: the
// decoder tells them apart by whether the bytes are a whole stream with a matching checksum.
TEST(PaaSynthetic, LzssAsLongAsTheRawData) {
    const uint32_t w = 16, h = 16;
    const size_t rawSize = size_t(w) * h * 2;
    std::mt19937 rng(8765);
    std::vector<uint8_t> data;
    std::vector<uint8_t> packed;
    for (size_t noisy = 0; noisy <= rawSize && packed.size() != rawSize; ++noisy) {
        data.assign(rawSize, 0x11);
        std::mt19937 fill{uint32_t(noisy)};
        for (size_t i = 0; i < noisy; ++i) data[i] = uint8_t(fill());
        packed = lzss(data, true);
    }
    ASSERT_EQ(packed.size(), rawSize) << "no mix of noise and runs packs to exactly the raw size";
    PaaSpec s;
    s.type = 0x4444;
    s.mips.push_back({w, h, packed});
    const std::vector<uint8_t> raw = randomBytes(rng, rawSize);
    s.mips.push_back({w, h, raw});
    const Decoded d = decodeAll(paatest::writePaa(s));
    ASSERT_EQ(d.mips.size(), 2u);
    EXPECT_EQ(d.t.mips[0].storage, rv::PaaStorage::Lzss);
    EXPECT_EQ(d.t.mips[1].storage, rv::PaaStorage::Raw);
    EXPECT_EQ(d.mips[0].rgba, paatest::expectedPixels(0x4444, data, size_t(w) * h));
    EXPECT_EQ(d.mips[1].rgba, paatest::expectedPixels(0x4444, raw, size_t(w) * h));
}

// OFP's packing of palette indices: (b & 0x7f) + 1 repeats of the next byte when bit 7 is set,
// else b + 1 literals.
std::vector<uint8_t> rle(const std::vector<uint8_t>& v) {
    std::vector<uint8_t> o;
    for (size_t i = 0; i < v.size();) {
        size_t run = 1;
        while (i + run < v.size() && run < 128 && v[i + run] == v[i]) ++run;
        if (run >= 2) {
            o.push_back(uint8_t(0x80 | (run - 1)));
            o.push_back(v[i]);
            i += run;
            continue;
        }
        size_t lit = 1;
        while (i + lit < v.size() && lit < 128 && (i + lit + 1 >= v.size() || v[i + lit] != v[i + lit + 1])) ++lit;
        o.push_back(uint8_t(lit - 1));
        o.insert(o.end(), v.begin() + long(i), v.begin() + long(i + lit));
        i += lit;
    }
    return o;
}

PaaSpec paletteSpec(std::vector<uint8_t>& idx0, std::vector<uint8_t>& idx1, std::mt19937& rng) {
    PaaSpec s;
    s.typed = false;
    s.tags.push_back({"CGVA", {0x30, 0x20, 0x10, 0x80}});                // B, G, R, A
    s.palette = {{10, 20, 30}, {255, 0, 255}, {40, 50, 60}, {0, 0, 0}};  // b, g, r; entry 1 is magenta
    idx0.resize(23 * 9);
    for (uint8_t& v : idx0) v = uint8_t(rng() % 3 == 0 ? rng() % 4 : 2);  // runs and literals
    idx1 = randomBytes(rng, 11 * 4, 4);
    s.mips.push_back({23, 9, rle(idx0)});
    MipSpec packed{11, 4, lzss(idx1, true)};
    packed.lzssMagic = true;
    s.mips.push_back(packed);
    return s;
}

std::vector<uint8_t> expectedIndexed(const std::vector<uint8_t>& idx) {
    // (r, g, b, a) of the palette above; the magenta key takes CGVA's colour with alpha 0.
    const uint8_t colour[4][4] = {{30, 20, 10, 255}, {0x10, 0x20, 0x30, 0}, {60, 50, 40, 255}, {0, 0, 0, 255}};
    std::vector<uint8_t> out;
    for (uint8_t i : idx) out.insert(out.end(), colour[i], colour[i] + 4);
    return out;
}

TEST(PaaSynthetic, PaletteTexturesRleAndLzss) {
    std::mt19937 rng(256);
    std::vector<uint8_t> idx0, idx1;
    const PaaSpec spec = paletteSpec(idx0, idx1, rng);
    const std::vector<uint8_t> file = paatest::writePaa(spec);
    const Decoded d = decodeAll(file, "ofp.pac");
    EXPECT_EQ(d.t.type, rv::PaaType::P8);
    EXPECT_FALSE(d.t.typed);
    ASSERT_EQ(d.mips.size(), 2u);
    EXPECT_EQ(d.t.mips[0].storage, rv::PaaStorage::Rle);
    EXPECT_EQ(d.t.mips[1].storage, rv::PaaStorage::Lzss);
    EXPECT_EQ(d.mips[0].rgba, expectedIndexed(idx0));
    EXPECT_EQ(d.mips[1].rgba, expectedIndexed(idx1));

    // The same bytes named .paa are an untyped ARGB4444 file, which they do not fit.
    auto as4444 = rv::decodePaa(file.data(), file.size(), "ofp.paa");
    EXPECT_TRUE(!as4444.ok() || !rv::decodePaaMip(as4444.value(), file.data(), file.size(), 0).ok());

    // An index past the palette, and a run past the pixels.
    PaaSpec bad = spec;
    bad.mips[0].data = rle(std::vector<uint8_t>(23 * 9, 4));
    std::vector<uint8_t> f = paatest::writePaa(bad);
    auto r = rv::decodePaaMip(paatest::header(f, "bad.pac"), f.data(), f.size(), 0);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
    bad.mips[0].data = {0xff, 1, 0xff, 1};  // 256 pixels for 207
    f = paatest::writePaa(bad);
    r = rv::decodePaaMip(paatest::header(f, "bad.pac"), f.data(), f.size(), 0);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCompression);
}

// An OFP .paa without a type field: ARGB4444, TAGGs and palette from offset 0, LZSS mips.
TEST(PaaSynthetic, UntypedArgb4444) {
    std::mt19937 rng(4444);
    PaaSpec s;
    s.typed = false;
    s.tags.push_back({"GALF", {1, 0, 0, 0}});
    const std::vector<uint8_t> px = randomBytes(rng, 8 * 8 * 2, 8);
    s.mips.push_back({8, 8, lzss(px, true)});
    const Decoded d = decodeAll(paatest::writePaa(s), "old.PAA");
    EXPECT_EQ(d.t.type, rv::PaaType::Argb4444);
    EXPECT_FALSE(d.t.typed);
    EXPECT_TRUE(d.t.alpha());
    ASSERT_EQ(d.mips.size(), 1u);
    EXPECT_EQ(d.mips[0].rgba, paatest::expectedPixels(0x4444, px, 64));
}

// The README's rule for undoing ZIWS, written again here from its text.
std::vector<uint8_t> unswizzled(const std::vector<uint8_t>& rgba, const std::array<uint8_t, 4>& ziws) {
    const int pos[4] = {3, 0, 1, 2};  // A, R, G, B in RGBA
    std::vector<uint8_t> out = rgba;
    for (size_t p = 0; p < rgba.size(); p += 4)
        for (int c = 0; c < 4; ++c) {
            const uint8_t v = ziws[size_t(c)], stored = rgba[p + size_t(pos[c])];
            if (v < 4)
                out[p + size_t(pos[v])] = stored;
            else if (v < 8)
                out[p + size_t(pos[v - 4])] = uint8_t(255 - stored);
        }
    return out;
}

TEST(PaaSynthetic, TagsAndSwizzle) {
    std::mt19937 rng(5);
    const std::vector<uint8_t> px = randomBytes(rng, 5 * 3 * 4);
    for (const std::array<uint8_t, 4>& ziws :
         {std::array<uint8_t, 4>{5, 4, 2, 3}, std::array<uint8_t, 4>{8, 8, 2, 3}, std::array<uint8_t, 4>{8, 1, 2, 3},
          std::array<uint8_t, 4>{3, 6, 0, 9}}) {
        PaaSpec s;
        s.type = 0x8888;
        s.tags = {{"CGVA", {1, 2, 3, 4}},
                  {"CXAM", {0xff, 0xfe, 0xfd, 0xfc}},
                  {"GALF", {0x02, 0xff, 0xff, 0xff}},
                  {"ZIWS", {ziws[0], ziws[1], ziws[2], ziws[3]}},
                  {"PROC", {'c', 'o', 'l', 'o', 'r', 0, 0}},
                  {"XXXX", {9, 9}}};
        s.mips.push_back({5, 3, px});
        const std::vector<uint8_t> file = paatest::writePaa(s);
        const rv::PaaTexture t = paatest::header(file, "t.paa");
        EXPECT_EQ(t.averageColor.r, 3);
        EXPECT_EQ(t.averageColor.g, 2);
        EXPECT_EQ(t.averageColor.b, 1);
        EXPECT_EQ(t.averageColor.a, 4);
        EXPECT_EQ(t.maxColor.r, 0xfd);
        EXPECT_TRUE(t.transparent());
        EXPECT_FALSE(t.alpha());
        EXPECT_EQ(t.procedural, "color");
        ASSERT_EQ(t.tags.size(), 6u);
        EXPECT_EQ(t.tags[5].name, "XXXX");
        // The unknown tag, and a ZIWS value past 8.
        ASSERT_EQ(t.warnings.size(), ziws[3] > 8 ? 2u : 1u);
        EXPECT_EQ(t.warnings.back().kind, rv::DiagKind::UnknownRecord);
        const std::vector<uint8_t> stored = paatest::expectedPixels(0x8888, px, 15);
        EXPECT_EQ(paatest::mip(t, file, 0, {true}).rgba, stored);
        EXPECT_EQ(paatest::mip(t, file, 0).rgba, unswizzled(stored, ziws));
    }
    // _nohq by hand: R = 255 - stored A, A = 255 - stored R.
    const std::vector<uint8_t> stored = {10, 20, 30, 40};
    const std::vector<uint8_t> shown = unswizzled(stored, {5, 4, 2, 3});
    EXPECT_EQ(shown, (std::vector<uint8_t>{215, 20, 30, 245}));
}

TEST(PaaSynthetic, ContainerEdges) {
    PaaSpec s;
    s.mips.push_back({4, 4, std::vector<uint8_t>(8, 0)});
    // The closing u16 is optional; bytes after it are reported.
    s.trailingZero = false;
    EXPECT_FALSE(paatest::header(paatest::writePaa(s), "a.paa").trailingZero);
    s.trailingZero = true;
    s.extra = {1, 2, 3};
    const rv::PaaTexture t = paatest::header(paatest::writePaa(s), "a.paa");
    EXPECT_TRUE(t.trailingZero);
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_EQ(t.warnings[0].kind, rv::DiagKind::UnreadBytes);
    // Raw DXT data longer than the blocks: read, with a warning.
    s.extra.clear();
    s.mips[0].data.resize(12);
    const rv::PaaTexture longer = paatest::header(paatest::writePaa(s), "a.paa");
    ASSERT_EQ(longer.warnings.size(), 1u);
    EXPECT_EQ(longer.warnings[0].kind, rv::DiagKind::UnreadBytes);
    // SFFO that disagrees with the walk: one warning, the mips as walked.
    s.mips[0].data.resize(8);
    s.tags.push_back({"SFFO", {3, 0, 0, 0}});
    const rv::PaaTexture sffo = paatest::header(paatest::writePaa(s), "a.paa");
    ASSERT_EQ(sffo.warnings.size(), 1u);
    EXPECT_EQ(sffo.warnings[0].kind, rv::DiagKind::SizeMismatch);
    EXPECT_EQ(sffo.mips[0].headerOffset, 2u + 16u + 2u);
    // An empty SFFO (found by fuzz_paa: an empty copy into an empty vector).
    s.tags = {{"SFFO", {}}};
    const rv::PaaTexture empty = paatest::header(paatest::writePaa(s), "a.paa");
    EXPECT_TRUE(empty.mipOffsets.empty());
    EXPECT_TRUE(empty.warnings.empty());
}

struct Broken {
    const char* what;
    std::vector<uint8_t> file;
    rv::DiagKind kind;
};

std::vector<Broken> brokenFiles() {
    std::vector<Broken> out;
    auto one = [](uint16_t type, uint32_t w, uint32_t h, std::vector<uint8_t> data) {
        PaaSpec s;
        s.type = type;
        s.mips.push_back({w, h, std::move(data)});
        return s;
    };
    PaaSpec s = one(0xFF01, 0, 4, std::vector<uint8_t>(8));
    out.push_back({"zero width", paatest::writePaa(s), rv::DiagKind::BadValue});
    s = one(0x4444, 4, 4, std::vector<uint8_t>(32));
    s.mips[0].lzoFlag = true;
    out.push_back({"LZO flag on 4444", paatest::writePaa(s), rv::DiagKind::Unsupported});
    s = one(0xFF05, 8, 8, std::vector<uint8_t>(63));
    out.push_back({"short DXT data", paatest::writePaa(s), rv::DiagKind::BadCount});
    s = one(0x8888, 4000, 4000, std::vector<uint8_t>(1000));
    out.push_back({"more pixels than LZSS can give", paatest::writePaa(s), rv::DiagKind::BadCount});
    s = one(0xFF01, 4, 4, {});
    s.mips.clear();
    out.push_back({"no mips", paatest::writePaa(s), rv::DiagKind::BadValue});
    std::vector<uint8_t> f = paatest::writePaa(one(0xFF01, 4, 4, std::vector<uint8_t>(8)));
    f.resize(f.size() - 6);
    out.push_back({"no terminator", f, rv::DiagKind::Truncated});
    s = one(0xFF01, 4, 4, std::vector<uint8_t>(8));
    s.palette.resize(300);
    out.push_back({"palette over 256", paatest::writePaa(s), rv::DiagKind::BadCount});
    s = one(0xFF01, 4, 4, std::vector<uint8_t>(8));
    s.tags.push_back({"CGVA", {1, 2}});
    out.push_back({"short CGVA", paatest::writePaa(s), rv::DiagKind::BadValue});
    f = paatest::writePaa(one(0xFF01, 4, 4, std::vector<uint8_t>(8)));
    const std::vector<uint8_t> tag = {'G', 'G', 'A', 'T', 'C', 'G', 'V', 'A', 0xff, 0xff, 0, 0};
    f.insert(f.begin() + 2, tag.begin(), tag.end());
    out.push_back({"TAGG past the end", f, rv::DiagKind::BadCount});
    f = paatest::writePaa(one(0xFF01, 4, 4, std::vector<uint8_t>(8)));
    f[2 + 2 + 4 + 2] = 0x40;  // the u24 data size: 0x400008
    out.push_back({"data size past the end", f, rv::DiagKind::Truncated});
    return out;
}

TEST(PaaSynthetic, BrokenFilesGiveTypedErrors) {
    for (const Broken& b : brokenFiles()) {
        SCOPED_TRACE(b.what);
        auto r = rv::decodePaa(b.file.data(), b.file.size(), "broken.paa");
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().kind, b.kind) << rv::diagnosticLine(r.error());
        EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("broken.paa: ", 0), 0u) << rv::diagnosticLine(r.error());
        EXPECT_NE(rv::diagnosticLine(r.error()).find("offset 0x"), std::string::npos) << rv::diagnosticLine(r.error());
    }
}

TEST(PaaSynthetic, LimitsAndArguments) {
    PaaSpec s;
    s.type = 0xFF05;
    s.mips.push_back({256, 256, std::vector<uint8_t>(256 * 256)});
    s.mips.push_back({128, 128, std::vector<uint8_t>(128 * 128)});
    const std::vector<uint8_t> f = paatest::writePaa(s);
    rv::Options small;
    small.memoryLimit = 200000;  // the top mip needs 64 KiB of blocks + 256 KiB of pixels
    auto r = rv::decodePaa(f.data(), f.size(), "big.paa", small);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_EQ(r.error().where, "mip 0");

    const rv::PaaTexture t = paatest::header(f, "big.paa");
    auto m = rv::decodePaaMip(t, f.data(), f.size(), 0, {false, rv::LzssChecksum::Either, 100000});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_TRUE(rv::decodePaaMip(t, f.data(), f.size(), 1, {false, rv::LzssChecksum::Either, 100000}).ok());
    m = rv::decodePaaMip(t, f.data(), f.size(), 2);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, rv::DiagKind::InvalidArgument);
    m = rv::decodePaaMip(t, f.data(), f.size() - 1, 0);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, rv::DiagKind::InvalidArgument);
}

}  // namespace
