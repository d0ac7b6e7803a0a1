#include "support/samples.hpp"

#include <sys/stat.h>
#include <cctype>
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

std::vector<Twin> odolTwins() {
    std::vector<Twin> out;
    const std::string dir = samplesDir();
    if (dir.empty()) return out;
    for (const std::vector<std::string>& cols : readTsv(dir + "/editable.tsv")) {
        if (cols.size() < 2 || (cols[1] != "P3DM" && cols[1] != "SP3X")) continue;
        const std::string& note = cols.back();
        for (size_t at = note.find("ODOL twin "); at != std::string::npos; at = note.find("ODOL twin ", at + 1)) {
            const size_t begin = at + 10, end = note.find(' ', begin);
            out.push_back({cols[0], note.substr(begin, end - begin)});
        }
    }
    return out;
}

std::string paramName(const std::string& text) {
    std::string n;
    for (char c : text) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return n;
}

}  // namespace rvtest
