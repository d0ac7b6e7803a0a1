#include "rv/version.hpp"

#ifndef RV_VERSION
#error "RV_VERSION comes from CMakeLists.txt (project VERSION)"
#endif

namespace rv {

const char* versionString() { return RV_VERSION; }

}  // namespace rv
