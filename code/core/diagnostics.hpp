// Internal: the one place diagnostics are formatted and collected.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/byte_reader.hpp"
#include "rv/error.hpp"

namespace rv {

// A decode keeps at most this many warnings of each kind; the rest become one last warning of that
// kind, "and K more <kind> warnings", at the first left-out one's offset, with count K.
constexpr uint32_t kMaxWarningsPerKind = 100;

// Collects a decode's warnings. A warning identical to the previous one (same kind, structure
// and text) is merged into it with a count, so a damaged table cannot flood the list; and of each
// kind only the first kMaxWarningsPerKind are kept, the rest counted into one summary warning at
// the end (a 2 MB config once gave 524,286 warnings and 325 MB, issue 29).
class WarningList {
public:
    // `atOffset` false: the detail says where itself (a line of preprocessed text, which has no
    // offset in the file), and no "(at offset ...)" is added.
    void add(const ByteReader& r, DiagKind kind, const std::string& detail, bool atOffset = true);
    // The warnings with `sourceName` starting every message, as the decode returns them.
    std::vector<Warning> finish(const std::string& sourceName);
    bool empty() const { return items_.empty(); }

private:
    struct LeftOut {
        uint64_t count = 0;
        uint64_t firstOffset = 0;
    };
    std::vector<Warning> items_;
    std::vector<std::string> details_;     // the detail of each item, for merging
    std::map<DiagKind, uint32_t> kept_;    // items kept per kind
    std::map<DiagKind, LeftOut> leftOut_;  // by kind, so the summaries come in one order
};

// Keeps, of the warnings appended to `warnings` from index `from` on, the first
// kMaxWarningsPerKind of each kind, and ends them with WarningList's "and K more" summary: for
// the notes a list of names yields (a model.cfg's 20,000 duplicate bones, issue 40).
void capAppendedWarnings(std::vector<Warning>& warnings, size_t from);

// A ParseError caught at a decoder's entry point, as the error it returns.
DecodeError errorFromParse(const std::string& sourceName, const ParseError& e);

}  // namespace rv
