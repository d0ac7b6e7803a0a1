// DXT mips packed with LZO1X, the flag set per mip (bit 15 of the width), written here with the
// reference compressor (liblzo2, test side only): LZO top over raw lower mips, a raw top over LZO
// lower mips (as cinder_nohq.paa), npot sizes and 1x1 tails, and streams that do not fit their mip.
#include <random>

#include "support/lzo_reference.hpp"
#include "test_paa_common.hpp"

namespace {

using paatest::MipSpec;
using paatest::PaaSpec;

// Blocks with repeats, so LZO has something to find.
std::vector<uint8_t> blocks(std::mt19937& rng, uint16_t type, uint32_t w, uint32_t h) {
    std::vector<uint8_t> v(paatest::dxtBytes(type, w, h));
    const size_t bs = type == 0xFF01 ? 8 : 16;
    for (size_t i = 0; i < v.size(); i += bs)
        for (size_t k = 0; k < bs; ++k) v[i + k] = uint8_t(rng() % 3 == 0 ? rng() : 0x5a + k);
    return v;
}

MipSpec packed(const std::vector<uint8_t>& data, uint32_t w, uint32_t h) {
    MipSpec m{w, h, rvtest::lzoCompress(data.data(), data.size())};
    m.lzoFlag = true;
    return m;
}

TEST(PaaLzo, FlagPerMip) {
    std::mt19937 rng(23);
    const std::vector<std::pair<uint32_t, uint32_t>> chain = {{64, 20}, {32, 10}, {16, 5}, {8, 2},
                                                              {4, 1},   {2, 1},   {1, 1}};
    for (uint16_t type : {uint16_t(0xFF01), uint16_t(0xFF03), uint16_t(0xFF05)}) {
        for (int layout = 0; layout < 3; ++layout) {  // LZO top only; LZO below a raw top; LZO everywhere
            SCOPED_TRACE(testing::Message() << std::hex << type << " layout " << layout);
            PaaSpec s;
            s.type = type;
            std::vector<std::vector<uint8_t>> data;
            for (size_t i = 0; i < chain.size(); ++i) {
                const auto [w, h] = chain[i];
                data.push_back(blocks(rng, type, w, h));
                const bool lzo = layout == 2 || (layout == 0 && i == 0) || (layout == 1 && i == 1);
                s.mips.push_back(lzo ? packed(data.back(), w, h) : MipSpec{w, h, data.back()});
            }
            const std::vector<uint8_t> file = paatest::writePaa(s);
            const rv::PaaTexture t = paatest::header(file, "lzo.paa");
            ASSERT_EQ(t.mips.size(), chain.size());
            for (size_t i = 0; i < chain.size(); ++i) {
                EXPECT_EQ(t.mips[i].storage == rv::PaaStorage::Lzo, s.mips[i].lzoFlag) << i;
                EXPECT_EQ(t.mips[i].width, chain[i].first) << "bit 15 is cleared";
                EXPECT_EQ(paatest::mip(t, file, i).rgba,
                          paatest::expectedDxt(type, data[i], chain[i].first, chain[i].second))
                    << i;
            }
        }
    }
}

// The stream must unpack to exactly the block-rounded size and end with the mip's data.
TEST(PaaLzo, StreamsThatDoNotFitTheirMip) {
    std::mt19937 rng(99);
    const std::vector<uint8_t> data = blocks(rng, 0xFF01, 16, 16);  // 128 bytes
    struct Case {
        const char* what;
        std::vector<uint8_t> stream;
        uint32_t w, h;
    };
    std::vector<uint8_t> trailing = rvtest::lzoCompress(data.data(), data.size());
    trailing.push_back(0);
    std::vector<uint8_t> cut = rvtest::lzoCompress(data.data(), data.size());
    cut.resize(cut.size() / 2);
    const Case cases[] = {
        {"stream for a larger mip", rvtest::lzoCompress(data.data(), data.size()), 8, 8},
        {"stream for a smaller mip", rvtest::lzoCompress(data.data(), 64), 16, 16},
        {"a byte after the end marker", trailing, 16, 16},
        {"cut in half", cut, 16, 16},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        PaaSpec s;
        MipSpec m{c.w, c.h, c.stream};
        m.lzoFlag = true;
        s.mips.push_back(m);
        const std::vector<uint8_t> file = paatest::writePaa(s);
        const rv::PaaTexture t = paatest::header(file, "lzo.paa");
        auto r = rv::decodePaaMip(t, file.data(), file.size(), 0);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().kind, rv::DiagKind::BadCompression) << rv::diagnosticLine(r.error());
        EXPECT_EQ(r.error().where, "mip 0");
        EXPECT_NE(rv::diagnosticLine(r.error()).find("LZO"), std::string::npos) << rv::diagnosticLine(r.error());
    }
}

}  // namespace
