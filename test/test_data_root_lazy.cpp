// The data root's lazy index (issue 42): a reference found as a loose file lists only the folders
// on its path; the first that is not lists the whole folder and mounts its PBOs, and from then on
// every answer is the one the whole listing gives.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "support/pbo_writer.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

struct LazyRoot : rvtest::TempDir {
    LazyRoot() : TempDir("rv_lazy_root") {}
    void write(const std::string& rel, const std::string& text) {
        rvtest::put(dir / fs::u8path(rel), std::vector<uint8_t>(text.begin(), text.end()));
    }
};

TEST(DataRootLazy, LooseFilesWithoutTheWholeListingThenAMissListsIt) {
    LazyRoot root;
    root.write("A3/Data_F/Metal_CO.paa", "metal");
    root.write("x/pack/broken.pbo", "not a pbo at all");  // a warning, once the PBOs are needed
    rvtest::put(root.dir / "x" / "mod.pbo", rvtest::writePboEntries("x\\mod", {{"data\\in_pbo.paa", {'e', 'n', 't', 'r', 'y'}}}));
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok()) << rv::diagnosticLine(dr.error());
    EXPECT_FALSE(dr->indexed());
    const rv::ResolvedRef metal = dr->resolve("\\a3\\DATA_F\\metal_co.paa");  // any case, a leading backslash
    ASSERT_EQ(metal.kind, rv::ResolvedRef::Kind::File);
    auto bytes = dr->read(metal);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "metal");
    EXPECT_FALSE(dr->indexed()) << "a loose file listed the whole root";
    EXPECT_TRUE(dr->warningsFound().empty()) << "the damaged PBO was read before it was needed";
    // Not a loose file: the whole root is listed and its PBOs mounted, once.
    const rv::ResolvedRef entry = dr->resolve("x\\mod\\data\\in_pbo.paa");
    ASSERT_EQ(entry.kind, rv::ResolvedRef::Kind::PboEntry);
    EXPECT_TRUE(dr->indexed());
    bytes = dr->read(entry);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "entry");
    ASSERT_EQ(dr->warningsFound().size(), 1u);
    EXPECT_NE(dr->warningsFound()[0].message.find("broken.pbo"), std::string::npos);
    EXPECT_EQ(dr->resolve("a3\\data_f\\metal_co.paa").kind, rv::ResolvedRef::Kind::File);
    EXPECT_EQ(dr->pboCount(), 1u);
    EXPECT_EQ(dr->fileCount(), 3u);
}

// A folder that is a file, a file that is a folder, "." and empty parts: no loose file, and the
// whole listing says the same.
TEST(DataRootLazy, PathsThatAreNoLooseFile) {
    LazyRoot root;
    root.write("a/b.paa", "b");
    for (const char* ref : {"a\\b.paa\\c.paa", "a", "a\\.\\b.paa", "a\\\\b.paa", "a\\b.pa"}) {
        auto dr = rv::DataRoot::open(root.dir.u8string());
        ASSERT_TRUE(dr.ok());
        EXPECT_EQ(dr->resolve(ref).kind, rv::ResolvedRef::Kind::Missing) << ref;
        EXPECT_TRUE(dr->indexed()) << ref;
    }
}

#ifndef _WIN32
// The link rules of the whole listing, on a single path: a link inside the root is read, a link
// that leads out, a dangling one and a link to a folder are no loose files.
TEST(DataRootLazy, LinksAsTheWholeListingHasThem) {
    LazyRoot root, elsewhere;
    root.write("a/real.paa", "real");
    elsewhere.write("f/far.paa", "far");
    fs::create_symlink(root.dir / "a" / "real.paa", root.dir / "a" / "alias.paa");
    fs::create_symlink(elsewhere.dir / "f" / "far.paa", root.dir / "a" / "out.paa");
    fs::create_symlink(root.dir / "a" / "nothing.paa", root.dir / "a" / "dangling.paa");
    fs::create_directory_symlink(elsewhere.dir / "f", root.dir / "linked");
    auto dr = rv::DataRoot::open(root.dir.u8string());
    ASSERT_TRUE(dr.ok());
    const rv::ResolvedRef alias = dr->resolve("a\\alias.paa");
    ASSERT_EQ(alias.kind, rv::ResolvedRef::Kind::File);
    EXPECT_FALSE(dr->indexed());
    for (const char* ref : {"a\\out.paa", "a\\dangling.paa", "linked\\far.paa"}) {
        auto fresh = rv::DataRoot::open(root.dir.u8string());
        ASSERT_TRUE(fresh.ok());
        EXPECT_EQ(fresh->resolve(ref).kind, rv::ResolvedRef::Kind::Missing) << ref;
    }
}
#endif

}  // namespace
