// PNG size against encode time (issues 27, 42): every .paa under a folder (default: the samples'
// data root, the textures the textured real models use), top mip decoded, encoded with the
// fewest channels rv::encodePng stores (view/view_internal.hpp) by libdeflate at its levels
// (the product's own encoder) and, as the baselines in the same run, by stb_image_write as the
// product did before. Prints the total PNG bytes and the best-of-N encode time of each.
// First it checks that rv::encodePng is libdeflate at the shipped level and that every PNG
// decodes (stb_image) to exactly the texture's pixels, so what it measures is what ships.
//
// stb's level and filter are globals: this program has its own copy of stb_image_write (static
// to this file) and sets them from one thread.
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

#include "support/stb_image_here.hpp"

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
    int level, filter;  // filter -1: stb's choice per row
    bool reduce;        // false: RGBA, as before issue 27
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

std::vector<uint8_t> encode(const Texture& t, const Setting& s) { return encodeOnce(t, s); }

// libdeflate at `level` through the product's own encoder (no filter, the fewest channels).
std::vector<uint8_t> encodeDeflate(const Texture& t, int level) {
    rv::Result<std::vector<uint8_t>> png = rv::view::encodePngAtLevel(t.image, level, nullptr);
    return png ? std::move(png.value()) : std::vector<uint8_t>{};
}

// The best of `runs` times (ms) of encoding every texture with `encodeOne`, and the bytes.
template <class Encode>
std::pair<uint64_t, double> measure(const std::vector<Texture>& textures, long runs, Encode encodeOne) {
    uint64_t bytes = 0;
    double best = 1e300;
    for (long r = 0; r < runs; ++r) {
        bytes = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const Texture& t : textures) bytes += encodeOne(t).size();
        best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return {bytes, best};
}

// Whether every texture's PNG at the shipped level is rv::encodePng's and decodes (stb_image, a
// reader we did not write) to exactly its pixels.
bool shippedIsExact(const std::vector<Texture>& textures) {
    for (const Texture& t : textures) {
        rv::Result<std::vector<uint8_t>> png = rv::encodePng(t.image);
        if (!png || png.value() != encodeDeflate(t, rv::view::kPngCompressionLevel)) {
            std::fprintf(stderr, "%s: rv::encodePng is not libdeflate level %d\n", t.name.c_str(),
                         rv::view::kPngCompressionLevel);
            return false;
        }
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load_from_memory(png->data(), int(png->size()), &w, &h, &n, 4);
        const bool same = px && uint32_t(w) == t.image.width && uint32_t(h) == t.image.height &&
                          std::equal(t.image.rgba.begin(), t.image.rgba.end(), px);
        stbi_image_free(px);
        if (!same) {
            std::fprintf(stderr, "%s: the PNG does not decode to the texture's pixels\n", t.name.c_str());
            return false;
        }
    }
    return true;
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
    if (!shippedIsExact(textures)) return 1;

    struct Row {
        std::string label;
        std::pair<uint64_t, double> result;
    };
    std::vector<Row> rows;
    // The baselines: stb_image_write as issue 27 found it (RGBA, its filters) and as it shipped
    // until issue 42 (the fewest channels, level 8, no filter).
    rows.push_back({"stb, RGBA, level 8, its filters (issue 27's start)",
                    measure(textures, runs, [](const Texture& t) { return encode(t, {"", 8, -1, false}); })});
    rows.push_back({"stb, fewest channels, level 8, no filter (before)",
                    measure(textures, runs, [](const Texture& t) { return encode(t, {"", 8, 0, true}); })});
    const size_t before = rows.size() - 1;
    for (int level : {1, 3, 5, 6, 7, 9, 12})
        rows.push_back({"libdeflate level " + std::to_string(level) + ", no filter" +
                            (level == rv::view::kPngCompressionLevel ? " (shipped)" : ""),
                        measure(textures, runs, [level](const Texture& t) { return encodeDeflate(t, level); })});
    std::printf("%-52s %12s %9s %10s %8s\n", "setting", "PNG bytes", "vs before", "encode ms", "MB/s");
    for (const Row& r : rows)
        std::printf("%-52s %12llu %8.1f%% %10.0f %8.1f\n", r.label.c_str(),
                    static_cast<unsigned long long>(r.result.first),
                    100.0 * double(r.result.first) / double(rows[before].result.first), r.result.second,
                    double(pixels) * 4 / 1e3 / r.result.second);
    return 0;
}
