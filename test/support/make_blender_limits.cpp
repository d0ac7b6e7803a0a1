// Writes the inputs of the add-on's limit test (test/blender/test_limits.py) into DIR:
//   many_materials.p3d   one LOD of 40 000 triangles, each with its own (texture, material) pair:
//                        200 textures x 200 .rvmat names (ODOL's texture index is 16-bit, so
//                        pairs are how a LOD passes Blender's 32 767 material slots per mesh);
//   long_names.p3d       the demo crate whose first LOD has a 70-byte property name and a 70-byte
//                        selection name (Blender names hold 63 bytes);
//   many_selections.p3d  one triangle in 4106 selections: 10 more than an object gets vertex groups.
#include <cstdio>
#include <string>
#include <vector>

#include "support/linear_shapes.hpp"
#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"
#include "support/write_file.hpp"

namespace {

// The demo crate's model info with one LOD of 40 000 one-triangle sections.
rv::OdolModel manyMaterials() {
    rv::OdolModel m = rvtest::makeCrateModel();
    m.lods.clear();
    m.info.mass.clear();
    for (auto& s : m.info.specialLods) s = -1;
    rv::OdolLod lod;
    lod.resolution = 1.0f;
    lod.name = "1.000";
    lod.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    lod.normals.assign(3, rv::Vec3{0, 0, 1});
    lod.uvSets = {{{0, 0}, {1, 0}, {0, 1}}};
    lod.faceStart = {0};
    for (int t = 0; t < 200; ++t) lod.textures.push_back("tex\\t" + std::to_string(t) + "_co.paa");
    for (uint32_t i = 0; i < 40000; ++i) {
        lod.faceIndices.insert(lod.faceIndices.end(), {0, 1, 2});
        lod.faceStart.push_back(uint32_t(lod.faceIndices.size()));
        rv::OdolSection s;
        s.firstFace = i;
        s.endFace = i + 1;
        s.textureIndex = int32_t(i % 200);
        s.materialIndex = -1;
        s.materialName = "mat\\m" + std::to_string(i / 200) + ".rvmat";
        s.areaOverTex = {1.0f, 1.0f};
        lod.sections.push_back(s);
    }
    m.lods.push_back(lod);
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: rv_make_blender_limits DIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    rvtest::OdolWriteOptions o;
    o.lzo = rvtest::lzoBest;
    if (!rvtest::writeFile(dir + "/many_materials.p3d", rvtest::writeOdol73(manyMaterials(), o))) return 1;
    rv::OdolModel crate = rvtest::makeCrateModel();
    const std::string longName(70, 'p');  // 70 bytes: legal in the file, too long for a Blender key
    crate.lods[0].properties.push_back({longName, "value of the long one"});
    crate.lods[0].selections[0].name = std::string(70, 's');
    if (!rvtest::writeFile(dir + "/long_names.p3d", rvtest::writeOdol73(crate, o))) return 1;
    // 10 more selections than the add-on makes vertex groups (4096, rv::kMaxSelectionBones, which
    // is in the Assimp header: this tool builds without Assimp too).
    return rvtest::writeFile(dir + "/many_selections.p3d", rvtest::linear::manySelections(4106)) ? 0 : 1;
}
