// One MLOD LOD (layout in mlod_parse.hpp): header, points, normals, faces with their corners,
// the TAGG list, the resolution. Faces keep the stored corner order; the view swaps them into
// the binarizer's winding (OdolModel::editable).
#include <cstring>
#include <map>
#include <utility>

#include "mlod/mlod_parse.hpp"

namespace rv::mlod {
namespace {

constexpr size_t kPointBytes = 16;  // x, y, z, flags
constexpr size_t kNormalBytes = 12;
constexpr size_t kCornerSlots = 4;   // every face stores 4 corner slots, used or not
constexpr size_t kCornerBytes = 16;  // point, normal, u, v
constexpr size_t kSp3xTextureBytes = 32;
constexpr size_t kP3dmFaceMinBytes = 4 + kCornerSlots * kCornerBytes + 4 + 1 + 1;  // two empty strings
constexpr size_t kSp3xFaceBytes = kSp3xTextureBytes + 4 + kCornerSlots * kCornerBytes + 4;

struct Header {
    LodFamily family;
    uint32_t points, normals, faces;
    uint64_t pointsAt, normalsAt, facesAt;  // offsets of the three counts, for messages
};

Header readHeader(ByteReader& r) {
    ContextScope scope(r.context(), "header");
    Header h{};
    const uint64_t at = r.offset();
    char magic[4];
    r.readInto(magic, 4);
    if (std::memcmp(magic, "P3DM", 4) == 0)
        h.family = LodFamily::P3dm;
    else if (std::memcmp(magic, "SP3X", 4) == 0)
        h.family = LodFamily::Sp3x;
    else
        r.failAtStated(DiagKind::BadValue, at, "expected a 'P3DM' or 'SP3X' LOD signature at offset " + hexOffset(at));
    // Header size (28) and LOD version (0x100 for P3DM, 0x99 for SP3X) are the same in every
    // sample; the layout does not depend on them, so other values are read the same way.
    r.u32();
    r.u32();
    h.pointsAt = r.offset();
    h.points = r.u32();
    h.normalsAt = r.offset();
    h.normals = r.u32();
    h.facesAt = r.offset();
    h.faces = r.u32();
    r.u32();  // flags (unused by every reader)
    r.context().noteCount(h.pointsAt);
    r.context().noteCount(h.normalsAt);
    r.context().noteCount(h.facesAt);
    // The three arrays follow back to back: together they must fit the bytes left.
    const size_t faceBytes = h.family == LodFamily::P3dm ? kP3dmFaceMinBytes : kSp3xFaceBytes;
    r.checkCount(h.points, kPointBytes, "points");
    r.checkCount(uint64_t(h.points) * kPointBytes + uint64_t(h.normals) * kNormalBytes, 1, "points and normals");
    r.checkCount(uint64_t(h.points) * kPointBytes + uint64_t(h.normals) * kNormalBytes + uint64_t(h.faces) * faceBytes,
                 1, "points, normals and faces");
    return h;
}

void readPoints(ByteReader& r, const FileState& s, uint32_t n, OdolLod& lod) {
    ContextScope scope(r.context(), "points");
    s.charge(r, uint64_t(n) * kPointBytes, "the LOD's points");
    lod.positions.resize(n);
    lod.pointFlags.resize(n);
    for (uint32_t i = 0; i < n; ++i) {
        lod.positions[i] = r.read<Vec3>();
        lod.pointFlags[i] = r.u32();
    }
}

// MLOD stores normals pointing inward, as ODOL does; the model's convention is outward.
void readNormals(ByteReader& r, const FileState& s, uint32_t n, OdolLod& lod) {
    ContextScope scope(r.context(), "normals");
    s.charge(r, uint64_t(n) * kNormalBytes, "the LOD's normals");
    lod.normals.resize(n);
    for (Vec3& v : lod.normals) {
        const Vec3 stored = r.read<Vec3>();
        v = {-stored.x, -stored.y, -stored.z};
    }
}

// Textures and materials per face become sections: one per run of faces sharing the pair.
class SectionBuilder {
public:
    SectionBuilder(const FileState& s, OdolLod& lod) : s_(s), lod_(lod) {}
    // Faces alternating textures make a section each: charged, as they are larger than a face.
    void add(const ByteReader& r, uint32_t face, std::string texture, std::string material) {
        int32_t textureIndex = -1;
        if (!texture.empty()) {
            auto [it, fresh] = textureIndex_.emplace(texture, int32_t(lod_.textures.size()));
            if (fresh) lod_.textures.push_back(std::move(texture));
            textureIndex = it->second;
        }
        if (!lod_.sections.empty()) {
            OdolSection& last = lod_.sections.back();
            if (last.endFace == face && last.textureIndex == textureIndex && last.materialName == material) {
                last.endFace = face + 1;
                return;
            }
        }
        s_.charge(r, sizeof(OdolSection) + material.size() + texture.size(), "a section");
        OdolSection sec;
        sec.firstFace = face;
        sec.endFace = face + 1;
        sec.textureIndex = textureIndex;
        sec.materialName = std::move(material);
        lod_.sections.push_back(std::move(sec));
    }

private:
    const FileState& s_;
    OdolLod& lod_;
    std::map<std::string, int32_t> textureIndex_;
};

void readFaces(ByteReader& r, const FileState& s, const Header& h, OdolLod& lod) {
    ContextScope scope(r.context(), "faces", 0);
    const uint64_t n = h.faces;
    // Every face could be a quad: 4 corners of index, normal and UV, plus its start and flags.
    s.charge(r, n * (kCornerSlots * (4 + 4 + 8) + 8 + 8), "the LOD's faces");
    lod.faceStart.reserve(n + 1);
    lod.faceStart.push_back(0);
    lod.faceIndices.reserve(n * kCornerSlots);
    lod.cornerNormals.reserve(n * kCornerSlots);
    lod.cornerUvSets.resize(1);
    lod.cornerUvSets[0].reserve(n * kCornerSlots);
    lod.cornerUvSetIds.assign(1, 0);
    lod.faceFlags.resize(n);
    SectionBuilder sections(s, lod);
    uint64_t badNormals = 0;
    for (uint32_t f = 0; f < n; ++f) {
        scope.setIndex(f);
        std::string texture, material;
        if (h.family == LodFamily::Sp3x) texture = r.fixedString(kSp3xTextureBytes);
        const uint64_t countAt = r.offset();
        const uint32_t corners = r.u32();
        if (corners != 3 && corners != 4)
            r.failAtStated(
                DiagKind::BadValue, countAt,
                "has " + std::to_string(corners) + " corners at offset " + hexOffset(countAt) + " (3 or 4 expected)");
        for (uint32_t k = 0; k < kCornerSlots; ++k) {
            const uint64_t at = r.offset();
            const uint32_t point = r.u32(), normal = r.u32();
            const Vec2 uv = r.read<Vec2>();
            if (k >= corners) continue;  // unused slot of a triangle
            if (point >= h.points)
                r.failAtStated(DiagKind::BadValue, at,
                               "corner " + std::to_string(k) + " uses point " + std::to_string(point) + " of " +
                                   std::to_string(h.points) + " (offset " + hexOffset(at) + ")");
            // A LOD may store no normals at all (kat_iv's SP3X: every corner says normal 0).
            const bool hasNormal = normal < h.normals;
            if (!hasNormal && h.normals > 0) ++badNormals;
            lod.faceIndices.push_back(point);
            lod.cornerNormals.push_back(hasNormal ? normal : UINT32_MAX);
            lod.cornerUvSets[0].push_back(uv);
        }
        lod.faceStart.push_back(uint32_t(lod.faceIndices.size()));
        lod.faceFlags[f] = r.u32();
        if (h.family == LodFamily::P3dm) {
            texture = r.asciiz();
            material = r.asciiz();
        }
        sections.add(r, f, std::move(texture), std::move(material));
    }
    if (badNormals)
        s.warn(r, DiagKind::IndexOutOfRange,
               std::to_string(badNormals) + " face corners refer to normals that do not exist; they get none");
}

}  // namespace

void readLod(ByteReader& r, const FileState& s, OdolLod& lod, LodExtras& extras) {
    const Header h = readHeader(r);
    readPoints(r, s, h.points, lod);
    readNormals(r, s, h.normals, lod);
    readFaces(r, s, h, lod);
    readTags(r, s, h.family, lod, extras);
    findProxies(r, s, lod);
    {
        ContextScope scope(r.context(), "resolution");
        lod.resolution = r.f32();
    }
    lod.name = lodName(lod.resolution);
}

}  // namespace rv::mlod
