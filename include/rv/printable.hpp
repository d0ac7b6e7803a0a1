// Text from a file (entry names, tags, messages that quote them), made safe to print on a
// terminal: the one escaping rule every printer of file-derived text uses.
#pragma once

#include <string>
#include <string_view>

namespace rv {

// Control bytes (0x00-0x1f, 0x7f) become "\xNN" (hex in capitals), the C1 controls U+0080-U+009F
// (UTF-8 C2 80..C2 9F, which some terminals take as escape sequences) "\u00NN": "a\x1b[31m" stays readable and
// cannot recolour or retitle the terminal. A byte that is not part of well-formed UTF-8 (a raw
// 0x9B, which some terminals read as CSI; an OFP name in Windows-1250) is "\xNN" too. Everything
// else, UTF-8 and backslashes included, is unchanged, so a BI path "a3\data\x.paa" prints as it is.
std::string printable(std::string_view text);

}  // namespace rv
