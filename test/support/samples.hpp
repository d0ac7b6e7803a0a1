// Where the shared real-game samples live, and their manifest (../shared/samples/README.md).
// The samples are third-party files: tests read them in place and never copy them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

// Skips the calling test when the samples are absent (they are third-party files, never copied here).
#define RV_REQUIRE_SAMPLES() \
    if (rvtest::samplesDir().empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)"

namespace rvtest {

// $RV_SAMPLES_DIR, else ../shared/samples beside the project; "" when absent.
std::string samplesDir();
// A file under samplesDir(), by its path relative to it.
inline std::string samplePath(const std::string& rel) { return samplesDir() + "/" + rel; }

// An editable model and the binarised ODOL that editable.tsv's note names as its twin
// ("ODOL twin real/x.p3d (...)"; a file may name several).
struct Twin {
    std::string mlod, odol;
};
inline void PrintTo(const Twin& t, std::ostream* os) { *os << t.mlod << " -> " << t.odol; }
std::vector<Twin> odolTwins();
// A gtest parameter name: `text` with every character that is not a letter or digit as '_'.
std::string paramName(const std::string& text);
// gtest's name generator for rows that have a `path`.
struct ByPath {
    template <class Info>
    std::string operator()(const Info& info) const {
        return paramName(info.param.path);
    }
};
// ... and for twins: both paths.
struct ByTwin {
    template <class Info>
    std::string operator()(const Info& info) const {
        return paramName(info.param.mlod + "_" + info.param.odol);
    }
};

// Up to `n` positions spread evenly over [0, size): where the damage sweeps cut and patch.
inline std::vector<size_t> spread(size_t size, size_t n) {
    std::vector<size_t> out;
    for (size_t i = 0; i < (size < n ? size : n); ++i) out.push_back(size <= n ? i : i * size / n);
    return out;
}

struct ManifestRow {
    std::string path, kind, signature;
    uint32_t version = 0;
    int64_t lods = -1, verts = -1, faces = -1, selections = -1;
    std::string geoFnv64;  // hex, "" when unknown
};

inline void PrintTo(const ManifestRow& r, std::ostream* os) { *os << r.path; }

std::vector<ManifestRow> readManifest(const std::string& dir);

// A row of terrain.tsv: grid size in height samples, object count as independent readers give
// it (8WVR: including the closing dummy), textbook FNV-1a of the elevations ("" when unknown).
struct TerrainRow {
    std::string path;
    uint32_t mapX = 0, mapY = 0;
    int64_t objects = -1;
    std::string elevFnv64;
};
inline void PrintTo(const TerrainRow& r, std::ostream* os) { *os << r.path; }
std::vector<TerrainRow> readTerrainManifest(const std::string& dir);
std::vector<uint8_t> readBytes(const std::string& path);

// The rows of a tab-separated file after its header line, split into cells (empty when absent).
std::vector<std::vector<std::string>> readTsv(const std::string& path);

// FNV-1a over bytes with the manifest's offset basis (1469598103934665603, not the textbook one).
struct GeoHash {
    uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, size_t n) {
        auto* b = static_cast<const uint8_t*>(p);
        for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    }
};

}  // namespace rvtest
