// The TAGG list of an MLOD LOD: named records up to "#EndOfFile#", each u32 size + data. A tag
// is read through a sub-reader over exactly its data, so a tag whose content is shorter or longer
// than its size cannot shift the next one.
//   - a name not starting with '#': a named selection, one byte per point then one per face
//     (0 = not selected, 1 = full weight, b > 1 = weight (256 - b) / 255: Object Builder's
//     encoding, which the view decodes);
//   - #Mass#: f32 per point (the Geometry LOD's are the model's masses);
//   - #Property#: char[64] name, char[64] value;
//   - #UVSet#: u32 set id, then u, v per face corner in face order (set 0 repeats the faces' own
//     UVs, which are kept);
//   - #SharpEdges#: pairs of u32 point indices;
//   - #Animation#: f32 time, one point position per point (a frame);
//   - #Selected#, #Lock#, #Hide#, #Hidden#: Object Builder's editing state, skipped silently;
//   - anything else: skipped with a warning.
#include <cstring>

#include "mlod/mlod_parse.hpp"

namespace rv::mlod {
namespace {

constexpr size_t kSp3xTagNameBytes = 64;
constexpr size_t kPropertyFieldBytes = 64;

// Each tag's warning names the tag by its index, so identical ones do not merge: a file of a
// million small unknown tags would otherwise hold a million warnings. A LOD gets the first
// kMaxTagWarnings, then one line saying how many more there were.
constexpr uint32_t kMaxTagWarnings = 16;

struct TagWarner {
    const FileState& s;
    LodExtras& extras;
    void operator()(const ByteReader& r, DiagKind kind, const std::string& text) const {
        if (extras.tagWarnings++ < kMaxTagWarnings) s.warn(r, kind, text);
    }
};

bool isEditorState(const std::string& name) {
    return name == "#Selected#" || name == "#Lock#" || name == "#Hide#" || name == "#Hidden#";
}

void readSelection(ByteReader& t, const FileState& s, const TagWarner& warn, const std::string& name, OdolLod& lod) {
    const size_t points = lod.positions.size(), faces = lod.faceCount();
    if (t.remaining() != points + faces) {
        warn(t, DiagKind::SizeMismatch,
             "selection '" + name + "' holds " + std::to_string(t.remaining()) + " bytes for " +
                 std::to_string(points) + " points and " + std::to_string(faces) + " faces; skipped");
        t.skip(t.remaining());
        return;
    }
    const uint8_t* bytes = t.take(points + faces);
    OdolSelection sel;
    sel.name = name;
    size_t selected = 0;
    for (size_t i = 0; i < points; ++i) selected += bytes[i] != 0;
    // The struct too: a LOD without points makes selections of a few file bytes each.
    s.charge(t, sizeof(OdolSelection) + selected * 5 + faces * 4 + name.size(), "a selection");
    sel.vertices.reserve(selected);
    sel.vertexWeights.reserve(selected);
    for (size_t i = 0; i < points; ++i)
        if (bytes[i]) {
            sel.vertices.push_back(uint32_t(i));
            sel.vertexWeights.push_back(bytes[i]);
        }
    for (size_t f = 0; f < faces; ++f)
        if (bytes[points + f]) sel.faces.push_back(uint32_t(f));
    lod.selections.push_back(std::move(sel));
}

void readMass(ByteReader& t, const FileState& s, const TagWarner& warn, const OdolLod& lod, LodExtras& extras) {
    if (t.remaining() != lod.positions.size() * 4) {
        warn(t, DiagKind::SizeMismatch,
             "#Mass# holds " + std::to_string(t.remaining()) + " bytes for " + std::to_string(lod.positions.size()) +
                 " points; skipped");
        t.skip(t.remaining());
        return;
    }
    s.charge(t, t.remaining(), "#Mass#");
    extras.mass.resize(lod.positions.size());
    t.readInto(extras.mass.data(), extras.mass.size() * 4);
}

void readProperty(ByteReader& t, const FileState& s, OdolLod& lod) {
    s.charge(t, sizeof(OdolProperty) + 2 * kPropertyFieldBytes, "#Property#");
    OdolProperty p;
    p.name = t.fixedString(kPropertyFieldBytes);
    p.value = t.fixedString(kPropertyFieldBytes);
    lod.properties.push_back(std::move(p));
}

void readUvSet(ByteReader& t, const FileState& s, const TagWarner& warn, OdolLod& lod) {
    const uint32_t id = t.u32();
    const size_t corners = lod.faceIndices.size();
    if (t.remaining() != corners * 8) {
        warn(t, DiagKind::SizeMismatch,
             "#UVSet# " + std::to_string(id) + " holds " + std::to_string(t.remaining()) + " bytes for " +
                 std::to_string(corners) + " face corners; skipped");
        t.skip(t.remaining());
        return;
    }
    if (id == 0 && !lod.cornerUvSets.empty()) {
        t.skip(corners * 8);  // the faces' own UVs again
        return;
    }
    s.charge(t, corners * 8, "#UVSet#");
    std::vector<Vec2> uv(corners);
    t.readInto(uv.data(), corners * 8);
    lod.cornerUvSets.push_back(std::move(uv));
    lod.cornerUvSetIds.push_back(id);
}

void readSharpEdges(ByteReader& t, const FileState& s, const TagWarner& warn, OdolLod& lod) {
    if (t.remaining() % 8 != 0)
        warn(t, DiagKind::SizeMismatch, "#SharpEdges# size is not a whole number of point pairs; the rest skipped");
    const size_t pairs = t.remaining() / 8;
    s.charge(t, pairs * 8, "#SharpEdges#");
    const size_t first = lod.sharpEdges.size();
    lod.sharpEdges.resize(first + 2 * pairs);
    t.readInto(lod.sharpEdges.data() + first, pairs * 8);
    size_t kept = first;
    for (size_t i = first; i < lod.sharpEdges.size(); i += 2)
        if (lod.sharpEdges[i] < lod.positions.size() && lod.sharpEdges[i + 1] < lod.positions.size()) {
            lod.sharpEdges[kept++] = lod.sharpEdges[i];
            lod.sharpEdges[kept++] = lod.sharpEdges[i + 1];
        }
    if (kept != lod.sharpEdges.size()) {
        warn(t, DiagKind::IndexOutOfRange, "#SharpEdges# names points that do not exist; those edges were dropped");
        lod.sharpEdges.resize(kept);
    }
}

void readAnimation(ByteReader& t, const FileState& s, const TagWarner& warn, OdolLod& lod) {
    const size_t points = lod.positions.size();
    if (t.remaining() != 4 + points * 12) {
        warn(t, DiagKind::SizeMismatch,
             "#Animation# holds " + std::to_string(t.remaining()) + " bytes for " + std::to_string(points) +
                 " points; skipped");
        t.skip(t.remaining());
        return;
    }
    s.charge(t, points * 12 + sizeof(OdolFrame), "#Animation#");
    OdolFrame frame;
    frame.time = t.f32();
    frame.positions.resize(points);
    t.readInto(frame.positions.data(), points * 12);
    lod.frames.push_back(std::move(frame));
}

void readTag(ByteReader& t, const FileState& s, const TagWarner& warn, const std::string& name, OdolLod& lod,
             LodExtras& extras) {
    if (name.empty() || name[0] != '#') return readSelection(t, s, warn, name, lod);
    if (name == "#Mass#") return readMass(t, s, warn, lod, extras);
    if (name == "#Property#") return readProperty(t, s, lod);
    if (name == "#UVSet#") return readUvSet(t, s, warn, lod);
    if (name == "#SharpEdges#") return readSharpEdges(t, s, warn, lod);
    if (name == "#Animation#") return readAnimation(t, s, warn, lod);
    if (isEditorState(name)) return t.skip(t.remaining());
    warn(t, DiagKind::UnknownRecord, "tag '" + name + "' is not known; skipped");
    t.skip(t.remaining());
}

}  // namespace

void readTags(ByteReader& r, const FileState& s, LodFamily family, OdolLod& lod, LodExtras& extras) {
    ContextScope scope(r.context(), "tags", 0);
    const TagWarner warn{s, extras};
    const uint64_t at = r.offset();
    char magic[4];
    r.readInto(magic, 4);
    if (std::memcmp(magic, "TAGG", 4) != 0)
        r.failAtStated(DiagKind::BadValue, at, "expected 'TAGG' at offset " + hexOffset(at));
    for (int64_t i = 0;; ++i) {
        scope.setIndex(i);
        std::string name;
        if (family == LodFamily::P3dm) {
            r.u8();  // "active": 1 in every file seen; inactive tags are read the same way
            name = r.asciiz(1024);
        } else {
            name = r.fixedString(kSp3xTagNameBytes);
        }
        const uint64_t sizeAt = r.offset();
        r.context().noteCount(sizeAt);
        const uint32_t size = r.u32();
        if (size > r.remaining())
            r.failAtStated(DiagKind::BadCount, sizeAt,
                           "tag '" + name + "' size " + std::to_string(size) + " at offset " + hexOffset(sizeAt) +
                               " exceeds the " + std::to_string(r.remaining()) + " bytes left");
        ByteReader t = r.sub(r.offset(), r.offset() + size);
        r.skip(size);
        if (name == "#EndOfFile#") break;
        {
            ContextScope tag(t.context(), name.c_str());
            readTag(t, s, warn, name, lod, extras);
        }
        if (!t.atEnd())
            warn(t, DiagKind::UnreadBytes, std::to_string(t.remaining()) + " bytes of tag '" + name + "' not read");
    }
    if (extras.tagWarnings > kMaxTagWarnings)
        s.warn(
            r, DiagKind::UnknownRecord,
            std::to_string(extras.tagWarnings - kMaxTagWarnings) + " more warnings about tags of this LOD not listed");
}

}  // namespace rv::mlod
