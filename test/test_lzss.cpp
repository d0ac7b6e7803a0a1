// LZSS: streams from our own test-side encoder (written from the notes) must decode byte for
// byte; damaged streams must fail cleanly.
#include <gtest/gtest.h>

#include <random>

#include "compression/compressed_payload.hpp"
#include "rv/compression.hpp"
#include "support/lzss_encoder.hpp"

namespace {

std::vector<uint8_t> randomBytes(size_t n, uint32_t seed, int alphabet = 256) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = uint8_t(rng() % uint32_t(alphabet));
    return v;
}

std::vector<uint8_t> repetitive(size_t n) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = uint8_t("abcabcabd"[i % 9] + (i / 700) % 3);
    return v;
}

// Decodes into a heap buffer of exactly the output size, so an overrun trips ASan.
std::vector<uint8_t> decode(const std::vector<uint8_t>& stream, size_t outSize, rv::CodecResult& res) {
    std::vector<uint8_t> out(outSize);
    res = rv::decodeLzss(stream.data(), stream.size(), out.data(), outSize);
    return out;
}

TEST(Lzss, RoundTripsAtSizesAroundTheThreshold) {
    for (size_t n : {size_t(1), size_t(17), size_t(18), size_t(19), size_t(1023), size_t(1024), size_t(1025),
                     size_t(4095), size_t(4096), size_t(4097), size_t(65536)}) {
        for (int kind = 0; kind < 4; ++kind) {
            std::vector<uint8_t> data = kind == 0   ? randomBytes(n, uint32_t(n))
                                        : kind == 1 ? randomBytes(n, uint32_t(n), 4)
                                        : kind == 2 ? repetitive(n)
                                                    : std::vector<uint8_t>(n, 0x20);
            auto stream = rvtest::encodeLzss(data.data(), data.size());
            rv::CodecResult res;
            auto out = decode(stream, n, res);
            ASSERT_TRUE(res.ok()) << "size " << n << " kind " << kind << ": " << rv::codecStatusText(res.status);
            EXPECT_EQ(res.consumed, stream.size());
            EXPECT_EQ(out, data) << "size " << n << " kind " << kind;
        }
    }
}

TEST(Lzss, OverlappingMatchRepeatsAPattern) {
    // literal 'a', 'b', then a reference 2 back of length 18: "ab" repeated.
    // flag bits LSB first: 1 (literal), 1 (literal), 0 (reference).
    std::vector<uint8_t> stream = {0x03, 'a', 'b', 0x02, 0x0F};
    rv::CodecResult res;
    auto out = decode(stream, 20, res);
    ASSERT_TRUE(res.ok());
    EXPECT_EQ(std::string(out.begin(), out.end()), "abababababababababab");
}

TEST(Lzss, ReferenceBeforeTheStartReadsThePrefilledSpaces) {
    // A reference 5 back of length 4 at the very start, then a literal.
    std::vector<uint8_t> stream = {0x02, 0x05, 0x01, 'x'};
    rv::CodecResult res;
    auto out = decode(stream, 5, res);
    ASSERT_TRUE(res.ok());
    EXPECT_EQ(std::string(out.begin(), out.end()), "    x");
}

TEST(Lzss, MatchPastTheExpectedSizeIsTruncatedLikeTheEngine) {
    std::vector<uint8_t> stream = {0x01, 'z', 0x01, 0x0F};  // 'z' then 18 more 'z'
    rv::CodecResult res;
    auto out = decode(stream, 7, res);
    ASSERT_TRUE(res.ok());
    EXPECT_EQ(std::string(out.begin(), out.end()), "zzzzzzz");
}

TEST(Lzss, EveryTruncationFailsCleanly) {
    auto data = repetitive(3000);
    auto stream = rvtest::encodeLzss(data.data(), data.size());
    for (size_t cut = 0; cut < stream.size(); ++cut) {
        std::vector<uint8_t> part(stream.begin(), stream.begin() + ptrdiff_t(cut));
        rv::CodecResult res;
        decode(part, data.size(), res);
        EXPECT_EQ(res.status, rv::CodecStatus::InputOverrun) << "cut at " << cut;
    }
}

TEST(Lzss, ChecksumSumsUnsignedOrSignedBytes) {
    const uint8_t d[] = {0xFF, 0x01, 0x80};
    EXPECT_EQ(rv::lzssChecksum(d, 3), 0x180u);
    EXPECT_EQ(rv::lzssChecksum(d, 3, true), uint32_t(-1 + 1 - 128));
}

// The 1024-byte rule with checksum, as ODOL <= 43 and OPRW <= 22 store arrays.
TEST(LzssPayload, ThresholdAndChecksum) {
    for (size_t n : {size_t(1023), size_t(1024)}) {
        auto data = repetitive(n);
        std::vector<uint8_t> file = n >= 1024 ? rvtest::encodeLzssWithChecksum(data.data(), n) : data;
        file.push_back(0xAB);  // the next field
        rv::MemoryBudget budget(1 << 20);
        rv::PayloadCodec codec(rv::PayloadRule::LzssBySize, budget);
        rv::ParseContext ctx;
        rv::ByteReader r(file.data(), file.data() + file.size(), 0, ctx);
        std::vector<uint8_t> out(n);
        codec.read(r, out.data(), n, "test array");
        EXPECT_EQ(out, data);
        EXPECT_EQ(r.u8(), 0xAB) << "the payload must end exactly where the next field starts";
    }
    auto data = repetitive(2000);
    auto file = rvtest::encodeLzssWithChecksum(data.data(), data.size());
    file[file.size() - 4] ^= 1;
    rv::MemoryBudget budget(1 << 20);
    rv::PayloadCodec codec(rv::PayloadRule::LzssBySize, budget);
    rv::ParseContext ctx;
    rv::ByteReader r(file.data(), file.data() + file.size(), 0x1000, ctx);
    std::vector<uint8_t> out(data.size());
    try {
        codec.read(r, out.data(), out.size(), "positions");
        FAIL();
    } catch (const rv::ParseError& e) {
        EXPECT_EQ(e.offset, 0x1000 + file.size() - 4);
        EXPECT_NE(std::string(e.what()).find("positions: LZSS checksum at offset"), std::string::npos) << e.what();
    }
}

}  // namespace
