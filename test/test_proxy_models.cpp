// Proxies drawn from the data root (rv/proxy_models.hpp, issue 36), on editable models made by our
// MLOD writer in a scratch data root: which proxies are drawn, the model placed in its own
// coordinates, one decode per file, paths out of the root refused, loops and deep chains cut with
// one warning each, a damaged model one warning, and --proxies nodes/all.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/memory_budget.hpp"
#include "rv/model.hpp"
#include "rv/proxy_models.hpp"
#include "rv/view.hpp"
#include "support/mlod_writer.hpp"
#include "support/temp_dir.hpp"
#include "support/write_file.hpp"

namespace {

namespace fs = std::filesystem;

// The writer's box model with one proxy triangle per path in its 1.000 LOD (right angle at
// (k, 0, 0), long leg +y, short leg +z: an upright proxy k metres along x).
std::vector<uint8_t> boxWithProxies(const std::vector<std::string>& paths) {
    std::vector<rvtest::MlodLodSpec> lods = rvtest::makeBoxModel(false);
    rvtest::MlodLodSpec& lod = lods[0];
    lod.tags.erase(lod.tags.begin() + 2, lod.tags.begin() + 4);  // UV sets sized for the box's faces
    const uint32_t boxPoints = uint32_t(lod.points.size()), boxFaces = uint32_t(lod.faces.size());
    const uint32_t added = uint32_t(paths.size());
    for (uint32_t k = 0; k < added; ++k) {
        const float x = float(k + 2);
        const uint32_t first = uint32_t(lod.points.size());
        lod.points.insert(lod.points.end(), {{x, 0, 0}, {x, 2, 0}, {x, 0, 1}});
        rvtest::MlodFaceSpec f;
        f.points = {first, first + 1, first + 2};
        f.normals = {0, 0, 0};
        f.uvs = {{0, 0}, {0, 0}, {0, 0}};
        lod.faces.push_back(f);
    }
    for (rvtest::MlodTagSpec& t : lod.tags)  // the box's selections grow with the points and faces
        if (t.name[0] != '#') {
            const std::vector<uint8_t> faces(t.data.begin() + boxPoints, t.data.end());
            t.data.resize(boxPoints + 3 * added, 0);
            t.data.insert(t.data.end(), faces.begin(), faces.end());
            t.data.resize(t.data.size() + added, 0);
        }
    for (uint32_t k = 0; k < added; ++k) {
        std::vector<uint8_t> points(boxPoints + 3 * added, 0), faces(boxFaces + added, 0);
        std::fill(points.begin() + boxPoints + 3 * k, points.begin() + boxPoints + 3 * k + 3, 1);
        faces[boxFaces + k] = 1;
        lod.tags.push_back(rvtest::selectionTag("proxy:" + paths[k] + ".001", points, faces));
    }
    return rvtest::writeMlod(lods);
}

struct Opened {
    rv::OdolModel model;
    rv::ModelView view;
    rv::ProxyModels proxies;
};

// Decodes `bytes`, views them (stored frame, not centred) and resolves against `root`.
Opened resolve(const std::vector<uint8_t>& bytes, const fs::path& root, rv::Options options = {}) {
    options.autocenter = false;
    rv::Result<rv::OdolModel> model = rv::decodeModel(bytes.data(), bytes.size(), "parent.p3d", options);
    EXPECT_TRUE(model.ok()) << rv::diagnosticLine(model.error());
    Opened o{std::move(model.value()), {}, {}};
    rv::Result<rv::ModelView> view = rv::buildModelView(o.model, options, rv::Frame{});
    EXPECT_TRUE(view.ok());
    o.view = std::move(view.value());
    rv::Result<rv::DataRoot> dataRoot = rv::DataRoot::open(root.string(), options);
    EXPECT_TRUE(dataRoot.ok());
    o.proxies = rv::resolveProxies(o.view, dataRoot.value(), options);
    return o;
}

using rvtest::put;

size_t warningsNaming(const rv::ProxyModels& p, const std::string& text) {
    return size_t(std::count_if(p.warnings.begin(), p.warnings.end(),
                                [&](const rv::Warning& w) { return rv::diagnosticLine(w).find(text) != std::string::npos; }));
}

TEST(ProxyModels, WhichProxiesTheGameDraws) {
    for (const char* drawn : {"\\ca\\characters\\heads\\bysta", "\\a3\\data_f\\proxies\\weapon_slots\\primary",
                              "\\ca\\wheeled\\proxies\\glass", "\\rv\\lamp"})
        EXPECT_TRUE(rv::proxyIsDrawn(drawn)) << drawn;
    for (const char* place : {"\\ca\\temp\\proxies\\uaz\\driver", "\\a3\\data_f\\proxies\\passenger_low01\\Cargo01",
                              "\\ca\\temp\\proxies\\ural\\Gunner", "\\x\\commander_apc", "\\x\\flag_alone",
                              "\\a3\\data_f\\proxies\\muzzle_flash\\muzzle_flash_rifle_mk20", "\\x\\mf_smg"})
        EXPECT_FALSE(rv::proxyIsDrawn(place)) << place;
}

TEST(ProxyModels, TheNamedModelIsDrawnInItsOwnCoordinates) {
    rvtest::TempDir root("rv_proxy_root");
    put(root.dir / "rv" / "crate.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    Opened o = resolve(boxWithProxies({"\\rv\\crate", "\\RV\\Crate"}), root.dir);
    ASSERT_EQ(o.view.lods[0].proxies.size(), 2u);
    EXPECT_TRUE(o.proxies.warnings.empty()) << rv::diagnosticLine(o.proxies.warnings[0]);
    ASSERT_EQ(o.proxies.models.size(), 1u);  // one decode and view for both spellings
    EXPECT_EQ(o.view.lods[0].proxies[0].model, 0);
    EXPECT_EQ(o.view.lods[0].proxies[1].model, 0);
    const rv::ModelView& placed = o.proxies.models[0]->view;
    ASSERT_EQ(placed.lods.size(), 1u);
    EXPECT_EQ(placed.lods[0].name, "1.000");
    // The writer's unit cube as makeBoxModel stores it (offset 0.25), not moved to its bounding centre.
    std::set<std::tuple<float, float, float>> corners;
    for (const rv::Vec3& p : placed.lods[0].positions) corners.insert({p.x, p.y, p.z});
    const std::vector<rv::Vec3>& cube = rvtest::makeBoxLod(1.0f, false, 0.25f).points;
    EXPECT_EQ(corners.size(), cube.size());
    for (const rv::Vec3& p : cube) EXPECT_EQ(corners.count({p.x, p.y, p.z}), 1u) << p.x << " " << p.y << " " << p.z;
    // Under the geometry and memory LODs, proxies stay nodes: only drawn LODs draw them.
    for (size_t i = 1; i < o.view.lods.size(); ++i)
        for (const rv::ProxyView& p : o.view.lods[i].proxies) EXPECT_EQ(p.model, -1);
}

TEST(ProxyModels, PathsOutOfTheRootAreRefused) {
    rvtest::TempDir base("rv_proxy_escape");
    const fs::path root = base.dir / "root";
    fs::create_directories(root);
    put(base.dir / "outside" / "crate.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    const std::string absolute = (base.dir / "outside" / "crate").string();
    Opened o =
        resolve(boxWithProxies({"\\..\\outside\\crate", "..\\outside\\crate", absolute, "C:\\outside\\crate"}), root);
    EXPECT_TRUE(o.proxies.models.empty());
    for (const rv::ProxyView& p : o.view.lods[0].proxies) EXPECT_EQ(p.model, -1) << p.path;
    EXPECT_GE(o.proxies.warnings.size(), 3u);
    for (const rv::Warning& w : o.proxies.warnings) EXPECT_NE(rv::diagnosticLine(w).find("stays a node"), std::string::npos);
}

TEST(ProxyModels, ALoopIsCutWithOneWarning) {
    rvtest::TempDir root("rv_proxy_loop");
    const std::vector<uint8_t> self = boxWithProxies({"\\rv\\self"});
    put(root.dir / "rv" / "self.p3d", self);
    Opened o = resolve(self, root.dir);
    ASSERT_EQ(o.proxies.models.size(), 1u);  // the parent's proxy draws self.p3d once...
    EXPECT_EQ(o.view.lods[0].proxies[0].model, 0);
    EXPECT_EQ(o.proxies.models[0]->view.lods[0].proxies[0].model, -1);  // ...whose own proxy stays a node
    EXPECT_EQ(warningsNaming(o.proxies, "loop"), 1u);
    EXPECT_EQ(o.proxies.warnings.size(), 1u);
}

TEST(ProxyModels, DeepChainsStopAtTheBound) {
    rvtest::TempDir root("rv_proxy_deep");
    const uint32_t depth = rv::defaults::kProxyDepth + 2;
    for (uint32_t k = 0; k < depth; ++k)
        put(root.dir / "rv" / ("m" + std::to_string(k) + ".p3d"),
            boxWithProxies({"\\rv\\m" + std::to_string(k + 1)}));  // the last names a missing file
    Opened o = resolve(boxWithProxies({"\\rv\\m0"}), root.dir);
    EXPECT_EQ(o.proxies.models.size(), size_t(rv::defaults::kProxyDepth));
    EXPECT_EQ(warningsNaming(o.proxies, "nested more than"), 1u);
    int32_t levels = 0;
    for (int32_t m = o.view.lods[0].proxies[0].model; m >= 0;
         m = o.proxies.models[size_t(m)]->view.lods[0].proxies[0].model)
        ++levels;
    EXPECT_EQ(levels, int32_t(rv::defaults::kProxyDepth));
}

TEST(ProxyModels, ADamagedOrMissingModelIsOneWarningEach) {
    rvtest::TempDir root("rv_proxy_damaged");
    std::vector<uint8_t> cut = rvtest::writeMlod(rvtest::makeBoxModel(false));
    cut.resize(cut.size() / 2);
    put(root.dir / "rv" / "cut.p3d", cut);
    Opened o = resolve(boxWithProxies({"\\rv\\cut", "\\rv\\cut", "\\rv\\absent"}), root.dir);
    EXPECT_TRUE(o.proxies.models.empty());
    EXPECT_EQ(o.proxies.warnings.size(), 2u);
    EXPECT_EQ(warningsNaming(o.proxies, "\\rv\\cut"), 1u);
    EXPECT_EQ(warningsNaming(o.proxies, "not in the data root"), 1u);
}

TEST(ProxyModels, ModesChooseWhichAreDrawn) {
    rvtest::TempDir root("rv_proxy_modes");
    put(root.dir / "rv" / "crate.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    put(root.dir / "rv" / "driver.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    const std::vector<uint8_t> parent = boxWithProxies({"\\rv\\crate", "\\rv\\driver"});
    rv::Options options;
    Opened drawn = resolve(parent, root.dir, options);
    EXPECT_EQ(drawn.view.lods[0].proxies[0].model, 0);
    EXPECT_EQ(drawn.view.lods[0].proxies[1].model, -1);  // a seat: the game draws a unit there
    options.proxies = rv::ProxyMode::All;
    Opened all = resolve(parent, root.dir, options);
    EXPECT_EQ(all.proxies.models.size(), 2u);
    EXPECT_EQ(all.view.lods[0].proxies[1].model, 1);
    options.proxies = rv::ProxyMode::Nodes;
    Opened nodes = resolve(parent, root.dir, options);
    EXPECT_TRUE(nodes.proxies.models.empty());
    EXPECT_EQ(nodes.view.lods[0].proxies[0].model, -1);
}

// What an import uses, with `mode` and a budget of `limit` bytes.
uint64_t usedWith(const std::vector<uint8_t>& parent, const fs::path& root, rv::ProxyMode mode, uint64_t limit,
                  int32_t* model = nullptr, size_t* warnings = nullptr) {
    rv::MemoryBudget budget(limit);
    rv::Options options;
    options.budget = &budget;
    options.proxies = mode;
    Opened o = resolve(parent, root, options);
    if (model) *model = o.view.lods[0].proxies[0].model;
    if (warnings) *warnings = warningsNaming(o.proxies, "\\rv\\crate");
    return budget.used();
}

TEST(ProxyModels, EveryModelIsChargedToTheOneBudget) {
    rvtest::TempDir root("rv_proxy_budget");
    put(root.dir / "rv" / "crate.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    const std::vector<uint8_t> parent = boxWithProxies({"\\rv\\crate"});
    const uint64_t alone = usedWith(parent, root.dir, rv::ProxyMode::Nodes, 64u << 20);
    const uint64_t drawn = usedWith(parent, root.dir, rv::ProxyMode::Drawn, 64u << 20);
    EXPECT_GT(drawn, alone + 1000);  // the crate's bytes, decode and view
    int32_t model = 0;
    size_t warnings = 0;
    usedWith(parent, root.dir, rv::ProxyMode::Drawn, alone + (drawn - alone) / 4, &model, &warnings);
    EXPECT_EQ(model, -1);  // the parent fits, its proxy's model does not: one warning, the proxy a node
    EXPECT_EQ(warnings, 1u);
}

}  // namespace
