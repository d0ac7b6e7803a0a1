// Peer baseline for `rvimport bench`: decode speed of whole P3D (ODOL) models with the
// arma-tools reader (lamasutra/arma-tools, libs/p3d: armatools::p3d::read(std::istream&)).
//
//   armatools_odol [-n N] FILE...
//
// Each file is read into memory once; then it is decoded N times (default 10) from that memory
// through a non-copying stream buffer, and the fastest decode is kept. As in `rvimport bench`,
// only the decode is timed: the decoded model is destroyed after the clock stops. Output, one
// line per file, in the same shape as ours:
//   PATH  BYTES bytes  best X ms  Y MB/s
// files the peer fails on go to stderr as "failed PATH: reason", and the last line is
//   files=F ok=K failed=E bytes=B runs=N total_ms=T aggregate=A MB/s   (sum of the bests)
// followed, when some failed, by "failed_files=PATH,PATH...". Exit status 0 even when some
// files fail (they are counted and named); 2 on a usage error.
// Built by scripts/bench_peers.sh, outside the project's build.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <istream>
#include <iterator>
#include <streambuf>
#include <string>
#include <vector>

#include "armatools/p3d.h"

namespace {

// Read-only, seekable view of bytes in memory (no copy, unlike std::istringstream).
class MemoryBuf : public std::streambuf {
public:
    MemoryBuf(const char* data, size_t size) {
        char* p = const_cast<char*>(data);
        setg(p, p, p + size);
    }

protected:
    pos_type seekoff(off_type off, std::ios_base::seekdir dir, std::ios_base::openmode which) override {
        if (!(which & std::ios_base::in)) return pos_type(off_type(-1));
        off_type base = 0;
        if (dir == std::ios_base::cur)
            base = gptr() - eback();
        else if (dir == std::ios_base::end)
            base = egptr() - eback();
        const off_type target = base + off;
        if (target < 0 || target > egptr() - eback()) return pos_type(off_type(-1));
        setg(eback(), eback() + target, egptr());
        return pos_type(target);
    }
    pos_type seekpos(pos_type pos, std::ios_base::openmode which) override {
        return seekoff(off_type(pos), std::ios_base::beg, which);
    }
};

bool readWhole(const std::string& path, std::vector<char>& out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return !f.bad();
}

}  // namespace

int main(int argc, char** argv) {
    long runs = 10;
    std::vector<std::string> files;
    bool optionsEnded = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (optionsEnded) {
            files.push_back(a);
        } else if (a == "--") {
            optionsEnded = true;
        } else if (a == "-n" && i + 1 < argc) {
            char* end = nullptr;
            runs = std::strtol(argv[++i], &end, 10);
            if (!end || *end || runs < 1 || runs > 1000000) {
                std::fprintf(stderr, "armatools_odol: -n wants a count from 1 to 1000000\n");
                return 2;
            }
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "armatools_odol: unknown option %s\n", a.c_str());
            return 2;
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: armatools_odol [-n N] FILE...\n");
        return 2;
    }

    using Clock = std::chrono::steady_clock;
    double totalMs = 0;
    unsigned long long totalBytes = 0;
    size_t ok = 0;
    std::vector<std::string> failed;
    for (const std::string& path : files) {
        std::vector<char> bytes;
        if (!readWhole(path, bytes)) {
            std::fprintf(stderr, "failed %s: cannot read the file\n", path.c_str());
            failed.push_back(path);
            continue;
        }
        double best = 1e300;
        std::string error;
        for (long r = 0; r < runs && error.empty(); ++r) {
            MemoryBuf buf(bytes.data(), bytes.size());
            std::istream in(&buf);
            armatools::p3d::P3DFile model;  // destroyed after the clock stops, as in ours
            const auto start = Clock::now();
            try {
                model = armatools::p3d::read(in);
            } catch (const std::exception& e) {
                error = e.what();
                if (error.empty()) error = "exception";
            }
            const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            if (error.empty() && model.lods.empty()) error = "no LODs decoded";
            if (error.empty()) best = std::min(best, ms);
        }
        if (!error.empty()) {
            std::fprintf(stderr, "failed %s: %s\n", path.c_str(), error.c_str());
            failed.push_back(path);
            continue;
        }
        ++ok;
        totalMs += best;
        totalBytes += bytes.size();
        std::printf("%s  %zu bytes  best %.3f ms  %.1f MB/s\n", path.c_str(), bytes.size(), best,
                    double(bytes.size()) / 1e6 / (best / 1e3));
    }
    std::printf("files=%zu ok=%zu failed=%zu bytes=%llu runs=%ld total_ms=%.3f aggregate=%.1f MB/s\n",
                files.size(), ok, failed.size(), totalBytes, runs, totalMs,
                totalMs > 0 ? double(totalBytes) / 1e6 / (totalMs / 1e3) : 0.0);
    if (!failed.empty()) {
        std::printf("failed_files=");
        for (size_t i = 0; i < failed.size(); ++i) std::printf("%s%s", i ? "," : "", failed[i].c_str());
        std::printf("\n");
    }
    return 0;
}
