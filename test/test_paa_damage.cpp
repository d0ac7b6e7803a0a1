// Damage sweeps over real PAA samples (the ufbx habit): every truncation length of small files,
// spread lengths of a large one, byte flips, random patches and hostile values written at the
// header fields. Each must end in a texture or in a clean typed error naming the file, never in
// a crash (run under ASan/UBSan by scripts/test.sh --sanitize).
#include <random>

#include "test_paa_common.hpp"

namespace {

struct Outcome {
    bool ok = false;
    rv::DecodeError error;
    std::vector<std::vector<uint8_t>> pixels;  // every mip, when ok
    size_t warnings = 0;
};

// decodePaa, then every mip; the first error wins.
Outcome decodeEverything(const std::vector<uint8_t>& bytes, const std::string& name) {
    Outcome o;
    rv::Options options;
    options.memoryLimit = uint64_t(256) << 20;
    auto t = rv::decodePaa(bytes.data(), bytes.size(), name, options);
    if (!t.ok()) {
        o.error = t.error();
        return o;
    }
    o.warnings = t->warnings.size();
    for (size_t i = 0; i < t->mips.size(); ++i) {
        auto m = rv::decodePaaMip(t.value(), bytes.data(), bytes.size(), i);
        if (!m.ok()) {
            o.error = m.error();
            return o;
        }
        o.pixels.push_back(std::move(m->rgba));
    }
    o.ok = true;
    return o;
}

// A clean error: an error kind (not a warning kind), the file first, an offset inside the data.
void expectCleanError(const Outcome& o, const std::string& name, size_t size) {
    EXPECT_EQ(o.error.severity, rv::Severity::Error);
    EXPECT_LT(int(o.error.kind), 100) << rv::diagnosticLine(o.error);
    EXPECT_EQ(rv::diagnosticLine(o.error).rfind(name + ": ", 0), 0u) << rv::diagnosticLine(o.error);
    EXPECT_LE(o.error.offset, size) << rv::diagnosticLine(o.error);
}

std::vector<uint8_t> sample(const std::string& rel) { return rvtest::readBytes(paatest::texturesDir() + "/" + rel); }

// Every cut of a small file fails cleanly, except inside the optional closing u16: without it the
// file reads to the same pixels, and with half of it too, warning about the odd byte.
TEST(PaaDamage, EveryTruncationOfSmallFiles) {
    RV_REQUIRE_TEXTURES();
    for (const char* rel : {"paa/DXT1/bmp2_inter_opt_smdi.paa", "paa/ARGB4444/unlock_b.paa", "paa/ARGB1555/icon_up.paa",
                            "paa/DXT5/crafting_divider.paa", "paa/DXT1/ui_arrow_top_ca.paa"}) {
        SCOPED_TRACE(rel);
        const std::vector<uint8_t> full = sample(rel);
        const Outcome whole = decodeEverything(full, "cut.paa");
        ASSERT_TRUE(whole.ok) << rv::diagnosticLine(whole.error);
        size_t readable = 0;
        for (size_t len = 0; len < full.size(); ++len) {
            const std::vector<uint8_t> cut(full.begin(), full.begin() + long(len));
            const Outcome o = decodeEverything(cut, "cut.paa");
            if (o.ok) {
                EXPECT_GE(len, full.size() - 2) << "a cut file decoded";
                EXPECT_EQ(o.warnings, len == full.size() - 1 ? 1u : 0u);
                EXPECT_EQ(o.pixels, whole.pixels);
                ++readable;
                continue;
            }
            expectCleanError(o, "cut.paa", len);
            if (HasFailure()) return;
        }
        EXPECT_EQ(readable, 2u);
    }
}

TEST(PaaDamage, SpreadTruncationsOfALargeFile) {
    RV_REQUIRE_TEXTURES();
    const std::vector<uint8_t> full = sample("paa/DXT5/cinder_nohq.paa");
    for (size_t len = 0; len + 2 < full.size(); len += 1 + len / 16) {
        const std::vector<uint8_t> cut(full.begin(), full.begin() + long(len));
        const Outcome o = decodeEverything(cut, "cinder_nohq.paa");
        ASSERT_FALSE(o.ok) << len;
        expectCleanError(o, "cinder_nohq.paa", len);
    }
}

// Flipped bytes and random 8-byte patches: a texture or a clean error.
TEST(PaaDamage, FlipsAndPatches) {
    RV_REQUIRE_TEXTURES();
    std::mt19937 rng(14);
    for (const char* rel : {"paa/DXT1/bmp2_inter_opt_co.paa", "paa/DXT5/baer_converted.paa", "paa/ARGB1555/argba5.paa",
                            "paa/ARGB4444/synthetic_argb4444.paa", "paa/AI88/synthetic_ai88.paa"}) {
        SCOPED_TRACE(rel);
        const std::vector<uint8_t> full = sample(rel);
        // Every byte of the header and the first mip headers, then a stride over the data.
        for (size_t at = 0; at < full.size(); at += at < 512 ? 1 : 61) {
            std::vector<uint8_t> b = full;
            b[at] ^= 0xff;
            const Outcome o = decodeEverything(b, "flip.paa");
            if (!o.ok) expectCleanError(o, "flip.paa", b.size());
            if (HasFailure()) return;
        }
        for (int n = 0; n < 300; ++n) {
            std::vector<uint8_t> b = full;
            const size_t at = rng() % (b.size() > 8 ? b.size() - 8 : 1);
            for (size_t k = 0; k < 8 && at + k < b.size(); ++k) b[at + k] = uint8_t(rng());
            const Outcome o = decodeEverything(b, "patch.paa");
            if (!o.ok) expectCleanError(o, "patch.paa", b.size());
            if (HasFailure()) return;
        }
    }
}

void put(std::vector<uint8_t>& b, uint64_t at, uint32_t v, int bytes) {
    for (int i = 0; i < bytes && at + uint64_t(i) < b.size(); ++i) b[size_t(at) + size_t(i)] = uint8_t(v >> (8 * i));
}

// Hostile values at exactly the fields the decoder sizes things by: TAGG sizes, the palette
// count, each mip's width, height and u24 data size.
TEST(PaaDamage, HostileCounts) {
    RV_REQUIRE_TEXTURES();
    const uint32_t values[] = {0xffffffffu, 0x7fffffffu, 0x10000000u, 0x00ffffffu, 0x7fffu, 0x8000u, 0xffffu, 0};
    for (const char* rel : {"paa/DXT5/ui_button_main_normal.paa", "paa/ARGB4444/larynx.paa"}) {
        SCOPED_TRACE(rel);
        const std::vector<uint8_t> full = sample(rel);
        const rv::PaaTexture t = paatest::header(full, "hostile.paa");
        struct Field {
            uint64_t at;
            int bytes;
        };
        std::vector<Field> fields;
        for (const rv::PaaTag& tag : t.tags) fields.push_back({tag.offset + 8, 4});
        fields.push_back({t.mips[0].headerOffset - 2, 2});  // the palette count
        for (const rv::PaaMip& m : t.mips) {
            fields.push_back({m.headerOffset, 2});
            fields.push_back({m.headerOffset + 2, 2});
            fields.push_back({m.headerOffset + 4, 3});
        }
        for (const Field& f : fields) {
            for (uint32_t v : values) {
                std::vector<uint8_t> b = full;
                put(b, f.at, v, f.bytes);
                const Outcome o = decodeEverything(b, "hostile.paa");
                if (!o.ok) expectCleanError(o, "hostile.paa", b.size());
                if (HasFailure()) return;
            }
        }
    }
}

}  // namespace
