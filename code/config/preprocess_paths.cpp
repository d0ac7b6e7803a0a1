// resolveIncludePath (rv/preprocess.hpp): the one rule every IncludeSource uses to turn an
// #include target and its includer into a path under the include root, so a folder, a data root
// and a PBO set agree on what a config means, and none lets a config read outside its root.
#include <string>
#include <vector>

#include "config/preprocess_internal.hpp"

namespace rv {
namespace {

bool isSeparator(char c) { return c == '\\' || c == '/'; }

bool hasDrive(const std::string& p) {
    return p.size() >= 2 && p[1] == ':' && ((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z'));
}

// Appends the components of `path` to `parts`, resolving "." and ".."; false when a ".." climbs
// above the root or a component is impossible on the include root.
bool appendComponents(const std::string& path, std::vector<std::string>& parts, std::string& problem) {
    size_t i = 0;
    while (i < path.size()) {
        while (i < path.size() && isSeparator(path[i])) ++i;
        size_t end = i;
        while (end < path.size() && !isSeparator(path[end])) ++end;
        const std::string part = path.substr(i, end - i);
        i = end;
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            if (parts.empty()) {
                problem = "'..' climbs above the include root";
                return false;
            }
            parts.pop_back();
            continue;
        }
        if (part.find(':') != std::string::npos || part.find('\0') != std::string::npos) {
            problem = "the component '" + part + "' cannot be part of a path under the include root";
            return false;
        }
        parts.push_back(part);
    }
    return true;
}

// The preprocessor names the #include line itself, so the reason is the whole message.
Result<std::string> refuse(const std::string& why) { return makeError(DiagKind::BadValue, "refused: " + why); }

}  // namespace

Result<std::string> resolveIncludePath(const std::string& target, const std::string& includer) {
    std::vector<std::string> parts;
    std::string problem;
    std::string rest = target;
    if (hasDrive(target)) {
        // P: is the conventional drive the game's data is mounted on, so P:\x\... means \x\...;
        // any other drive is a path on the host.
        if (target[0] != 'P' && target[0] != 'p') return refuse("an absolute path on the host system");
        rest = target.substr(2);
    } else if (target.size() >= 2 && isSeparator(target[0]) && isSeparator(target[1])) {
        return refuse("a network path");
    } else if (!target.empty() && target[0] == '/') {
        return refuse("an absolute path on the host system");
    } else if (target.empty() || target[0] != '\\') {
        // Relative to the includer's folder.
        std::string folder = hasDrive(includer) ? includer.substr(2) : includer;
        const size_t slash = folder.find_last_of("\\/");
        folder = slash == std::string::npos ? std::string() : folder.substr(0, slash);
        if (!appendComponents(folder, parts, problem)) return refuse("its includer's folder: " + problem);
    }
    if (!appendComponents(rest, parts, problem)) return refuse(problem);
    if (parts.empty()) return refuse("names no file");
    std::string path;
    for (const std::string& part : parts) {
        if (!path.empty()) path += '\\';
        path += part;
    }
    return path;
}

}  // namespace rv
