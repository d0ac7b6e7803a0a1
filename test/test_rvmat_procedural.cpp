// Procedural texture references: every one the real models use (references.tsv) parses, and
// each color() gives the constant written in it (the expected values are typed in below, not
// computed); the other generators come back by name as unsupported; malformed strings fail
// with a typed error.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "rv/rvmat.hpp"
#include "test_config_common.hpp"

namespace {

struct Expected {
    rv::Rgba color;
    const char* tag;
};

// Every distinct color() of references.tsv, with its constant read by eye.
const std::map<std::string, Expected> kColors = {
    {"#(argb,8,8,3)color(0,0,0,0,MC)", {{0, 0, 0, 0}, "MC"}},
    {"#(argb,8,8,3)color(0,0,0,0,mc)", {{0, 0, 0, 0}, "mc"}},
    {"#(argb,8,8,3)color(0,0,0,1.0,co)", {{0, 0, 0, 1}, "co"}},
    {"#(argb,8,8,3)color(0.5,0.5,0.5,0,MC)", {{0.5f, 0.5f, 0.5f, 0}, "MC"}},
    {"#(argb,8,8,3)color(0.5,0.5,0.5,0,mc)", {{0.5f, 0.5f, 0.5f, 0}, "mc"}},
    {"#(argb,8,8,3)color(0.5,0.5,0.5,0.5,DT)", {{0.5f, 0.5f, 0.5f, 0.5f}, "DT"}},
    {"#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)", {{0.5f, 0.5f, 0.5f, 1}, "DT"}},
    {"#(argb,8,8,3)color(0.5,0.5,0.5,1,dt)", {{0.5f, 0.5f, 0.5f, 1}, "dt"}},
    {"#(argb,8,8,3)color(1,0,1,1)", {{1, 0, 1, 1}, ""}},
    {"#(argb,8,8,3)color(1,1,1,1,AS)", {{1, 1, 1, 1}, "AS"}},
    {"#(argb,8,8,3)color(1,1,1,1,as)", {{1, 1, 1, 1}, "as"}},
};

std::vector<std::string> proceduralReferences() {
    std::vector<std::string> out;
    std::ifstream f(cfgtest::texturesDir() + "/references.tsv");
    std::string line;
    std::getline(f, line);  // header
    while (std::getline(f, line)) {
        std::vector<std::string> c;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, '\t')) c.push_back(cell);
        if (c.size() >= 4 && c[3] == "procedural") out.push_back(c[1]);
    }
    return out;
}

TEST(Procedural, EveryReferenceOfTheRealModels) {
    RV_REQUIRE_TEXTURE_SAMPLES();
    const std::vector<std::string> refs = proceduralReferences();
    ASSERT_EQ(refs.size(), 80u);  // the README's count of procedural reference instances
    size_t colors = 0, fresnels = 0;
    for (const std::string& s : refs) {
        SCOPED_TRACE(s);
        ASSERT_TRUE(rv::isProceduralTexture(s));
        auto p = rv::parseProcedural(s);
        ASSERT_TRUE(p.ok()) << rv::diagnosticLine(p.error());
        if (p->function == "color") {
            ++colors;
            const auto it = kColors.find(s);
            ASSERT_NE(it, kColors.end());
            EXPECT_TRUE(p->supported);
            EXPECT_EQ(p->format, "argb");
            EXPECT_EQ(p->width, 8u);
            EXPECT_EQ(p->mips, 3u);
            for (size_t i = 0; i < 4; ++i) EXPECT_EQ(p->color[i], it->second.color[i]);
            EXPECT_EQ(p->tag, it->second.tag);
        } else {
            ++fresnels;
            EXPECT_EQ(p->function, "fresnel");
            EXPECT_EQ(p->format, "ai");
            EXPECT_FALSE(p->supported);
            ASSERT_EQ(p->arguments.size(), 2u);
            EXPECT_TRUE(p->arguments[0].numeric && p->arguments[1].numeric);
        }
    }
    EXPECT_EQ(colors, 59u);
    EXPECT_EQ(fresnels, 21u);
}

TEST(Procedural, Fields) {
    auto p = rv::parseProcedural("#(ai,64,128,1)fresnel(4.01,2.86)");
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->width, 64u);
    EXPECT_EQ(p->height, 128u);
    EXPECT_EQ(p->mips, 1u);
    EXPECT_EQ(p->arguments[0].text, "4.01");
    EXPECT_EQ(p->arguments[0].value, 4.01f);
    EXPECT_EQ(p->arguments[1].value, 2.86f);

    p = rv::parseProcedural("#( rgb , 16 , 16 , 0 ) irradiance( 8 )");
    ASSERT_TRUE(p.ok()) << rv::diagnosticLine(p.error());
    EXPECT_EQ(p->format, "rgb");
    EXPECT_EQ(p->function, "irradiance");
    EXPECT_FALSE(p->supported);
    ASSERT_EQ(p->arguments.size(), 1u);
    EXPECT_EQ(p->arguments[0].value, 8.0f);

    p = rv::parseProcedural("#(argb,1,1,1)perlinNoise()");
    ASSERT_TRUE(p.ok());
    EXPECT_TRUE(p->arguments.empty());

    p = rv::parseProcedural("#(argb,8,8,3)COLOR(0.25,0.5,0.75,1,SMDI)");
    ASSERT_TRUE(p.ok());
    EXPECT_TRUE(p->supported);  // function names compare case-insensitively
    EXPECT_EQ(p->color[2], 0.75f);
    EXPECT_EQ(p->tag, "SMDI");
}

TEST(Procedural, Rgba8Mapping) {
    EXPECT_EQ(rv::proceduralRgba8({0.5f, 0, 1, 0.25f}), (std::array<uint8_t, 4>{128, 0, 255, 64}));
    EXPECT_EQ(rv::proceduralRgba8({-1, 2, 100, 0.999f}), (std::array<uint8_t, 4>{0, 255, 255, 255}));
    EXPECT_EQ(rv::proceduralRgba8({0.2f, 0.0019f, 0.002f, 0}), (std::array<uint8_t, 4>{51, 0, 1, 0}));
}

TEST(Procedural, MalformedStrings) {
    const std::pair<const char*, rv::DiagKind> bad[] = {
        {"", rv::DiagKind::NotRecognized},
        {"a3\\data_f\\x.paa", rv::DiagKind::NotRecognized},
        {"#(argb,8,8)color(1,1,1,1)", rv::DiagKind::BadValue},
        {"#(argb,0,8,3)color(1,1,1,1)", rv::DiagKind::BadValue},
        {"#(argb,8,99999999999999999999,3)color(1,1,1,1)", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)color(1,1,1)", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)color(1,1,1,x)", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)color(1,1,1,1,CO,2)", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)color(1,1,1,1", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)color(1,1,1,1)x", rv::DiagKind::BadValue},
        {"#(argb,8,8,3)(1)", rv::DiagKind::BadValue},
        {"#(,8,8,3)color(1,1,1,1)", rv::DiagKind::BadValue},
    };
    for (const auto& [text, kind] : bad) {
        auto p = rv::parseProcedural(text);
        ASSERT_FALSE(p.ok()) << text;
        EXPECT_EQ(p.error().kind, kind) << text;
        EXPECT_EQ(rv::diagnosticLine(p.error()).rfind("procedural texture '", 0), 0u) << rv::diagnosticLine(p.error());
    }
    auto p = rv::parseProcedural("#(argb,8,8,3)color(1,1,1,1");
    EXPECT_EQ(rv::diagnosticLine(p.error()), "procedural texture '#(argb,8,8,3)color(1,1,1,1': expected ')' at character 26");
}

}  // namespace
