// The config tree's helpers (lookups, value constructors, names) and decodeConfig, which picks
// the text or the rapified reader by the magic and turns their exceptions into a Result.
#include <cstring>
#include <functional>
#include <new>
#include <unordered_set>

#include "config/config_internal.hpp"
#include "core/work_meter.hpp"
#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"

namespace rv {

const char* configValueTypeName(ConfigValueType type) {
    switch (type) {
        case ConfigValueType::String:
            return "string";
        case ConfigValueType::Expression:
            return "expression";
        case ConfigValueType::Float:
            return "float";
        case ConfigValueType::Int:
            return "int";
        case ConfigValueType::Int64:
            return "int64";
        case ConfigValueType::Array:
            return "array";
    }
    return "unknown";
}

const char* configEntryKindName(ConfigEntryKind kind) {
    switch (kind) {
        case ConfigEntryKind::Value:
            return "value";
        case ConfigEntryKind::Array:
            return "array";
        case ConfigEntryKind::ArrayAppend:
            return "array append";
        case ConfigEntryKind::Class:
            return "class";
        case ConfigEntryKind::External:
            return "external class";
        case ConfigEntryKind::Delete:
            return "delete";
    }
    return "unknown";
}

double ConfigValue::number() const {
    switch (type) {
        case ConfigValueType::Float:
            return double(real);
        case ConfigValueType::Int:
        case ConfigValueType::Int64:
            return double(integer);
        default:
            return 0;
    }
}

ConfigValue ConfigValue::string(std::string s, ConfigValueType t) {
    ConfigValue v;
    v.type = t;
    v.text = std::move(s);
    return v;
}

ConfigValue ConfigValue::floating(float f) {
    ConfigValue v;
    v.type = ConfigValueType::Float;
    v.real = f;
    return v;
}

ConfigValue ConfigValue::integral(int64_t i) {
    ConfigValue v;
    v.type = (i >= INT32_MIN && i <= INT32_MAX) ? ConfigValueType::Int : ConfigValueType::Int64;
    v.integer = i;
    return v;
}

ConfigValue ConfigValue::array(std::vector<ConfigValue> items) {
    ConfigValue v;
    v.type = ConfigValueType::Array;
    v.items = std::move(items);
    return v;
}

bool configNameEquals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// Lookups are linear scans; the work meter counts the entries compared, so a reader that looks up
// once per entry (quadratic) shows in the growth tests.
const ConfigEntry* ConfigEntry::find(std::string_view n) const {
    size_t i = 0;
    while (i < entries.size() && !configNameEquals(entries[i].name, n)) ++i;
    work::count(i + 1);
    return i < entries.size() ? &entries[i] : nullptr;
}

const ConfigEntry* ConfigEntry::findClass(std::string_view n) const {
    size_t i = 0;
    while (i < entries.size() && !(entries[i].kind == ConfigEntryKind::Class && configNameEquals(entries[i].name, n)))
        ++i;
    work::count(i + 1);
    return i < entries.size() ? &entries[i] : nullptr;
}

const ConfigValue* ConfigEntry::findValue(std::string_view n) const {
    for (const ConfigEntry& e : entries) {
        const bool valued = e.kind == ConfigEntryKind::Value || e.kind == ConfigEntryKind::Array ||
                            e.kind == ConfigEntryKind::ArrayAppend;
        if (valued && configNameEquals(e.name, n)) return &e.value;
    }
    return nullptr;
}

bool isRapifiedConfig(const uint8_t* data, size_t size) { return size >= 4 && std::memcmp(data, "\0raP", 4) == 0; }

namespace config {

void chargeMemory(ReadState& s, const ByteReader& r, uint64_t bytes) {
    s.memoryUsed += bytes;
    if (s.memoryUsed > s.memoryLimit)
        r.fail(DiagKind::MemoryLimit,
               "the config tree needs more than the memory limit (" + std::to_string(s.memoryLimit) + " bytes)");
}

NameScope::NameScope(ReadState& s, const char* kind, const std::string& name) : s_(s) {
    s_.labels.push_back(std::string(kind) + " " + name);
    s_.context.push(s_.labels.back().c_str(), -1);
}

NameScope::~NameScope() {
    s_.context.pop();
    s_.labels.pop_back();
}

void warnDuplicateNames(ReadState& s, const ByteReader& r, const ConfigEntry& cls,
                        const std::function<void(size_t, const std::string&)>& warnAt) {
    std::unordered_set<std::string> seen;
    for (const ConfigEntry& e : cls.entries) {
        // `delete x;` and `x[] += {...};` name an entry defined elsewhere; they are no duplicates.
        if (e.kind == ConfigEntryKind::Delete || e.kind == ConfigEntryKind::ArrayAppend) continue;
        std::string key = asciiLower(e.name);
        if (seen.insert(std::move(key)).second) continue;
        const std::string what = "'" + e.name + "' is defined twice; lookups use the first";
        if (warnAt) {
            warnAt(e.offset, what);
            continue;
        }
        ByteReader at = r;
        at.seek(e.offset);
        s.warnings.add(at, DiagKind::NameProblem, what);
    }
}

}  // namespace config

namespace {

// Whether the preprocessor could change what the parser reads: a directive (a '#' first on its
// line; without one no macro exists), a "__" (a built-in, __EVAL), a line continuation, or the
// caller's defines. Most .rvmat files have none, "#(argb,...)" textures included, and are parsed
// as they are: their messages keep the file's own offsets and columns.
bool needsPreprocessing(const uint8_t* data, size_t size, const PreprocessOptions& pp) {
    if (!pp.defines.empty()) return true;
    bool lineStart = true;
    const bool bom = size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0;
    for (size_t i = bom ? 3 : 0; i < size; ++i) {
        const uint8_t c = data[i];
        if (c == '#' && lineStart) return true;
        if (c == '_' && i + 1 < size && data[i + 1] == '_') return true;
        if (c == '\\' && i + 1 < size && (data[i + 1] == '\n' || data[i + 1] == '\r')) return true;
        lineStart = c == '\n' || (lineStart && (c == ' ' || c == '\t' || c == '\r'));
    }
    return false;
}

Result<ConfigTree> parseConfig(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                               const PreprocessedText* origins) {
    config::ReadState s;
    s.memoryLimit = options.memoryLimit;
    s.origins = origins;
    ByteReader r(data, data + size, 0, s.context);
    try {
        ConfigTree t = isRapifiedConfig(data, size) ? config::readRapConfig(r, s) : config::readTextConfig(r, s);
        t.sourceName = sourceName;
        t.warnings = s.warnings.finish(sourceName);
        return t;
    } catch (const ParseError& e) {
        return errorFromParse(sourceName, e);
    } catch (const std::bad_alloc&) {
        return withSource(
            makeError(DiagKind::OutOfMemory, "out of memory at offset " + hexOffset(r.offset()), r.offset()),
            sourceName);
    }
}

}  // namespace

Result<ConfigTree> decodeConfig(const uint8_t* data, size_t size, const std::string& sourceName, const Options& options,
                                const PreprocessOptions& pp) {
    if (size >= 4 && std::memcmp(data, "0DHT", 4) == 0)
        return withSource(
            makeError(DiagKind::NotRecognized, "a texHeaders.bin texture index (0DHT) at offset 0x0, not a config"),
            sourceName);
    if (isRapifiedConfig(data, size) || !needsPreprocessing(data, size, pp))
        return parseConfig(data, size, sourceName, options, nullptr);
    Result<PreprocessedText> text =
        preprocess(data, size, pp.entryPath.empty() ? sourceName : pp.entryPath, pp, options);
    if (!text) return text.error();
    Result<ConfigTree> tree = parseConfig(reinterpret_cast<const uint8_t*>(text->text.data()), text->text.size(),
                                          sourceName, options, &text.value());
    if (tree) tree->warnings.insert(tree->warnings.begin(), text->warnings.begin(), text->warnings.end());
    if (options.budget) options.budget->release(text->charged);  // the text is dropped here
    return tree;
}

}  // namespace rv
