// MLOD top level (layout in mlod_parse.hpp): signature, version, LOD count, the LODs back to
// back, then the model-level values the binarizer would derive. Bytes after the last LOD are
// ignored with a warning (hilux1.p3d carries 19,416 of them; every reader ignores them).
#include <cstring>

#include "mlod/mlod_parse.hpp"

namespace rv {
namespace mlod {
namespace {

// The smallest LOD: header (28), "TAGG", "#EndOfFile#" tag (P3DM: 1 + 12 + 4), resolution.
constexpr size_t kMinLodBytes = 28 + 4 + 17 + 4;

OdolModel readModel(ByteReader& r, const FileState& s) {
    OdolModel model;
    model.editable = true;
    {
        ContextScope scope(r.context(), "header");
        r.skip(4);  // "MLOD"
        model.version = r.u32();
    }
    uint32_t lodCount;
    {
        ContextScope scope(r.context(), "LODs");
        r.context().noteCount(r.offset());
        lodCount = r.count(kMinLodBytes, "LODs");
        if (lodCount == 0) r.fail(DiagKind::BadCount, "the model has no LODs");
    }
    s.charge(r, uint64_t(lodCount) * (sizeof(OdolLod) + sizeof(LodExtras)), "the LOD table");
    model.lods.resize(lodCount);
    std::vector<LodExtras> extras(lodCount);
    {
        ContextScope scope(r.context(), "LOD", 0);
        for (uint32_t i = 0; i < lodCount; ++i) {
            scope.setIndex(i);
            readLod(r, s, model.lods[i], extras[i]);
        }
    }
    if (!r.atEnd())
        s.warn(r, DiagKind::UnreadBytes, std::to_string(r.remaining()) + " bytes after the last LOD were not read");
    deriveModelInfo(model, extras);
    return model;
}

}  // namespace

void FileState::charge(const ByteReader& r, uint64_t bytes, const char* what) const {
    if (!budget.tryCharge(bytes)) r.fail(DiagKind::MemoryLimit, budget.overMessage(what, bytes));
}

Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                         std::vector<uint64_t>* countOffsets) {
    ParseContext context;
    context.countOffsets = countOffsets;
    ByteReader r(data, data + size, 0, context);
    WarningList warnings;
    BudgetScope budget(options.budget, options.memoryLimit);
    try {
        if (size < 4 || std::memcmp(data, "MLOD", 4) != 0)
            return withSource(makeError(DiagKind::NotRecognized, "not an MLOD model: no 'MLOD' at offset 0x0", 0),
                              sourceName);
        // Names, texture paths and selection names together stay below twice the file's size.
        if (!budget->tryCharge(2 * uint64_t(size)))
            return withSource(makeError(DiagKind::MemoryLimit,
                                        budget->overMessage("reading the model's strings", 2 * uint64_t(size))),
                              sourceName);
        FileState s{*budget, warnings};
        OdolModel model = readModel(r, s);
        model.warnings = warnings.finish(sourceName);
        return model;
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(makeError(DiagKind::OutOfMemory, "out of memory while decoding", r.offset()), sourceName);
    }
}

}  // namespace mlod

Result<OdolModel> decodeMlod(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    return mlod::decode(data, size, sourceName, options, nullptr);
}

Result<OdolModel> decodeModel(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    if (size >= 4 && std::memcmp(data, "MLOD", 4) == 0) return decodeMlod(data, size, sourceName, options);
    return decodeOdol(data, size, sourceName, options);
}

}  // namespace rv
