// `rvimport info` for models: a human summary.
#include <set>

#include "cli/commands.hpp"
#include "rv/material_textures.hpp"
#include "rv/paths.hpp"
#include "rv/printable.hpp"
#include "rv/view.hpp"

namespace rv::cli {

void writeOdolInfo(std::FILE* out, const OdolModel& m) {
    size_t verts = 0, faces = 0, markers = 0;
    for (const OdolLod& l : m.lods) {
        verts += l.positions.size();
        faces += l.faceCount();
        markers += proxyMarkerFaces(m, l).size();
    }
    if (m.editable)
        std::fprintf(out, "format     MLOD version %u (editable P3D model)\n", m.version);
    else
        std::fprintf(out, "format     ODOL version %u (binarized P3D model)\n", m.version);
    if (!m.prefix.empty()) std::fprintf(out, "prefix     %s\n", printable(m.prefix).c_str());
    std::fprintf(out, "LODs       %zu, %zu vertices, %zu faces in all", m.lods.size(), verts, faces);
    if (markers > 0) std::fprintf(out, " (%zu of them proxy markers, never drawn)", markers);
    std::fprintf(out, "\n");
    const OdolModelInfo& i = m.info;
    std::fprintf(out, "bbox       [%g %g %g] .. [%g %g %g]\n", i.bboxMin.x, i.bboxMin.y, i.bboxMin.z, i.bboxMax.x,
                 i.bboxMax.y, i.bboxMax.z);
    std::fprintf(out, "centre     [%g %g %g] (%s)\n", i.boundingCenter.x, i.boundingCenter.y, i.boundingCenter.z,
                 m.editable ? "as the binarizer derives it; positions are the model's own coordinates"
                            : "positions are relative to it");
    if (i.totalMass != 0) std::fprintf(out, "mass       %g\n", i.totalMass);
    if (!m.skeleton.name.empty())
        std::fprintf(out, "skeleton   %s, %zu bones\n", printable(m.skeleton.name).c_str(), m.skeleton.bones.size());
    if (!m.animations.classes.empty()) std::fprintf(out, "animations %zu classes\n", m.animations.classes.size());
    std::fprintf(out, "\n  #  %-28s %8s %8s %6s %6s %5s %5s %6s %4s\n", "LOD", "vertices", "faces", "sect", "selec",
                 "props", "proxy", "marker", "uvs");
    std::set<std::string> textures, materials;
    for (size_t k = 0; k < m.lods.size(); ++k) {
        const OdolLod& l = m.lods[k];
        std::fprintf(out, "%3zu  %-28s %8zu %8zu %6zu %6zu %5zu %5zu %6zu %4zu\n", k, l.name.c_str(),
                     l.positions.size(), l.faceCount(), l.sections.size(), l.selections.size(), l.properties.size(),
                     l.proxies.size(), proxyMarkerFaces(m, l).size(),
                     m.editable ? l.cornerUvSets.size() : l.uvSets.size());
        for (const std::string& t : l.textures)
            if (!t.empty()) textures.insert(t);
        for (const OdolMaterial& mat : l.materials) materials.insert(mat.name);
        for (const OdolSection& sec : l.sections)  // editable models name their .rvmat per face
            if (m.editable && !sec.materialName.empty()) materials.insert(sec.materialName);
    }
    std::fprintf(out, "\ntextures (%zu)\n", textures.size());
    for (const std::string& t : textures) std::fprintf(out, "  %s\n", printable(t).c_str());
    std::fprintf(out, "materials (%zu)\n", materials.size());
    for (const std::string& t : materials) std::fprintf(out, "  %s\n", printable(t).c_str());
    // Listed on stderr as every command lists them ("warning: <input>: <message>", info.cpp).
    std::fprintf(out, "warnings (%zu)\n", m.warnings.size());
}

void writeOdolReferences(std::FILE* out, const ReferenceListing& refs) {
    size_t found = 0;
    for (const ModelReference& r : refs.list.references)
        if (r.where.kind == ResolvedRef::Kind::File || r.where.kind == ResolvedRef::Kind::PboEntry) ++found;
    std::fprintf(out, "references (%zu, %zu found in %s)\n", refs.list.references.size(), found,
                 refs.root ? refs.root->description().c_str() : "no data root");
    for (const ModelReference& r : refs.list.references) {
        std::fprintf(out, "  %s\n    %s -> %s\n", printable(r.reference).c_str(), r.source.c_str(),
                     printable(describeResolution(r.where, refs.root)).c_str());
        for (const std::string& path : r.where.tried) std::fprintf(out, "      tried %s\n", printable(path).c_str());
    }
    for (const Warning& w : refs.list.warnings)
        std::fprintf(out, "  warning: %s\n", printable(diagnosticLine(w)).c_str());
}

// Each material of every LOD as the outputs show it: which definition won (the data root's .rvmat
// or the embedded copy, docs/materials.md) and what became of each texture. The resolver's
// warnings go to stderr, in every command's words.
bool writeMaterialDefinitions(std::FILE* out, const std::string& input, const std::string& name, const OdolModel& model,
                              const DataRoot* root, Options options) {
    options.lods = "all";
    auto view = buildModelView(model, options, Frame{});
    if (!view) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(view.error())).c_str());
        return false;
    }
    TextureResolver resolver(root, options);
    std::fprintf(out, "materials as outputs show them (%zu)\n", view->materials.size());
    for (const ViewMaterial& m : view->materials) {
        const ResolvedMaterial r = resolver.resolve(m);
        std::fprintf(out, "  %s\n", printable(m.name).c_str());
        if (!m.rvmat.empty()) {
            std::string from = definitionSourceName(r.definition.source);
            if (r.definition.source == DefinitionSource::DataRoot)
                from += ", " + describeResolution(r.definition.file, root);
            if (m.embedded && r.definition.source == DefinitionSource::DataRoot)
                from +=
                    isStubMaterial(*m.embedded) ? "; the embedded copy is an empty stub" : "; the model embeds a copy";
            std::fprintf(out, "    definition  %s\n", printable(from).c_str());
            if (!r.definition.pixelShader.empty())
                std::fprintf(out, "    shader      %s\n", printable(r.definition.pixelShader).c_str());
        }
        for (const MaterialImage& img : r.images) {
            if (img.derivedFrom >= 0) continue;
            const std::string where = img.image ? "found" : img.problem;
            const std::string label = img.stage < 0 ? "face" : "stage " + std::to_string(img.stage);
            std::fprintf(out, "    %-11s %s (%s): %s\n", label.c_str(), printable(fileNameOf(img.reference)).c_str(),
                         textureRoleName(img.role), printable(where).c_str());
        }
    }
    printWarnings(input, name, resolver.warnings());
    return true;
}

}  // namespace rv::cli
