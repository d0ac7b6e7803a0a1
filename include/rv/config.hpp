// Real Virtuality config trees: text configs (config.cpp, .rvmat, .bisurf, description.ext)
// and rapified ones ("\0raP": config.bin, binarized .rvmat), read into one tree.
//
//   auto tree = rv::decodeConfig(bytes.data(), bytes.size(), "agm_m84.rvmat");
//   if (!tree) std::cerr << tree.error().message << '\n';        // file, structure, offset
//   const rv::ConfigEntry* st = tree->root.findClass("stage1");  // case-insensitive
//   const rv::ConfigValue* tex = st ? st->findValue("Texture") : nullptr;
//
// The tree keeps what the file says, nothing more: entries in file order with their stored
// spelling, base-class names unresolved (`class A: B` keeps "B"), external declarations
// (`class X;`), delete statements and `+=` appends as entries of their own. Nothing is
// inherited or merged; a reader that needs inheritance walks `base` itself.
//
// Text: classes, `name = value;`, `name[] = {...};`, `name[] += {...};`, // and /* */
// comments, "..." strings with "" for a quote, unquoted words (`version = 0.8.0;` is the string
// "0.8.0"), numbers with scientific notation and 0x hex, after the preprocessor
// (rv/preprocess.hpp) has run its #include, #define and #if lines and expanded the macros.
//
// Rapified (format notes §5): a header, class bodies reached through absolute offsets,
// compressed-int counts, and an enum table. Hostile input: every count is bounded by the bytes
// left, nesting deeper than kConfigMaxDepth is refused (DiagKind::BadCount), and a class body
// may be read only once, so offset cycles and bodies shared to multiply the tree are refused
// (DiagKind::BadValue). Errors name the file, the class path ("class Stage2 class uvTransform")
// and the byte offset; text errors add the line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rv/error.hpp"
#include "rv/options.hpp"
#include "rv/preprocess.hpp"

namespace rv {

// The deepest nesting of classes, or of arrays, a config may have. Real configs stay below 10.
constexpr int kConfigMaxDepth = 64;

enum class ConfigValueType : uint8_t {
    String,      // text config: any quoted string or unquoted word; raP value subtype 0
    Expression,  // raP subtype 4: a string the engine evaluates (kept as text)
    Float,       // raP subtype 1; text numbers with '.' or an exponent
    Int,         // raP subtype 2; text integers within int32
    Int64,       // raP subtype 6 (HEMTT, Arma 3); text integers beyond int32
    Array,
};
const char* configValueTypeName(ConfigValueType type);  // "string", "float", "array"...

struct ConfigValue {
    ConfigValueType type = ConfigValueType::String;
    std::string text;                // String, Expression
    float real = 0;                  // Float
    int64_t integer = 0;             // Int, Int64
    std::vector<ConfigValue> items;  // Array (items may be arrays)

    bool isNumber() const {
        return type == ConfigValueType::Float || type == ConfigValueType::Int || type == ConfigValueType::Int64;
    }
    bool isString() const { return type == ConfigValueType::String || type == ConfigValueType::Expression; }
    // Float, Int or Int64 as a double; 0 for anything else.
    double number() const;

    static ConfigValue string(std::string s, ConfigValueType t = ConfigValueType::String);
    static ConfigValue floating(float f);
    static ConfigValue integral(int64_t i);  // Int when it fits int32, else Int64
    static ConfigValue array(std::vector<ConfigValue> items);
};

enum class ConfigEntryKind : uint8_t {
    Value,        // name = value;
    Array,        // name[] = {...};
    ArrayAppend,  // name[] += {...};
    Class,        // class name [: base] {...};
    External,     // class name;
    Delete,       // delete name;
};
const char* configEntryKindName(ConfigEntryKind kind);  // "value", "array", "class"...

// One entry of a class. A class is an entry too: the root is the unnamed class of the file.
struct ConfigEntry {
    ConfigEntryKind kind = ConfigEntryKind::Class;
    std::string name;                  // as stored
    ConfigValue value;                 // Value, Array, ArrayAppend (type Array for the last two)
    std::string base;                  // Class: the base class named after ':', else ""
    std::vector<ConfigEntry> entries;  // Class: its entries in file order
    uint64_t offset = 0;               // where the entry starts in the file (text: the preprocessed text)

    bool isClass() const { return kind == ConfigEntryKind::Class; }
    // The first entry of this class named `name`, compared ASCII case-insensitively (the
    // engine's rule), or null. findClass skips everything but class bodies; findValue returns
    // the value of a Value, Array or ArrayAppend entry.
    const ConfigEntry* find(std::string_view name) const;
    const ConfigEntry* findClass(std::string_view name) const;
    const ConfigValue* findValue(std::string_view name) const;
};

enum class ConfigFormat : uint8_t { Text, Rapified };

struct ConfigTree {
    std::string sourceName;
    ConfigFormat format = ConfigFormat::Text;
    ConfigEntry root;  // kind Class, empty name
    // raP only: the enum table (notes §5), usually empty.
    std::vector<std::pair<std::string, uint32_t>> enums;
    std::vector<Warning> warnings;
};

// True when the bytes start with the rapified magic "\0raP".
bool isRapifiedConfig(const uint8_t* data, size_t size);

// Reads a config held in memory, rapified when it starts with "\0raP", else text (a UTF-8
// byte-order mark is skipped), which is preprocessed first as Bohemia's tools do
// (rv/preprocess.hpp: its #include lines read through `pp.includes`, `pp.entryPath` its
// __FILE__). `sourceName` starts every message; a text error names the file and line it came from
// before preprocessing. A "0DHT" texHeaders.bin is a texture index, not a config: it is refused
// with DiagKind::NotRecognized.
[[nodiscard]] Result<ConfigTree> decodeConfig(const uint8_t* data, size_t size, const std::string& sourceName,
                                              const Options& options = {}, const PreprocessOptions& pp = {});

// ASCII case-insensitive equality, the engine's rule for config names.
bool configNameEquals(std::string_view a, std::string_view b);

}  // namespace rv
