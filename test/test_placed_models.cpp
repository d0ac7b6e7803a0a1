// A terrain's placed objects through the one call every front end makes (rv::openPlacedModel,
// issue 36): found in the data root, decoded, viewed as the game places them (first visual LOD,
// centred, whatever the caller's LOD choice) and textured; a missing model told apart from a
// refused or a damaged one.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/material_textures.hpp"
#include "rv/placed_models.hpp"
#include "rv/view.hpp"
#include "support/mlod_writer.hpp"
#include "support/temp_dir.hpp"
#include "support/write_file.hpp"

namespace {

namespace fs = std::filesystem;

using rvtest::put;

TEST(PlacedModels, OpenedViewedAndTexturedAsTheGamePlacesThem) {
    rvtest::TempDir dir("rv_placed_root");
    put(dir.dir / "objects" / "box.p3d", rvtest::writeMlod(rvtest::makeBoxModel(false)));
    rv::Options options;
    options.lods = "all";         // the caller's choices for its own file: a placed object
    options.autocenter = false;   // shows its first visual LOD, centred, all the same
    rv::Result<rv::DataRoot> root = rv::DataRoot::open(dir.dir.string(), options);
    ASSERT_TRUE(root.ok());
    rv::TextureResolver textures(&root.value(), rv::placedModelOptions(options));
    rv::ResolvedRef where;
    rv::Result<rv::PlacedModel> placed =
        rv::openPlacedModel(root.value(), "objects\\box", options, rv::Frame{}, textures, &where);
    ASSERT_TRUE(placed.ok()) << rv::diagnosticLine(placed.error());
    EXPECT_EQ(where.kind, rv::ResolvedRef::Kind::File);  // ".p3d" added, as the game does
    EXPECT_EQ(placed->name, "box.p3d");
    const rv::ModelView& view = *placed->view;
    ASSERT_EQ(view.lods.size(), 1u);
    EXPECT_EQ(view.lods[0].name, "1.000");
    // Centred: every corner of the writer's cube (stored off its origin) moved by the model's
    // bounding centre, which is not zero, and not added back.
    EXPECT_FALSE(view.centerApplied);
    EXPECT_NE(view.centerOffset.y, 0.0f);
    std::set<std::tuple<float, float, float>> corners;
    for (const rv::Vec3& p : view.lods[0].positions) corners.insert({p.x, p.y, p.z});
    const std::vector<rv::Vec3>& cube = rvtest::makeBoxLod(1.0f, false, 0.25f).points;
    EXPECT_EQ(corners.size(), cube.size());
    const rv::Vec3 c = view.centerOffset;
    for (const rv::Vec3& p : cube)
        EXPECT_EQ(corners.count({p.x - c.x, p.y - c.y, p.z - c.z}), 1u) << p.x << " " << p.y << " " << p.z;
    EXPECT_EQ(placed->textures.size(), view.materials.size());  // one resolved set per material
}

TEST(PlacedModels, MissingRefusedAndDamagedModelsAreToldApart) {
    rvtest::TempDir dir("rv_placed_bad");
    put(dir.dir / "objects" / "broken.p3d", {'M', 'L', 'O', 'D', 1, 0, 0, 0, 9, 9});
    rv::Result<rv::DataRoot> root = rv::DataRoot::open(dir.dir.string());
    ASSERT_TRUE(root.ok());
    rv::TextureResolver textures(&root.value(), rv::Options{});
    struct Case {
        const char* reference;
        rv::ResolvedRef::Kind kind;
    };
    for (const Case& c : {Case{"objects\\nothere.p3d", rv::ResolvedRef::Kind::Missing},
                          Case{"..\\outside\\house", rv::ResolvedRef::Kind::Unsafe},
                          Case{"objects\\broken", rv::ResolvedRef::Kind::File}}) {
        rv::ResolvedRef where;
        rv::Result<rv::PlacedModel> placed =
            rv::openPlacedModel(root.value(), c.reference, rv::Options{}, rv::Frame{}, textures, &where);
        ASSERT_FALSE(placed.ok()) << c.reference;
        EXPECT_EQ(where.kind, c.kind) << c.reference << ": " << rv::diagnosticLine(placed.error());
        EXPECT_FALSE(rv::diagnosticLine(placed.error()).empty());
    }
}

}  // namespace
