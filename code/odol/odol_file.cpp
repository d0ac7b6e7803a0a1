// ODOL top level (format notes §2.3): header, resolutions, model info, animations, the LOD
// directory, then every LOD read at its own offset.
#include <algorithm>
#include <cstring>

#include "odol/odol_parse.hpp"

namespace rv {
namespace odol {
namespace {

void readLoadableLodInfo(ByteReader& r, const FileState& s) {
    r.i32();                           // face count
    r.u32();                           // colour
    r.i32();                           // special
    r.u32();                           // orHints
    if (s.version >= 39) r.boolean();  // hasSkeleton
    if (s.version >= 51) {
        r.i32();  // vertex count
        r.f32();  // face area
    }
}

std::string quoteMagic(const uint8_t* p, size_t n) {
    std::string s;
    for (size_t i = 0; i < n && i < 4; ++i) {
        char c = char(p[i]);
        if (c >= 32 && c < 127)
            s += c;
        else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", p[i]);
            s += buf;
        }
    }
    return "'" + s + "'";
}

// Versions this decoder reads. 7 (OFP) has its own layout; 28..75 share the ArmA layout with
// version gates. DayZ (its own "54") and VBS (10000+) are different families.
bool isArmaVersion(uint32_t v) { return v >= 28 && v <= 75; }

// Header fields after the version (§2.3): the v75 encryption words, appID (v59+), prefix (v58+).
void readArmaHeader(ByteReader& r, uint32_t version, OdolModel& model) {
    ContextScope scope(r.context(), "header");
    if (version >= 75) {
        // Two words documented by one reader only (jetelain): both 0 unless encrypted.
        uint64_t at = r.offset();
        uint32_t e1 = r.u32(), e2 = r.u32();
        if (e1 != 0 || e2 != 0)
            r.failAtStated(DiagKind::Unsupported, at,
                           "the model is encrypted (words at offset " + hexOffset(at) +
                               " are non-zero); encrypted ODOL cannot be read");
    }
    if (version >= 59) model.appId = r.u32();
    if (version >= 58) model.prefix = r.asciiz();
}

std::vector<float> readResolutions(ByteReader& r) {
    ContextScope scope(r.context(), "LOD resolutions");
    // Each LOD needs at least its resolution, two offsets and a flag: 13 bytes.
    uint32_t nLods = r.count(13, "LODs");
    if (nLods == 0) r.fail(DiagKind::BadCount, "the model has no LODs");
    std::vector<float> resolutions(nLods);
    r.readInto(resolutions.data(), size_t(nLods) * 4);
    return resolutions;
}

// The LOD directory: start and end offsets, the "permanent" flags, and for every LOD that is
// not permanent a summary the engine uses before loading it (read and dropped).
struct LodTable {
    std::vector<uint32_t> start, end;
    uint64_t startsAt = 0, endsAt = 0;  // file offsets of the two arrays, for messages
};

LodTable readLodTable(ByteReader& r, const FileState& s, uint32_t nLods) {
    ContextScope scope(r.context(), "LOD table");
    r.checkCount(nLods, 9, "LOD table");
    LodTable table;
    table.start.resize(nLods);
    table.end.resize(nLods);
    std::vector<uint8_t> permanent(nLods);
    table.startsAt = r.offset();
    r.readInto(table.start.data(), size_t(nLods) * 4);
    table.endsAt = r.offset();
    r.readInto(table.end.data(), size_t(nLods) * 4);
    r.readInto(permanent.data(), nLods);
    ContextScope item(r.context(), "loadable LOD info", 0);
    for (uint32_t i = 0; i < nLods; ++i) {
        item.setIndex(i);
        if (!permanent[i]) readLoadableLodInfo(r, s);
    }
    return table;
}

// Each LOD must own its bytes. A table that points several LODs at the same or overlapping
// ranges is refused rather than decoded once and shared: Bohemia's binarizer (and armake) write
// every LOD once, back to back, and none of the real samples (real/, v7/, generated/) aliases,
// so sharing would only serve crafted files, while every adapter would still build one mesh set
// per alias and multiply the cost downstream (a 125 KB file with 1,000 aliases took 3.1 GB).
// Refusing keeps the decoded model, and everything built from it, linear in the file's size.
void checkLodRanges(const ByteReader& r, const LodTable& table) {
    std::vector<uint32_t> order(table.start.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return table.start[a] != table.start[b] ? table.start[a] < table.start[b] : a < b;
    });
    int64_t previous = -1;  // the non-empty range ending last so far
    for (uint32_t i : order) {
        if (table.start[i] >= table.end[i]) continue;  // empty or reversed: readLodBodies says why
        if (previous >= 0 && table.start[i] < table.end[size_t(previous)]) {
            const uint32_t p = uint32_t(previous);
            r.failAtStated(DiagKind::BadValue, table.startsAt + 4 * uint64_t(i),
                           "LOD " + std::to_string(i) + " (" + hexOffset(table.start[i]) + ".." +
                               hexOffset(table.end[i]) + ", start at offset " +
                               hexOffset(table.startsAt + 4 * uint64_t(i)) + ") overlaps LOD " + std::to_string(p) +
                               " (" + hexOffset(table.start[p]) + ".." + hexOffset(table.end[p]) +
                               "); aliased LOD ranges are refused");
        }
        if (previous < 0 || table.end[i] > table.end[size_t(previous)]) previous = i;
    }
}

// LOD bodies are written in descending resolution order, so each is read at the table's offset
// through a sub-reader that stops at its end.
void readLodBodies(ByteReader& r, const FileState& s, const LodTable& table, const std::vector<float>& resolutions,
                   std::vector<OdolLod>& lods) {
    s.codec.allocate(r, lods, resolutions.size(), "LODs");
    ContextScope lodScope(r.context(), "LOD", 0);
    for (uint32_t i = 0; i < lods.size(); ++i) {
        lodScope.setIndex(i);
        if (table.start[i] > table.end[i])
            r.fail(DiagKind::BadValue,
                   "starts at " + hexOffset(table.start[i]) + " after its end " + hexOffset(table.end[i]));
        ByteReader lr = r.sub(table.start[i], table.end[i]);
        OdolLod& lod = lods[i];
        lod.resolution = resolutions[i];
        lod.name = lodName(lod.resolution);
        readLod(lr, s, lod);
        if (!lr.atEnd())
            s.warn(lr, DiagKind::UnreadBytes,
                   std::to_string(lr.remaining()) + " bytes before the LOD's end offset were not read");
    }
}

// ODOL v28..75 in file order (§2.3): header, resolutions, model info, animations, LOD table,
// LOD bodies. Arrays are LZSS up to v43, LZO from v44, chosen by a flag byte from v64 (§1).
OdolModel decodeArma(ByteReader& r, uint32_t version, MemoryBudget& budget, WarningList& warnings,
                     const DecodeHooks& hooks) {
    OdolModel model;
    model.version = version;
    PayloadRule rule = version >= 64   ? PayloadRule::LzoByFlag
                       : version >= 44 ? PayloadRule::LzoBySize
                                       : PayloadRule::LzssBySize;
    FileState s{version, PayloadCodec(rule, budget), warnings, hooks.uvSets};
    readArmaHeader(r, version, model);
    const std::vector<float> resolutions = readResolutions(r);
    const uint32_t nLods = uint32_t(resolutions.size());
    readModelInfo(r, s, nLods, model.info, model.skeleton);
    if (version >= 30) {
        model.hasAnimations = r.boolean();
        if (model.hasAnimations) readAnimations(r, s, nLods, model.animations);
    }
    const LodTable table = readLodTable(r, s, nLods);
    {
        ContextScope scope(r.context(), "LOD table");
        checkLodRanges(r, table);
    }
    readLodBodies(r, s, table, resolutions, model.lods);
    return model;
}

}  // namespace
}  // namespace odol

Result<OdolModel> decodeOdol(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    return odol::decode(data, size, sourceName, options, odol::DecodeHooks{});
}

namespace odol {

Result<OdolModel> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                         const DecodeHooks& hooks) {
    ParseContext context;
    context.countOffsets = hooks.countOffsets;
    ByteReader r(data, data + size, 0, context);
    WarningList warnings;
    BudgetScope budget(options.budget, options.memoryLimit);
    auto error = [&](DiagKind kind, const std::string& detail, uint64_t offset) {
        return Result<OdolModel>(withSource(makeError(kind, detail, offset), sourceName));
    };
    try {
        if (size < 8) {
            if (size >= 4 && std::memcmp(data, "ODOL", 4) != 0)
                return error(DiagKind::NotRecognized,
                             "not an ODOL model: starts with " + quoteMagic(data, size) + " at offset 0x0", 0);
            return error(DiagKind::Truncated,
                         "file is " + std::to_string(size) + " bytes, too short for an ODOL header (ends at offset " +
                             hexOffset(size) + ")",
                         size);
        }
        if (std::memcmp(data, "MLOD", 4) == 0)
            return error(DiagKind::Unsupported,
                         "this is an editable MLOD model (starts with 'MLOD' at offset 0x0), not a binarized ODOL; "
                         "open it with Object Builder or the a3ob Blender add-on",
                         0);
        if (std::memcmp(data, "ODOL", 4) != 0) {
            if (std::memcmp(data + 1, "ODOL", 4) == 0)
                return error(DiagKind::Unsupported,
                             "the whole file is LZSS-wrapped (ODOL magic at offset 0x1); this wrapper is not supported",
                             1);
            return error(DiagKind::NotRecognized,
                         "not an ODOL model: starts with " + quoteMagic(data, 4) + " at offset 0x0", 0);
        }
        uint32_t version;
        std::memcpy(&version, data + 4, 4);
        // Strings and tables too small to charge one by one (bone links, per-bone animation
        // lists) stay below twice the bytes they are read from: charged once, up front.
        if (!budget->tryCharge(2 * uint64_t(size)))
            return error(DiagKind::MemoryLimit, budget->overMessage("reading the model's strings", 2 * uint64_t(size)),
                         0);
        r.skip(8);
        OdolModel model;
        if (version == 7) {
            model = decodeV7(r, *budget, warnings);
        } else if (version >= 10000) {
            return error(DiagKind::Unsupported,
                         "ODOL version " + std::to_string(version) + " at offset 0x4 is a VBS model; not supported", 4);
        } else if (!isArmaVersion(version)) {
            return error(
                DiagKind::Unsupported,
                "ODOL version " + std::to_string(version) + " at offset 0x4 is not supported (7 and 28..75 are)", 4);
        } else {
            model = decodeArma(r, version, *budget, warnings, hooks);
        }
        model.warnings = warnings.finish(sourceName);
        return model;
    } catch (const ParseError& e) {
        DecodeError err = errorFromParse(sourceName, e);
        // DayZ's own "ODOL 54" cannot be told from Arma 3's by its header; when the Arma layout
        // fails on a v54 file, say that it may be DayZ's.
        uint32_t version = 0;
        if (size >= 8) std::memcpy(&version, data + 4, 4);
        if (version == 54) err.message += " (if this is a DayZ model: DayZ's ODOL 54 is not supported)";
        return err;
    } catch (const std::bad_alloc&) {
        return error(DiagKind::OutOfMemory, "out of memory while decoding", r.offset());
    }
}

}  // namespace odol
}  // namespace rv
