// Where a terrain's object model is found below a data root (view.hpp, dataRootCandidates).
#include <cctype>

#include "rv/view.hpp"

namespace rv {

// Terrains store model paths as the game's virtual file system sees them: backslashes, often
// without a leading slash, sometimes without ".p3d", in any letter case ("ca\buildings\House").
// Unpacked data folders keep the case of the PBO's files, which Linux does not fold, so the
// lower-case spelling is tried too. A path with a ".." component is refused: it would reach
// outside the data root.
std::vector<std::string> dataRootCandidates(const std::string& root, std::string path) {
    for (char& c : path)
        if (c == '\\') c = '/';
    while (!path.empty() && path[0] == '/') path.erase(0, 1);
    if (path.empty() || root.empty()) return {};
    for (size_t begin = 0; begin <= path.size();) {
        const size_t end = std::min(path.find('/', begin), path.size());
        if (path.compare(begin, end - begin, "..") == 0) return {};
        begin = end + 1;
    }
    const size_t slash = path.rfind('/'), dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) path += ".p3d";
    std::string lowered = path;
    for (char& c : lowered) c = char(std::tolower(static_cast<unsigned char>(c)));
    std::string base = root;
    if (base.back() != '/' && base.back() != '\\') base += '/';
    std::vector<std::string> out{base + path};
    if (lowered != path) out.push_back(base + lowered);
    return out;
}

}  // namespace rv
