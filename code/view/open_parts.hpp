// Internal: the parts of the front door (code/view/open*.cpp) that live in files of their own.
#pragma once

#include <string>

#include "rv/open.hpp"

namespace rv::detail {

// An editable model's skeleton from its model.cfg (rv/open.hpp): never a failure of the import;
// what cannot be read is a warning in f.warnings and the model's.
void readModelSkeleton(OpenedFile& f, const std::string& sourcePath);

}  // namespace rv::detail
