// File names as Windows users have them: non-ASCII letters, backslashes, drive letters and paths
// beyond MAX_PATH (260). rv::openFile / rv::readFileBytes take UTF-8; on Windows they go through
// _wfopen. Runs on Linux too, where the same names must simply work.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "rv/data_root.hpp"
#include "rv/file_bytes.hpp"
#include "rv/odol.hpp"
#include "rv/pbo.hpp"
#include "support/odol_writer.hpp"

#ifdef _WIN32
#include <windows.h>
#endif

namespace {

namespace fs = std::filesystem;

std::string utf8(const fs::path& p) {
    const auto s = p.u8string();
    return std::string(s.begin(), s.end());
}

bool writeAll(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::FILE* f = rv::openFile(path, "wb");
    if (!f) return false;
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    return std::fclose(f) == 0 && ok;
}

// A name with Latin-1, Latin Extended, Cyrillic and CJK letters, none of them in one ANSI code page.
const char* const kName =
    "\xc3\x9c"
    "berfall_\xc5\x82\xc3\xb3"
    "d\xc5\xba_\xd0\xbc\xd0\xbe\xd0\xb4_\xe5\x9c\xb0\xe5\x9b\xb3.p3d";

TEST(WindowsPaths, NonAsciiFileNameRoundTrips) {
    const std::vector<uint8_t> bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    const std::string path = utf8(fs::temp_directory_path()) + "/" + kName;
    ASSERT_TRUE(writeAll(path, bytes)) << path;
    auto read = rv::readFileBytes(path);
    ASSERT_TRUE(read.ok()) << rv::diagnosticLine(read.error());
    EXPECT_EQ(read.value(), bytes);
    EXPECT_EQ(rv::fileNameOf(path), kName);
    auto model = rv::decodeOdol(read->data(), read->size(), rv::fileNameOf(path));
    ASSERT_TRUE(model.ok()) << rv::diagnosticLine(model.error());
    EXPECT_EQ(model->lods.size(), 4u);
    // The name survives into messages byte for byte.
    auto bad = rv::decodeOdol(read->data(), 100, rv::fileNameOf(path));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(rv::diagnosticLine(bad.error()).rfind(std::string(kName) + ": ", 0), 0u) << rv::diagnosticLine(bad.error());
    std::remove(path.c_str());
    fs::remove(fs::u8path(path));
}

TEST(WindowsPaths, MissingFileNamesItself) {
    const std::string path = utf8(fs::temp_directory_path()) + "/" + "nicht_da_\xc3\xa4.p3d";
    auto read = rv::readFileBytes(path);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().kind, rv::DiagKind::CannotRead);
    EXPECT_NE(rv::diagnosticLine(read.error()).find("nicht_da_\xc3\xa4.p3d"), std::string::npos);
}

// Names Windows cannot hold are refused as entry names and data-root references on every
// system, each with its reason (an archive extracts the same on Linux and Windows).
TEST(WindowsPaths, ReservedNamesTrailingDotsAndStreamsAreRefused) {
    const std::string device = "a name Windows reserves for a device";
    for (const char* name : {"con", "CON", "nul.txt", "data\\aux.paa", "Prn.tar.gz", "com1", "COM9.p3d", "lpt1.txt",
                             "LPT9", "con .txt", "conin$", "a\\CONOUT$\\b"}) {
        const std::string why = rv::unsafePathReason(name);
        EXPECT_EQ(why.rfind(device, 0), 0u) << name << " -> " << why;
    }
    for (const char* name : {"x.", "data\\x.paa.", "a.\\b", "x ", "dir \\y.paa", "..."})
        EXPECT_EQ(rv::unsafePathReason(name).rfind("a trailing dot or space", 0), 0u) << name;
    for (const char* name : {"x.paa:stream", "a\\b:$DATA", "dir\\x:y\\z"})
        EXPECT_EQ(rv::unsafePathReason(name), "a ':' (an alternate data stream on Windows)") << name;
    EXPECT_EQ(rv::unsafePathReason("C:\\x"), "a drive letter");  // unchanged: the drive comes first
    // Names that only look like the reserved ones are fine.
    for (const char* name : {"console.paa", "com10.txt", "lpt.txt", "auxiliary\\x.p3d", "nul_co.paa", "com",
                             "data\\.hidden", "a\\.\\b", "x.y.z", "a b\\c d.paa"})
        EXPECT_EQ(rv::unsafePathReason(name), "") << name;
}

// A data root never resolves such a reference, so a model looks the same on every system.
TEST(WindowsPaths, DataRootRefusesWindowsReservedReferences) {
    const fs::path dir = fs::temp_directory_path() / "rv_windows_names_root";
    fs::remove_all(dir);
    fs::create_directories(dir / "data");
    ASSERT_TRUE(writeAll(utf8(dir / "data" / "ok.paa"), {1}));
    auto root = rv::DataRoot::open(utf8(dir));
    ASSERT_TRUE(root.ok()) << rv::diagnosticLine(root.error());
    EXPECT_EQ(root->resolve("data\\ok.paa").kind, rv::ResolvedRef::Kind::File);
    for (const char* ref : {"data\\aux.paa", "data\\ok.paa.", "data\\ok.paa:zone"}) {
        const rv::ResolvedRef r = root->resolve(ref);
        EXPECT_EQ(r.kind, rv::ResolvedRef::Kind::Unsafe) << ref;
        EXPECT_FALSE(r.reason.empty()) << ref;
    }
    fs::remove_all(dir);
}

#ifdef _WIN32
TEST(WindowsPaths, BackslashesAndDriveLetters) {
    const std::vector<uint8_t> bytes = {'O', 'D', 'O', 'L'};
    std::string dir = utf8(fs::temp_directory_path());  // "C:\users\...\Temp\"
    ASSERT_GE(dir.size(), 3u);
    EXPECT_EQ(dir[1], ':');
    if (dir.back() != '\\' && dir.back() != '/') dir += '\\';
    const std::string back = dir + "rv_back\xc3\xa9.bin";
    ASSERT_TRUE(writeAll(back, bytes));
    std::string forward = back;
    for (char& c : forward)
        if (c == '\\') c = '/';
    auto read = rv::readFileBytes(forward);
    ASSERT_TRUE(read.ok()) << rv::diagnosticLine(read.error());
    EXPECT_EQ(read.value(), bytes);
    fs::remove(fs::u8path(back));
}

// A file 300+ characters deep, made with the \\?\ API; rv::openFile reaches it by its plain path.
TEST(WindowsPaths, LongPathsBeyondMaxPath) {
    std::wstring dir = fs::temp_directory_path().wstring();
    if (dir.back() != L'\\') dir += L'\\';
    std::wstring deep = L"\\\\?\\" + dir;
    std::string deepUtf8 = utf8(fs::temp_directory_path());
    if (deepUtf8.back() != '\\') deepUtf8 += '\\';
    for (int i = 0; i < 8; ++i) {
        const std::wstring part = L"rv_long_path_segment_" + std::to_wstring(i) + L"_xxxxxxxxxxxxxxxxxx";
        deep += part + L"\\";
        deepUtf8 += "rv_long_path_segment_" + std::to_string(i) + "_xxxxxxxxxxxxxxxxxx\\";
        CreateDirectoryW(deep.c_str(), nullptr);
    }
    const std::string file = deepUtf8 + "m\xc3\xbc.bin";
    ASSERT_GT(file.size(), 300u);
    const std::vector<uint8_t> bytes = {1, 2, 3};
    ASSERT_TRUE(writeAll(file, bytes)) << "could not write " << file.size() << " characters deep";
    auto read = rv::readFileBytes(file);
    ASSERT_TRUE(read.ok()) << rv::diagnosticLine(read.error());
    EXPECT_EQ(read.value(), bytes);
}
#endif

}  // namespace
