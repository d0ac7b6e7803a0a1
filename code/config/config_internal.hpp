// Internal: what the text and the rapified config readers share. Both throw ParseError through
// a ByteReader over the whole file and collect warnings in a WarningList; decodeConfig
// (config_tree.cpp) turns them into a Result.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>

#include "core/byte_reader.hpp"
#include "core/diagnostics.hpp"
#include "rv/config.hpp"

namespace rv::config {

// The state one decode threads through its readers.
struct ReadState {
    ParseContext context;
    WarningList warnings;
    uint64_t memoryLimit = 0;
    uint64_t memoryUsed = 0;  // an estimate of the tree's heap use, checked against memoryLimit
    // Labels of the open classes ("class Stage1"), owned here because ParseContext keeps only
    // pointers. A deque keeps earlier labels in place while later ones are added.
    std::deque<std::string> labels;
    // Text that the preprocessor changed: where each of its lines came from, so that a message
    // names the file and line the user wrote (null: the text is the file's own).
    const PreprocessedText* origins = nullptr;
};

// Charges `bytes` of tree memory; stops the decode with MemoryLimit beyond the limit. A raP array
// item costs 2 file bytes but a ConfigValue is ~80 bytes, so without this a large hostile file
// could grow a tree 40 times its size.
void chargeMemory(ReadState& s, const ByteReader& r, uint64_t bytes);

// A ParseContext frame naming an entry: "class Stage1", "array aside" (the root has none).
class NameScope {
public:
    NameScope(ReadState& s, const char* kind, const std::string& name);
    ~NameScope();
    NameScope(const NameScope&) = delete;
    NameScope& operator=(const NameScope&) = delete;

private:
    ReadState& s_;
};

// Warns (NameProblem) about each name defined twice in one class: the engine refuses that in a
// text config and the tree's lookups return the first one. `warnAt` (the text reader's own
// warning, by line) replaces the warning at the entry's offset.
void warnDuplicateNames(ReadState& s, const ByteReader& r, const ConfigEntry& cls,
                        const std::function<void(size_t, const std::string&)>& warnAt = {});

// A number when the whole word reads as one: an integer (decimal or 0x hex) within int64, else
// a float within float range ("1.7881394e-008", ".5"). "inf", "nan" and "0.8.0" stay words.
bool parseConfigNumber(std::string_view word, ConfigValue& out);
// An unquoted word's value: a number, an expression (an __EVAL the preprocessor kept), else a string.
ConfigValue wordValue(std::string_view word);

// The readers. `r` covers the whole file (base 0); both throw ParseError.
ConfigTree readTextConfig(ByteReader& r, ReadState& s);
ConfigTree readRapConfig(ByteReader& r, ReadState& s);

}  // namespace rv::config
