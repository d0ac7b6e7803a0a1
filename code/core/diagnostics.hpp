// Internal: the one place diagnostics are formatted and collected.
#pragma once

#include <string>
#include <vector>

#include "core/byte_reader.hpp"
#include "rv/error.hpp"

namespace rv {

// Collects a decode's warnings. A warning identical to the previous one (same kind, structure
// and text) is merged into it with a count, so a damaged table cannot flood the list.
class WarningList {
public:
    void add(const ByteReader& r, DiagKind kind, const std::string& detail);
    // The warnings with `sourceName` starting every message, as the decode returns them.
    std::vector<Warning> finish(const std::string& sourceName);
    bool empty() const { return items_.empty(); }

private:
    std::vector<Warning> items_;
    std::vector<std::string> details_;  // the detail of each item, for merging
};

// A ParseError caught at a decoder's entry point, as the error it returns.
DecodeError errorFromParse(const std::string& sourceName, const ParseError& e);

}  // namespace rv
