// Models of either kind: binarized (ODOL) and editable (MLOD) P3D files decode into one
// OdolModel (rv/odol.hpp), so the view and every adapter take both the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "rv/error.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"

namespace rv {

// Decodes an editable model (MLOD: P3DM LODs, and the OFP-era SP3X) held in memory. The model has
// editable = true; positions and faces are the stored points and point indices in stored order
// (see OdolModel::editable for how they relate to a binarized twin). `sourceName` starts every
// error message. Uses options.memoryLimit / options.budget.
[[nodiscard]] Result<OdolModel> decodeMlod(const uint8_t* data, size_t size, const std::string& sourceName,
                                           const Options& options = {});

// Decodes a P3D model of either kind, chosen by its signature ("ODOL" or "MLOD"); anything
// else gets decodeOdol's error (not recognised, LZSS-wrapped, ...).
[[nodiscard]] Result<OdolModel> decodeModel(const uint8_t* data, size_t size, const std::string& sourceName,
                                            const Options& options = {});

}  // namespace rv
