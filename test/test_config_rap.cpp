// The rapified config reader: round trips through the test-side raP writer (with and without
// BI's per-body end offsets), the real config.bin packed in KAM's chemical PBO, and hostile
// input: cuts of every rapified sample at every length, deep nesting, huge counts, offset loops
// and shared bodies, unknown types. Each must end in a tree or a clean typed error.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "test_config_common.hpp"

namespace {

using cfgtest::decodeOk;
using cfgtest::rapify;
using rv::DiagKind;

const char* kAllKinds =
    "a = \"s\"; f = 1.5; i = -7; big = 99999999999; arr[] = {1, 2.5, \"x\", {3, {}}};\n"
    "arr[] += {4}; class Ext; delete Gone;\n"
    "class Outer: Ext { class Inner { v = 1; }; w[] = {}; };\n"
    "class Second { class Deep { class Deeper { z = 0; }; }; };\n";

rv::DecodeError rapError(const std::vector<uint8_t>& bytes, const rv::Options& o = {}) {
    auto r = rv::decodeConfig(bytes.data(), bytes.size(), "bad.bin", o);
    EXPECT_FALSE(r.ok());
    return r.ok() ? rv::DecodeError{} : r.error();
}

TEST(ConfigRap, RoundTripsEveryEntryKind) {
    const rv::ConfigTree text = cfgtest::decodeText(kAllKinds);
    for (bool endOffsets : {true, false}) {
        const rv::ConfigTree rap = decodeOk(rapify(text.root, endOffsets), "all.bin");
        EXPECT_EQ(rap.format, rv::ConfigFormat::Rapified);
        EXPECT_TRUE(rap.warnings.empty()) << rv::diagnosticLine(rap.warnings[0]);
        cfgtest::expectSameTree(text.root, rap.root);
    }
}

TEST(ConfigRap, ExpressionsAndInt64AreKept) {
    rv::ConfigEntry root;
    rv::ConfigEntry e;
    e.kind = rv::ConfigEntryKind::Value;
    e.name = "expr";
    e.value = rv::ConfigValue::string("1 + 2", rv::ConfigValueType::Expression);
    root.entries.push_back(e);
    e.name = "wide";
    e.value = rv::ConfigValue::integral(5);
    e.value.type = rv::ConfigValueType::Int64;
    root.entries.push_back(e);
    const rv::ConfigTree t = decodeOk(rapify(root), "x.bin");
    EXPECT_EQ(t.root.findValue("expr")->type, rv::ConfigValueType::Expression);
    EXPECT_EQ(t.root.findValue("expr")->text, "1 + 2");
    EXPECT_EQ(t.root.findValue("wide")->type, rv::ConfigValueType::Int64);
    EXPECT_EQ(t.root.findValue("wide")->integer, 5);
}

TEST(ConfigRap, EnumTable) {
    std::vector<uint8_t> b = rapify(cfgtest::decodeText("a = 1;").root);
    b.resize(b.size() - 4);
    rvtest::ByteWriter w;
    w.raw(b);
    w.u32(2);
    w.asciiz("first");
    w.u32(7);
    w.asciiz("second");
    w.u32(9);
    const rv::ConfigTree t = decodeOk(w.bytes, "e.bin");
    ASSERT_EQ(t.enums.size(), 2u);
    EXPECT_EQ(t.enums[1].first, "second");
    EXPECT_EQ(t.enums[1].second, 9u);

    w.u8(0);  // one byte after the table
    const rv::ConfigTree extra = decodeOk(w.bytes, "e.bin");
    ASSERT_EQ(extra.warnings.size(), 1u);
    EXPECT_EQ(extra.warnings[0].kind, DiagKind::UnreadBytes);
}

// Nested classes `depth` deep, as raP.
std::vector<uint8_t> nestedClassFile(int depth) {
    rv::ConfigEntry root;
    rv::ConfigEntry* at = &root;
    for (int i = 0; i < depth; ++i) {
        at->entries.emplace_back();
        at = &at->entries.back();
        at->name = "c" + std::to_string(i);
    }
    return rapify(root);
}

// `a[] = {{{...}}}` nested `depth` deep, written by hand: 2 bytes per level.
std::vector<uint8_t> nestedArrayFile(size_t depth) {
    rvtest::ByteWriter w;
    w.raw("\0raP\0\0\0\0\x08\0\0\0\0\0\0\0", 16);
    w.u8(0);  // root base
    w.u8(1);  // one entry
    w.u8(2);
    w.asciiz("a");
    w.u8(1);  // the outer array: one item
    for (size_t i = 1; i < depth; ++i) {
        w.u8(3);
        w.u8(i + 1 < depth ? 1 : 0);
    }
    w.patchU32(12, uint32_t(w.size()));
    w.u32(0);
    return w.bytes;
}

TEST(ConfigRap, NestingIsBounded) {
    EXPECT_EQ(cfgtest::countEntries(decodeOk(nestedClassFile(rv::kConfigMaxDepth), "n.bin").root),
              size_t(rv::kConfigMaxDepth) + 1);
    EXPECT_EQ(rapError(nestedClassFile(rv::kConfigMaxDepth + 1)).kind, DiagKind::BadCount);
    decodeOk(nestedArrayFile(size_t(rv::kConfigMaxDepth)), "a.bin");
    EXPECT_EQ(rapError(nestedArrayFile(size_t(rv::kConfigMaxDepth) + 1)).kind, DiagKind::BadCount);
    EXPECT_EQ(rapError(nestedArrayFile(1000000)).kind, DiagKind::BadCount);  // no stack overflow
}

// A root of one class entry whose body offset is `bodyOffset`, written by hand.
std::vector<uint8_t> oneClass(uint32_t bodyOffset, uint8_t bodyEntries = 0) {
    rvtest::ByteWriter w;
    w.raw("\0raP\0\0\0\0\x08\0\0\0\0\0\0\0", 16);
    w.u8(0);
    w.u8(1);
    w.u8(0);
    w.asciiz("A");
    w.u32(bodyOffset);                        // at 21
    const uint32_t own = uint32_t(w.size());  // 25
    w.u8(0);                                  // A's body: no base
    w.u8(bodyEntries);
    if (bodyEntries) {  // a class entry pointing back at the root (16) or at A (own)
        w.u8(0);
        w.asciiz("B");
        w.u32(bodyOffset == own ? own : 16);
    }
    w.patchU32(12, uint32_t(w.size()));
    w.u32(0);
    return w.bytes;
}

TEST(ConfigRap, OffsetLoopsAndSharedBodiesAreRefused) {
    EXPECT_EQ(decodeOk(oneClass(25), "ok.bin").root.entries[0].name, "A");
    rv::DecodeError e = rapError(oneClass(16));  // A's body is the root's
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.offset, 16u);
    e = rapError(oneClass(25, 1));  // A contains B, whose body is A's
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.offset, 25u);
    EXPECT_EQ(e.where, "class A class B");

    // Two classes sharing one body: a small file could otherwise describe 2^64 entries.
    rvtest::ByteWriter w;
    w.raw("\0raP\0\0\0\0\x08\0\0\0\0\0\0\0", 16);
    w.u8(0);
    w.u8(2);
    for (const char* n : {"A", "B"}) {
        w.u8(0);
        w.asciiz(n);
        w.u32(32);
    }
    w.u8(0);
    w.u8(0);
    w.patchU32(12, uint32_t(w.size()));
    w.u32(0);
    ASSERT_EQ(w.bytes[32], 0);
    e = rapError(w.bytes);
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_NE(rv::diagnosticLine(e).find("shared"), std::string::npos);

    EXPECT_EQ(rapError(oneClass(4)).kind, DiagKind::BadValue);      // into the header
    EXPECT_EQ(rapError(oneClass(5000)).kind, DiagKind::Truncated);  // past the end
}

TEST(ConfigRap, HugeCountsAndBadFields) {
    std::vector<uint8_t> good = rapify(cfgtest::decodeText("a[] = {1}; b = 2;").root, false);
    // The root's entry count (offset 17) as 0xFFFFFFFF in five bytes.
    std::vector<uint8_t> b = good;
    b.erase(b.begin() + 17);
    b.insert(b.begin() + 17, {0xff, 0xff, 0xff, 0xff, 0x0f});
    rv::DecodeError e = rapError(b);
    EXPECT_EQ(e.kind, DiagKind::BadCount);
    EXPECT_EQ(e.offset, 17u);
    b[21] = 0x8f;  // a sixth byte follows
    EXPECT_EQ(rapError(b).kind, DiagKind::BadValue);

    b = good;  // the array's count (after "\2a\0") as 2^28
    ASSERT_EQ(b[21], 1);
    b.erase(b.begin() + 21);
    b.insert(b.begin() + 21, {0x80, 0x80, 0x80, 0x80, 0x01});
    EXPECT_EQ(rapError(b).kind, DiagKind::BadCount);

    b = good;
    b[18] = 9;  // an unknown entry type
    e = rapError(b);
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.offset, 18u);

    b = good;
    b[22] = 7;  // an unknown array item type
    EXPECT_EQ(rapError(b).kind, DiagKind::BadValue);

    b = good;
    b[8] = 9;  // header words 0, 8 changed
    EXPECT_EQ(rapError(b).kind, DiagKind::Unsupported);

    b = good;
    b.resize(b.size() - 4);
    b.insert(b.end(), {0xff, 0xff, 0xff, 0x7f});  // enum count
    EXPECT_EQ(rapError(b).kind, DiagKind::BadCount);

    b = good;
    b.resize(b.size() - 4);  // no enum table at all: tolerated with a warning
    const rv::ConfigTree t = decodeOk(b, "n.bin");
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_EQ(t.warnings[0].kind, DiagKind::EndsEarly);
}

TEST(ConfigRap, MemoryLimit) {
    rv::Options o;
    o.memoryLimit = 2000;
    EXPECT_EQ(rapError(rapify(cfgtest::decodeText(kAllKinds).root), o).kind, DiagKind::MemoryLimit);
}

std::vector<std::string> rapSamplePaths() {
    std::vector<std::string> out;
    const std::string dir = cfgtest::texturesDir();
    if (dir.empty()) return out;
    for (const auto& f : std::filesystem::directory_iterator(dir + "/rvmat/rap")) out.push_back(f.path().string());
    out.push_back(dir + "/data-root/agm_grenades/data/agm_m84.rvmat");
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<uint8_t> kamConfigBin() {
    const std::string dir = cfgtest::texturesDir();
    return dir.empty() ? std::vector<uint8_t>{}
                       : cfgtest::pboEntry(rvtest::readBytes(dir + "/pbo/KAM_chemical.pbo"), "config.bin");
}

// Every cut of every rapified sample that keeps the magic: a clean typed error naming the file
// and an offset; only a cut exactly at the enum table may decode (with the "no enum table"
// warning).
void sweepCuts(const std::vector<uint8_t>& bytes, const std::string& name) {
    ASSERT_GE(bytes.size(), 16u);
    uint32_t enumOffset = 0;
    std::memcpy(&enumOffset, bytes.data() + 12, 4);
    for (size_t n = 4; n < bytes.size(); ++n) {
        auto r = rv::decodeConfig(bytes.data(), n, name);
        if (r.ok()) {
            EXPECT_EQ(n, enumOffset) << name;
            continue;
        }
        const DiagKind k = r.error().kind;
        EXPECT_TRUE(k == DiagKind::Truncated || k == DiagKind::BadCount || k == DiagKind::BadValue)
            << name << " cut at " << n << ": " << rv::diagnosticLine(r.error());
        EXPECT_EQ(rv::diagnosticLine(r.error()).rfind(name + ": ", 0), 0u) << rv::diagnosticLine(r.error());
        EXPECT_NE(rv::diagnosticLine(r.error()).find("offset 0x"), std::string::npos) << rv::diagnosticLine(r.error());
    }
}

TEST(ConfigRapSamples, EveryCutOfEverySampleIsClean) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const std::vector<std::string> paths = rapSamplePaths();
    ASSERT_EQ(paths.size(), 10u);
    for (const std::string& p : paths) sweepCuts(rvtest::readBytes(p), std::filesystem::path(p).filename().string());
    const std::vector<uint8_t> kam = kamConfigBin();
    ASSERT_EQ(kam.size(), 25900u);
    sweepCuts(kam, "config.bin");
}

TEST(ConfigRapSamples, ByteDamageNeverCrashes) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    for (const std::string& p : rapSamplePaths()) {
        const std::vector<uint8_t> bytes = rvtest::readBytes(p);
        for (size_t i = 0; i < bytes.size(); ++i) {
            for (uint8_t v : {uint8_t(0x00), uint8_t(0xff), uint8_t(bytes[i] ^ 0x80)}) {
                std::vector<uint8_t> b = bytes;
                b[i] = v;
                auto r = rv::decodeConfig(b.data(), b.size(), "d.rvmat");
                if (!r.ok()) {
                    EXPECT_LT(int(r.error().kind), 100) << rv::diagnosticLine(r.error());
                }
            }
        }
    }
}

// KAM's chemical config.bin (BI's binarizer), values read by hand from its bytes.
TEST(ConfigRapSamples, KamConfigBin) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const rv::ConfigTree t = decodeOk(kamConfigBin(), "config.bin");
    EXPECT_TRUE(t.warnings.empty());
    EXPECT_EQ(t.root.entries.size(), 33u);
    const rv::ConfigEntry* patch = t.root.findClass("CfgPatches");
    ASSERT_NE(patch, nullptr);
    const rv::ConfigEntry* kat = patch->findClass("kat_chemical");
    ASSERT_NE(kat, nullptr);
    EXPECT_EQ(kat->entries.size(), 12u);
    EXPECT_EQ(kat->findValue("name")->text, "KAT - KAT - Chemical");
    EXPECT_EQ(kat->findValue("requiredVersion")->type, rv::ConfigValueType::Float);
    EXPECT_EQ(kat->findValue("requiredVersion")->real, 1.88f);
    const rv::ConfigValue* units = kat->findValue("units");
    ASSERT_EQ(units->items.size(), 6u);
    EXPECT_EQ(units->items[0].text, "kat_Antidot_Item");
    EXPECT_EQ(kat->findValue("versionAr")->items[0].integer, 1);

    const rv::ConfigEntry* ammo = t.root.findClass("CfgAmmo");  // stored as "cfgAmmo"
    ASSERT_NE(ammo, nullptr);
    EXPECT_EQ(ammo->name, "cfgAmmo");
    EXPECT_EQ(ammo->entries.size(), 17u);
    EXPECT_EQ(ammo->entries[0].kind, rv::ConfigEntryKind::External);
    EXPECT_EQ(ammo->entries[0].name, "Smoke_82mm_AMOS_White");
    EXPECT_EQ(ammo->findClass("KAT_SmokeShellArty")->base, "SmokeShellArty");

    const rv::ConfigEntry* init = t.root.findClass("Extended_PreInit_EventHandlers")->findClass("kat_chemical");
    EXPECT_EQ(init->findValue("disableModuload")->integer, 1);
    size_t appends = 0;
    std::function<void(const rv::ConfigEntry&)> walk = [&](const rv::ConfigEntry& e) {
        if (e.kind == rv::ConfigEntryKind::ArrayAppend) ++appends;
        for (const rv::ConfigEntry& c : e.entries) walk(c);
    };
    walk(t.root);
    EXPECT_EQ(appends, 6u);
}

}  // namespace
