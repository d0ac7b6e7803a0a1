// Named selections (format notes §2.7.5; v7 §2.2.2). One reader for every version: the layouts
// are the same field for field except the face-weight slot after the selected faces, which v7
// fills with two compressed arrays (face weights, face offsets) and v28+ with one zero word.
#include "odol/odol_parse.hpp"

namespace rv::odol {
namespace {

// What sits between the selected faces and the sectional flag.
void readFaceWeightSlot(ByteReader& r, const FileState& s) {
    if (s.version == 7) {
        std::vector<uint8_t> faceWeights;  // normally empty (aczwink aborts when it is not)
        s.codec.readArray(r, faceWeights, "face weights");
        std::vector<uint32_t> faceOffsets;  // the faces' offsets in the engine's face buffer
        s.codec.readArray(r, faceOffsets, "face offsets");
        return;
    }
    // The count of the v7 face-weight array, always 0 from v28 on: anything else means the
    // stream is out of step.
    uint64_t zeroAt = r.offset();
    if (r.i32() != 0)
        r.failAtStated(DiagKind::BadValue, zeroAt, "the reserved word at offset " + hexOffset(zeroAt) + " is not 0");
}

void readSelection(ByteReader& r, const FileState& s, OdolSelection& sel) {
    sel.name = r.asciiz();
    readIndexArray(r, s, sel.faces, "selected faces");
    readFaceWeightSlot(r, s);
    sel.sectional = r.boolean();
    s.codec.readArray(r, sel.sections, "selection sections");
    readIndexArray(r, s, sel.vertices, "selected vertices");
    // One weight byte per selected vertex, or none (v28+ calls the count a byte count; with
    // one byte per element it is the same number).
    s.codec.readArray(r, sel.vertexWeights, "selection weights");
    if (!sel.vertexWeights.empty() && sel.vertexWeights.size() != sel.vertices.size()) {
        s.warn(r, DiagKind::SizeMismatch,
               "selection '" + sel.name + "' has " + std::to_string(sel.vertexWeights.size()) + " weights for " +
                   std::to_string(sel.vertices.size()) + " vertices; weights dropped");
        sel.vertexWeights.clear();
    }
}

}  // namespace

void readSelections(ByteReader& r, const FileState& s, OdolLod& lod) {
    ContextScope scope(r.context(), "selections");
    // The least a selection takes: its name's NUL and its count words and flag.
    const size_t minBytes = s.version == 7 ? 1 + 6 * 4 + 1 : 1 + 4 + 4 + 1 + 4 + 4 + 4;
    uint32_t n = r.count(minBytes, "selections");
    s.codec.allocate(r, lod.selections, n, "selections");
    ContextScope item(r.context(), "selection", 0);
    for (uint32_t i = 0; i < n; ++i) {
        item.setIndex(i);
        readSelection(r, s, lod.selections[i]);
    }
}

}  // namespace rv::odol
