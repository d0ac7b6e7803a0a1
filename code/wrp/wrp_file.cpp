// decodeWrp: signature dispatch, grid-size checks, and the one place exceptions become errors.
#include <cstring>

#include "rv/defaults.hpp"
#include "rv/format.hpp"
#include "wrp/wrp_parse.hpp"

namespace rv {
namespace wrp {

// Real grids are at most a few thousand cells per side (Arma 3's largest terrains: 8192 height
// samples, land grids of 256-1024); 65536 leaves room for anything community-made while keeping
// a size product far from overflow.
void checkGridSize(const ByteReader& r, uint64_t at, uint32_t x, uint32_t y, const char* what) {
    if (x == 0 || y == 0 || x > 65536 || y > 65536)
        r.failAtStated(DiagKind::BadCount, at,
                       std::string(what) + " size " + std::to_string(x) + " x " + std::to_string(y) + " at offset " +
                           hexOffset(at) + " is outside 1..65536");
}

}  // namespace wrp

Result<WrpTerrain> decodeWrp(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options) {
    return wrp::decode(data, size, sourceName, options, nullptr);
}

namespace wrp {

Result<WrpTerrain> decode(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                          std::vector<uint64_t>* countOffsets) {
    const float defaultCellSize = options.defaultCellSize > 0 ? options.defaultCellSize : defaults::kCellSize;
    ParseContext context;
    context.countOffsets = countOffsets;
    ByteReader r(data, data + size, 0, context);
    WrpTerrain t;
    BudgetScope budget(options.budget, options.memoryLimit);
    WarningList warnings;
    const FileState state{*budget, warnings, defaultCellSize};
    try {
        const FileFormat format = sniffFormat(data, size);
        if (size >= 4) t.signature.assign(reinterpret_cast<const char*>(data), 4);
        // Strings and small tables stay below twice the bytes they are read from.
        state.charge(r, 2 * uint64_t(size), "strings");
        switch (format) {
            case FileFormat::Wrp4WVR:
                r.skip(4);
                t.version = 4;
                readEditable4(r, state, t);
                break;
            case FileFormat::Wrp8WVR:
                r.skip(4);
                t.version = 8;
                readEditable8(r, state, t);
                break;
            case FileFormat::WrpOprw: {
                r.skip(4);
                const uint64_t at = r.offset();
                t.version = r.u32();
                if (t.version == 2 || t.version == 3)
                    readOprwOfp(r, state, t);
                else if (t.version >= 4 && t.version < 10)
                    r.failAtStated(
                        DiagKind::Unsupported, at,
                        "OPRW version " + std::to_string(t.version) + " at offset " + hexOffset(at) + " is unknown");
                else
                    readOprw(r, state, t);
                break;
            }
            default: {
                std::string shown;
                for (size_t i = 0; i < 4 && i < size; ++i) {
                    const char c = char(data[i]);
                    shown += (c >= 32 && c < 127) ? c : '?';
                }
                if (size >= 4 && (std::memcmp(data, "3WVR", 4) == 0 || std::memcmp(data, "2WVR", 4) == 0))
                    return withSource(
                        makeError(DiagKind::Unsupported, shown + " (pre-release OFP world) is not supported"),
                        sourceName);
                return withSource(
                    makeError(DiagKind::NotRecognized,
                              "not a terrain: starts with '" + shown + "' at offset 0x0 (expected 4WVR, 8WVR or OPRW)"),
                    sourceName);
            }
        }
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(
            makeError(DiagKind::OutOfMemory, "out of memory at offset " + hexOffset(r.offset()), r.offset()),
            sourceName);
    }
    t.warnings = warnings.finish(sourceName);
    return t;
}

}  // namespace wrp

}  // namespace rv
