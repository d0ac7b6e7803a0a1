// PNG size against encode time (issue 27): every .paa under a folder (default: the samples' data
// root, the textures the textured real models use), top mip decoded, encoded as rv::encodePng
// stores it (the fewest channels, view/view_internal.hpp) at stb_image_write's compression levels
// and with each of its row filters forced, plus RGBA at stb's default as the old baseline.
// Prints total PNG bytes and the best-of-N encode time of each setting over all the files.
//
// stb's level and filter are globals: this program has its own copy of stb_image_write (static
// to this file) and sets them from one thread; the product sets its level once and never again
// (code/view/png_encode.cpp). At the product's level the bytes here must equal rv::encodePng's,
// which the program checks, so what it measures is what ships.
//
// usage: rv_png_levels [-n RUNS] [FOLDER_OR_PAA...]   (docs/performance.md#png-textures)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "rv/paa.hpp"
#include "rv/png.hpp"
#include "support/samples.hpp"
#include "view/view_internal.hpp"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace fs = std::filesystem;

namespace {

struct Texture {
    std::string name;
    rv::Image image;
    int channels = 4;
    std::vector<uint8_t> packed;  // the pixels with `channels` bytes each
};

struct Setting {
    std::string label;
    int level, filter;     // filter -1: stb's choice per row
    bool reduce;           // false: RGBA, as before issue 27
    bool smaller = false;  // encode with `filter` and with stb's choice, keep the smaller
};

std::vector<Texture> load(const std::vector<std::string>& paths) {
    std::vector<std::string> files;
    for (const std::string& p : paths) {
        if (fs::is_directory(p)) {
            for (const auto& e : fs::recursive_directory_iterator(p)) {
                std::string ext = e.path().extension().string();
                for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
                if (e.is_regular_file() && ext == ".paa") files.push_back(e.path().string());
            }
        } else {
            files.push_back(p);
        }
    }
    std::sort(files.begin(), files.end());
    std::vector<Texture> out;
    for (const std::string& f : files) {
        const std::vector<uint8_t> bytes = rvtest::readBytes(f);
        auto tex = rv::decodePaa(bytes.data(), bytes.size(), f);
        if (!tex || tex->mips.empty()) continue;
        auto img = rv::decodePaaMip(tex.value(), bytes.data(), bytes.size(), 0);
        if (!img) continue;
        Texture t;
        t.name = fs::path(f).filename().string();
        t.image = std::move(img.value());
        t.channels = rv::view::pngChannels(t.image);
        t.packed = rv::view::packChannels(t.image, t.channels);
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<uint8_t> encodeOnce(const Texture& t, const Setting& s) {
    stbi_write_png_compression_level = s.level;
    stbi_write_force_png_filter = s.filter;
    const int n = s.reduce ? t.channels : 4;
    const uint8_t* pixels = s.reduce ? t.packed.data() : t.image.rgba.data();
    int len = 0;
    unsigned char* png =
        stbi_write_png_to_mem(pixels, int(t.image.width) * n, int(t.image.width), int(t.image.height), n, &len);
    std::vector<uint8_t> out(png, png + (png ? len : 0));
    STBIW_FREE(png);
    return out;
}

std::vector<uint8_t> encode(const Texture& t, const Setting& s) {
    std::vector<uint8_t> png = encodeOnce(t, s);
    if (!s.smaller) return png;
    Setting adaptive = s;
    adaptive.filter = -1;
    std::vector<uint8_t> other = encodeOnce(t, adaptive);
    return other.size() < png.size() ? other : png;
}

}  // namespace

int main(int argc, char** argv) {
    long runs = 3;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-n" && i + 1 < argc)
            runs = std::max(1L, std::strtol(argv[++i], nullptr, 10));
        else
            paths.push_back(a);
    }
    if (paths.empty()) {
        const std::string samples = rvtest::samplesDir();
        if (samples.empty()) {
            std::fprintf(stderr, "no samples (set RV_SAMPLES_DIR) and no folder given\n");
            return 1;
        }
        paths.push_back(samples + "/textures/data-root");
    }
    const std::vector<Texture> textures = load(paths);
    uint64_t pixels = 0;
    int byChannels[5] = {};
    for (const Texture& t : textures) pixels += uint64_t(t.image.width) * t.image.height, ++byChannels[t.channels];
    std::printf("%zu textures, %.1f Mpixel (grey %d, grey+alpha %d, RGB %d, RGBA %d), best of %ld\n", textures.size(),
                double(pixels) / 1e6, byChannels[1], byChannels[2], byChannels[3], byChannels[4], runs);

    // What ships: rv::encodePng's bytes, against this copy of stb with the product's settings.
    const Setting shippedSetting{"", rv::view::kPngCompressionLevel, rv::view::kPngFilter, true};
    uint64_t shipped = 0;
    for (const Texture& t : textures) {
        rv::Result<std::vector<uint8_t>> png = rv::encodePng(t.image);
        if (!png || png.value() != encode(t, shippedSetting)) {
            std::fprintf(stderr, "%s: rv::encodePng differs from stb at level %d, filter %d\n", t.name.c_str(),
                         shippedSetting.level, shippedSetting.filter);
            return 1;
        }
        shipped += png->size();
    }

    std::vector<Setting> settings = {{"RGBA, level 8, stb's filters (before)", 8, -1, false}};
    for (int level : {1, 5, 6, 7, 8, 10, 12, 16, 24, 32, 64})
        settings.push_back({"level " + std::to_string(level) + ", stb's filters", level, -1, true});
    static const char* kFilters[] = {"none", "sub", "up", "average", "paeth"};
    for (int f = 0; f < 5; ++f)
        settings.push_back({std::string("level 8, filter ") + kFilters[f] + " on every row", 8, f, true});
    for (int level : {5, 12, 16, 32})
        settings.push_back({"level " + std::to_string(level) + ", filter none on every row", level, 0, true});
    settings.push_back({"level 8, none or stb's, the smaller", 8, 0, true, true});

    std::printf("%-44s %12s %8s %10s %8s\n", "setting", "PNG bytes", "vs RGBA", "encode ms", "MB/s");
    uint64_t baseline = 0;
    for (const Setting& s : settings) {
        uint64_t bytes = 0;
        double best = 1e300;
        for (long r = 0; r < runs; ++r) {
            bytes = 0;
            const auto start = std::chrono::steady_clock::now();
            for (const Texture& t : textures) bytes += encode(t, s).size();
            best = std::min(
                best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        if (!baseline) baseline = bytes;
        std::printf("%-44s %12llu %7.1f%% %10.0f %8.1f\n", s.label.c_str(), static_cast<unsigned long long>(bytes),
                    100.0 * double(bytes) / double(baseline), best, double(pixels) * 4 / 1e3 / best);
    }
    // Per texture: which is smaller, no filter or stb's choice per row (level 8).
    int noneWins = 0;
    for (const Texture& t : textures)
        noneWins += encode(t, {"", 8, 0, true}).size() < encode(t, {"", 8, -1, true}).size();
    std::printf("no filter smaller than stb's choice for %d of %zu textures\n", noneWins, textures.size());
    std::printf("rv::encodePng: %llu bytes (level %d, filter %d)\n", static_cast<unsigned long long>(shipped),
                shippedSetting.level, shippedSetting.filter);
    return 0;
}
