// Compares what a test-side writer wrote with what the decoder read: positions, faces, sections,
// selections, proxies and properties exactly; normals within one 10-bit step and UVs within one
// 16-bit step (the quantised forms of v45+).
#pragma once

#include "rv/odol.hpp"

namespace rvtest {

void expectSameModel(const rv::OdolModel& want, const rv::OdolModel& got);

}  // namespace rvtest
