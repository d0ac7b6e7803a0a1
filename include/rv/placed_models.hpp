// The models a terrain places, read from the data root: the one rule every adapter that shows a
// world's objects follows (the Assimp importer, the C ABI, the glTF writer).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/error.hpp"
#include "rv/material_textures.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"
#include "rv/view.hpp"

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

// A placed object as every front end shows it.
struct PlacedModel {
    std::string name;                        // the model file's name, which starts its messages
    std::unique_ptr<OdolModel> model;        // behind a pointer: the view points into it
    std::unique_ptr<ModelView> view;         // its first visual LOD, centred, in the caller's frame
    std::vector<ResolvedMaterial> textures;  // one per view material
    std::vector<Warning> warnings;           // the decoder's and the view's (the textures' are the resolver's)
};

// The one call that the Assimp importer, the C ABI and the glTF writer make for a placed object:
// readPlacedModel with placedModelOptions(terrainOptions), the view in `frame`, and each material's
// textures through `textures` (one resolver for a terrain's models decodes each image once). Fails as
// readPlacedModel does (`where` tells a missing model from a broken one), or with the view's error
// naming the model.
[[nodiscard]] Result<PlacedModel> openPlacedModel(const DataRoot& root, const std::string& reference,
                                                  const Options& terrainOptions, const Frame& frame,
                                                  TextureResolver& textures, ResolvedRef* where = nullptr);

// The one warning for the placed models a terrain's output could not draw, each with its number of
// placements ("rv\\house.p3d (12)"), the first 50 named: `shownAs` says what the output drew instead
// ("drawn as markers", "left as empty nodes"). DiagKind::IndexOutOfRange for models the data root
// lacks (or all of them without one: `withRoot` false), BadValue for models that could not be read.
Warning missingPlacedModels(const std::vector<std::pair<std::string, size_t>>& models, bool withRoot,
                            const std::string& shownAs);
Warning brokenPlacedModels(const std::vector<std::pair<std::string, size_t>>& models, const std::string& shownAs);

}  // namespace rv
