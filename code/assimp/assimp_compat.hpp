// The Assimp differences between the releases rvimport is built against: Debian bookworm's 5.2.5
// (the host), trixie's 5.4.3 and sid's 6.0.5 (scripts/test_assimp_versions.sh builds and tests
// on both). Each one is handled here, once, so the rest of the code reads the same on all of
// them. Header differences are settled by what the headers declare; a difference in what the
// library does is settled by asking the library its release at run time.
#pragma once

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>
#include <assimp/types.h>
#include <assimp/version.h>

#include <cstddef>
#include <string>

namespace rv::assimp {

// aiString's capacity in bytes, its terminating NUL included. Assimp 5.4.2 renamed MAXLEN to
// AI_MAXLEN and dropped the old name (5.2.5 has only MAXLEN; 5.4.3 and 6.0.5 only AI_MAXLEN). In
// C++ both are constants, not macros, so #ifdef cannot tell them apart; the size of the array
// they bound is the same number under either name.
constexpr size_t kAiStringCapacity = sizeof(aiString::data);
static_assert(kAiStringCapacity >= 2, "aiString holds at least one byte and its NUL");

// The texture slot of glTF's metallicRoughnessTexture. Assimp 6.0.0 gave it a type of its own,
// aiTextureType_GLTF_METALLIC_ROUGHNESS, which its glTF 2 exporter and importer use; 5.2.5 and
// 5.4.3 use aiTextureType_UNKNOWN. A map left in UNKNOWN is not exported to glTF by 6.0.
// GltfMaterial.h's key names the slot of the release compiled against.
constexpr aiTextureType slotOf(aiTextureType type, unsigned /*index*/) { return type; }
constexpr aiTextureType kMetallicRoughnessTexture =
    slotOf(AI_MATKEY_GLTF_PBRMETALLICROUGHNESS_METALLICROUGHNESS_TEXTURE);

// The path to hand Assimp's pbrt exporter so that it writes a file in the current folder of its
// IOSystem, and the name of the file it then writes. ExportScenePbrt opens, for a path P:
//   before 5.4.0   the part of P before its last '/' (all of P when it has none), so a bare name
//                  is written under that name;
//   5.4.0 - 5.4.3  that part, then P's base name and ".pbrt", with no separator between them;
//   6.0.0 on       that part, '/', P's base name and ".pbrt".
// From 5.4.0 the file is always called BASE.pbrt. This is the library's behaviour, not its
// headers', so the release is asked at run time.
struct PbrtTarget {
    std::string path;     // what Exporter::Export gets
    std::string written;  // the file name that appears
};
inline PbrtTarget pbrtTarget(const std::string& name) {
    const unsigned major = aiGetVersionMajor(), minor = aiGetVersionMinor();
    if (major < 5 || (major == 5 && minor < 4)) return {name, name};
    // The part before the last '/' of ".//NAME" is "./": 5.4 opens "./BASE.pbrt", 6.0
    // ".//BASE.pbrt", both in the current folder.
    const size_t dot = name.find_last_of('.');
    return {".//" + name, (dot == std::string::npos ? name : name.substr(0, dot)) + ".pbrt"};
}

// Whether Assimp's FBX exporter cuts animation key times down to whole seconds: before 6.0 its
// to_ktime() converted int64_t(ticks / mTicksPerSecond) (assimp#5711, fixed by assimp#6105), so
// a 2.6 s cycle of 79 keys collapses onto 0, 1 and 2 s. A library behaviour: asked at run time.
inline bool fbxKeyTimesWholeSeconds() { return aiGetVersionMajor() < 6; }

}  // namespace rv::assimp
