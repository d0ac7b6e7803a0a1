// Tests of the config preprocessor (rv/preprocess.hpp): unit tests with literal inputs and
// hand-derived outputs, and the hostile-input bounds. The corpus is test_preprocess_corpus.cpp.
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

#include "core/work_meter.hpp"
#include "rv/memory_budget.hpp"
#include "rv/preprocess.hpp"

namespace {

namespace fs = std::filesystem;

// Files by root-relative path ("x\a\b.hpp"), found through resolveIncludePath.
class MapIncludes : public rv::IncludeSource {
public:
    std::map<std::string, std::string> files;
    rv::Result<rv::IncludedFile> read(const std::string& target, const std::string& includer) override {
        auto path = rv::resolveIncludePath(target, includer);
        if (!path) return path.error();
        const auto found = files.find(path.value());
        if (found == files.end()) return rv::makeError(rv::DiagKind::CannotRead, path.value() + " not found");
        return rv::IncludedFile{path.value(), std::vector<uint8_t>(found->second.begin(), found->second.end())};
    }
};

rv::Result<rv::PreprocessedText> run(const std::string& text, rv::IncludeSource* includes = nullptr,
                                     const std::string& path = "config.cpp", const rv::Options& options = {}) {
    rv::PreprocessOptions pp;
    pp.includes = includes;
    return rv::preprocess(reinterpret_cast<const uint8_t*>(text.data()), text.size(), path, pp, options);
}

std::string textOf(const std::string& input) {
    auto r = run(input);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : rv::diagnosticLine(r.error()));
    return r.ok() ? r->text : std::string();
}

// ---- expansion ----

TEST(Preprocess, ObjectMacroAndBlankDirectiveLine) { EXPECT_EQ(textOf("#define A 1\nx = A;\n"), "\nx = 1;\n"); }

TEST(Preprocess, FunctionMacroStringizeAndJoin) {
    EXPECT_EQ(textOf("#define F(a,b) a##_##b = #b;\nF(x, y)\n"), "\nx_y = \"y\";\n");
}

TEST(Preprocess, SelectOperatorIsNoStringize) {
    EXPECT_EQ(textOf("#define SEL(a,i) a # i\n#define Q(x) #x\nSEL(_arr,1) Q(_arr # 1)\n"),
              "\n\n_arr # 1 \"_arr # 1\"\n");
}

TEST(Preprocess, ArgumentsExpandBeforeStringize) {
    EXPECT_EQ(textOf("#define QUOTE(x) #x\n#define TEST 123\nv = QUOTE(TEST);\n"), "\n\nv = \"123\";\n");
}

TEST(Preprocess, JoinOutsideBodiesExpandsEachSide) {
    EXPECT_EQ(textOf("#define A 1\n#define B 2\nd = A##B;\n"), "\n\nd = 12;\n");
}

TEST(Preprocess, DoubleQuotesProtectSingleQuotesDoNot) {
    EXPECT_EQ(textOf("#define P T\na = \"P\"; b = 'P'; c = '##';\n"), "\na = \"P\"; b = 'T'; c = '##';\n");
}

TEST(Preprocess, CommentsRemovedOutsideStrings) {
    EXPECT_EQ(textOf("a = 1; // note\nb = \"x//y\"; /* c\nd */ e\n"), "a = 1; \nb = \"x//y\";   e\n\n");
}

TEST(Preprocess, ContinuationJoinsEverywhere) {
    EXPECT_EQ(textOf("foo\\\nbar\n"), "foobar\n\n");
    EXPECT_EQ(textOf("#define M a \\\n b\nM\n"), "\n\na  b\n");
}

TEST(Preprocess, FunctionNameWithoutParenthesesStays) {
    EXPECT_EQ(textOf("#define T() abc\n#define F(x) <x>\nT T() F F()\n"), "\n\nT abc F <>\n");
}

TEST(Preprocess, NoSelfRecursion) { EXPECT_EQ(textOf("#define A A B\n#define B A\nA\n"), "\n\nA A\n"); }

TEST(Preprocess, RescanFindsCallsMadeByArguments) {
    EXPECT_EQ(textOf("#define G(x) [x]\n#define APPLY(f) f(1)\nAPPLY(G)\n"), "\n\n[1]\n");
}

TEST(Preprocess, CommasSplitArgumentsInsideBracketsNotParentheses) {
    EXPECT_EQ(textOf("#define ONE(a) <a>\nONE((1,2)) ONE(\"1,2\")\n"), "\n<(1,2)> <\"1,2\">\n");
    auto r = run("#define ONE(a) <a>\nONE([1,2])\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
}

TEST(Preprocess, ArgumentsPassedOnKeepTheirCommas) {
    // CBA's ERROR_2 shape (hemtt-pp-sqf): the expanded `f[a, b]` reaches ONE as one argument.
    EXPECT_EQ(textOf("#define ONE(a) <a>\n#define PASS(x) ONE(x)\n#define F(a,b) f[a, b]\nPASS(F(1,2))\n"),
              "\n\n\n<f[1, 2]>\n");
    EXPECT_EQ(textOf("#define E()\n#define PASS(x) E(x)\nPASS()\n"), "\n\n\n");
}

TEST(Preprocess, ProceduralTextureLineIsText) {
    EXPECT_EQ(textOf("#(argb,8,8,3)color(0,0,0,1)\n"), "#(argb,8,8,3)color(0,0,0,1)\n");
}

TEST(Preprocess, CallerDefines) {
    rv::PreprocessOptions pp;
    pp.defines = {{"_ARMA_", ""}, {"V", "7"}};
    const std::string in = "#ifdef _ARMA_\nv = V;\n#endif\n";
    auto r = rv::preprocess(reinterpret_cast<const uint8_t*>(in.data()), in.size(), "a.cpp", pp);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "\nv = 7;\n\n");
}

// ---- conditionals ----

TEST(Preprocess, IfdefElseNested) {
    EXPECT_EQ(textOf("#define A\n#ifdef A\n#ifndef A\nx\n#else\ny\n#endif\n#else\nz\n#endif\n"),
              "\n\n\n\n\ny\n\n\n\n\n");
}

TEST(Preprocess, SkippedBranchRunsNoDirective) {
    // With no include source a run #include would fail; a skipped #define defines nothing.
    EXPECT_EQ(textOf("#ifdef NO\n#include \"x.hpp\"\n#define B 1\n#endif\nB\n"), "\n\n\n\nB\n");
}

TEST(Preprocess, IfArithmetic) {
    EXPECT_EQ(textOf("#define X 16\n#define Y -18\n#if X < Y\na\n#else\nb\n#endif\n"), "\n\n\n\n\nb\n\n");
    EXPECT_EQ(textOf("#if (2 + 3) * 2 == 10 && 7 % 4 == 3\nyes\n#endif\n"), "\nyes\n\n");
    EXPECT_EQ(textOf("#if __ARMA__\narma\n#endif\n"), "\narma\n\n");
}

TEST(Preprocess, IfReadsUnknownNamesAsZeroWithWarning) {
    auto r = run("#if NOPE\na\n#else\nb\n#endif\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "\n\n\nb\n\n");
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0].kind, rv::DiagKind::NameProblem);
    EXPECT_FALSE(run("#if 1 +\n#endif\n").ok());
    EXPECT_FALSE(run("#if 1 / 0\n#endif\n").ok());
}

TEST(Preprocess, HasInclude) {
    MapIncludes inc;
    inc.files["a\\h.hpp"] = "";
    auto r = run("#if __has_include(\"h.hpp\") && !__has_include(<\\a\\n.hpp>)\nyes\n#endif\n", &inc, "a\\c.cpp");
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    EXPECT_EQ(r->text, "\nyes\n\n");
}

TEST(Preprocess, UndefAndUnknownDirective) {
    auto r = run("#define T 1\na = T;\n#undef T\nb = T;\n#pragma x\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "\na = 1;\n\nb = T;\n\n");
    ASSERT_EQ(r->warnings.size(), 1u);  // #pragma is left out, with a warning
    EXPECT_EQ(r->warnings[0].kind, rv::DiagKind::UnknownRecord);
}

TEST(Preprocess, StringsSpanLinesAndKeepTheirComments) {
    auto r = run("a = \"x //\ny\"; // c\nb = 'P\n// q';\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "a = \"x //\ny\"; \nb = 'P\n// q';\n");
    ASSERT_EQ(r->lineOrigins.size(), 4u);
    EXPECT_EQ(r->lineOrigins[3].line, 4u);
}

// ---- built-ins and __EVAL ----

TEST(Preprocess, Builtins) {
    auto r =
        run("a = __FILE__;\nb = __FILE_NAME__; c = __FILE_SHORT__;\nd = __LINE__;\n__COUNTER__ __COUNTER__ "
            "__COUNTER_RESET__ __COUNTER__\n",
            nullptr, "x\\cba\\addons\\a\\config.cpp");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "a = \"x\\cba\\addons\\a\\config.cpp\";\nb = \"config.cpp\"; c = \"config\";\nd = 3;\n0 1  0\n");
}

TEST(Preprocess, EvalArithmeticAndStrings) {
    EXPECT_EQ(textOf("a = __EVAL(1 + 2 * 3); b = __EVAL(1/2); c = __EVAL(\"a\" + \"b\"); d = __EVAL(-(4 - 10) % 4);\n"),
              "a = 7; b = 0.5; c = \"ab\"; d = 2;\n");
    EXPECT_EQ(textOf("#define W 4\n__EXEC(w = W * 2)v = __EVAL(w + 1);\n"), "\nv = 9;\n");
}

TEST(Preprocess, ExecBeyondSubsetKeptWithWarning) {
    auto r = run("__EXEC(x = getResolution)\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "__EXEC(x = getResolution)\n");
    EXPECT_EQ(r->warnings.size(), 1u);
}

TEST(Preprocess, EvalBeyondSubsetKeptWithWarning) {
    auto r = run("v = __EVAL(getResolution select 0);\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "v = __EVAL(getResolution select 0);\n");
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_NE(r->warnings[0].message.find("getResolution"), std::string::npos);
}

// ---- includes and origins ----

TEST(Preprocess, IncludeInPlaceWithOrigins) {
    MapIncludes inc;
    inc.files["x\\a\\b.hpp"] = "#define B 2\nb = B;\n";
    inc.files["x\\c.hpp"] = "c = __FILE__;\n";
    auto r = run("#include \"b.hpp\"\n#include <\\x\\c.hpp>\nv = B;\n", &inc, "x\\a\\config.cpp");
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    EXPECT_EQ(r->text, "\nb = 2;\nc = \"x\\c.hpp\";\nv = 2;\n");
    ASSERT_EQ(r->files, (std::vector<std::string>{"x\\a\\config.cpp", "x\\a\\b.hpp", "x\\c.hpp"}));
    ASSERT_EQ(r->lineOrigins.size(), 4u);
    const std::pair<uint32_t, uint32_t> want[] = {{1, 1}, {1, 2}, {2, 1}, {0, 3}};
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(r->lineOrigins[i].file, want[i].first) << i;
        EXPECT_EQ(r->lineOrigins[i].line, want[i].second) << i;
    }
}

TEST(Preprocess, ContinuedLinesKeepTheLineCount) {
    auto r = run("a \\\nb\nc\n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text, "a b\n\nc\n");
    ASSERT_EQ(r->lineOrigins.size(), 3u);
    EXPECT_EQ(r->lineOrigins[2].line, 3u);
}

TEST(ResolveIncludePath, Rules) {
    EXPECT_EQ(rv::resolveIncludePath("b.hpp", "x\\a\\c.cpp").value(), "x\\a\\b.hpp");
    EXPECT_EQ(rv::resolveIncludePath("..\\main/m.hpp", "x\\a\\c.cpp").value(), "x\\main\\m.hpp");
    EXPECT_EQ(rv::resolveIncludePath("\\x\\y\\.\\z.hpp", "a\\b.cpp").value(), "x\\y\\z.hpp");
    EXPECT_EQ(rv::resolveIncludePath("P:\\x\\z.hpp", "a\\b.cpp").value(), "x\\z.hpp");
    for (const char* bad : {"..\\..\\z.hpp", "/etc/passwd", "C:\\windows\\x.ini", "\\\\server\\s\\x", "\\", ".\\.."}) {
        auto r = rv::resolveIncludePath(bad, "x\\b.cpp");
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue) << bad;
    }
}

// ---- bad input ----

TEST(PreprocessBad, ErrorNamesFileLineAndIncludeChain) {
    MapIncludes inc;
    inc.files["a.hpp"] = "\n\n#include \"missing.hpp\"\n";
    auto r = run("// one\n#include \"a.hpp\"\n", &inc, "config.cpp");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::CannotRead);
    EXPECT_EQ(rv::diagnosticLine(r.error()).rfind("a.hpp: line 3, included from config.cpp line 2: ", 0), 0u)
        << rv::diagnosticLine(r.error());
}

TEST(PreprocessBad, IncludeWithoutSourceIsAnError) {
    auto r = run("\n#include <x.hpp>\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::CannotRead);
    EXPECT_EQ(r.error().source, "config.cpp");
    EXPECT_EQ(r.error().message.rfind("line 2: ", 0), 0u) << r.error().message;
}

// Serves d0.hpp, d1.hpp, ... each including the next, without end.
class EndlessIncludes : public rv::IncludeSource {
public:
    rv::Result<rv::IncludedFile> read(const std::string& target, const std::string&) override {
        const int n = std::stoi(target.substr(1));
        const std::string text = "#include \"d" + std::to_string(n + 1) + ".hpp\"\n";
        return rv::IncludedFile{target, std::vector<uint8_t>(text.begin(), text.end())};
    }
};

TEST(PreprocessBad, IncludeDepthIsCapped) {
    EndlessIncludes inc;
    auto r = run("#include \"d0.hpp\"\n", &inc);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
    EXPECT_EQ(r.error().source, "d31.hpp");
}

TEST(PreprocessBad, IncludeCycleIsRefused) {
    MapIncludes inc;
    inc.files["a.hpp"] = "#include \"b.hpp\"\n";
    inc.files["b.hpp"] = "#include \"A.HPP\"\n";
    inc.files["A.HPP"] = "";
    auto r = run("#include \"a.hpp\"\n", &inc, "c.cpp");
    ASSERT_FALSE(r.ok());  // A.HPP is a.hpp: game paths ignore case
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
    EXPECT_NE(r.error().message.find("inside itself"), std::string::npos);
}

TEST(PreprocessBad, UnterminatedIf) {
    auto r = run("#define t 1\n\n#if t\nv = 1;\n#else\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::Truncated);
    EXPECT_EQ(r.error().message.rfind("line 3: ", 0), 0u) << r.error().message;
    EXPECT_FALSE(run("#endif\n").ok());
    EXPECT_FALSE(run("#if 1\n#else\n#else\n#endif\n").ok());
}

TEST(PreprocessBad, WrongArgumentCount) {
    for (const char* in : {"#define H(v) v\nH(a,b)\n", "#define H(a,b) a b\nH(x)\n", "#define H() x\nH(1)\n"}) {
        auto r = run(in);
        ASSERT_FALSE(r.ok()) << in;
        EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount) << in;
    }
    EXPECT_FALSE(run("#define H(v) v\nH(a\n").ok());  // no ')' on the line
}

TEST(PreprocessBad, UnterminatedStringWarnsAndCommentFails) {
    auto s = run("a = \"open\nb = 1;\n");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->text, "a = \"open\nb = 1;\n");
    ASSERT_EQ(s->warnings.size(), 1u);
    EXPECT_EQ(s->warnings[0].kind, rv::DiagKind::Truncated);
    auto c = run("a = 1; /* open\nb = 1;\n");
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().kind, rv::DiagKind::Truncated);
}

TEST(PreprocessBad, ExpansionDepthIsCapped) {
    std::string in;
    for (int i = 0; i < 80; ++i) in += "#define M" + std::to_string(i) + " M" + std::to_string(i + 1) + "\n";
    auto r = run(in + "M0\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
    // 60 levels are fine.
    EXPECT_EQ(textOf(in + "M20\n").substr(80), "M80\n");
}

TEST(PreprocessBad, MacroBombStopsAtTheMemoryLimit) {
    std::string in;
    for (int i = 0; i < 40; ++i)
        in += "#define A" + std::to_string(i) + " A" + std::to_string(i + 1) + " A" + std::to_string(i + 1) + "\n";
    rv::Options options;
    options.memoryLimit = 1 << 20;
    auto r = run(in + "A0\n", nullptr, "bomb.cpp", options);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::MemoryLimit);
}

TEST(PreprocessBad, ExpansionCountIsCapped) {
    const std::string in = "#define B x\n#define A B B B B B\nA A\n";  // 2 + 10 expansions
    rv::PreprocessOptions pp;
    pp.maxExpansions = 12;
    auto ok = rv::preprocess(reinterpret_cast<const uint8_t*>(in.data()), in.size(), "a.cpp", pp);
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(ok->text, "\n\nx x x x x x x x x x\n");
    pp.maxExpansions = 11;
    auto r = rv::preprocess(reinterpret_cast<const uint8_t*>(in.data()), in.size(), "a.cpp", pp);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadCount);
}

TEST(PreprocessBad, BudgetKeepsOnlyTheResult) {
    rv::MemoryBudget budget(1 << 20);
    rv::Options options;
    options.budget = &budget;
    auto r = run("#define D(x) x x x x\nD(D(D(abc)))\n", nullptr, "a.cpp", options);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->text.size(), 1 + 64 * 4 - 1 + 1u);  // "\n", 64 "abc" with 63 spaces, "\n"
    EXPECT_EQ(budget.used(), r->text.size() + r->lineOrigins.size() * sizeof(rv::PreprocessedText::LineOrigin));
    auto failed = run("#if 1\n", nullptr, "a.cpp", options);
    EXPECT_FALSE(failed.ok());
    EXPECT_EQ(budget.used(), r->text.size() + r->lineOrigins.size() * sizeof(rv::PreprocessedText::LineOrigin));
}

TEST(PreprocessBad, WorkGrowsLinearly) {
    auto stepsFor = [](int copies) {
        std::string in = "#define Q(x) #x\n#define G(x) pre_##x\n";
        for (int i = 0; i < copies; ++i) in += "v" + std::to_string(i) + " = Q(G(a)); // c\nw = \"s\";\n";
        const uint64_t before = rv::work::steps();
        EXPECT_TRUE(run(in).ok());
        return rv::work::steps() - before;
    };
    const uint64_t one = stepsFor(2000), eight = stepsFor(16000);
    EXPECT_LT(eight, one * 10);
}

}  // namespace
