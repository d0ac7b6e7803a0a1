// Procedural texture references: "#(format,width,height,mips)function(arguments)", e.g.
// "#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)" or "#(ai,64,64,1)fresnel(1,0.7)". The real models'
// references (samples/textures/references.tsv) use only color() and fresnel(); the tag of
// color() comes in upper and lower case ("DT", "dt") and may be missing ("color(1,0,1,1)").
#include <cctype>
#include <cmath>

#include "config/config_internal.hpp"
#include "rv/rvmat.hpp"

namespace rv {
namespace {

class ProceduralParser {
public:
    explicit ProceduralParser(std::string_view text) : text_(text) {}

    ProceduralTexture parse() {
        ProceduralTexture p;
        if (text_.substr(0, 2) != "#(") fail(DiagKind::NotRecognized, 0, "does not start with '#('");
        pos_ = 2;
        p.format = word("a format (argb, ai...)");
        expect(',');
        p.width = dimension("width", 1, 65535);
        expect(',');
        p.height = dimension("height", 1, 65535);
        expect(',');
        p.mips = dimension("mip count", 0, 32);
        expect(')');
        p.function = word("a function name");
        expect('(');
        arguments(p);
        space();
        if (pos_ != text_.size()) fail(DiagKind::BadValue, pos_, "unexpected text after ')'");
        if (configNameEquals(p.function, "color")) readColor(p);
        return p;
    }

private:
    [[noreturn]] void fail(DiagKind kind, size_t at, const std::string& what) const {
        throw ParseError(
            kind, "procedural texture '" + std::string(text_) + "': " + what + " at character " + std::to_string(at),
            at, "");
    }
    void space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }
    void expect(char c) {
        space();
        if (pos_ >= text_.size() || text_[pos_] != c)
            fail(DiagKind::BadValue, pos_, std::string("expected '") + c + "'");
        ++pos_;
        space();
    }
    std::string word(const char* what) {
        space();
        const size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
            ++pos_;
        if (pos_ == start) fail(DiagKind::BadValue, start, std::string("expected ") + what);
        return std::string(text_.substr(start, pos_ - start));
    }
    uint32_t dimension(const char* what, uint32_t lo, uint32_t hi) {
        const size_t start = pos_;
        uint64_t v = 0;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9' && v <= hi)
            v = v * 10 + uint64_t(text_[pos_++] - '0');
        if (pos_ == start || v < lo || v > hi)
            fail(DiagKind::BadValue, start,
                 std::string(what) + " must be a number from " + std::to_string(lo) + " to " + std::to_string(hi));
        return uint32_t(v);
    }

    // Comma-separated up to the closing ')'; "()" is no argument.
    void arguments(ProceduralTexture& p) {
        if (pos_ < text_.size() && text_[pos_] == ')') {
            ++pos_;
            return;
        }
        for (;;) {
            const size_t start = pos_;
            while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ')') ++pos_;
            if (pos_ >= text_.size()) fail(DiagKind::BadValue, text_.size(), "expected ')'");
            std::string_view t = text_.substr(start, pos_ - start);
            while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
            ProceduralArgument a;
            a.text = std::string(t);
            ConfigValue v;
            a.numeric = config::parseConfigNumber(t, v) && v.isNumber();
            a.value = a.numeric ? float(v.number()) : 0.0f;
            p.arguments.push_back(std::move(a));
            if (text_[pos_++] == ')') return;
            space();
        }
    }

    // color(r, g, b, a [, tag]).
    void readColor(ProceduralTexture& p) const {
        const auto& a = p.arguments;
        const bool shape = (a.size() == 4 || (a.size() == 5 && !a[4].numeric)) && a[0].numeric && a[1].numeric &&
                           a[2].numeric && a[3].numeric;
        if (!shape) fail(DiagKind::BadValue, 0, "color() needs 4 numbers and an optional tag");
        p.color = {a[0].value, a[1].value, a[2].value, a[3].value};
        if (a.size() == 5) p.tag = a[4].text;
        p.supported = true;
    }

    std::string_view text_;
    size_t pos_ = 0;
};

}  // namespace

bool isProceduralTexture(std::string_view texture) { return !texture.empty() && texture[0] == '#'; }

Result<ProceduralTexture> parseProcedural(std::string_view text) {
    try {
        ProceduralParser parser(text);
        return parser.parse();
    } catch (const ParseError& e) {
        return makeError(e.kind, e.what(), e.offset);
    }
}

std::array<uint8_t, 4> proceduralRgba8(const Rgba& color) {
    std::array<uint8_t, 4> out{};
    for (size_t i = 0; i < 4; ++i) {
        const float c = std::isnan(color[i]) ? 0.0f : std::fmin(std::fmax(color[i], 0.0f), 1.0f);
        out[i] = uint8_t(std::floor(c * 255.0f + 0.5f));
    }
    return out;
}

}  // namespace rv
