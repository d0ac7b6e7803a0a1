#include "support/linear_shapes.hpp"

#include <cmath>

#include "rv/odol.hpp"
#include "support/byte_writer.hpp"
#include "support/lzo_reference.hpp"
#include "support/odol_writer.hpp"

namespace rvtest::linear {
namespace {

std::vector<uint8_t> lzo(const uint8_t* data, size_t size) { return lzoFast(data, size); }

// The crate's model info with no special LODs and no masses, so any LOD list fits it.
std::vector<uint8_t> writeOneLod(rv::OdolLod lod) {
    rv::OdolModel m = makeCrateModel();
    m.lods = {std::move(lod)};
    m.info.mass.clear();
    for (auto& s : m.info.specialLods) s = -1;
    OdolWriteOptions o;
    o.lzo = lzo;
    return writeOdol73(m, o);
}

rv::OdolLod visualLod() {
    rv::OdolLod l;
    l.resolution = 1.0f;
    l.name = rv::lodName(1.0f);
    l.faceStart = {0};
    return l;
}

void triangle(rv::OdolLod& l, uint32_t first) {
    l.faceIndices.insert(l.faceIndices.end(), {first, first + 1, first + 2});
    l.faceStart.push_back(uint32_t(l.faceIndices.size()));
}

}  // namespace

rv::OdolSection oneFaceSection(uint32_t face) {
    rv::OdolSection s;
    s.firstFace = face;
    s.endFace = face + 1;
    s.textureIndex = int32_t(face);
    s.materialIndex = -1;
    s.areaOverTex = {1.0f, 1.0f};
    return s;
}

std::string shortName(uint32_t i) {
    static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string s;
    do {
        s += kDigits[i % 36];
        i /= 36;
    } while (i);
    return s;
}

std::string preprocessorLines(uint32_t lines) {
    std::string text;
    for (uint32_t i = 0; i < lines; ++i) text += "#a\n";
    return text;
}

// Value entry k: type 1, subtype 2 (int), name, i32 bytes {7, 0, lo | 0x80, hi}. From its second
// i32 byte it also reads as a class body: base "" (the 0), compressed count lo + 128 * hi (the
// entries after it), and then the next entry.
RapOverlap rapOverlap(uint32_t classes) {
    ByteWriter w;
    w.raw("\0raP", 4);
    w.u32(0);
    w.u32(8);
    const size_t enumAt = w.size();
    w.u32(0);
    w.u8(0);  // the root: base "", compressed count (2 bytes, so under 16384 classes)
    w.u8(uint8_t(classes & 0x7f) | 0x80);
    w.u8(uint8_t(classes >> 7));
    std::vector<size_t> bodyAt(classes);
    for (uint32_t k = 0; k < classes; ++k) {
        w.u8(0);
        w.asciiz("c" + shortName(k));
        bodyAt[k] = w.size();
        w.u32(0);  // patched below
    }
    RapOverlap out;
    for (uint32_t k = 0; k < classes; ++k) {
        w.u8(1);
        w.u8(2);
        w.asciiz("v" + shortName(k));
        const uint32_t after = classes - 1 - k;
        w.patchU32(bodyAt[k], uint32_t(w.size() + 1));
        if (k == 1) out.secondBody = w.size() + 1;
        w.raw(std::vector<uint8_t>{7, 0, uint8_t((after & 0x7f) | 0x80), uint8_t(after >> 7)});
    }
    w.patchU32(enumAt, uint32_t(w.size()));
    w.u32(0);  // no enums
    out.bytes = std::move(w.bytes);
    return out;
}

std::string texGenStages(uint32_t stages) {
    std::string text = "PixelShaderID = \"Super\";\n";
    for (uint32_t i = 0; i < stages; ++i)
        text += "class Stage" + std::to_string(i + 1) + " { texture = \"a.paa\"; texGen = 0; };\n";
    return text + "class TexGen0 { uvSource = \"tex\"; };\n";
}

std::vector<MlodLodSpec> cornerFan(uint32_t faces) {
    MlodLodSpec lod;
    lod.points.push_back({0, 0, 0});
    for (uint32_t i = 0; i <= faces; ++i) lod.points.push_back({float(i), 1, 0});
    lod.normals = {{0, 0, 1}};
    for (uint32_t i = 0; i < faces; ++i) {
        MlodFaceSpec f;
        f.points = {0, i + 1, i + 2};
        f.normals = {0, 0, 0};
        f.uvs = {{float(i), 0}, {float(i + 1), 1}, {float(i + 2), 1}};  // a rim point's UV is its own
        lod.faces.push_back(f);
    }
    return {lod};
}

std::vector<uint8_t> meshesTimesSelection(uint32_t sections) {
    rv::OdolLod l = visualLod();
    rv::OdolSelection all;
    all.name = "all";
    for (uint32_t i = 0; i < sections; ++i) {
        for (uint32_t k = 0; k < 3; ++k) {
            l.positions.push_back({float(i), float(k == 1), float(k == 2)});
            all.vertices.push_back(3 * i + k);
        }
        triangle(l, 3 * i);
        l.textures.push_back("t" + shortName(i) + ".paa");
        l.sections.push_back(oneFaceSection(i));
    }
    // Normals and UVs that differ, so LZO cannot pack them beyond what the decoder believes.
    l.uvSets.resize(1);
    for (size_t v = 0; v < l.positions.size(); ++v) {
        const float t = float(v) * 0.618034f;
        l.normals.push_back({std::sin(t), std::cos(t), 0});
        l.uvSets[0].push_back({t - std::floor(t), float(v % 7) / 7});
    }
    l.selections = {all};
    return writeOneLod(std::move(l));
}

std::vector<uint8_t> manySelections(uint32_t selections) {
    rv::OdolLod l = visualLod();
    l.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    l.normals.assign(3, rv::Vec3{0, 0, 1});
    l.uvSets = {{{0, 0}, {1, 0}, {0, 1}}};
    triangle(l, 0);
    l.textures = {"t.paa"};
    rv::OdolSection s;
    s.firstFace = 0;
    s.endFace = 1;
    s.textureIndex = 0;
    s.materialIndex = -1;
    s.areaOverTex = {1.0f, 1.0f};
    l.sections = {s};
    for (uint32_t i = 0; i < selections; ++i) {
        rv::OdolSelection sel;
        sel.name = "s" + shortName(i);
        sel.vertices = {0, 1, 2};
        l.selections.push_back(sel);
    }
    return writeOneLod(std::move(l));
}

std::vector<uint8_t> manyEntries(uint32_t entries) {
    ByteWriter w;
    w.asciiz("");
    for (uint32_t v : {0x56657273u, 0u, 0u, 0u, 0u}) w.u32(v);  // "Vers"
    w.asciiz("prefix");
    w.asciiz("many");
    w.asciiz("");
    for (uint32_t i = 0; i < entries; ++i) {
        w.asciiz("d" + shortName(i / 100) + "\\f" + shortName(i) + ".txt");
        for (uint32_t v : {0u, 1u, 0u, 0u, 1u}) w.u32(v);
    }
    w.asciiz("");
    for (int k = 0; k < 5; ++k) w.u32(0);
    for (uint32_t i = 0; i < entries; ++i) w.u8(uint8_t('a' + i % 26));
    return w.bytes;
}

std::vector<NamedShape> shapesAt(uint32_t times) {
    auto text = [](const std::string& t) { return std::vector<uint8_t>(t.begin(), t.end()); };
    return {{"config/preprocessor_lines.cpp", text(preprocessorLines(2000 * times))},
            {"config/overlapping_bodies.rvmat", rapOverlap(100 * times).bytes},
            {"config/texgen_stages.rvmat", text(texGenStages(1000 * times))},
            {"mlod/corner_fan.p3d", writeMlod(cornerFan(500 * times))},
            {"odol/meshes_x_selection.p3d", meshesTimesSelection(200 * times)},
            {"odol/many_selections.p3d", manySelections(1000 * times)},
            {"pbo/many_entries.pbo", manyEntries(1000 * times)}};
}

}  // namespace rvtest::linear
