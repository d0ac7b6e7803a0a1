// The terminal-safe form of file-derived text (include/rv/printable.hpp).
#include "rv/printable.hpp"

#include <cstdio>

namespace rv {

namespace {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
// surrogates), or 0 when the bytes there are not one.
size_t utf8Length(std::string_view text, size_t i) {
    const auto at = [&](size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u; };
    const unsigned c = at(0);
    size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    const unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;  // the second byte's range
    const unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (n == 0 || at(1) < lo || at(1) > hi) return 0;
    for (size_t k = 2; k < n; ++k)
        if (at(k) < 0x80 || at(k) > 0xbf) return 0;
    return n;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char code[8];
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (c < 0x20 || c == 0x7f) {
            std::snprintf(code, sizeof code, "\\x%02X", c);
            out += code;
        } else if (c < 0x80) {
            out += char(c);
        } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {  // a C1 control, U+0080..U+009F
            std::snprintf(code, sizeof code, "\\u%04X", next);
            out += code;
            ++i;
        } else if (const size_t n = utf8Length(text, i)) {
            out.append(text.substr(i, n));
            i += n - 1;
        } else {  // not UTF-8 (a raw 0x9B is CSI to some terminals): its value, as a control's
            std::snprintf(code, sizeof code, "\\x%02X", c);
            out += code;
        }
    }
    return out;
}

}  // namespace rv
