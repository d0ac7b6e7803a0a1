// The terminal-safe form of file-derived text (include/rv/printable.hpp).
#include "rv/printable.hpp"

#include <cstdio>

namespace rv {

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
        } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {
            std::snprintf(code, sizeof code, "\\u%04X", next);
            out += code;
            ++i;
        } else {
            out += char(c);
        }
    }
    return out;
}

}  // namespace rv
