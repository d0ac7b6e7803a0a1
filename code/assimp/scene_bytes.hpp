// What an aiScene holds in memory, counted from the scene itself: for the exports that go through
// Assimp's exporters, which copy the scene and build their own tree before they write, so the
// memory limit must hold the scene several times over (issue 29).
#pragma once

#include <assimp/scene.h>

#include <cstdint>

namespace rv::assimp {

// The bytes the scene's nodes, metadata, meshes, bones (and their weights), materials, textures
// and animations (channels and keys) take, as Assimp
// allocates them (an aiString is a fixed 1028 bytes), without allocator overhead.
uint64_t sceneBytes(const aiScene& scene);

// How many times an Assimp export holds the scene at its peak: ours, the exporter's copy
// (Exporter::Export copies it first) and the exporter's own tree of what it writes (Collada's and
// glTF's documents, FBX's node tree). Measured on a 20,000-proxy model (1.5 MB): the scene is
// about 50 MB, and a Collada export peaks about 170 MB above the process's baseline.
constexpr uint64_t kExportSceneCopies = 3;

}  // namespace rv::assimp
