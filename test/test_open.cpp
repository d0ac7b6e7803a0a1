// The front door (rv/open.hpp): the kind of a file by its signature, refusals that say what the
// file is and what reads it, the one budget, and the data root from Options or the environment.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "rv/open.hpp"
#include "support/odol_writer.hpp"
#include "support/pbo_writer.hpp"
#include "support/temp_dir.hpp"
#include "support/wrp_writer.hpp"

namespace {

// A 4x4 ARGB8888 PAA: type, no TAGGs, an empty palette (u16 0), one mip (u16 w, u16 h, u24
// size, pixels), the closing 0.
std::vector<uint8_t> tinyPaa() {
    std::vector<uint8_t> b = {0x88, 0x88, 0, 0, 4, 0, 4, 0, 64, 0, 0};
    for (int i = 0; i < 16; ++i) b.insert(b.end(), {10, 20, 30, 255});
    b.insert(b.end(), {0, 0, 0, 0, 0, 0});
    return b;
}

struct EnvDataRoot {  // RV_IMPORT_DATA_ROOT for one test, then as it was
    explicit EnvDataRoot(const std::string& v) { setenv("RV_IMPORT_DATA_ROOT", v.c_str(), 1); }
    ~EnvDataRoot() { unsetenv("RV_IMPORT_DATA_ROOT"); }
};

TEST(FrontDoor, KindsBySignatureAndNameOnlyWithout) {
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    const auto terrain = rvtest::writeOprw(rvtest::makeTestTerrain(25, 8, 8, 8, 8));
    const auto pbo = rvtest::writePbo("rv\\test", "a.txt", {'x'});
    const auto paa = tinyPaa();
    const std::vector<uint8_t> rap = {0, 'r', 'a', 'P', 0, 0, 0, 0};
    const std::vector<uint8_t> text = {'a', '=', '1', ';'};
    // The signature wins over a misleading name.
    EXPECT_EQ(rv::sniffKind(model.data(), model.size(), "x.wrp"), rv::FileKind::Model);
    EXPECT_EQ(rv::sniffKind(terrain.data(), terrain.size(), "x.p3d"), rv::FileKind::Terrain);
    EXPECT_EQ(rv::sniffKind(pbo.data(), pbo.size(), "x.p3d"), rv::FileKind::Archive);
    EXPECT_EQ(rv::sniffKind(paa.data(), paa.size(), "x.p3d"), rv::FileKind::Texture);
    EXPECT_EQ(rv::sniffKind(rap.data(), rap.size(), "config.p3d"), rv::FileKind::Config);
    // No signature: the name decides (OFP's untyped .pac, text configs), else unknown.
    EXPECT_EQ(rv::sniffKind(text.data(), text.size(), "m.rvmat"), rv::FileKind::Config);
    EXPECT_EQ(rv::sniffKind(text.data(), text.size(), "T.PAC"), rv::FileKind::Texture);
    EXPECT_EQ(rv::sniffKind(text.data(), text.size(), "m.p3d"), rv::FileKind::Unknown);
}

TEST(FrontDoor, OpensEachKindDecoded) {
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    auto m = rv::open(model.data(), model.size(), "crate.p3d");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->kind, rv::FileKind::Model);
    ASSERT_TRUE(m->model != nullptr);
    EXPECT_EQ(m->model->lods.size(), rvtest::makeCrateModel().lods.size());
    EXPECT_FALSE(m->terrain || m->texture || m->config || m->archive);

    const auto pbo = rvtest::writePbo("rv\\test", "a.txt", {'x'});
    auto p = rv::open(pbo.data(), pbo.size(), "t.pbo");
    ASSERT_TRUE(p.ok()) << p.error().message;
    ASSERT_TRUE(p->archive.has_value());
    EXPECT_EQ(p->archive->prefix, "rv\\test");
    ASSERT_EQ(p->archive->entries.size(), 1u);

    const auto paa = tinyPaa();
    auto t = rv::open(paa.data(), paa.size(), "t.paa");
    ASSERT_TRUE(t.ok()) << t.error().message;
    ASSERT_TRUE(t->texture.has_value());
    EXPECT_EQ(t->texture->width(), 4u);
}

TEST(FrontDoor, RefusesWhatTheCallerCannotUseSayingWhatItIs) {
    const auto pbo = rvtest::writePbo("rv\\test", "a.txt", {'x'});
    auto r = rv::open(pbo.data(), pbo.size(), "mod.pbo", {}, rv::accepting(rv::kAcceptModel | rv::kAcceptTerrain));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::NotRecognized);
    EXPECT_EQ(r.error().message, "mod.pbo is a PBO archive: use `rvimport pbo list` or `pbo extract`");
    const std::vector<uint8_t> junk = {'h', 'e', 'l', 'l', 'o'};
    auto u = rv::open(junk.data(), junk.size(), "notes.txt");
    ASSERT_FALSE(u.ok());
    EXPECT_EQ(u.error().message.rfind("notes.txt is an unknown file: rvimport reads models", 0), 0u)
        << u.error().message;
}

TEST(FrontDoor, TheFileBytesAreChargedToTheOneBudget) {
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options small;
    small.memoryLimit = model.size() - 1;
    auto r = rv::open(model.data(), model.size(), "crate.p3d", small);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(r.error().message.find("crate.p3d: the file's bytes"), std::string::npos) << r.error().message;
    // A caller's shared budget is the one used, and it holds the file's bytes afterwards.
    rv::MemoryBudget shared(uint64_t(1) << 30);
    rv::Options withShared;
    withShared.budget = &shared;
    auto ok = rv::open(model.data(), model.size(), "crate.p3d", withShared);
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(ok->budget, &shared);
    EXPECT_GE(shared.used(), model.size());
}

TEST(FrontDoor, DataRootFromOptionsOrTheEnvironmentAndAMissingOneIsAnError) {
    rvtest::TempDir root("rv_open_root");
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options o;
    o.dataRoot = root.dir.u8string();
    auto a = rv::open(model.data(), model.size(), "crate.p3d", o);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_TRUE(a->dataRoot != nullptr);
    {
        EnvDataRoot env(root.dir.u8string());
        auto b = rv::open(model.data(), model.size(), "crate.p3d");
        ASSERT_TRUE(b.ok()) << b.error().message;
        EXPECT_TRUE(b->dataRoot != nullptr);
    }
    {
        EnvDataRoot env((root.dir / "no_such_folder").u8string());
        auto c = rv::open(model.data(), model.size(), "crate.p3d");
        ASSERT_FALSE(c.ok());
        EXPECT_NE(c.error().message.find("no_such_folder"), std::string::npos) << c.error().message;
    }
    auto d = rv::open(model.data(), model.size(), "crate.p3d");
    ASSERT_TRUE(d.ok());
    EXPECT_TRUE(d->dataRoot == nullptr);
}

}  // namespace
