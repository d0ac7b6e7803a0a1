// ModelView -> aiScene. Adapter only: what the model means comes from the view (rv/view.hpp);
// here it is copied into Assimp's structures.
#pragma once

#include <assimp/scene.h>

#include <string>
#include <vector>

#include "assimp/scene_util.hpp"
#include "rv/proxy_models.hpp"
#include "rv/view.hpp"

namespace rv::assimp {

// Fills `scene` (freshly constructed by Assimp) with every LOD of `view`, its skeleton when a
// picked LOD is skinned, and `animations` (built on view.skeleton) as aiAnimations of
// `animationFps` ticks per second. Proxies whose model `proxies` holds carry its meshes (its
// materials follow the view's). Every allocation is charged to `budget` first (ImportError naming
// the limit when it is spent).
void buildOdolScene(const OdolModel& model, const ModelView& view, const ProxyModels* proxies,
                    const std::string& rootName, bool selectionsAsBones, const std::vector<AnimationView>& animations,
                    float animationFps, SceneBudget& budget, aiScene* scene);

}  // namespace rv::assimp
