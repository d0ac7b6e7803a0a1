// Internal: the parts of the front door (code/view/open*.cpp) that live in files of their own.
#pragma once

#include <cstdint>
#include <string>

#include "rv/open.hpp"

namespace rv::detail {

// What a config's tree may take per byte of its text: a ConfigEntry or ConfigValue (strings and
// vectors, 100-200 bytes) for every few bytes. Charged while a side config (model.cfg, --config)
// is read; the tree is dropped once what the import needs is taken from it.
constexpr uint64_t kConfigTreePerByte = 32;

// An editable model's skeleton from its model.cfg (rv/open.hpp): never a failure of the import;
// what cannot be read is a warning in f.warnings and the model's.
void readModelSkeleton(OpenedFile& f, const std::string& sourcePath);

}  // namespace rv::detail
