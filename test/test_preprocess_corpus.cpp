// The preprocessor corpus (RV_SAMPLES_DIR/preprocessor, default /work/shared/samples; skipped when
// absent; its README says where each expected output comes from): HEMTT's and SQFvm's text, the
// must-fail inputs, the engine-reported built-ins, and the trees of Bohemia's CfgConvert. Each case's
// input/ folder is the include root, read through the product's own rv::IncludeRoot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "rv/config.hpp"
#include "rv/include_root.hpp"
#include "rv/preprocess.hpp"

namespace {

namespace fs = std::filesystem;

// ---- the corpus (samples/preprocessor, README.md there) ----

fs::path corpusDir() {
    const char* env = std::getenv("RV_SAMPLES_DIR");
    return fs::path(env && *env ? env : "/work/shared/samples") / "preprocessor";
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The README's comparison: whitespace outside strings is ignored, strings compare exactly except
// that runs of spaces and tabs inside them count as one space.
std::vector<std::string> tokens(const std::string& text) {
    std::vector<std::string> out;
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else if (c == '"' || c == '\'') {
            const size_t close = text.find(c, i + 1);
            const size_t end = close == std::string::npos ? text.size() : close + 1;
            std::string t;
            for (size_t k = i; k < end; ++k) {
                const bool blank = text[k] == ' ' || text[k] == '\t';
                if (!blank || t.empty() || t.back() != ' ') t += blank ? ' ' : text[k];
            }
            out.push_back(t);
            i = end;
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            size_t e = i;
            while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_')) ++e;
            out.push_back(text.substr(i, e - i));
            i = e;
        } else {
            out.push_back(std::string(1, c));
            ++i;
        }
    }
    return out;
}

// Empty when equal, else where the token streams part.
std::string tokenDifference(const std::string& got, const std::string& want) {
    const auto g = tokens(got), w = tokens(want);
    for (size_t i = 0; i < std::max(g.size(), w.size()); ++i) {
        const std::string gi = i < g.size() ? g[i] : "<end>", wi = i < w.size() ? w[i] : "<end>";
        if (gi != wi) return "token " + std::to_string(i) + ": got " + gi + ", expected " + wi;
    }
    return {};
}

bool containsTokens(const std::vector<std::string>& hay, const std::string& needle) {
    const auto n = tokens(needle);
    return std::search(hay.begin(), hay.end(), n.begin(), n.end()) != hay.end();
}

// Macro names defined anywhere under `root`, with whether they take arguments.
std::map<std::string, bool> definedMacros(const fs::path& root) {
    std::map<std::string, bool> names;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file()) continue;
        std::istringstream in(readFile(e.path()));
        for (std::string line; std::getline(in, line);) {
            const size_t d = line.find("#define ");
            if (d == std::string::npos || line.find_first_not_of(" \t") != d) continue;
            size_t b = d + 8, end = b;
            while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
                ++end;
            if (end > b) names[line.substr(b, end - b)] = end < line.size() && line[end] == '(';
        }
    }
    return names;
}

// A defined macro left in the output outside strings: a function-like name followed by '(',
// an object-like name anywhere. Empty when none.
std::string leftoverMacro(const std::string& text, const std::map<std::string, bool>& macros) {
    const auto t = tokens(text);
    for (size_t i = 0; i < t.size(); ++i) {
        const auto m = macros.find(t[i]);
        if (m == macros.end()) continue;
        if (!m->second || (i + 1 < t.size() && t[i + 1] == "(")) return t[i];
    }
    return {};
}

struct CorpusCase {
    std::string id, entry, expected;
};

std::vector<CorpusCase> manifest(const fs::path& dir) {
    std::vector<CorpusCase> cases;
    std::istringstream in(readFile(dir / "manifest.tsv"));
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, '\t');) f.push_back(cell);
        if (f.size() >= 5) cases.push_back({f[0], f[3], f[4]});
    }
    return cases;
}

// The text cases (HEMTT's and SQFvm's expected text) this preprocessor matches; a regression in
// any fails the test. The ones not listed, and why:
//   hemtt-pp-define_builtin: HEMTT writes __FILE__ as "\source.hpp"; the engine writes the path
//     without a leading backslash (engine-cba-accessory-builtins: d = "x\cba\...\config.cpp").
const std::set<std::string> kPassingTextCases = {
    "cfgconvert-ace_main",
    "hemtt-pp-addon_in_ifdef",
    "hemtt-pp-cba_is_admin",
    "hemtt-pp-cba_multiline",
    "hemtt-pp-comment_in_quote",
    "hemtt-pp-define_comment",
    "hemtt-pp-define_function",
    "hemtt-pp-define_function_multiline",
    "hemtt-pp-define_inside_else",
    "hemtt-pp-define_multi",
    "hemtt-pp-define_nested",
    "hemtt-pp-define_single",
    "hemtt-pp-define_undef",
    "hemtt-pp-define_use_define",
    "hemtt-pp-if_digits",
    "hemtt-pp-if_nested",
    "hemtt-pp-if_pass",
    "hemtt-pp-if_read",
    "hemtt-pp-if_value",
    "hemtt-pp-ignore_quoted",
    "hemtt-pp-include_empty",
    "hemtt-pp-join_digit",
    "hemtt-pp-join_ignore",
    "hemtt-pp-macro_const",
    "hemtt-pp-procedural_texture",
    "hemtt-pp-quote",
    "hemtt-pp-sqf",
    "hemtt-pp-triple_backslash",
    "hemtt-pp-utf",
    "sqfvm-backslash",
    "sqfvm-define_macro_callable_0",
};

// The case's entry file, opened from its input/ folder as the include root (so that __FILE__ is
// its path below input/, as the game names it).
rv::Result<rv::PreprocessedText> runCase(const fs::path& caseDir, const std::string& entry) {
    const std::string text = readFile(caseDir / entry);
    rv::Options options;
    options.includeRoot = (caseDir / "input").u8string();
    rv::IncludeRoot includes = rv::IncludeRoot::around((caseDir / entry).u8string(), options);
    return rv::preprocess(reinterpret_cast<const uint8_t*>(text.data()), text.size(), includes.entryName(),
                          includes.preprocessing(), options);
}

TEST(PreprocessCorpus, Cases) {
    const fs::path dir = corpusDir();
    if (!fs::is_directory(dir / "cases")) GTEST_SKIP() << dir << " not present";
    size_t textCases = 0, textPassed = 0;
    std::set<std::string> passed;
    for (const CorpusCase& c : manifest(dir)) {
        const fs::path caseDir = dir / "cases" / c.id;
        auto r = runCase(caseDir, c.entry);
        if (c.id.rfind("negative-", 0) == 0) {
            EXPECT_FALSE(r.ok()) << c.id << " must fail";
            if (!r.ok())
                std::cout << "[corpus] " << c.id << ": fails as expected: " << rv::diagnosticLine(r.error()) << "\n";
            continue;
        }
        EXPECT_TRUE(r.ok()) << c.id << ": " << rv::diagnosticLine(r.error());
        if (!r.ok()) continue;
        for (const char* name : {"preprocessed-by-hemtt.hpp", "preprocessed.txt"}) {
            if (c.expected.find(name) == std::string::npos) continue;
            std::string want = readFile(caseDir / "expected" / name);
            if (std::string(name) == "preprocessed.txt") want.erase(0, want.find('\n') + 1);  // SQFvm's #line marker
            ++textCases;
            const std::string diff = tokenDifference(r->text, want);
            if (diff.empty()) ++textPassed, passed.insert(c.id);
            std::cout << "[corpus] " << c.id << ": " << (diff.empty() ? "pass" : "FAIL " + diff) << "\n";
        }
        if (c.id.rfind("cfgconvert-", 0) == 0 || c.id.rfind("hemtt-rapify-", 0) == 0 || c.id.rfind("engine-", 0) == 0) {
            const std::string left = leftoverMacro(r->text, definedMacros(caseDir / "input"));
            EXPECT_TRUE(left.empty()) << c.id << ": macro " << left << " left in the output";
        }
        if (c.id == "hemtt-rapify-eval") {  // beyond the __EVAL subset: kept for the game, with warnings
            EXPECT_TRUE(
                containsTokens(tokens(r->text), "{ __EVAL(getResolution select 0), __EVAL(getResolution select 1) }"));
            EXPECT_EQ(r->warnings.size(), 3u);
        }
    }
    for (const std::string& id : kPassingTextCases) EXPECT_TRUE(passed.count(id)) << id << " no longer passes";
    EXPECT_GE(textPassed * 10, textCases * 9) << textPassed << " of " << textCases << " text cases pass";
}

// The values of expected/expected-values.txt that the preprocessed text shows: the five [engine]
// built-in lines and the [hand] values whose text form is fixed. The config paths (which class
// each value is in) need the parser and are checked with it, not here.
TEST(PreprocessCorpus, EngineBuiltinValues) {
    const fs::path caseDir = corpusDir() / "cases" / "engine-cba-accessory-builtins";
    if (!fs::is_directory(caseDir)) GTEST_SKIP() << caseDir << " not present";
    auto r = runCase(caseDir, "input/x/cba/addons/accessory/config.cpp");
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    const auto t = tokens(r->text);
    for (const char* want :
         {"a = \"config.cpp\";", "b = \"config\";", "c = 21;", "d = \"x\\cba\\addons\\accessory\\config.cpp\";",
          "e = 0;", "class cba_accessory {", "name = \"$STR_cba_accessory_component\";", "requiredVersion = 2.20;",
          "author = \"$STR_CBA_Author\";", "versionStr = \"3.18.5.000000\";", "versionAr[] = {3,18,5,000000};",
          "init = \"call compileScript ['\\x\\cba\\addons\\accessory\\XEH_preStart.sqf']\";",
          "init = \"call compileScript ['\\x\\cba\\addons\\accessory\\XEH_preInit.sqf']\";",
          "file = \"\\x\\cba\\addons\\accessory\\fnc_addAttachmentCondition.sqf\";",
          "file = \"\\x\\cba\\addons\\accessory\\fnc_switchableAttachments.sqf\";", "headerType = -1;",
          "recompile = 0;"})
        EXPECT_TRUE(containsTokens(t, want)) << want;
}

// ---- the trees of CfgConvert (cfgconvert-*) and HEMTT's rapifier (hemtt-rapify-*) ----

// Where two config trees part, or "" when they are equal: kinds, names (as stored), bases, order,
// value types and values; floats as the 32-bit values raP stores.
std::string treeDifference(const rv::ConfigEntry& got, const rv::ConfigEntry& want, const std::string& path);

std::string valueDifference(const rv::ConfigValue& got, const rv::ConfigValue& want, const std::string& path) {
    if (got.type != want.type)
        return path + ": " + rv::configValueTypeName(got.type) + " vs " + rv::configValueTypeName(want.type);
    switch (got.type) {
        case rv::ConfigValueType::String:
        case rv::ConfigValueType::Expression:
            return got.text == want.text ? "" : path + ": \"" + got.text + "\" vs \"" + want.text + "\"";
        case rv::ConfigValueType::Float:
            return got.real == want.real ? ""
                                         : path + ": " + std::to_string(got.real) + " vs " + std::to_string(want.real);
        case rv::ConfigValueType::Int:
        case rv::ConfigValueType::Int64:
            return got.integer == want.integer
                       ? ""
                       : path + ": " + std::to_string(got.integer) + " vs " + std::to_string(want.integer);
        case rv::ConfigValueType::Array:
            if (got.items.size() != want.items.size())
                return path + ": " + std::to_string(got.items.size()) + " vs " + std::to_string(want.items.size()) +
                       " items";
            for (size_t i = 0; i < got.items.size(); ++i)
                if (auto d = valueDifference(got.items[i], want.items[i], path + "[" + std::to_string(i) + "]");
                    !d.empty())
                    return d;
            return "";
    }
    return "";
}

std::string treeDifference(const rv::ConfigEntry& got, const rv::ConfigEntry& want, const std::string& path) {
    if (got.kind != want.kind || got.name != want.name)
        return path + ": " + rv::configEntryKindName(got.kind) + " " + got.name + " vs " +
               rv::configEntryKindName(want.kind) + " " + want.name;
    const std::string here = path + "/" + got.name;
    if (got.kind != rv::ConfigEntryKind::Class) {
        const bool valued = got.kind == rv::ConfigEntryKind::Value || got.kind == rv::ConfigEntryKind::Array ||
                            got.kind == rv::ConfigEntryKind::ArrayAppend;
        return valued ? valueDifference(got.value, want.value, here) : "";
    }
    if (got.base != want.base) return here + ": base " + got.base + " vs " + want.base;
    if (got.entries.size() != want.entries.size())
        return here + ": " + std::to_string(got.entries.size()) + " vs " + std::to_string(want.entries.size()) +
               " entries";
    for (size_t i = 0; i < got.entries.size(); ++i)
        if (auto d = treeDifference(got.entries[i], want.entries[i], here); !d.empty()) return d;
    return "";
}

rv::Result<rv::ConfigTree> decodeFile(const fs::path& file, const rv::Options& options,
                                      const rv::PreprocessOptions& pp = {}) {
    const std::string bytes = readFile(file);
    return rv::decodeConfig(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), file.filename().u8string(),
                            options, pp);
}

// decodeConfig of each source (preprocessed through its input/ folder) equals the decode of the
// config.bin made from it: Bohemia's CfgConvert for cfgconvert-*, HEMTT's rapifier otherwise.
TEST(PreprocessCorpus, SourceTreesEqualTheRapifiedOnes) {
    const fs::path dir = corpusDir();
    if (!fs::is_directory(dir / "cases")) GTEST_SKIP() << dir << " not present";
    size_t compared = 0;
    for (const CorpusCase& c : manifest(dir)) {
        if (c.expected.find("config.bin") == std::string::npos) continue;
        const fs::path caseDir = dir / "cases" / c.id;
        rv::Options options;
        options.includeRoot = (caseDir / "input").u8string();
        rv::IncludeRoot includes = rv::IncludeRoot::around((caseDir / c.entry).u8string(), options);
        auto source = decodeFile(caseDir / c.entry, options, includes.preprocessing());
        auto binary = decodeFile(caseDir / "expected" / "config.bin", options);
        ASSERT_TRUE(binary.ok()) << c.id << ": " << rv::diagnosticLine(binary.error());
        ASSERT_EQ(binary->format, rv::ConfigFormat::Rapified) << c.id;
        EXPECT_TRUE(source.ok()) << c.id << ": " << rv::diagnosticLine(source.error());
        if (!source.ok()) continue;
        ++compared;
        const std::string diff = treeDifference(source->root, binary->root, "");
        EXPECT_TRUE(diff.empty()) << c.id << ": " << diff;
        std::cout << "[corpus] " << c.id << " tree: " << (diff.empty() ? "equal" : "DIFFERS " + diff) << "\n";
    }
    EXPECT_EQ(compared, 9u);
}

// expected/expected-values.txt of the engine case, on the tree: "A >> B >> name = value [tag]".
// Each value is read as the one-entry config "name = value;" (the file writes them in config
// syntax), then compared with the entry at that path of the decoded config.cpp.
TEST(PreprocessCorpus, EngineCaseTreeHoldsTheExpectedValues) {
    const fs::path caseDir = corpusDir() / "cases" / "engine-cba-accessory-builtins";
    if (!fs::is_directory(caseDir)) GTEST_SKIP() << caseDir << " not present";
    rv::Options options;
    options.includeRoot = (caseDir / "input").u8string();
    const fs::path entry = caseDir / "input" / "x" / "cba" / "addons" / "accessory" / "config.cpp";
    rv::IncludeRoot includes = rv::IncludeRoot::around(entry.u8string(), options);
    ASSERT_EQ(includes.entryName(), "x\\cba\\addons\\accessory\\config.cpp");
    auto tree = decodeFile(entry, options, includes.preprocessing());
    ASSERT_TRUE(tree.ok()) << rv::diagnosticLine(tree.error());
    std::istringstream lines(readFile(caseDir / "expected" / "expected-values.txt"));
    size_t checked = 0;
    for (std::string line; std::getline(lines, line);) {
        const size_t tag = line.find("[engine]") != std::string::npos ? line.find("[engine]") : line.find("[hand]");
        if (line.empty() || line[0] == '#' || tag == std::string::npos) continue;
        std::string lhs = line.substr(0, line.find('=')),
                    rhs = line.substr(line.find('=') + 1, tag - line.find('=') - 1);
        if (const size_t note = rhs.find("  ("); note != std::string::npos) rhs.erase(note);  // "(written ...)"
        std::vector<std::string> path;
        for (size_t at = 0; at != std::string::npos;) {
            const size_t next = lhs.find(">>", at);
            std::string part = lhs.substr(at, next == std::string::npos ? std::string::npos : next - at);
            part.erase(0, part.find_first_not_of(' '));
            part.erase(part.find_last_not_of(' ') + 1);
            path.push_back(part);
            at = next == std::string::npos ? next : next + 2;
        }
        const rv::ConfigEntry* cls = &tree->root;
        for (size_t i = 0; cls && i + 1 < path.size(); ++i) cls = cls->findClass(path[i]);
        ASSERT_NE(cls, nullptr) << line;
        std::string name = path.back();
        if (name.size() > 2 && name.compare(name.size() - 2, 2, "[]") == 0) name.resize(name.size() - 2);
        const std::string literal = path.back() + " = " + rhs + ";";
        auto want = rv::decodeConfig(reinterpret_cast<const uint8_t*>(literal.data()), literal.size(), "expected");
        ASSERT_TRUE(want.ok() && want->root.entries.size() == 1) << literal;
        const rv::ConfigValue* got = cls->findValue(name);
        ASSERT_NE(got, nullptr) << line;
        EXPECT_EQ(valueDifference(*got, want->root.entries[0].value, name), "") << line;
        ++checked;
    }
    EXPECT_EQ(checked, 23u);
    std::vector<std::string> order;
    for (const rv::ConfigEntry& e : tree->root.entries) order.push_back(e.name);
    const std::vector<std::string> rootOrder = {"CfgPatches",
                                                "Extended_PreStart_EventHandlers",
                                                "Extended_PreInit_EventHandlers",
                                                "CfgFunctions",
                                                "a",
                                                "b",
                                                "c",
                                                "d",
                                                "e"};
    EXPECT_EQ(order, rootOrder);
}

}  // namespace
