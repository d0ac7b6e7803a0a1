// The RTM decoder's entry point (rv/rtm.hpp): which of the three layouts a file has, by its
// signature only (the same path held a plain, a corrupt plain and a BMTR file in DayZ-Epoch's
// history), then the block readers of rtm_plain.cpp and bmtr.cpp under one budget.
#include <cstring>
#include <new>

#include "rtm/rtm_internal.hpp"

namespace rv {
namespace rtm {

void charge(const Reading& in, uint64_t bytes, const char* what) {
    if (!in.budget.tryCharge(bytes))
        in.r.fail(DiagKind::MemoryLimit, in.budget.overMessage(in.r.context().prefixFor(what) + "reading them", bytes));
}

}  // namespace rtm

namespace {

bool startsWith(const uint8_t* data, size_t size, const char* magic) {
    const size_t n = std::strlen(magic);
    return size >= n && std::memcmp(data, magic, n) == 0;
}

// The first bytes of a file as a quoted, printable string for "not an animation" messages.
std::string quoteStart(const uint8_t* data, size_t size) {
    std::string s = "'";
    for (size_t i = 0; i < size && i < 8; ++i) {
        const uint8_t c = data[i];
        if (c >= 0x20 && c < 0x7f) {
            s += char(c);
        } else {
            static const char kHex[] = "0123456789abcdef";
            s += "\\x";
            s += kHex[c >> 4];
            s += kHex[c & 15];
        }
    }
    return s + "'";
}

}  // namespace

bool looksLikeRtm(const uint8_t* data, size_t size) {
    return startsWith(data, size, "RTM_0101") || startsWith(data, size, "RTM_MDAT") || startsWith(data, size, "BMTR");
}

Result<RtmAnimation> decodeRtm(const uint8_t* data, size_t size, const std::string& sourceName,
                               const Options& options) {
    ParseContext context;
    ByteReader r(data, data + size, 0, context);
    WarningList warnings;
    BudgetScope budget(options.budget, options.memoryLimit);
    try {
        if (!looksLikeRtm(data, size))
            return withSource(makeError(DiagKind::NotRecognized,
                                        "not an animation: starts with " + quoteStart(data, size) +
                                            " at offset 0x0, not 'RTM_0101', 'RTM_MDAT' or 'BMTR'",
                                        0),
                              sourceName);
        // Names and properties are too small to charge one by one beyond their vector slots:
        // their text stays below the file's bytes, charged once up front.
        if (!budget->tryCharge(uint64_t(size)))
            return withSource(
                makeError(DiagKind::MemoryLimit, budget->overMessage("reading the animation's names", size), 0),
                sourceName);
        RtmAnimation a;
        const rtm::Reading in{r, *budget, warnings};
        if (startsWith(data, size, "BMTR")) {
            a.binarized = true;
            a.signature = "BMTR";
            rtm::readBmtr(in, a);
        } else {
            a.signature = "RTM_0101";
            if (startsWith(data, size, "RTM_MDAT")) {
                rtm::readMdat(in, a);
                // The plain block follows the properties directly (offset 45 in armaio's sample).
                if (!startsWith(r.position(), r.remaining(), "RTM_0101"))
                    r.failStated(DiagKind::BadValue, "the RTM_MDAT block ends at offset " + hexOffset(r.offset()) +
                                                         " with " + quoteStart(r.position(), r.remaining()) +
                                                         " where 'RTM_0101' should start");
                a.signature = "RTM_MDAT+RTM_0101";
            }
            rtm::readPlain(in, a);
        }
        a.warnings = warnings.finish(sourceName);
        return a;
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(makeError(DiagKind::OutOfMemory, "out of memory while decoding", r.offset()), sourceName);
    }
}

}  // namespace rv
