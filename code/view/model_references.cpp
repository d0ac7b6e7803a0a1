// A model's references and their resolution (include/rv/model_references.hpp).
#include "rv/model_references.hpp"

#include <filesystem>
#include <set>
#include <utility>

#include "rv/include_root.hpp"
#include "rv/rvmat.hpp"
#include "rv/terrain_layers.hpp"

namespace rv {
namespace {

class Collector {
public:
    Collector(const DataRoot* root, const Options& options) : root_(root), options_(options) {}

    void add(const std::string& reference, const std::string& source) {
        if (reference.empty() || !seen_.insert({DataRoot::key(reference), source}).second) return;
        ModelReference r;
        r.reference = reference;
        r.source = source;
        r.where = resolveIn(reference);
        out_.references.push_back(r);
        if (source == "lod-material") addRvmatStages(r);
    }

    ModelReferences release() { return std::move(out_); }

private:
    ResolvedRef resolveIn(const std::string& reference) const {
        if (root_) return root_->resolve(reference);
        ResolvedRef none;
        if (!reference.empty() && reference[0] == '#')
            none.kind = ResolvedRef::Kind::Procedural;
        else
            none.reason = "no data root";
        return none;
    }

    // The stage textures of an .rvmat found in the data root, each listed under the .rvmat.
    void addRvmatStages(const ModelReference& material) {
        const ResolvedRef& w = material.where;
        if (!root_ || (w.kind != ResolvedRef::Kind::File && w.kind != ResolvedRef::Kind::PboEntry)) return;
        auto mat = readRvmatIn(*root_, w, material.reference, options_);
        if (!mat) {
            Warning warning = mat.error();
            warning.severity = Severity::Warning;
            out_.warnings.push_back(std::move(warning));
            return;
        }
        std::string key = DataRoot::key(material.reference);
        for (char& c : key)
            if (c == '\\') c = '/';
        for (const RvMatStage& s : mat->stages) add(s.texture, "rvmat-stage:" + key);
    }

    const DataRoot* root_;
    Options options_;
    std::set<std::pair<std::string, std::string>> seen_;
    ModelReferences out_;
};

std::string relativeToRoot(const std::string& path, const DataRoot* root) {
    if (!root || root->folder().empty()) return path;
    const auto rel = std::filesystem::u8path(path).lexically_relative(std::filesystem::u8path(root->folder()));
    return rel.empty() || rel.begin()->u8string() == ".." ? path : rel.generic_u8string();
}

}  // namespace

ModelReferences modelReferences(const OdolModel& model, const DataRoot* root, const Options& options) {
    Collector c(root, options);
    for (const OdolLod& lod : model.lods) {
        for (const std::string& t : lod.textures) c.add(t, "lod-texture");
        for (const OdolMaterial& m : lod.materials) {
            c.add(m.name, "lod-material");
            for (const OdolStageTexture& s : m.stages) c.add(s.texture, "material-stage");
            if (m.hasThermalStage) c.add(m.thermalStage.texture, "material-ti");
        }
        for (const OdolSection& s : lod.sections)
            if (s.materialIndex < 0) c.add(s.materialName, "lod-material");
    }
    return c.release();
}

std::string describeResolution(const ResolvedRef& where, const DataRoot* root) {
    switch (where.kind) {
        case ResolvedRef::Kind::File:
            return std::string(where.substituted ? "stand-in " : "file ") + relativeToRoot(where.path, root);
        case ResolvedRef::Kind::PboEntry:
            return std::string(where.substituted ? "stand-in " : "pbo ") + relativeToRoot(where.path, root) +
                   " :: " + where.entry;
        case ResolvedRef::Kind::Procedural:
            return "procedural";
        case ResolvedRef::Kind::Unsafe:
            return "unsafe: " + where.reason;
        case ResolvedRef::Kind::Missing:
            break;
    }
    return "missing: " + where.reason;
}

TextureTally tallyTextures(const ModelReferences& refs) {
    TextureTally tally;
    std::set<std::string> counted;
    for (const ModelReference& r : refs.references) {
        // The .rvmat files themselves are materials, not textures: their stages are listed apart.
        const bool texture = r.source != "lod-material";
        if (!texture || r.where.kind == ResolvedRef::Kind::Procedural) continue;
        if (!counted.insert(DataRoot::key(r.reference)).second) continue;
        ++tally.total;
        if (r.where.kind == ResolvedRef::Kind::File || r.where.kind == ResolvedRef::Kind::PboEntry)
            ++tally.found;
        else if (tally.firstMissing.empty())
            tally.firstMissing = r.reference;
    }
    return tally;
}

TextureTally tallyTerrainTextures(const WrpTerrain& terrain, const DataRoot& root, const Options& options) {
    TextureTally tally;
    std::set<std::string> counted;
    for (const std::string& material : terrain.materials) {
        if (material.empty()) continue;
        const LayerPictureSource s = layerPictureSource(terrain, material, root, LayerPicture::Satellite, options);
        const std::string& reference = s.missingMaterial ? material : s.texture;
        if (reference.empty() || reference[0] == '#' || !counted.insert(DataRoot::key(reference)).second) continue;
        ++tally.total;
        const ResolvedRef::Kind where = s.missingMaterial ? ResolvedRef::Kind::Missing : root.resolve(reference).kind;
        if (where == ResolvedRef::Kind::File || where == ResolvedRef::Kind::PboEntry)
            ++tally.found;
        else if (tally.firstMissing.empty())
            tally.firstMissing = reference;
    }
    return tally;
}

std::string dataRootLine(const TextureTally& tally, const DataRoot& root) {
    std::string line = "textures: " + std::to_string(tally.found) + " of " + std::to_string(tally.total) +
                       " found in the data root " + root.description();
    if (tally.found > 0 || tally.firstMissing.empty()) return line;
    const DataRoot::Nearby nearby = root.nearbyRootFor(tally.firstMissing);
    if (nearby.folder.empty()) return line;
    return line + "; the data root looks one level too " + (nearby.below ? "high" : "deep") + ": try " + nearby.folder;
}

}  // namespace rv
