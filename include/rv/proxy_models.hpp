// Proxies resolved as the game draws them: the model each proxy names, read from the data root,
// viewed once and placed at the proxy (docs/formats.md, "Proxies").
//
// Which proxies are drawn. A proxy names a model by path. The game draws that model at the proxy
// unless the config says the place is for something else (CfgNonAIVehicles: crew seats, cargo,
// the unit's weapons, flags). Without the configs, the file name tells the position-only kinds
// apart, and these stay nodes unless Options asks for all: crew and cargo seats (a file name
// starting with driver, pilot, copilot, gunner, commander, cargo, passenger or crew), flags (a
// name starting with flag: the flag a unit carries, drawn only then) and muzzle flashes (a
// "muzzle_flash" folder or an "mf_" name: drawn only while firing). Everything else (heads,
// glass, wheels, a character's weapons and gear) is drawn.
//
// The placed model shows the LOD of its parent LOD's kind: its first visual LOD under a visual or
// View LOD, its first ShadowVolume or ShadowBuffer LOD under one of those; other LODs (geometry,
// memory...) keep their proxies as nodes. Its positions are its own model coordinates (not
// centred): the proxy's frame is the proxied model's origin, as the marker triangle shows it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/view.hpp"

namespace rv {

struct ProxyModel {
    std::string reference;                   // the proxy's path as stored, e.g. "\ca\characters\heads\bysta"
    std::shared_ptr<const OdolModel> model;  // decoded once, shared by every view of it
    ModelView view;                          // one LOD; its proxies point into the same ProxyModels
};

struct ProxyModels {
    std::vector<std::unique_ptr<ProxyModel>> models;
    std::vector<Warning> warnings;  // one per missing, refused, damaged or looping model
};

// Whether the game draws the model of a proxy named `path` (the rule above).
bool proxyIsDrawn(const std::string& path);

// Resolves every proxy of `view` (and of the models placed, to defaults::kProxyDepth) against
// `root`: sets ProxyView::model and returns the models. Each file is decoded once and each (file,
// LOD kind) viewed once, on options' budget. A model that is missing, refused (a path out of the
// root), damaged, too deep or in a loop is one warning naming it, and its proxy stays a node.
ProxyModels resolveProxies(ModelView& view, const DataRoot& root, const Options& options);

}  // namespace rv
