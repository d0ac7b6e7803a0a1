// Issue 29: the shapes on which a decoder once did superlinear work (support/linear_shapes.hpp),
// at x1, x2, x4 and x8, with the work counted (rv::work) rather than timed, and the structural
// outcome of each checked against values the generator fixes.
#include <gtest/gtest.h>

#include "core/byte_reader.hpp"
#include "linear_growth.hpp"
#include "rv/config.hpp"
#include "rv/model.hpp"
#include "rv/rvmat.hpp"
#include "support/byte_writer.hpp"
#include "support/linear_shapes.hpp"
#include "view/editable_corners.hpp"

namespace {

using rvtest::expectLinearWork;
namespace linear = rvtest::linear;

rv::Result<rv::ConfigTree> decodeText(const std::string& text, const std::string& name) {
    return rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), name);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Each warning once counted its line from the file's start.
TEST(LinearGrowth, ConfigWarningsFindTheirLineInLinearWork) {
    expectLinearWork("lines of '#a'", 2000, [](uint32_t n) {
        auto r = decodeText(linear::preprocessorLines(n), "lines.cpp");
        ASSERT_TRUE(r.ok()) << r.error().message;
    });
}

// 1000 warnings of one kind: the first 100 kept, with their lines, then one summary.
TEST(LinearGrowth, ConfigWarningsAreCappedPerKind) {
    auto r = decodeText(linear::preprocessorLines(1000), "lines.cpp");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const std::vector<rv::Warning>& w = r->warnings;
    ASSERT_EQ(w.size(), 101u);
    EXPECT_TRUE(contains(w[0].message, "lines.cpp: line 1, column 1: preprocessor line '#a'")) << w[0].message;
    EXPECT_TRUE(contains(w[99].message, "line 100, column 1:")) << w[99].message;
    EXPECT_EQ(w[99].offset, 297u);  // 3 bytes a line
    EXPECT_EQ(w[100].kind, rv::DiagKind::UnknownRecord);
    EXPECT_TRUE(contains(w[100].message, "lines.cpp: and 900 more unknown record warnings")) << w[100].message;
    EXPECT_EQ(w[100].offset, 300u);  // the first one left out
}

// Lines after a CR LF, a comment and an empty line: the line index counts them as before.
TEST(LinearGrowth, ConfigWarningLinesAfterMixedLineEnds) {
    auto r = decodeText("a = 1;\r\n// x\n\n  #b\r\nclass C { x = 2 };\n", "mixed.cpp");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->warnings.size(), 2u);
    EXPECT_TRUE(contains(r->warnings[0].message, "line 4, column 3: preprocessor line '#b'")) << r->warnings[0].message;
    EXPECT_TRUE(contains(r->warnings[1].message, "line 5, column 17: missing ';'")) << r->warnings[1].message;
}

}  // namespace
