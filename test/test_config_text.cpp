// The text config reader on written-out inputs: every construct of the syntax, the tolerated
// oddities of real files (with their warnings), and clean typed errors with line, column and
// offset for broken ones, including hostile nesting.
#include <gtest/gtest.h>

#include "test_config_common.hpp"

namespace {

using cfgtest::decodeText;
using rv::ConfigEntryKind;
using rv::ConfigValueType;
using rv::DiagKind;

rv::DecodeError textError(const std::string& text, const std::string& name = "bad.cpp") {
    auto r = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), name);
    EXPECT_FALSE(r.ok()) << text;
    return r.ok() ? rv::DecodeError{} : r.error();
}

TEST(ConfigText, EveryConstruct) {
    const rv::ConfigTree t = decodeText(
        "// a comment\n"
        "version = 0.8.0;  /* an unquoted word, not a number */\n"
        "count = -12; big = 99999999999; hex = 0x1F; real = 1.7881394e-008; half = .5;\n"
        "name = \"say \"\"hi\"\"\"; single = 'it''s'; words = some text here;\n"
        "list[] = {1, 2.5, \"three\", {4, {five}}, six,};\n"
        "list[] += {7};\n"
        "class Base;\n"
        "class Derived: Base { inner = 1; };\n"
        "delete Old;\n");
    EXPECT_EQ(t.format, rv::ConfigFormat::Text);
    ASSERT_EQ(t.root.entries.size(), 14u);
    EXPECT_TRUE(t.warnings.empty());
    const rv::ConfigEntry& r = t.root;
    EXPECT_EQ(r.findValue("version")->type, ConfigValueType::String);
    EXPECT_EQ(r.findValue("version")->text, "0.8.0");
    EXPECT_EQ(r.findValue("count")->type, ConfigValueType::Int);
    EXPECT_EQ(r.findValue("count")->integer, -12);
    EXPECT_EQ(r.findValue("big")->type, ConfigValueType::Int64);
    EXPECT_EQ(r.findValue("big")->integer, 99999999999ll);
    EXPECT_EQ(r.findValue("hex")->integer, 31);
    EXPECT_EQ(r.findValue("real")->type, ConfigValueType::Float);
    EXPECT_EQ(r.findValue("real")->real, 1.7881394e-008f);
    EXPECT_EQ(r.findValue("half")->real, 0.5f);
    EXPECT_EQ(r.findValue("name")->text, "say \"hi\"");
    EXPECT_EQ(r.findValue("single")->text, "it's");
    EXPECT_EQ(r.findValue("words")->text, "some text here");

    const rv::ConfigValue& list = *r.findValue("list");
    ASSERT_EQ(list.items.size(), 5u);  // the trailing comma adds nothing
    EXPECT_EQ(list.items[0].integer, 1);
    EXPECT_EQ(list.items[1].real, 2.5f);
    EXPECT_EQ(list.items[2].text, "three");
    ASSERT_EQ(list.items[3].type, ConfigValueType::Array);
    EXPECT_EQ(list.items[3].items[1].items[0].text, "five");
    EXPECT_EQ(list.items[4].text, "six");
    EXPECT_EQ(r.entries[10].kind, ConfigEntryKind::ArrayAppend);
    EXPECT_EQ(r.entries[10].value.items[0].integer, 7);

    EXPECT_EQ(r.entries[11].kind, ConfigEntryKind::External);
    const rv::ConfigEntry* d = r.findClass("derived");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->name, "Derived");  // stored spelling kept
    EXPECT_EQ(d->base, "Base");
    EXPECT_EQ(d->findValue("INNER")->integer, 1);
    EXPECT_EQ(r.entries[13].kind, ConfigEntryKind::Delete);
    EXPECT_EQ(r.entries[13].name, "Old");
    EXPECT_EQ(r.findClass("Base"), nullptr);  // an external declaration has no body
    EXPECT_NE(r.find("Base"), nullptr);
}

TEST(ConfigText, EntryOffsetsAreWhereEntriesStart) {
    const rv::ConfigTree t = decodeText("a = 1;\n  class B { c[] = {}; };");
    ASSERT_EQ(t.root.entries.size(), 2u);
    EXPECT_EQ(t.root.entries[0].offset, 0u);
    EXPECT_EQ(t.root.entries[1].offset, 9u);
    EXPECT_EQ(t.root.entries[1].entries[0].offset, 19u);
}

TEST(ConfigText, NumbersAndWords) {
    const rv::ConfigTree t = decodeText("a=inf; b=nan; c=1e999; d=+3; e=-0x10; f=1.; g=1e5; h=1 2; i=-.25e-1;");
    const rv::ConfigEntry& r = t.root;
    EXPECT_EQ(r.findValue("a")->text, "inf");
    EXPECT_EQ(r.findValue("b")->text, "nan");
    EXPECT_EQ(r.findValue("c")->text, "1e999");  // beyond float: kept as written
    EXPECT_EQ(r.findValue("d")->integer, 3);
    EXPECT_EQ(r.findValue("e")->integer, -16);
    EXPECT_EQ(r.findValue("f")->real, 1.0f);
    EXPECT_EQ(r.findValue("g")->real, 100000.0f);
    EXPECT_EQ(r.findValue("h")->text, "1 2");
    EXPECT_EQ(r.findValue("i")->real, -0.025f);
}

// Directives run before the parser (rv/preprocess.hpp): no warnings for them now, the macros
// expanded, and an #include with nowhere to look is an error naming the file and line.
TEST(ConfigText, PreprocessorRunsBeforeTheParser) {
    const rv::ConfigTree t = decodeText("#define _ARMA_\n#define SIZE 5 \\\n  12\nx = SIZE;\ny = __LINE__;\n", "p.cpp");
    ASSERT_EQ(t.root.entries.size(), 2u);
    EXPECT_EQ(t.root.findValue("x")->text, "5   12");  // the continuation keeps the spaces around it
    EXPECT_EQ(t.root.findValue("y")->integer, 5);
    EXPECT_TRUE(t.warnings.empty());
    const rv::DecodeError e = textError("x = 1;\n#include \"v.hpp\"\n", "p.cpp");
    EXPECT_EQ(e.kind, DiagKind::CannotRead);
    EXPECT_EQ(rv::diagnosticLine(e).rfind("p.cpp: line 2: #include \"v.hpp\"", 0), 0u) << rv::diagnosticLine(e);
}

TEST(ConfigText, ToleratedOddities) {
    // A byte-order mark, stray ';', and a missing ';' before '}' or the end of the file.
    const rv::ConfigTree t = decodeText(
        "\xEF\xBB\xBF"
        "class A { x = 1 };;\nclass B {}",
        "o.rvmat");
    ASSERT_EQ(t.root.entries.size(), 2u);
    EXPECT_EQ(t.root.entries[0].name, "A");
    EXPECT_EQ(t.root.entries[0].entries[0].value.integer, 1);
    ASSERT_EQ(t.warnings.size(), 2u);
    EXPECT_EQ(t.warnings[0].kind, DiagKind::EndsEarly);
    EXPECT_EQ(t.warnings[0].where, "class A");
    EXPECT_EQ(t.warnings[1].kind, DiagKind::EndsEarly);
    EXPECT_EQ(t.warnings[1].offset, 33u);  // the end of the file
}

TEST(ConfigText, DuplicateNamesWarn) {
    const rv::ConfigTree t = decodeText("a = 1; A = 2;");
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_EQ(t.warnings[0].kind, DiagKind::NameProblem);
    EXPECT_EQ(t.warnings[0].offset, 7u);
    EXPECT_EQ(t.root.findValue("a")->integer, 1);  // the first one
}

TEST(ConfigText, EmptyFileIsAnEmptyConfig) {
    const rv::ConfigTree t = decodeText("  // nothing\n");
    EXPECT_TRUE(t.root.entries.empty());
    EXPECT_TRUE(t.warnings.empty());
}

TEST(ConfigText, ErrorsNameLineColumnAndOffset) {
    rv::DecodeError e = textError("a = 1;\nb = 2\nc = 3;");
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.offset, 13u);
    EXPECT_EQ(rv::diagnosticLine(e),
              "bad.cpp: line 3, column 1: expected ';' after the value of b, found 'c' (at offset 0xd)");

    e = textError("class A {\n  x = \"open;\n");
    EXPECT_EQ(e.kind, DiagKind::Truncated);
    EXPECT_EQ(e.offset, 16u);
    EXPECT_EQ(e.where, "class A");

    e = textError("class A { x = 1;");
    EXPECT_EQ(e.kind, DiagKind::Truncated);
    EXPECT_EQ(e.offset, 16u);

    EXPECT_EQ(textError("x = 1; };").kind, DiagKind::BadValue);
    EXPECT_EQ(textError("/* open").kind, DiagKind::Truncated);
    EXPECT_EQ(textError("a[] = {1, 2").kind, DiagKind::Truncated);
    EXPECT_EQ(textError("a[] = {\"1\" 2};").kind, DiagKind::BadValue);
    EXPECT_EQ(textError("a[] = 5;").kind, DiagKind::BadValue);
    EXPECT_EQ(textError("a = ;").kind, DiagKind::BadValue);
    EXPECT_EQ(textError("= 1;").kind, DiagKind::BadValue);
    EXPECT_EQ(textError("class A : { };").kind, DiagKind::BadValue);

    e = textError(std::string("a = 1;\0", 7));
    EXPECT_EQ(e.kind, DiagKind::BadValue);
    EXPECT_EQ(e.offset, 6u);
}

std::string nestedClasses(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "class C" + std::to_string(i) + " {";
    for (int i = 0; i < n; ++i) s += "};";
    return s;
}

TEST(ConfigText, NestingIsBounded) {
    EXPECT_EQ(decodeText(nestedClasses(rv::kConfigMaxDepth)).root.entries.size(), 1u);
    rv::DecodeError e = textError(nestedClasses(rv::kConfigMaxDepth + 1));
    EXPECT_EQ(e.kind, DiagKind::BadCount);

    std::string arrays =
        "a[] = " + std::string(size_t(rv::kConfigMaxDepth), '{') + std::string(size_t(rv::kConfigMaxDepth), '}') + ";";
    EXPECT_EQ(decodeText(arrays).root.entries.size(), 1u);
    arrays = "a[] = " + std::string(size_t(rv::kConfigMaxDepth) + 1, '{');
    EXPECT_EQ(textError(arrays).kind, DiagKind::BadCount);

    // Hostile depth far beyond the limit stops at the limit instead of exhausting the stack.
    EXPECT_EQ(textError("a[] = " + std::string(1000000, '{')).kind, DiagKind::BadCount);
    std::string deep;
    for (int i = 0; i < 200000; ++i) deep += "class a{";
    EXPECT_EQ(textError(deep).kind, DiagKind::BadCount);
}

TEST(ConfigText, MemoryLimitStopsLargeTrees) {
    std::string text = "a[] = {";
    for (int i = 0; i < 10000; ++i) text += "1,";
    text += "};";
    rv::Options o;
    o.memoryLimit = 100000;
    auto r = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "m.cpp", o);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, DiagKind::MemoryLimit);
}

TEST(ConfigText, TexHeadersIsNotAConfig) {
    const std::string bytes = std::string("0DHT\1\0\0\0", 8);
    auto r = rv::decodeConfig(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "texHeaders.bin");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, DiagKind::NotRecognized);
}

// Every prefix of a text config ends in a tree or a clean typed error.
TEST(ConfigText, EveryTruncationIsClean) {
    const std::string text =
        "class A: B { x[] = {1, {2, \"s\"\"q\"}}; y = word; /* c */ z = 1e-3; };\n#define Q\nclass E; delete F;\n";
    for (size_t n = 0; n <= text.size(); ++n) {
        auto r = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), n, "cut.cpp");
        if (!r.ok()) {
            const rv::DiagKind k = r.error().kind;
            EXPECT_TRUE(k == DiagKind::Truncated || k == DiagKind::BadValue)
                << n << ": " << rv::diagnosticLine(r.error());
            EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("cut.cpp: ", 0), 0u);
            // Past the #define the text is preprocessed: the line it came from, not an offset.
            const bool preprocessed =
                text.compare(0, n, text, 0, n) == 0 && text.substr(0, n).find("\n#") != std::string::npos;
            EXPECT_NE(rv::diagnosticLine(r.error()).find(preprocessed ? "line " : "at offset 0x"), std::string::npos)
                << n << ": " << rv::diagnosticLine(r.error());
        }
    }
}

}  // namespace
