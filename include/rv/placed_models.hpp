// The models a terrain places, read from the data root: the one rule every adapter that shows a
// world's objects follows (the Assimp importer, the C ABI, the glTF writer).
#pragma once

#include <string>

#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"

namespace rv {

// The options a placed model is decoded and viewed with: its first visual LOD, positions
// relative to its bounding centre (where the game puts the object's transform), on the same
// budget and memory limit as the terrain.
Options placedModelOptions(const Options& terrainOptions);

// Reads and decodes `reference` (as the terrain stores it; ".p3d" is added when it has no
// extension, as the game does) from `root`. Fails with CannotRead naming the model when the root
// lacks it or refuses it (unsafe names), else with the decoder's error. The file's bytes are
// charged to options.budget while they are decoded. `where` (optional) receives where the
// reference resolved, so a caller can tell a missing model (the normal case) from a broken one.
[[nodiscard]] Result<OdolModel> readPlacedModel(const DataRoot& root, const std::string& reference,
                                                const Options& options, ResolvedRef* where = nullptr);

}  // namespace rv
