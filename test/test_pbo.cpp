// PBO archives and the data root, on the sample archives (../shared/samples/textures/pbo, see its
// README) and on folders the tests make.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "rv/data_root.hpp"
#include "rv/file_bytes.hpp"
#include "rv/pbo.hpp"
#include "support/pbo_writer.hpp"
#include "support/samples.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

std::string pboDir() {
    const std::string dir = rvtest::samplesDir();
    return dir.empty() ? dir : dir + "/textures/pbo";
}

#define RV_REQUIRE_PBOS()                          \
    if (pboDir().empty() || !fs::exists(pboDir())) \
    GTEST_SKIP() << "../shared/samples/textures/pbo is absent (set RV_SAMPLES_DIR)"

const rv::PboEntry* findEntry(const rv::PboArchive& a, const std::string& name, size_t* index = nullptr) {
    for (size_t i = 0; i < a.entries.size(); ++i)
        if (a.entries[i].name == name) {
            if (index) *index = i;
            return &a.entries[i];
        }
    return nullptr;
}

// KAM's chemical.pbo holds three models byte-identical to real/kam samples (README).
TEST(Pbo, KamArchiveEntriesAreTheRealModels) {
    RV_REQUIRE_PBOS();
    const auto bytes = rvtest::readBytes(pboDir() + "/KAM_chemical.pbo");
    auto pbo = rv::readPbo(bytes.data(), bytes.size(), "KAM_chemical.pbo");
    ASSERT_TRUE(pbo.ok()) << rv::diagnosticLine(pbo.error());
    EXPECT_EQ(pbo->prefix, "x\\kat\\addons\\chemical");
    EXPECT_EQ(pbo->entries.size(), 75u);
    EXPECT_TRUE(pbo->hasChecksum);  // 21 bytes after the last entry: a zero byte and a SHA-1
    EXPECT_TRUE(pbo->warnings.empty());
    const std::pair<const char*, const char*> twins[] = {
        {"ui\\m7a3.p3d", "real/kam/aff6fa87_m7a3.p3d"},
        {"data\\antidote.p3d", "real/kam/antidote.p3d"},
        {"data\\littergeneric_antidote.p3d", "real/kam/littergeneric_antidote.p3d"}};
    for (const auto& [entry, real] : twins) {
        size_t index = 0;
        ASSERT_NE(findEntry(pbo.value(), entry, &index), nullptr) << entry;
        auto got = rv::readPboEntry(pbo.value(), index, bytes.data(), bytes.size(), "KAM_chemical.pbo");
        ASSERT_TRUE(got.ok()) << rv::diagnosticLine(got.error());
        EXPECT_EQ(got.value(), rvtest::readBytes(rvtest::samplesDir() + "/" + real)) << entry;
    }
}

TEST(Pbo, TfarArchivesAndTheirDoubledListing) {
    RV_REQUIRE_PBOS();
    const auto small = rvtest::readBytes(pboDir() + "/TFAR_task_force_radio_items.pbo");
    auto a = rv::readPbo(small.data(), small.size(), "tfar.pbo");
    ASSERT_TRUE(a.ok()) << rv::diagnosticLine(a.error());
    EXPECT_EQ(a->prefix, "task_force_radio_items");
    EXPECT_EQ(a->entries.size(), 6u);
    EXPECT_NE(findEntry(a.value(), "anprc152\\152_icon.paa"), nullptr);
    const auto big = rvtest::readBytes(pboDir() + "/TFAR_task_force_radio_items_705k.pbo");
    auto b = rv::readPbo(big.data(), big.size(), "tfar705.pbo");
    ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
    EXPECT_EQ(b->prefix, "task-force-arma-3-radio\\arma3\\@task_force_radio\\addons\\task_force_radio_items");
    EXPECT_EQ(b->entries.size(), 34u);  // 17 files, each listed twice
}

// CWR-CE's fixture: no "Vers" entry, three LZSS-packed ("Cprs") entries, a "Cprs" terminator.
TEST(Pbo, PackedEntriesUnpack) {
    RV_REQUIRE_PBOS();
    const auto bytes = rvtest::readBytes(pboDir() + "/CWR-CE_mission_fixture.Intro.pbo");
    auto pbo = rv::readPbo(bytes.data(), bytes.size(), "intro.pbo");
    ASSERT_TRUE(pbo.ok()) << rv::diagnosticLine(pbo.error());
    EXPECT_TRUE(pbo->prefix.empty());
    ASSERT_EQ(pbo->entries.size(), 3u);
    EXPECT_EQ(pbo->entries[0].name, "briefing.html");
    EXPECT_TRUE(pbo->entries[0].packed());
    EXPECT_EQ(pbo->entries[0].originalSize, 61u);  // header bytes 0x3d
    auto html = rv::readPboEntry(pbo.value(), 0, bytes.data(), bytes.size(), "intro.pbo");
    ASSERT_TRUE(html.ok()) << rv::diagnosticLine(html.error());
    const std::string text(html->begin(), html->end());
    EXPECT_EQ(text.size(), 61u);
    EXPECT_EQ(text.rfind("<html><body><h1>Synthetic Archive Mission</", 0), 0u) << text;
    auto ext = rv::readPboEntry(pbo.value(), 1, bytes.data(), bytes.size(), "intro.pbo");
    ASSERT_TRUE(ext.ok()) << rv::diagnosticLine(ext.error());
    EXPECT_NE(std::string(ext->begin(), ext->end()).find("onLoadName = \"Synthetic Archive Mission\";"),
              std::string::npos);
}

// Every cut of the small archives ends in a header or a typed error naming the file.
TEST(Pbo, TruncationsEndCleanly) {
    RV_REQUIRE_PBOS();
    for (const char* name : {"CWR-CE_mission_fixture.Intro.pbo", "TFAR_task_force_radio_items.pbo"}) {
        const auto bytes = rvtest::readBytes(pboDir() + "/" + name);
        for (size_t n = 0; n < bytes.size(); n += (n < 2048 ? 1 : 997)) {
            auto pbo = rv::readPbo(bytes.data(), n, "cut.pbo");
            if (!pbo) {
                EXPECT_LT(int(pbo.error().kind), 100) << rv::diagnosticLine(pbo.error());
                EXPECT_EQ(rv::diagnosticLine(pbo.error()).rfind("cut.pbo: ", 0), 0u);
                EXPECT_LE(pbo.error().offset, n);
                continue;
            }
            for (size_t e = 0; e < pbo->entries.size(); ++e)
                (void)rv::readPboEntry(pbo.value(), e, bytes.data(), n, "cut.pbo");
        }
    }
}

// Hand-made archives: a header that promises more data than there is, a packed entry claiming
// gigabytes.
std::vector<uint8_t> archive(const std::string& name, uint32_t packing, uint32_t original, uint32_t dataSize,
                             const std::vector<uint8_t>& data) {
    std::vector<uint8_t> out(name.begin(), name.end());
    out.push_back(0);
    for (uint32_t v : {packing, original, 0u, 0u, dataSize})
        for (int k = 0; k < 4; ++k) out.push_back(uint8_t(v >> (8 * k)));
    out.insert(out.end(), 21, 0);  // the terminator: empty name, five zero fields
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

TEST(Pbo, HostileSizesAreRefused) {
    const auto tooLong = archive("a.txt", 0, 0, 1000, {1, 2, 3});
    auto a = rv::readPbo(tooLong.data(), tooLong.size(), "h.pbo");
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().kind, rv::DiagKind::Truncated);
    const auto bomb = archive("b.txt", 0x43707273u, 0xFFFFFFF0u, 4, {0xff, 'a', 'b', 'c'});
    auto b = rv::readPbo(bomb.data(), bomb.size(), "h.pbo");
    ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
    auto f = rv::readPboEntry(b.value(), 0, bomb.data(), bomb.size(), "h.pbo");
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().kind, rv::DiagKind::BadCount);  // 4 packed bytes cannot make 4 GB
    // A plausible size over the caller's limit.
    const auto big = archive("c.txt", 0x43707273u, 61, 4, {0xff, 'a', 'b', 'c'});
    auto c = rv::readPbo(big.data(), big.size(), "h.pbo");
    ASSERT_TRUE(c.ok()) << rv::diagnosticLine(c.error());
    rv::Options small;
    small.memoryLimit = 16;
    auto e = rv::readPboEntry(c.value(), 0, big.data(), big.size(), "h.pbo", small);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(rv::diagnosticLine(e.error()).find("memory limit of 16"), std::string::npos) << rv::diagnosticLine(e.error());
}

// Every error about an entry names the file, the entry and a byte offset (counted by hand: the
// entry "b.txt" takes 6 + 20 bytes, the terminator 21, so its data starts at 47 = 0x2f).
TEST(Pbo, EntryErrorsNameFileEntryAndOffset) {
    const auto stored = archive("b.txt", 0, 0, 3, {'a', 'b', 'c'});
    auto s = rv::readPbo(stored.data(), stored.size(), "h.pbo");
    ASSERT_TRUE(s.ok()) << rv::diagnosticLine(s.error());
    auto cut = rv::readPboEntry(s.value(), 0, stored.data(), 48, "h.pbo");  // the archive shortened
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(rv::diagnosticLine(cut.error()),
              "h.pbo: entry 0 'b.txt' (data at offset 0x2f): 3 bytes run past the end of the file (48 bytes)");
    EXPECT_EQ(cut.error().offset, 47u);
    // Three literals (flag 0xff), then a byte sum of 0 where 'a' + 'b' + 'c' = 294 belongs: the
    // sum starts 4 bytes into the data, at 0x33.
    const auto badSum = archive("b.txt", 0x43707273u, 3, 8, {0xff, 'a', 'b', 'c', 0, 0, 0, 0});
    auto b = rv::readPbo(badSum.data(), badSum.size(), "h.pbo");
    ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
    auto sum = rv::readPboEntry(b.value(), 0, badSum.data(), badSum.size(), "h.pbo");
    ASSERT_FALSE(sum.ok());
    EXPECT_EQ(rv::diagnosticLine(sum.error()),
              "h.pbo: entry 0 'b.txt' (data at offset 0x2f): LZSS checksum at offset 0x33 does not match the "
              "unpacked bytes");
    EXPECT_EQ(sum.error().offset, 0x33u);
    // A header cut inside an entry's fields, after its name (25 bytes with the zero): the entry
    // is named, with the offset its fields start at (25 = 0x19) and the 10 bytes that are left.
    const auto longName = archive("abcdefghijklmnopqrst.txt", 0, 0, 0, {});
    auto cutHeader = rv::readPbo(longName.data(), 35, "h.pbo");
    ASSERT_FALSE(cutHeader.ok());
    EXPECT_EQ(rv::diagnosticLine(cutHeader.error()),
              "h.pbo: entry 0: entry 'abcdefghijklmnopqrst.txt': its 20 field bytes at offset 0x19 run past the end "
              "of the file (10 bytes left)");
    EXPECT_EQ(cutHeader.error().offset, 25u);
    const auto bomb = archive("b.txt", 0x43707273u, 0xFFFFFFF0u, 4, {0xff, 'a', 'b', 'c'});
    auto c = rv::readPbo(bomb.data(), bomb.size(), "h.pbo");
    ASSERT_TRUE(c.ok()) << rv::diagnosticLine(c.error());
    auto big = rv::readPboEntry(c.value(), 0, bomb.data(), bomb.size(), "h.pbo");
    ASSERT_FALSE(big.ok());
    EXPECT_EQ(rv::diagnosticLine(big.error()).rfind("h.pbo: entry 0 'b.txt' (data at offset 0x2f): declares 4294967280", 0), 0u)
        << rv::diagnosticLine(big.error());
}

TEST(Pbo, UnsafeNames) {
    EXPECT_EQ(rv::unsafePathReason("data\\m_co.paa"), "");
    EXPECT_EQ(rv::unsafePathReason("a\\..\\..\\etc\\passwd"), "a '..' component");
    EXPECT_EQ(rv::unsafePathReason("../x"), "a '..' component");
    EXPECT_EQ(rv::unsafePathReason("\\windows\\x.dll"), "an absolute path");
    EXPECT_EQ(rv::unsafePathReason("/etc/x"), "an absolute path");
    EXPECT_EQ(rv::unsafePathReason("C:\\x"), "a drive letter");
    EXPECT_EQ(rv::unsafePathReason("tex\x04.paa"), "a control byte in the name");
    EXPECT_EQ(rv::unsafePathReason(""), "an empty name");
    EXPECT_EQ(rv::unsafePathReason("a\\..b\\c"), "");
    // One name of 256 bytes cannot be a file anywhere; 255 can, also as a folder.
    EXPECT_EQ(rv::unsafePathReason("data\\" + std::string(252, 'l') + ".p3d"),
              "a name of 256 bytes (file systems hold at most 255)");
    EXPECT_EQ(rv::unsafePathReason(std::string(255, 'd') + "\\" + std::string(251, 'l') + ".p3d"), "");
}

struct TempRoot : rvtest::TempDir {
    TempRoot() : TempDir("rv_root") {}
    void write(const std::string& rel, const std::string& text) {
        const fs::path p = dir / fs::u8path(rel);
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }
};

TEST(DataRoot, ResolvesCaseInsensitivelyWithFallbacksAndNeverLeaves) {
    TempRoot root;
    root.write("A3/Data_F/Metal_CO.paa", "paa bytes");
    root.write("ca/misc/barrel.png", "png bytes");
    root.write("outside.txt", "x");
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    const rv::ResolvedRef metal = dr->resolve("\\a3\\data_f\\metal_co.paa");
    EXPECT_EQ(metal.kind, rv::ResolvedRef::Kind::File);
    auto bytes = dr->read(metal);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "paa bytes");
    const rv::ResolvedRef barrel = dr->resolve("CA\\Misc\\Barrel.paa");
    EXPECT_EQ(barrel.kind, rv::ResolvedRef::Kind::File);
    EXPECT_TRUE(barrel.substituted);
    EXPECT_EQ(dr->resolve("#(argb,8,8,3)color(1,1,1,1)").kind, rv::ResolvedRef::Kind::Procedural);
    EXPECT_EQ(dr->resolve("a3\\..\\outside.txt").kind, rv::ResolvedRef::Kind::Unsafe);
    EXPECT_EQ(dr->resolve("C:\\a3\\data_f\\metal_co.paa").kind, rv::ResolvedRef::Kind::Unsafe);
    EXPECT_EQ(dr->resolve("a3\\data_f\\missing.paa").kind, rv::ResolvedRef::Kind::Missing);
    EXPECT_EQ(dr->resolve("tex\x03.paa").kind, rv::ResolvedRef::Kind::Unsafe);
}

#ifndef _WIN32
TEST(DataRoot, SymlinksOutOfTheRootAreIgnored) {
    TempRoot root, elsewhere;
    elsewhere.write("secret.paa", "secret");
    root.write("a/keep.paa", "keep");
    fs::create_symlink(elsewhere.dir / "secret.paa", root.dir / "a" / "secret.paa");
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    EXPECT_EQ(dr->resolve("a\\keep.paa").kind, rv::ResolvedRef::Kind::File);
    EXPECT_EQ(dr->resolve("a\\secret.paa").kind, rv::ResolvedRef::Kind::Missing);
    EXPECT_FALSE(dr->warnings().empty());
}

// The index reads the listing's file types and resolves only links: a link inside the root is
// kept, a dangling one or a link to a folder is skipped, and neither ends the listing.
TEST(DataRoot, LinksInsideTheRootAndDanglingOnes) {
    TempRoot root, elsewhere;
    root.write("a/real.paa", "real");
    root.write("z/after.paa", "after");
    elsewhere.write("f/far.paa", "far");
    fs::create_symlink(root.dir / "a" / "real.paa", root.dir / "a" / "alias.paa");
    fs::create_symlink(root.dir / "a" / "nothing.paa", root.dir / "a" / "dangling.paa");
    fs::create_directory_symlink(elsewhere.dir / "f", root.dir / "linked");
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    EXPECT_EQ(dr->fileCount(), 3u);  // real, alias, after
    const rv::ResolvedRef alias = dr->resolve("A\\Alias.paa");
    ASSERT_EQ(alias.kind, rv::ResolvedRef::Kind::File);
    auto bytes = dr->read(alias);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "real");
    EXPECT_EQ(dr->resolve("a\\dangling.paa").kind, rv::ResolvedRef::Kind::Missing);
    EXPECT_EQ(dr->resolve("linked\\far.paa").kind, rv::ResolvedRef::Kind::Missing);
    EXPECT_EQ(dr->resolve("z\\after.paa").kind, rv::ResolvedRef::Kind::File);
}
#endif

// Each entry read from its own archive among several, by the index: the bytes are the entry's,
// also when one archive lists a name twice (the first is the one resolved and read).
TEST(DataRoot, ReadsEachEntryFromItsArchive) {
    TempRoot root;
    auto bytesOf = [](const std::string& text) { return std::vector<uint8_t>(text.begin(), text.end()); };
    for (int p = 0; p < 3; ++p) {
        std::vector<std::pair<std::string, std::vector<uint8_t>>> entries;
        for (int e = 0; e < 4; ++e)
            entries.push_back({"Data\\E" + std::to_string(e) + ".rvmat", bytesOf(std::to_string(p) + "/" + std::to_string(e))});
        entries.push_back({"Data\\E1.rvmat", bytesOf("a later duplicate")});
        const std::vector<uint8_t> pbo = rvtest::writePboEntries("Mod" + std::to_string(p), entries);
        root.write("addons/m" + std::to_string(p) + ".pbo", std::string(pbo.begin(), pbo.end()));
    }
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    ASSERT_EQ(dr->pboCount(), 3u);
    for (int p = 0; p < 3; ++p)
        for (int e = 0; e < 4; ++e) {
            const rv::ResolvedRef ref = dr->resolve("\\mod" + std::to_string(p) + "\\data\\e" + std::to_string(e) + ".RVMAT");
            ASSERT_EQ(ref.kind, rv::ResolvedRef::Kind::PboEntry) << ref.reason;
            auto bytes = dr->read(ref);
            ASSERT_TRUE(bytes.ok()) << rv::diagnosticLine(bytes.error());
            EXPECT_EQ(std::string(bytes->begin(), bytes->end()), std::to_string(p) + "/" + std::to_string(e));
        }
    rv::ResolvedRef gone = dr->resolve("mod0\\data\\e0.rvmat");
    gone.entry = "data\\e9.rvmat";
    EXPECT_FALSE(dr->read(gone).ok());
    gone.path = "elsewhere.pbo";
    EXPECT_FALSE(dr->read(gone).ok());
}

// The sample archives mounted at their prefixes, as in a mod folder.
TEST(DataRoot, MountsPbosAtTheirPrefix) {
    RV_REQUIRE_PBOS();
    TempRoot root;
    fs::create_directories(root.dir / "addons");
    fs::copy_file(pboDir() + "/KAM_chemical.pbo", root.dir / "addons" / "chemical.pbo");
    // The copy keeps the sample's read-only mode; on Windows that would keep it from being removed.
    fs::permissions(root.dir / "addons" / "chemical.pbo", fs::perms::owner_write, fs::perm_options::add);
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    EXPECT_EQ(dr->pboCount(), 1u);
    const rv::ResolvedRef ref = dr->resolve("X\\KAT\\addons\\chemical\\UI\\m7a3.p3d");
    ASSERT_EQ(ref.kind, rv::ResolvedRef::Kind::PboEntry) << ref.reason;
    EXPECT_EQ(ref.entry, "ui\\m7a3.p3d");
    auto bytes = dr->read(ref);
    ASSERT_TRUE(bytes.ok()) << rv::diagnosticLine(bytes.error());
    EXPECT_EQ(bytes.value(), rvtest::readBytes(rvtest::samplesDir() + "/real/kam/aff6fa87_m7a3.p3d"));
}

// A batch's data root: archives given beside a folder (or alone) are mounted once, named in
// messages, and a given archive that also lies in the folder is not mounted twice.
TEST(DataRoot, ArchivesGivenBesideTheFolder) {
    RV_REQUIRE_PBOS();
    TempRoot root, mod;
    root.write("a3/data_f/metal_co.paa", "paa bytes");
    fs::copy_file(pboDir() + "/KAM_chemical.pbo", mod.dir / "chemical.pbo");
    fs::copy_file(pboDir() + "/TFAR_task_force_radio_items.pbo", root.dir / "tfar.pbo");
    for (const char* p : {"chemical.pbo"})
        fs::permissions(mod.dir / p, fs::perms::owner_write, fs::perm_options::add);
    fs::permissions(root.dir / "tfar.pbo", fs::perms::owner_write, fs::perm_options::add);
    const std::string kam = (mod.dir / "chemical.pbo").u8string(), tfar = (root.dir / "tfar.pbo").u8string();

    auto both = rv::DataRoot::open(root.dir.u8string(), {}, {kam, tfar});
    ASSERT_TRUE(both.ok()) << rv::diagnosticLine(both.error());
    EXPECT_EQ(both->pboCount(), 2u);  // tfar.pbo lies in the folder and was given: mounted once
    EXPECT_EQ(both->description(), both->folder() + " and 2 PBOs more");
    EXPECT_EQ(both->resolve("a3\\data_f\\metal_co.paa").kind, rv::ResolvedRef::Kind::File);
    EXPECT_EQ(both->resolve("x\\kat\\addons\\chemical\\ui\\m7a3.p3d").kind, rv::ResolvedRef::Kind::PboEntry);

    auto alone = rv::DataRoot::open("", {}, {kam});
    ASSERT_TRUE(alone.ok()) << rv::diagnosticLine(alone.error());
    EXPECT_EQ(alone->folder(), "");
    EXPECT_EQ(alone->description(), "1 PBO");
    const rv::ResolvedRef missing = alone->resolve("a3\\data_f\\metal_co.paa");
    EXPECT_EQ(missing.kind, rv::ResolvedRef::Kind::Missing);
    EXPECT_EQ(missing.reason, "not in the data root's 1 PBOs (by their prefixes)");
    EXPECT_TRUE(missing.tried.empty());
    EXPECT_TRUE(alone->nearbyRootFor("a3\\data_f\\metal_co.paa").folder.empty());  // never the working folder
    auto bytes = alone->read(alone->resolve("x\\kat\\addons\\chemical\\ui\\m7a3.p3d"));
    ASSERT_TRUE(bytes.ok()) << rv::diagnosticLine(bytes.error());
    EXPECT_EQ(bytes.value(), rvtest::readBytes(rvtest::samplesDir() + "/real/kam/aff6fa87_m7a3.p3d"));

    auto damaged = rv::DataRoot::open("", {}, {(root.dir / "a3" / "data_f" / "metal_co.paa").u8string()});
    ASSERT_TRUE(damaged.ok());  // an archive that cannot be read is a warning, as one below the folder
    EXPECT_EQ(damaged->pboCount(), 0u);
    ASSERT_EQ(damaged->warnings().size(), 1u);
    EXPECT_NE(damaged->warnings()[0].message.find("; not mounted"), std::string::npos);
}

// The command line's cap: at most N of each kind, in order, then one line per kind that had more.
TEST(Diagnostics, CapWarningsKeepsTheFirstOfEachKindAndCountsTheRest) {
    std::vector<rv::Warning> in;
    for (int i = 0; i < 7; ++i)
        in.push_back(rv::withSource(rv::makeWarning(rv::DiagKind::MissingReference, "t" + std::to_string(i)), "w.wrp"));
    in.push_back(rv::withSource(rv::makeWarning(rv::DiagKind::BadValue, "other"), "w.wrp"));
    const std::vector<rv::Warning> out = rv::capWarnings(in, 5);
    ASSERT_EQ(out.size(), 7u);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(out[size_t(i)].message, "t" + std::to_string(i));
    EXPECT_EQ(out[5].message, "other");
    EXPECT_EQ(rv::diagnosticLine(out[6]),
              "w.wrp: and 2 more missing reference warnings like these; --verbose lists them all");
    EXPECT_EQ(out[6].count, 2u);
    EXPECT_EQ(rv::capWarnings(in, SIZE_MAX).size(), in.size());
}

}  // namespace
