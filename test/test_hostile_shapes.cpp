// The hostile shapes of issue 15 against the decoder and the view: aliased LOD ranges are
// refused by name and offset; every shape stops at a small limit with DiagKind::MemoryLimit
// naming it; and with room to spare, what the budget was charged is at least what the heap grew
// by (so the charges are upper bounds, not guesses). Memory is read through the budget and
// glibc's heap counters, never by timing.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <algorithm>
#include <optional>

#include "rv/memory_budget.hpp"
#include "rv/odol.hpp"
#include "rv/view.hpp"
#include "rv/wrp.hpp"
#include "support/hostile_shapes.hpp"

namespace {

using rvtest::hostile::heapInUse;
using rvtest::hostile::Shape;


rv::Options withBudget(rv::MemoryBudget& budget) {
    rv::Options o;
    o.memoryLimit = budget.limit();
    o.budget = &budget;
    o.lods = "all";
    return o;
}

bool isTerrain(const Shape& s) { return s.name.size() > 4 && s.name.compare(s.name.size() - 4, 4, ".wrp") == 0; }

// Decodes (and views) `s` with `budget`; the error when either fails.
std::optional<rv::DecodeError> decodeAndView(const Shape& s, rv::MemoryBudget& budget) {
    const rv::Options o = withBudget(budget);
    if (isTerrain(s)) {
        auto t = rv::decodeWrp(s.bytes.data(), s.bytes.size(), s.name, o);
        if (!t) return t.error();
        rv::TerrainView view(t.value(), rv::Frame{rv::Axes::YUp, true});
        return std::nullopt;
    }
    auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.name, o);
    if (!m) return m.error();
    auto v = rv::buildModelView(m.value(), o, rv::Frame{rv::Axes::YUp, true});
    if (!v) return v.error();
    return std::nullopt;
}

TEST(HostileShapes, EveryFileIsUnderTwoMegabytes) {
    for (const Shape& s : rvtest::hostile::allShapes()) EXPECT_LT(s.bytes.size(), size_t(2) << 20) << s.name;
}

// Bohemia's binarizer writes each LOD once; a table pointing 1,000 entries at one LOD's bytes
// is refused before any LOD is read, naming LOD 1's start entry.
TEST(HostileShapes, AliasedLodRangesAreRefusedByOffset) {
    const Shape s = rvtest::hostile::aliasedLods(1000, 40000);
    rv::MemoryBudget budget(uint64_t(2) << 30);
    auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.name, withBudget(budget));
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, rv::DiagKind::BadValue);
    EXPECT_EQ(m.error().offset, s.mark);
    EXPECT_NE(rv::diagnosticLine(m.error()).find("LOD 1 "), std::string::npos) << rv::diagnosticLine(m.error());
    EXPECT_NE(rv::diagnosticLine(m.error()).find("overlaps LOD 0"), std::string::npos) << rv::diagnosticLine(m.error());
    EXPECT_NE(rv::diagnosticLine(m.error()).find("aliased"), std::string::npos) << rv::diagnosticLine(m.error());
    // Refused before the LOD bodies: only the file's strings allowance and the tables were charged.
    EXPECT_LE(budget.peak(), 4 * s.bytes.size());
}

// A range that overlaps another by a single byte is refused too. (Touching ranges, back to back,
// are what every writer fixture and real sample has, and those decode.)
TEST(HostileShapes, OneByteOverlapIsRefused) {
    Shape s = rvtest::hostile::aliasedLods(1, 10);
    uint32_t end0;  // ends[0]: with two LODs it follows starts[1] (the mark)
    std::memcpy(&end0, s.bytes.data() + s.mark + 4, 4);
    const uint32_t inside = end0 - 1;  // LOD 1 = [end0 - 1, end0): LOD 0's last byte
    std::memcpy(s.bytes.data() + s.mark, &inside, 4);
    rv::MemoryBudget budget(uint64_t(1) << 30);
    auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.name, withBudget(budget));
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().offset, s.mark);
    EXPECT_NE(rv::diagnosticLine(m.error()).find("overlaps LOD 0"), std::string::npos) << rv::diagnosticLine(m.error());
}

// Each shape, decoded and viewed with a 4 MiB limit, stops with MemoryLimit naming the limit
// (the aliased one stops earlier, on its table).
TEST(HostileShapes, SmallLimitStopsEveryShapeNamingIt) {
    for (const Shape& s : rvtest::hostile::allShapes()) {
        SCOPED_TRACE(s.name);
        rv::MemoryBudget budget(uint64_t(4) << 20);
        const auto error = decodeAndView(s, budget);
        ASSERT_TRUE(error.has_value());
        EXPECT_LE(budget.peak(), budget.limit());
        if (s.name == "aliased_lods.p3d") {
            EXPECT_EQ(error->kind, rv::DiagKind::BadValue) << error->message;
            continue;
        }
        EXPECT_EQ(error->kind, rv::DiagKind::MemoryLimit) << error->message;
        EXPECT_NE(error->message.find("memory limit of 4 MiB"), std::string::npos) << error->message;
    }
}

// With room to spare, the budget is charged at least what the heap grew by while the decoded
// model (or terrain) and its view are alive: the charges bound the real allocations.
TEST(HostileShapes, ChargesBoundTheHeap) {
    if (!heapInUse()) GTEST_SKIP() << "needs glibc's allocator (mallinfo2)";
    for (const Shape& s : rvtest::hostile::seedShapes()) {
        if (s.name == "aliased_lods.p3d") continue;
        SCOPED_TRACE(s.name);
        rv::MemoryBudget budget(uint64_t(1) << 30);
        const rv::Options o = withBudget(budget);
        const uint64_t before = *heapInUse();
        uint64_t grown = 0;
        if (isTerrain(s)) {
            auto t = rv::decodeWrp(s.bytes.data(), s.bytes.size(), s.name, o);
            ASSERT_TRUE(t.ok()) << rv::diagnosticLine(t.error());
            rv::TerrainView view(t.value(), rv::Frame{rv::Axes::YUp, true});
            grown = std::max(*heapInUse(), before) - before;
        } else {
            auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.name, o);
            ASSERT_TRUE(m.ok()) << rv::diagnosticLine(m.error());
            auto v = rv::buildModelView(m.value(), o, rv::Frame{rv::Axes::YUp, true});
            ASSERT_TRUE(v.ok()) << rv::diagnosticLine(v.error());
            grown = std::max(*heapInUse(), before) - before;
        }
        EXPECT_GE(budget.used(), grown) << "charged " << budget.used() << ", heap grew " << grown;
        EXPECT_GT(grown, 0u);
    }
}

TEST(MemoryBudget, RefusesWhatWouldPassTheLimitAndKeepsThePeak) {
    rv::MemoryBudget b(1000);
    EXPECT_TRUE(b.tryCharge(600));
    EXPECT_FALSE(b.tryCharge(401));  // 1001 > 1000: refused, nothing taken
    EXPECT_EQ(b.used(), 600u);
    EXPECT_TRUE(b.tryCharge(400));  // exactly the limit
    EXPECT_EQ(b.left(), 0u);
    b.release(700);
    EXPECT_EQ(b.used(), 300u);
    EXPECT_EQ(b.peak(), 1000u);
    EXPECT_FALSE(b.tryCharge(UINT64_MAX));  // no wrap-around
    EXPECT_EQ(rv::formatBytes(uint64_t(2) << 30), "2 GiB");
    EXPECT_EQ(rv::formatBytes(uint64_t(512) << 20), "512 MiB");
    EXPECT_EQ(rv::formatBytes(1000), "1000 bytes");
}

// A terrain's object with a NaN or infinite transform is left out of the placements, with one
// warning for all of them.
TEST(TerrainViewPlacements, NonFiniteTransformsAreSkippedWithAWarning) {
    rv::WrpTerrain t;
    t.models = {"a.p3d"};
    for (uint32_t i = 0; i < 4; ++i) {
        rv::WrpObject o;
        o.id = 10 + i;
        o.model = "a.p3d";
        o.transform.m = {1, 0, 0, 0, 1, 0, 0, 0, 1, float(i), 0, 0};
        t.objects.push_back(o);
    }
    t.objects[1].transform.m[9] = std::numeric_limits<float>::quiet_NaN();
    t.objects[3].transform.m[0] = std::numeric_limits<float>::infinity();
    rv::TerrainView view(t, rv::Frame{});
    ASSERT_EQ(view.placements().size(), 1u);
    EXPECT_EQ(view.placements()[0].objects, (std::vector<uint32_t>{0, 2}));
    ASSERT_EQ(view.warnings().size(), 1u);
    EXPECT_EQ(view.warnings()[0].count, 2u);
    EXPECT_NE(rv::diagnosticLine(view.warnings()[0]).find("object 1, id 11"), std::string::npos) << rv::diagnosticLine(view.warnings()[0]);
}

}  // namespace
