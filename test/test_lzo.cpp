// LZO1X: liblzo2's compressors (GPL, test-only reference) produce streams our own decoder must
// restore byte for byte; damaged streams fail cleanly and never write outside the output.
#include <gtest/gtest.h>
#include <lzo/lzo1x.h>

#include <cstring>
#include <random>

#include "rv/compression.hpp"

namespace {

std::vector<uint8_t> lzoCompress(const std::vector<uint8_t>& in, bool best) {
    static bool init = lzo_init() == LZO_E_OK;
    EXPECT_TRUE(init);
    std::vector<uint8_t> out(in.size() + in.size() / 16 + 64 + 3);
    std::vector<uint8_t> wrk(best ? LZO1X_999_MEM_COMPRESS : LZO1X_1_MEM_COMPRESS);
    lzo_uint outLen = out.size();
    int rc = best ? lzo1x_999_compress(in.data(), in.size(), out.data(), &outLen, wrk.data())
                  : lzo1x_1_compress(in.data(), in.size(), out.data(), &outLen, wrk.data());
    EXPECT_EQ(rc, LZO_E_OK);
    out.resize(outLen);
    return out;
}

std::vector<uint8_t> sample(size_t n, int kind, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) {
        switch (kind) {
            case 0:
                v[i] = uint8_t(rng());
                break;  // incompressible
            case 1:
                v[i] = uint8_t(rng() % 3);
                break;  // short matches
            case 2:
                v[i] = uint8_t((i * 7) / 5000 + "ODOLv73!"[i % 8]);
                break;  // long repeats
            case 3:
                v[i] = 0;
                break;  // one giant match
            default: {  // float-like vertex data: repeating structure with noise
                float f = float(i % 97) * 0.25f + float(rng() % 4);
                std::memcpy(&v[i - i % 4], &f, std::min<size_t>(4, n - (i - i % 4)));
            }
        }
    }
    return v;
}

TEST(Lzo1x, DecodesLiblzoStreamsExactly) {
    for (size_t n : {size_t(1), size_t(3), size_t(4), size_t(17), size_t(18), size_t(255), size_t(1023), size_t(1024),
                     size_t(1025), size_t(49151), size_t(49152), size_t(300000)}) {
        for (int kind = 0; kind < 5; ++kind) {
            for (bool best : {false, true}) {
                auto data = sample(n, kind, uint32_t(n * 10 + size_t(kind)));
                auto stream = lzoCompress(data, best);
                stream.push_back(0x5A);       // a following field: the decoder must stop before it
                std::vector<uint8_t> out(n);  // exact size: an overrun trips ASan
                auto res = rv::decodeLzo1x(stream.data(), stream.size(), out.data(), n);
                ASSERT_TRUE(res.ok()) << n << "/" << kind << "/" << best << ": " << rv::codecStatusText(res.status);
                EXPECT_EQ(res.consumed, stream.size() - 1);
                EXPECT_EQ(out, data) << n << "/" << kind << "/" << best;
            }
        }
    }
}

TEST(Lzo1x, LiteralOnlyStreamAsThirdPartyWritersEmitIt) {
    // 00, 00 x k, b, literals, 11 00 00 with size = 18 + 255k + b (format notes §9).
    std::vector<uint8_t> lit(1024);
    for (size_t i = 0; i < lit.size(); ++i) lit[i] = uint8_t(i * 31);
    std::vector<uint8_t> s = {0x00, 0x00, 0x00, 0x00, uint8_t(1024 - 18 - 3 * 255)};
    s.insert(s.end(), lit.begin(), lit.end());
    s.insert(s.end(), {0x11, 0x00, 0x00});
    std::vector<uint8_t> out(1024);
    auto res = rv::decodeLzo1x(s.data(), s.size(), out.data(), out.size());
    ASSERT_TRUE(res.ok()) << rv::codecStatusText(res.status);
    EXPECT_EQ(out, lit);
}

TEST(Lzo1x, WrongExpectedSizeIsAnError) {
    auto data = sample(5000, 2, 1);
    auto stream = lzoCompress(data, false);
    std::vector<uint8_t> small(4999), big(5001);
    EXPECT_EQ(rv::decodeLzo1x(stream.data(), stream.size(), small.data(), small.size()).status,
              rv::CodecStatus::OutputOverrun);
    EXPECT_EQ(rv::decodeLzo1x(stream.data(), stream.size(), big.data(), big.size()).status,
              rv::CodecStatus::EndedEarly);
}

TEST(Lzo1x, TruncatedAndPatchedStreamsFailCleanly) {
    auto data = sample(20000, 4, 7);
    auto stream = lzoCompress(data, true);
    std::vector<uint8_t> out(data.size());
    for (size_t cut = 0; cut < stream.size(); cut += 7) {
        auto res = rv::decodeLzo1x(stream.data(), cut, out.data(), out.size());
        EXPECT_FALSE(res.ok()) << "cut " << cut;
        EXPECT_LE(res.consumed, cut);
    }
    std::mt19937 rng(3);
    for (int trial = 0; trial < 2000; ++trial) {
        auto bad = stream;
        for (int k = 0; k < 1 + trial % 4; ++k) bad[rng() % bad.size()] = uint8_t(rng());
        auto res = rv::decodeLzo1x(bad.data(), bad.size(), out.data(), out.size());
        EXPECT_LE(res.consumed, bad.size());
        EXPECT_LE(res.produced, out.size());
    }
}

TEST(Lzo1x, LookBehindBeforeTheOutputIsRefused) {
    // A literal run of 4 then an M2 match 9 back: there are only 4 bytes behind.
    std::vector<uint8_t> s = {0x15, 'a', 'b', 'c', 'd', 0x40 | (0 << 2), 0x01, 0x11, 0x00, 0x00};
    std::vector<uint8_t> out(10);
    EXPECT_EQ(rv::decodeLzo1x(s.data(), s.size(), out.data(), out.size()).status, rv::CodecStatus::LookBehindOverrun);
}

}  // namespace
