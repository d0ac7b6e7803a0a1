// Models written by our own test-side v73 writer (from the notes) decode to exactly what was
// written, raw and LZO; every truncation and byte patch of them ends in success or a clean error.
#include <gtest/gtest.h>
#include <lzo/lzo1x.h>

#include <cstring>

#include "support/lzo_reference.hpp"
#include "support/model_compare.hpp"
#include "support/odol_writer.hpp"

namespace {

std::vector<uint8_t> liblzo(const uint8_t* p, size_t n) { return rvtest::lzoBest(p, n); }

rv::OdolModel decodeOk(const std::vector<uint8_t>& bytes) {
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d");
    EXPECT_TRUE(res.ok()) << res.error().message;
    return res.ok() ? res.value() : rv::OdolModel{};
}

TEST(OdolFixtures, CrateRoundTripsRaw) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rvtest::expectSameModel(crate, decodeOk(rvtest::writeOdol73(crate)));
}

TEST(OdolFixtures, CrateRoundTripsWithLzoPayloads) {
    rv::OdolModel crate = rvtest::makeCrateModel();
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    opt.lzoFrom = 1;  // even tiny payloads, as Bohemia's binarizer does (flag 2 below 1024 B)
    auto bytes = rvtest::writeOdol73(crate, opt);
    EXPECT_LT(bytes.size(), rvtest::writeOdol73(crate).size());
    rvtest::expectSameModel(crate, decodeOk(bytes));
}

// ufbx-style damage sweep: every truncation, every single-byte flip, and hostile counts written
// at every offset must end in success or a clean error naming an offset, quickly.
TEST(OdolFixtures, DamageSweepEndsCleanly) {
    rvtest::OdolWriteOptions opt;
    opt.lzo = liblzo;
    for (bool lzo : {false, true}) {
        auto good = rvtest::writeOdol73(rvtest::makeCrateModel(), lzo ? opt : rvtest::OdolWriteOptions{});
        size_t failures = 0, runs = 0;
        auto check = [&](const std::vector<uint8_t>& b) {
            auto res = rv::decodeOdol(b.data(), b.size(), "crate.p3d");
            ++runs;
            if (!res.ok()) {
                ++failures;
                EXPECT_EQ(res.error().message.rfind("crate.p3d: ", 0), 0u) << res.error().message;
                EXPECT_NE(res.error().message.find("offset 0x"), std::string::npos) << res.error().message;
                EXPECT_LE(res.error().offset, b.size());
                EXPECT_EQ(res.error().severity, rv::Severity::Error);
                EXPECT_LT(int(res.error().kind), 100) << "a warning kind on an error: " << res.error().message;
            }
        };
        for (size_t cut = 0; cut < good.size(); ++cut)
            check(std::vector<uint8_t>(good.begin(), good.begin() + ptrdiff_t(cut)));
        for (size_t at = 0; at < good.size(); ++at) {
            auto b = good;
            b[at] ^= 0xFF;
            check(b);
        }
        for (uint32_t hostile : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x10000000u}) {
            for (size_t at = 0; at + 4 <= good.size(); ++at) {
                auto b = good;
                std::memcpy(b.data() + at, &hostile, 4);
                check(b);
            }
        }
        EXPECT_GT(failures, good.size());                          // every truncation at least must fail
        RecordProperty(lzo ? "runs_lzo" : "runs_raw", int(runs));  // hangs are caught by the ctest timeout
    }
}

TEST(OdolFixtures, MemoryBudgetIsEnforced) {
    auto bytes = rvtest::writeOdol73(rvtest::makeCrateModel());
    rv::Options small;
    small.memoryLimit = 100;
    auto res = rv::decodeOdol(bytes.data(), bytes.size(), "crate.p3d", small);
    ASSERT_FALSE(res.ok());
    EXPECT_EQ(res.error().kind, rv::DiagKind::MemoryLimit);
    EXPECT_NE(res.error().message.find("memory limit of 100 bytes"), std::string::npos) << res.error().message;
}

}  // namespace
