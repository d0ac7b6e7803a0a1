// Option values (arguments.hpp): counts, --shard's K/N and --textures' mode.
#include <cstdio>
#include <cstdlib>

#include "cli/arguments.hpp"

namespace rv::cli {

bool parseCount(const std::string& v, long lo, long hi, long& out) {
    char* end = nullptr;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || !end || *end || n < lo || n > hi) return false;
    out = n;
    return true;
}

bool parseShard(const std::string& v, uint32_t& shard, uint32_t& shards) {
    const size_t slash = v.find('/');
    long k = 0, n = 0;
    if (slash == std::string::npos || !parseCount(v.substr(slash + 1), 1, 1 << 20, n) ||
        !parseCount(v.substr(0, slash), 1, n, k))
        return false;
    shard = uint32_t(k), shards = uint32_t(n);
    return true;
}

bool parseTexturesMode(const char* verb, const std::string& v, bool& external) {
    if (v != "external" && v != "own") {
        std::fprintf(stderr, "rvimport %s: --textures wants external or own, not '%s'\n", verb, v.c_str());
        return false;
    }
    external = v == "external";
    return true;
}

}  // namespace rv::cli
