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
        ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    });
}

// 1000 warnings of one kind: the first 100 kept, with their lines, then one summary. '#a' is a
// directive the preprocessor does not know: it is the preprocessor that warns, each with its line.
TEST(LinearGrowth, ConfigWarningsAreCappedPerKind) {
    auto r = decodeText(linear::preprocessorLines(1000), "lines.cpp");
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    const std::vector<rv::Warning>& w = r->warnings;
    ASSERT_EQ(w.size(), 101u);
    EXPECT_EQ(rv::diagnosticLine(w[0]), "lines.cpp: line 1: #a is no directive the preprocessor knows; skipped");
    EXPECT_EQ(rv::diagnosticLine(w[99]), "lines.cpp: line 100: #a is no directive the preprocessor knows; skipped");
    EXPECT_EQ(w[100].kind, rv::DiagKind::UnknownRecord);
    EXPECT_EQ(w[100].count, 900u);
    EXPECT_EQ(rv::diagnosticLine(w[100]), "lines.cpp: and 900 more preprocessor warnings");
}

// Lines after a CR LF, a comment and an empty line: the line each warning names counts them as
// written, both the preprocessor's and, through the line map, the parser's.
TEST(LinearGrowth, ConfigWarningLinesAfterMixedLineEnds) {
    auto r = decodeText("a = 1;\r\n// x\n\n  #b\r\nclass C { x = 2 };\n", "mixed.cpp");
    ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
    ASSERT_EQ(r->warnings.size(), 2u);
    EXPECT_EQ(rv::diagnosticLine(r->warnings[0]),
              "mixed.cpp: line 4: #b is no directive the preprocessor knows; skipped");
    EXPECT_EQ(rv::diagnosticLine(r->warnings[1]), "mixed.cpp: class C: line 5: missing ';' after the value of x");
}

// Class k's body lies inside class 0's: refused at class 1, naming the file, class and offset.
TEST(LinearGrowth, RapOverlappingClassBodiesAreRefused) {
    expectLinearWork("overlapping raP bodies", 100, [](uint32_t n) {
        const linear::RapOverlap shape = linear::rapOverlap(n);
        auto r = rv::decodeConfig(shape.bytes.data(), shape.bytes.size(), "overlap.rvmat");
        ASSERT_FALSE(r.ok()) << n << " classes read as " << r->root.entries.size() << " root entries";
        EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
        EXPECT_EQ(r.error().offset, shape.secondBody);
        const std::string& m = rv::diagnosticLine(r.error());
        EXPECT_TRUE(contains(m, "overlap.rvmat: class c1: class body at offset " + rv::hexOffset(shape.secondBody) +
                                    " lies inside the body of class c0"))
            << m;
    });
}

// Class A's body holds class B, whose body starts inside A's next entry: reading on, A runs into
// B's body and is refused there. Offsets: root body 16, A's body 25, B's body 38 (the i32 of A's
// entry at 34), A's last entry ends at 50, where the empty enum table is.
TEST(LinearGrowth, RapBodyRunningIntoAnotherIsRefused) {
    rvtest::ByteWriter w;
    w.raw("\0raP\0\0\0\0\x08\0\0\0", 12);
    w.u32(50);
    w.raw(std::vector<uint8_t>{0, 1, 0, 'A', 0});  // root: base "", 1 entry: class A
    w.u32(25);
    w.raw(std::vector<uint8_t>{0, 3, 0, 'B', 0});  // A: base "", 3 entries: class B
    w.u32(38);
    for (char name : {'a', 'b'}) {  // int values; a's 0 doubles as B's body: base "", 0 entries
        w.raw(std::vector<uint8_t>{1, 2, uint8_t(name), 0});
        w.i32(0);
    }
    ASSERT_EQ(w.size(), 50u);
    w.u32(0);
    auto r = rv::decodeConfig(w.bytes.data(), w.bytes.size(), "runs.bin");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, rv::DiagKind::BadValue);
    EXPECT_EQ(r.error().offset, 38u);
    EXPECT_EQ(rv::diagnosticLine(r.error()),
              "runs.bin: class A: the body of class A at offset 0x19 runs into the body of class B at offset 0x26");
}

// Each stage's texGen once scanned the whole root for its TexGen class.
TEST(LinearGrowth, RvmatTexGenLookupsInLinearWork) {
    expectLinearWork("stages sharing TexGen0", 1000, [](uint32_t n) {
        const std::string text = linear::texGenStages(n);
        auto r = rv::decodeRvmat(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "stages.rvmat");
        ASSERT_TRUE(r.ok()) << rv::diagnosticLine(r.error());
        ASSERT_EQ(r->stages.size(), n);
        EXPECT_EQ(r->stages.back().texGen, 0);
        EXPECT_EQ(r->stages.back().uvSource, "tex");  // from TexGen0
    });
}

// Each corner was compared with every earlier variant of its point.
TEST(LinearGrowth, EditableCornersMergeInLinearWork) {
    expectLinearWork("corner fan", 500, [](uint32_t n) {
        const std::vector<uint8_t> bytes = rvtest::writeMlod(linear::cornerFan(n));
        auto model = rv::decodeMlod(bytes.data(), bytes.size(), "fan.p3d");
        ASSERT_TRUE(model.ok()) << rv::diagnosticLine(model.error());
        const rv::view::EditableVertices v = rv::view::splitCorners(model->lods.at(0));
        ASSERT_EQ(v.vertexPoint.size(), 2 * size_t(n) + 1);  // point 0 once per face, each rim point once
        EXPECT_EQ(v.pointStart[1], n);
    });
}

}  // namespace
