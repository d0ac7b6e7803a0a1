// Path and name helpers (include/rv/paths.hpp).
#include "rv/paths.hpp"

namespace rv {
namespace {

char lowerChar(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

size_t nameStart(std::string_view path) {
    const size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? 0 : slash + 1;
}

}  // namespace

std::string asciiLower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lowerChar(c);
    return out;
}

bool endsWithNoCase(std::string_view s, std::string_view suffix) {
    if (s.size() < suffix.size()) return false;
    const size_t at = s.size() - suffix.size();
    for (size_t i = 0; i < suffix.size(); ++i)
        if (lowerChar(s[at + i]) != lowerChar(suffix[i])) return false;
    return true;
}

std::string fileNameOf(std::string_view path) { return std::string(path.substr(nameStart(path))); }

std::string extensionOf(std::string_view path) {
    const size_t start = nameStart(path), dot = path.rfind('.');
    return dot == std::string_view::npos || dot < start ? std::string() : std::string(path.substr(dot));
}

std::string stemOf(std::string_view path) {
    const std::string name = fileNameOf(path);
    return name.substr(0, name.size() - extensionOf(name).size());
}

}  // namespace rv
