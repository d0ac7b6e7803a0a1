// Reading a whole file through Assimp's IOSystem, so custom IOSystems and ReadFileFromMemory work.
#pragma once

#include <assimp/IOSystem.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rv::assimp {

// Throws ImportError naming the file when it cannot be opened, is larger than `maxBytes` or
// cannot be read in full.
std::vector<uint8_t> readAllBytes(Assimp::IOSystem* io, const std::string& file, uint64_t maxBytes);

}  // namespace rv::assimp
