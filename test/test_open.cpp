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
    ASSERT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
    EXPECT_EQ(m->kind, rv::FileKind::Model);
    ASSERT_TRUE(m->model != nullptr);
    EXPECT_EQ(m->model->lods.size(), rvtest::makeCrateModel().lods.size());
    EXPECT_FALSE(m->terrain || m->texture || m->config || m->archive);

    const auto pbo = rvtest::writePbo("rv\\test", "a.txt", {'x'});
    auto p = rv::open(pbo.data(), pbo.size(), "t.pbo");
    ASSERT_TRUE(p.ok()) << rv::diagnosticLine(p.error());
    ASSERT_TRUE(p->archive.has_value());
    EXPECT_EQ(p->archive->prefix, "rv\\test");
    ASSERT_EQ(p->archive->entries.size(), 1u);

    const auto paa = tinyPaa();
    auto t = rv::open(paa.data(), paa.size(), "t.paa");
    ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
    ASSERT_TRUE(t->texture.has_value());
    EXPECT_EQ(t->texture->width(), 4u);
}

TEST(FrontDoor, RefusesWhatTheCallerCannotUseSayingWhatItIs) {
    const auto pbo = rvtest::writePbo("rv\\test", "a.txt", {'x'});
    auto r = rv::open(pbo.data(), pbo.size(), "mod.pbo", {}, rv::accepting(rv::kAcceptModel | rv::kAcceptTerrain));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::NotRecognized);
    EXPECT_EQ(rv::diagnosticLine(r.error()), "mod.pbo is a PBO archive: use `rvimport pbo list` or `pbo extract`, or `rvimport batch` on its folder to convert what is inside");
    const std::vector<uint8_t> junk = {'h', 'e', 'l', 'l', 'o'};
    auto u = rv::open(junk.data(), junk.size(), "notes.txt");
    ASSERT_FALSE(u.ok());
    EXPECT_EQ(rv::diagnosticLine(u.error()).rfind("notes.txt is an unknown file: rvimport reads models", 0), 0u)
        << rv::diagnosticLine(u.error());
}

TEST(FrontDoor, TheFileBytesAreChargedToTheOneBudget) {
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options small;
    small.memoryLimit = model.size() - 1;
    auto r = rv::open(model.data(), model.size(), "crate.p3d", small);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(rv::diagnosticLine(r.error()).find("crate.p3d: the file's bytes"), std::string::npos) << rv::diagnosticLine(r.error());
    // A caller's shared budget is the one used, and it holds the file's bytes afterwards.
    rv::MemoryBudget shared(uint64_t(1) << 30);
    rv::Options withShared;
    withShared.budget = &shared;
    auto ok = rv::open(model.data(), model.size(), "crate.p3d", withShared);
    ASSERT_TRUE(ok.ok()) << rv::diagnosticLine(ok.error());
    EXPECT_EQ(ok->budget, &shared);
    EXPECT_GE(shared.used(), model.size());
}

TEST(FrontDoor, DataRootFromOptionsOrTheEnvironmentAndAMissingOneIsAnError) {
    rvtest::TempDir root("rv_open_root");
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options o;
    o.dataRoot = root.dir.u8string();
    auto a = rv::open(model.data(), model.size(), "crate.p3d", o);
    ASSERT_TRUE(a.ok()) << rv::diagnosticLine(a.error());
    EXPECT_TRUE(a->dataRoot != nullptr);
    {
        EnvDataRoot env(root.dir.u8string());
        auto b = rv::open(model.data(), model.size(), "crate.p3d");
        ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
        EXPECT_TRUE(b->dataRoot != nullptr);
    }
    {
        EnvDataRoot env((root.dir / "no_such_folder").u8string());
        auto c = rv::open(model.data(), model.size(), "crate.p3d");
        ASSERT_FALSE(c.ok());
        EXPECT_NE(rv::diagnosticLine(c.error()).find("no_such_folder"), std::string::npos) << rv::diagnosticLine(c.error());
    }
    auto d = rv::open(model.data(), model.size(), "crate.p3d");
    ASSERT_TRUE(d.ok());
    EXPECT_TRUE(d->dataRoot == nullptr);
}

// The one line a modder needs when textures come out grey: the file names textures (or object
// models) and no data root is set. Given a data root, or for a file that names nothing, it is absent.
TEST(FrontDoor, NoDataRootHintOnlyWhenSomethingIsLeftOut) {
    const auto model = rvtest::writeOdol73(rvtest::makeCrateModel());
    auto a = rv::open(model.data(), model.size(), "crate.p3d");
    ASSERT_TRUE(a.ok()) << rv::diagnosticLine(a.error());
    ASSERT_EQ(a->warnings.size(), 1u);
    EXPECT_EQ(a->warnings[0].kind, rv::DiagKind::NoDataRoot);
    EXPECT_EQ(rv::diagnosticLine(a->warnings[0]).rfind("crate.p3d: no data root is set, so its textures are left out: ", 0), 0u)
        << rv::diagnosticLine(a->warnings[0]);
    rvtest::TempDir root("rv_open_hint");
    rv::Options o;
    o.dataRoot = root.dir.u8string();
    auto b = rv::open(model.data(), model.size(), "crate.p3d", o);
    ASSERT_TRUE(b.ok()) << rv::diagnosticLine(b.error());
    EXPECT_TRUE(b->warnings.empty());
    const auto terrain = rvtest::writeOprw(rvtest::makeTestTerrain(25, 8, 8, 8, 8));
    auto t = rv::open(terrain.data(), terrain.size(), "w.wrp");
    ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
    ASSERT_EQ(t->warnings.size(), 1u);
    EXPECT_NE(rv::diagnosticLine(t->warnings[0]).find("w.wrp: no data root is set, so its object models and layer textures"),
              std::string::npos);
    const auto paa = tinyPaa();
    auto p = rv::open(paa.data(), paa.size(), "t.paa");
    ASSERT_TRUE(p.ok()) << rv::diagnosticLine(p.error());
    EXPECT_TRUE(p->warnings.empty());  // a texture names no other file
}

// With a frame the view comes too, and it stays valid when the result is moved: the view points
// into the model, which lives behind a pointer.
TEST(FrontDoor, BuildsTheViewWhenAskedAndItSurvivesAMove) {
    const auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::OpenRequest request = rv::accepting(rv::kAcceptModel);
    request.viewFrame = rv::Frame{};
    rv::Options all;
    all.lods = "all";
    auto r = rv::open(bytes.data(), bytes.size(), "crate.p3d", all, request);
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    rv::OpenedFile moved = std::move(r.value());
    ASSERT_TRUE(moved.modelView != nullptr);
    ASSERT_EQ(moved.modelView->lods.size(), 4u);  // 1.000, shadow, geometry, memory
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(moved.modelView->lods[i].source, &moved.model->lods[i]);
    EXPECT_EQ(moved.modelView->lods[0].positions.size(), moved.model->lods[0].positions.size());
    auto noView = rv::open(bytes.data(), bytes.size(), "crate.p3d");
    ASSERT_TRUE(noView.ok());
    EXPECT_TRUE(noView->modelView == nullptr);
}

// Picking only empty LODs is an error naming them, not an output with nothing in it.
TEST(FrontDoor, AnEmptyLodChoiceIsAnErrorNamingTheLod) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rv::OdolLod empty;
    empty.resolution = 2.0f;
    empty.name = rv::lodName(empty.resolution);
    crate.lods.insert(crate.lods.begin() + 1, empty);
    const auto bytes = rvtest::writeOdol73(crate);
    rv::OpenRequest request = rv::accepting(rv::kAcceptModel);
    request.viewFrame = rv::Frame{};
    rv::Options pick;
    pick.lods = "2.000";
    auto r = rv::open(bytes.data(), bytes.size(), "crate.p3d", pick, request);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(rv::diagnosticLine(r.error()),
              "crate.p3d: LOD 2.000 is empty (no points, no faces): nothing to show; pick another LOD");
}

TEST(FrontDoor, TheLineNamesTheInputOnce) {
    const rv::Warning own = rv::withSource(rv::makeWarning(rv::DiagKind::EndsEarly, "LOD 0: ends early"), "m.p3d");
    EXPECT_EQ(rv::diagnosticLine(own), "m.p3d: LOD 0: ends early");
    EXPECT_EQ(rv::diagnosticLine(own, "in/m.p3d", "m.p3d"), "in/m.p3d: LOD 0: ends early");
    const rv::Warning none = rv::makeWarning(rv::DiagKind::MissingReference, "texture a.paa not found in the data root");
    EXPECT_EQ(rv::diagnosticLine(none, "in/m.p3d", "m.p3d"), "in/m.p3d: texture a.paa not found in the data root");
    // Another file's diagnostic keeps its source after the input's name, and told under the input
    // it becomes part of the message.
    const rv::Warning other = rv::withSource(rv::makeWarning(rv::DiagKind::BadValue, "bad"), "xm.p3d");
    EXPECT_EQ(rv::diagnosticLine(other, "in/m.p3d", "m.p3d"), "in/m.p3d: xm.p3d: bad");
    const rv::Warning under = rv::underSource(other, "m.p3d");
    EXPECT_EQ(under.source, "m.p3d");
    EXPECT_EQ(under.message, "xm.p3d: bad");
    EXPECT_EQ(rv::underSource(none, "m.p3d").message, none.message);
    EXPECT_EQ(rv::kindRefusal("mod.pbo", rv::FileKind::Archive),
              "mod.pbo is a PBO archive: use `rvimport pbo list` or `pbo extract`, or `rvimport batch` on its folder to convert what is inside");
}

// A caller of one kind (an importer) hears that kind's decoder on a file without a signature.
TEST(FrontDoor, AModelOnlyCallerGetsTheDecodersWordsForAnUnknownFile) {
    const std::vector<uint8_t> junk = {'J', 'U', 'N', 'K', 0, 0, 0, 0, 1, 2, 3, 4};
    auto r = rv::open(junk.data(), junk.size(), "m.p3d", {}, rv::accepting(rv::kAcceptModel));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("m.p3d: ", 0), 0u) << rv::diagnosticLine(r.error());
    EXPECT_EQ(rv::diagnosticLine(r.error()).find("is an unknown file"), std::string::npos) << rv::diagnosticLine(r.error());
}

}  // namespace

// Result::value() of a failed result is a caller's bug: the asserting builds (the sanitizer
// build, scripts/test.sh --sanitize) stop there instead of reading an empty optional.
#ifndef NDEBUG
TEST(FrontDoorDeathTest, ValueOfAFailedResultAsserts) {
    const rv::Result<int> failed(rv::makeError(rv::DiagKind::BadValue, "x.p3d: bad"));
    EXPECT_DEATH((void)failed.value(), "Result::value\\(\\) of a failed result");
}
#endif
