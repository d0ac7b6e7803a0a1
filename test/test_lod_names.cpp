#include <gtest/gtest.h>

#include "rv/odol.hpp"

TEST(LodNames, FollowBohemiaNaming) {
    EXPECT_EQ(rv::lodName(1.0f), "1.000");
    EXPECT_EQ(rv::lodName(0.0f), "0.000");
    EXPECT_EQ(rv::lodName(3.5f), "3.500");
    EXPECT_EQ(rv::lodName(1000.0f), "View Gunner");
    EXPECT_EQ(rv::lodName(1100.0f), "View Pilot");
    EXPECT_EQ(rv::lodName(1200.0f), "View Cargo");
    EXPECT_EQ(rv::lodName(10000.0f), "ShadowVolume 0");
    EXPECT_EQ(rv::lodName(10010.0f), "ShadowVolume 10");
    EXPECT_EQ(rv::lodName(11000.0f), "ShadowBuffer 0");
    EXPECT_EQ(rv::lodName(20000.0f), "Edit 0");
    EXPECT_EQ(rv::lodName(1e13f), "Geometry");
    EXPECT_EQ(rv::lodName(4e13f), "Geometry PhysX");
    EXPECT_EQ(rv::lodName(1e15f), "Memory");
    EXPECT_EQ(rv::lodName(2e15f), "Land Contact");
    EXPECT_EQ(rv::lodName(5e15f), "Hit-points");
    EXPECT_EQ(rv::lodName(6e15f), "View Geometry");
    EXPECT_EQ(rv::lodName(7e15f), "Fire Geometry");
    EXPECT_EQ(rv::lodName(1e16f), "View Commander");
    EXPECT_EQ(rv::lodName(1.1e16f), "View Commander Geometry");  // not exact as f32
    EXPECT_EQ(rv::lodName(2.1e16f), "Wreck");
    EXPECT_EQ(rv::lodName(123456.0f), "123456");  // unknown: the value itself
}

TEST(LodNames, KindsFollowTheTypedCollectionsModdersKnow) {
    using rv::LodKind;
    EXPECT_EQ(rv::lodKind(1.0f), LodKind::Visual);
    EXPECT_EQ(rv::lodKind(0.0f), LodKind::Visual);
    EXPECT_EQ(rv::lodKind(999.0f), LodKind::Visual);
    EXPECT_EQ(rv::lodKind(1000.0f), LodKind::View);  // View Gunner
    EXPECT_EQ(rv::lodKind(1100.0f), LodKind::View);  // View Pilot is rendered, as an interior
    EXPECT_EQ(rv::lodKind(1200.0f), LodKind::View);  // View Cargo
    EXPECT_EQ(rv::lodKind(1e16f), LodKind::View);    // View Commander too
    EXPECT_EQ(rv::lodKind(10000.0f), LodKind::ShadowVolume);
    EXPECT_EQ(rv::lodKind(1.9e16f), LodKind::ShadowVolume);
    EXPECT_EQ(rv::lodKind(11010.0f), LodKind::ShadowBuffer);
    EXPECT_EQ(rv::lodKind(1e13f), LodKind::Geometry);
    EXPECT_EQ(rv::lodKind(7e15f), LodKind::Geometry);    // Fire Geometry
    EXPECT_EQ(rv::lodKind(1.1e16f), LodKind::Geometry);  // View Commander Geometry
    EXPECT_EQ(rv::lodKind(1e15f), LodKind::Memory);
    EXPECT_EQ(rv::lodKind(2e15f), LodKind::PointCloud);
    EXPECT_EQ(rv::lodKind(5e15f), LodKind::PointCloud);
    EXPECT_EQ(rv::lodKind(3e15f), LodKind::Other);  // Roadway
    EXPECT_EQ(rv::lodKind(20000.0f), LodKind::Edit);
    EXPECT_EQ(rv::lodKind(-1.0f), LodKind::Other);
}
