// Every file a model refers to, and where the data root finds it: what `rvimport info --data-root`
// lists so a modder can see which textures and materials are missing before converting.
//
//   auto refs = rv::modelReferences(model, &root.value(), options);
//   for (const rv::ModelReference& r : refs) print(r.source, r.reference, rv::describe(r.where, root));
#pragma once

#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"
#include "rv/wrp.hpp"

namespace rv {

struct ModelReference {
    std::string reference;  // as stored
    // Where the model names it: "lod-texture", "lod-material" (an .rvmat), "material-stage" /
    // "material-ti" (the stage and thermal textures of a material the LOD embeds), or
    // "rvmat-stage:<rvmat>" (a texture named by an .rvmat read from the data root; <rvmat> is
    // its lookup key with forward slashes).
    std::string source;
    ResolvedRef where;
};

// Each (reference, source) once, in first-use order over every LOD. `root` may be null (every
// file reference is then missing). A .rvmat that resolves is read for its stage textures; one
// that cannot be decoded is a warning, with nothing listed under it.
struct ModelReferences {
    std::vector<ModelReference> references;
    std::vector<Warning> warnings;  // .rvmat files that resolved but could not be decoded
};
ModelReferences modelReferences(const OdolModel& model, const DataRoot* root, const Options& options = {});

// How many of the textures a model names the data root has (each texture once, procedural ones
// aside): the line that ends every command given a data root.
struct TextureTally {
    size_t found = 0, total = 0;
    std::string firstMissing;  // as stored; "" when none is missing
};
TextureTally tallyTextures(const ModelReferences& refs);
// The same for a terrain: its layers' colour pictures (an Arma segment's satellite picture named
// by its .rvmat, an OFP cell texture), each once; a layer .rvmat the root lacks counts as its
// picture missing. Reads the layer .rvmats, not the pictures.
TextureTally tallyTerrainTextures(const WrpTerrain& terrain, const DataRoot& root, const Options& options);
// "textures: K of N found in the data root DIR", and, when none is found but a folder beside the
// root has the first missing one, where to point it instead.
std::string dataRootLine(const TextureTally& tally, const DataRoot& root);

// "file <path>", "pbo <archive> :: <entry>", "stand-in <path>" (a .png/.tga for a missing .paa),
// "procedural", "missing: <why>" or "unsafe: <why>"; paths relative to the root's folder.
std::string describeResolution(const ResolvedRef& where, const DataRoot* root);

}  // namespace rv
