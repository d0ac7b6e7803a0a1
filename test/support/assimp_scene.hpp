// What the Assimp tests share: a scene read by an importer that owns it, a child node by name,
// and a scratch folder per process.
#pragma once

#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <filesystem>
#include <memory>
#include <string>

#include "support/temp_dir.hpp"

namespace rvtest {

struct Imported {
    std::unique_ptr<Assimp::Importer> importer = std::make_unique<Assimp::Importer>();
    const aiScene* scene = nullptr;
    std::string error;
};

inline const aiNode* child(const aiNode* parent, const std::string& name) {
    for (unsigned i = 0; i < parent->mNumChildren; ++i)
        if (name == parent->mChildren[i]->mName.C_Str()) return parent->mChildren[i];
    return nullptr;
}

// <temp>/rvimport_test_<pid>/<name>, made if missing.
inline std::filesystem::path scratchDir(const std::string& name) {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("rvimport_test_" + std::to_string(RVTEST_PID)) / name;
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace rvtest
