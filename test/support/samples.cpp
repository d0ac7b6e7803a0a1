#include "support/samples.hpp"

#include <sys/stat.h>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rvtest {

std::string samplesDir() {
    const char* env = std::getenv("RV_SAMPLES_DIR");
    std::string dir = env && *env ? env : RV_DEFAULT_SAMPLES_DIR;
    struct stat st;
    if (stat((dir + "/manifest.tsv").c_str(), &st) != 0) return "";
    return dir;
}

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

std::vector<ManifestRow> readManifest(const std::string& dir) {
    std::vector<ManifestRow> rows;
    std::ifstream f(dir + "/manifest.tsv");
    std::string line;
    std::getline(f, line);  // header
    auto num = [](const std::string& s) -> int64_t { return s.empty() ? -1 : std::stoll(s); };
    while (std::getline(f, line)) {
        std::vector<std::string> c;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, '\t')) c.push_back(cell);
        if (c.size() < 9) continue;
        ManifestRow r;
        r.path = c[0];
        r.kind = c[1];
        r.signature = c[2];
        r.version = c[3].empty() ? 0 : uint32_t(std::stoul(c[3]));
        r.lods = num(c[4]);
        r.verts = num(c[5]);
        r.faces = num(c[6]);
        r.selections = num(c[7]);
        r.geoFnv64 = c[8];
        rows.push_back(r);
    }
    return rows;
}

std::vector<TerrainRow> readTerrainManifest(const std::string& dir) {
    std::vector<TerrainRow> rows;
    for (const std::vector<std::string>& c : readTsv(dir + "/terrain.tsv")) {
        if (c.size() < 4) continue;
        TerrainRow r;
        r.path = c[0];
        r.mapX = uint32_t(std::stoul(c[1]));
        r.mapY = uint32_t(std::stoul(c[2]));
        r.objects = c[3].empty() ? -1 : std::stoll(c[3]);
        r.elevFnv64 = c.size() > 4 ? c[4] : "";
        rows.push_back(r);
    }
    return rows;
}

std::vector<std::vector<std::string>> readTsv(const std::string& path) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream f(path);
    std::string line;
    std::getline(f, line);  // header
    while (std::getline(f, line)) {
        std::vector<std::string>& c = rows.emplace_back();
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, '\t')) c.push_back(cell);
    }
    return rows;
}

}  // namespace rvtest
