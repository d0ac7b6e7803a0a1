// Faces and sections (format notes §2.7.3, §2.7.4; v7 §2.2.1 #12-15).
//
// Faces: every version stores a vertex count (3 or 4) and that many indices per face; v7 puts a
// flags word and a texture index before each, and its header lacks v28's zero u16. One face-list
// reader serves both. Sections differ in meaning, not only in layout: v28+ sections are the
// authority on texture and material, stored as ranges of the face stream; v7 ones are offsets
// into the 32-bit engine's in-memory face buffer, so v7 sections are rebuilt from the faces.
#include <cstring>

#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// Fails unless `n` faces of at least `minFaceBytes` each fit the bytes left; called before
// anything is allocated for them.
void checkFaceCount(const ByteReader& r, uint64_t countAt, uint32_t n, size_t minFaceBytes) {
    r.context().noteCount(countAt);
    if (n > r.remaining() / minFaceBytes)
        r.failAtStated(DiagKind::BadCount, countAt,
                       "count " + std::to_string(n) + " at offset " + hexOffset(countAt) + " exceeds the " +
                           std::to_string(r.remaining()) + " bytes left");
}

// Reads `n` faces (count checked) into the LOD's compressed-row table; `beforeFace(f)` reads
// whatever the version stores ahead of face f's vertex count. The engine reads that count as a
// signed char and allows up to 127; every reader and every real file has 3 or 4.
template <class BeforeFace>
void readFaceList(ByteReader& r, const FileState& s, uint32_t n, size_t idxBytes, OdolLod& lod, BeforeFace beforeFace) {
    s.codec.charge(r, (uint64_t(n) + 1) * 4 + uint64_t(n) * 16, "faces");
    lod.faceStart.resize(size_t(n) + 1);
    lod.faceIndices.resize(size_t(n) * 4);  // at most 4 per face; trimmed below
    uint32_t* idx = lod.faceIndices.data();
    uint32_t written = 0;
    for (uint32_t f = 0; f < n; ++f) {
        lod.faceStart[f] = written;
        beforeFace(f);
        uint64_t at = r.offset();
        uint8_t k = r.u8();
        if (k != 3 && k != 4)
            r.failAtStated(DiagKind::BadCount, at,
                           "face " + std::to_string(f) + " has " + std::to_string(k) + " vertices at offset " +
                               hexOffset(at) + " (3 or 4 expected)");
        r.need(k * idxBytes, "face index");
        const uint8_t* p = r.take(k * idxBytes);
        if (idxBytes == 2) {
            for (int i = 0; i < k; ++i) idx[written + i] = uint32_t(p[2 * i] | (p[2 * i + 1] << 8));
        } else {
            std::memcpy(idx + written, p, k * 4);
        }
        written += k;
    }
    lod.faceStart[n] = written;
    lod.faceIndices.resize(written);
}

// The size of a face in the v28+ face stream's "section units": unit * (1 + vertex count), with
// unit 2 before v69 and 4 from v69 (§2.7.3).
uint32_t sectionUnit(const FileState& s) { return s.indices32() ? 4 : 2; }

// Section face ranges are offsets in section units. The offset of face i is therefore
// unit*(i + faceStart[i]), strictly increasing, so a binary search maps it back.
uint32_t faceAtOffset(const OdolLod& lod, uint32_t unit, uint32_t offset, bool& exact) {
    size_t n = lod.faceCount();
    size_t lo = 0, hi = n;  // find the first face whose offset >= `offset`
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint64_t o = uint64_t(unit) * (mid + lod.faceStart[mid]);
        if (o < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    exact = uint64_t(unit) * (lo + lod.faceStart[lo]) == offset;
    return uint32_t(lo);
}

// Maps a section's stored [lower, upper) stream offsets to faces. Offsets between face starts
// are rounded up with a warning; offsets beyond the face data stop the decode.
void placeSection(ByteReader& r, const FileState& s, const OdolLod& lod, uint64_t at, uint32_t lower, uint32_t upper,
                  OdolSection& sec) {
    const uint32_t unit = sectionUnit(s);
    bool exactLo, exactHi;
    sec.firstFace = faceAtOffset(lod, unit, lower, exactLo);
    sec.endFace = faceAtOffset(lod, unit, upper, exactHi);
    if (upper >= lower && sec.endFace <= lod.faceCount() && exactLo && exactHi) return;
    if (lower > upper || uint64_t(unit) * (lod.faceCount() + lod.faceIndices.size()) < upper)
        r.failAtStated(DiagKind::BadValue, at,
                       "face range " + std::to_string(lower) + ".." + std::to_string(upper) + " at offset " +
                           hexOffset(at) + " lies outside the face data");
    s.warn(r, DiagKind::IndexOutOfRange,
           "face range " + std::to_string(lower) + ".." + std::to_string(upper) +
               " does not fall on face boundaries; rounded up to whole faces");
}

// A texture or material index past its table is dropped (treated as none) with a warning.
void checkSectionIndices(ByteReader& r, const FileState& s, const OdolLod& lod, OdolSection& sec) {
    if (sec.textureIndex >= 0 && size_t(sec.textureIndex) >= lod.textures.size()) {
        s.warn(r, DiagKind::IndexOutOfRange,
               "texture index " + std::to_string(sec.textureIndex) + " is beyond the " +
                   std::to_string(lod.textures.size()) + " textures; treated as none");
        sec.textureIndex = -1;
    }
    if (sec.materialIndex >= 0 && size_t(sec.materialIndex) >= lod.materials.size()) {
        s.warn(r, DiagKind::IndexOutOfRange,
               "material index " + std::to_string(sec.materialIndex) + " is beyond the " +
                   std::to_string(lod.materials.size()) + " materials; treated as none");
        sec.materialIndex = -1;
    }
}

void readSection(ByteReader& r, const FileState& s, OdolLod& lod, OdolSection& sec) {
    uint64_t at = r.offset();
    uint32_t lower = r.u32(), upper = r.u32();
    sec.minBoneIndex = r.i32();
    sec.boneCount = r.i32();
    sec.pointFlags = r.u32();
    sec.textureIndex = r.i16();
    sec.faceFlags = r.u32();
    sec.materialIndex = r.i32();
    if (sec.materialIndex == -1) sec.materialName = r.asciiz();
    if (s.version >= 36) {
        uint32_t k = r.count(4, "areaOverTex");
        sec.areaOverTex.resize(k);
        r.readInto(sec.areaOverTex.data(), size_t(k) * 4);
    } else {
        sec.areaOverTex.push_back(r.f32());
    }
    if (s.version >= 67) {
        sec.flag67 = r.i32();
        // 11 floats per bff and OpenPoseidon (byte-exact LOD closure on Stratis); affrs reads
        // 12. None of our samples has flag67 >= 1; the LOD end check would expose a wrong size.
        if (sec.flag67 >= 1) {
            sec.extra67.resize(11);
            r.readInto(sec.extra67.data(), 11 * 4);
        }
    }
    placeSection(r, s, lod, at, lower, upper, sec);
    checkSectionIndices(r, s, lod, sec);
}

}  // namespace

void readFaces(ByteReader& r, const FileState& s, OdolLod& lod) {
    uint32_t faceDataSize;
    {
        ContextScope scope(r.context(), "faces");
        const size_t idxBytes = s.indices32() ? 4 : 2;
        uint64_t countAt = r.offset();
        uint32_t n = r.u32();
        faceDataSize = r.u32();
        r.u16();  // always zero
        checkFaceCount(r, countAt, n, 1 + 3 * idxBytes);
        readFaceList(r, s, n, idxBytes, lod, [](uint32_t) {});
    }
    // A cross-check only: the face stream's size in section units, which sections refer to.
    uint64_t expected = uint64_t(sectionUnit(s)) * (lod.faceCount() + lod.faceIndices.size());
    if (expected != faceDataSize)
        s.warn(r, DiagKind::SizeMismatch,
               "face data size " + std::to_string(faceDataSize) + " differs from the " + std::to_string(expected) +
                   " the faces take");
}

void readSections(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "sections");
    uint32_t n = r.count(4 * 5 + 2 + 4 + 4, "sections");
    s.codec.allocate(r, lod.sections, n, "sections");
    ContextScope item(r.context(), "section", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        readSection(r, s, lod, lod.sections[i]);
    }
}

void readFacesV7(ByteReader& r, const FileState& s, OdolLod& lod, FaceAttributesV7& attributes) {
    ContextScope scope(r.context(), "faces");
    uint64_t countAt = r.offset();
    uint32_t n = r.u32();
    // faceBufferSize: the size of the engine's in-memory face buffer, only a reservation hint
    // there (`ReserveRaw`); the CWR-CE fixture stores 0. Not used.
    r.u32();
    constexpr size_t kMinFace = 4 + 2 + 1 + 3 * 2;
    checkFaceCount(r, countAt, n, kMinFace);
    s.codec.allocate(r, attributes.texture, n, "faces");
    s.codec.allocate(r, attributes.flags, n, "faces");
    readFaceList(r, s, n, 2, lod, [&](uint32_t f) {
        attributes.flags[f] = r.u32();
        attributes.texture[f] = r.i16();
    });
}

void skipSectionsV7(ByteReader& r) {
    ContextScope scope(r.context(), "sections");
    uint32_t n = r.count(18, "sections");
    r.skip(size_t(n) * 18);  // beg, end, material, texture, special: rebuilt from the faces
}

// v7 faces carry their own texture; stored sections are offsets into the 32-bit engine's face
// buffer (an in-memory unit, untested on real files: notes §6.6), and the engine rebuilds them
// when they do not fit. So sections are rebuilt here from runs of faces with the same texture
// and flags, the authoritative per-face data. An empty texture name means untextured (the
// engine's conversion writes the default texture entry as ""), like -1.
void buildSectionsV7(OdolLod& lod, const FaceAttributesV7& attributes) {
    auto textureOf = [&](size_t f) -> int32_t {
        int32_t t = attributes.texture[f];
        if (t < 0 || size_t(t) >= lod.textures.size() || lod.textures[size_t(t)].empty()) return -1;
        return t;
    };
    lod.sections.clear();
    for (size_t f = 0; f < attributes.texture.size(); ++f) {
        int32_t t = textureOf(f);
        uint32_t flags = attributes.flags[f];
        if (lod.sections.empty() || lod.sections.back().textureIndex != t || lod.sections.back().faceFlags != flags) {
            OdolSection sec;
            sec.firstFace = uint32_t(f);
            sec.textureIndex = t;
            sec.faceFlags = flags;
            lod.sections.push_back(sec);
        }
        lod.sections.back().endFace = uint32_t(f + 1);
    }
}

}  // namespace rv::odol
