// The data-root index at P: drive scale (issue 42): a generated root of FILES loose files in
// FOLDERS folders plus PBOS archives, then the references of MODELS models resolved (and read)
// through one rv::DataRoot, as a batch does. Prints the index build time, the time per model, and
// as the floor in the same run a bare recursive listing of the same tree (what any index that
// lists the whole root costs at least).
//
// The tree is made once and kept (default /tmp/rv-bench-data-root, outside the clone); names mix
// upper and lower case, as real mods do, so every lookup goes through the case-insensitive key.
//
// usage: rv_bench_data_root [--dir D] [--files N] [--folders N] [--pbos N] [--models N]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rv/data_root.hpp"
#include "support/pbo_writer.hpp"

namespace fs = std::filesystem;

namespace {

struct Shape {
    std::string dir = "/tmp/rv-bench-data-root";
    size_t files = 200000, folders = 20000, pbos = 500, models = 1000;
    size_t entriesPerPbo = 40, refsPerModel = 30;
};

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Folder f: "Addons/Mod<f/100>/Data<f%100>"; file k of a folder: "Tex<k>_CO.paa".
std::string folderOf(size_t f) { return "Addons/Mod" + std::to_string(f / 100) + "/Data" + std::to_string(f % 100); }
std::string fileOf(size_t k) { return "Tex" + std::to_string(k) + "_CO.paa"; }
std::string pboPrefix(size_t p) { return "pbomod" + std::to_string(p) + "\\Data"; }
std::string entryOf(size_t e) { return "model" + std::to_string(e) + ".rvmat"; }

bool makeTree(const Shape& s) {
    const fs::path root = fs::u8path(s.dir);
    const std::string marker = std::to_string(s.files) + " " + std::to_string(s.folders) + " " + std::to_string(s.pbos);
    std::ifstream in(root / "shape.txt");
    std::string had;
    if (std::getline(in, had) && had == marker) return true;
    std::error_code ec;
    fs::remove_all(root, ec);
    const size_t perFolder = (s.files + s.folders - 1) / s.folders;
    size_t made = 0;
    for (size_t f = 0; f < s.folders; ++f) {
        const fs::path folder = root / folderOf(f);
        fs::create_directories(folder, ec);
        for (size_t k = 0; k < perFolder && made < s.files; ++k, ++made)
            if (!std::ofstream(folder / fileOf(k)).good()) return false;
    }
    fs::create_directories(root / "PBOs", ec);
    for (size_t p = 0; p < s.pbos; ++p) {
        std::vector<std::pair<std::string, std::vector<uint8_t>>> entries;
        for (size_t e = 0; e < s.entriesPerPbo; ++e) entries.push_back({entryOf(e), std::vector<uint8_t>(64, uint8_t(e))});
        const std::vector<uint8_t> bytes = rvtest::writePboEntries(pboPrefix(p), entries);
        std::ofstream out(root / "PBOs" / ("mod" + std::to_string(p) + ".pbo"), std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out.good()) return false;
    }
    std::ofstream(root / "shape.txt") << marker << "\n";
    return true;
}

// A model's references as a model stores them: backslashes, any case, some with a leading
// backslash; two thirds loose files, most of the rest PBO entries, one in ten missing.
std::vector<std::string> referencesOf(size_t model, const Shape& s) {
    uint64_t x = 0x9E3779B97F4A7C15ull * (model + 1);
    auto next = [&] { return x = x * 6364136223846793005ull + 1442695040888963407ull, size_t(x >> 33); };
    const size_t perFolder = (s.files + s.folders - 1) / s.folders;
    std::vector<std::string> refs;
    for (size_t r = 0; r < s.refsPerModel; ++r) {
        const size_t kind = next() % 10;
        std::string ref;
        if (kind < 6) {
            ref = folderOf(next() % s.folders) + "/" + fileOf(next() % perFolder);
        } else if (kind < 9) {
            ref = pboPrefix(next() % s.pbos) + "\\" + entryOf(next() % s.entriesPerPbo);
        } else {
            ref = "missing\\nowhere" + std::to_string(next()) + ".paa";
        }
        for (char& c : ref) {
            if (c == '/') c = '\\';
            if (next() % 3 == 0) c = char(std::tolower(static_cast<unsigned char>(c)));
        }
        refs.push_back(next() % 2 ? "\\" + ref : ref);
    }
    return refs;
}

bool parse(int argc, char** argv, Shape& s) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        const size_t v = std::strtoull(argv[i + 1], nullptr, 10);
        if (a == "--dir")
            s.dir = argv[i + 1];
        else if (a == "--files")
            s.files = v;
        else if (a == "--folders")
            s.folders = v;
        else if (a == "--pbos")
            s.pbos = v;
        else if (a == "--models")
            s.models = v;
        else
            return false;
    }
    return s.folders > 0 && s.pbos > 0 && s.models > 0 && argc % 2 == 1;
}

}  // namespace

int main(int argc, char** argv) {
    Shape s;
    if (!parse(argc, argv, s)) {
        std::fprintf(stderr, "usage: rv_bench_data_root [--dir D] [--files N] [--folders N] [--pbos N] [--models N]\n");
        return 2;
    }
    auto t0 = std::chrono::steady_clock::now();
    if (!makeTree(s)) {
        std::fprintf(stderr, "cannot make the tree in %s\n", s.dir.c_str());
        return 1;
    }
    std::printf("tree: %zu files in %zu folders, %zu PBOs of %zu entries, at %s (ready in %.1f s)\n", s.files,
                s.folders, s.pbos, s.entriesPerPbo, s.dir.c_str(), secondsSince(t0));

    t0 = std::chrono::steady_clock::now();
    size_t listed = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(fs::u8path(s.dir), ec), end; !ec && it != end; it.increment(ec))
        listed += it->is_regular_file(ec);
    std::printf("floor, a bare recursive listing: %zu files in %.3f s\n", listed, secondsSince(t0));

    t0 = std::chrono::steady_clock::now();
    rv::Result<rv::DataRoot> root = rv::DataRoot::open(s.dir);
    if (!root) {
        std::fprintf(stderr, "%s\n", rv::diagnosticLine(root.error()).c_str());
        return 1;
    }
    const size_t files = root->fileCount(), pbos = root->pboCount();  // these list the whole root
    std::printf("index build (the whole listing): %.3f s (%zu files, %zu PBOs)\n", secondsSince(t0), files, pbos);

    std::vector<std::vector<std::string>> models;
    for (size_t m = 0; m < s.models; ++m) models.push_back(referencesOf(m, s));
    size_t found = 0, missing = 0, readBytes = 0;
    t0 = std::chrono::steady_clock::now();
    for (const auto& refs : models)
        for (const std::string& r : refs) (root->resolve(r).kind == rv::ResolvedRef::Kind::Missing ? missing : found)++;
    const double resolveTime = secondsSince(t0);
    t0 = std::chrono::steady_clock::now();
    for (const auto& refs : models)
        for (const std::string& r : refs) {
            const rv::ResolvedRef ref = root->resolve(r);
            if (ref.kind == rv::ResolvedRef::Kind::Missing) continue;
            auto bytes = root->read(ref);
            if (bytes) readBytes += bytes->size() + 1;
        }
    const double readTime = secondsSince(t0);
    std::printf("resolve %zu models (%zu references, %zu found, %zu missing): %.3f s, %.1f us per model\n", s.models,
                s.models * s.refsPerModel, found, missing, resolveTime, 1e6 * resolveTime / double(s.models));
    std::printf("resolve and read them: %.3f s, %.1f us per model (%zu bytes)\n", readTime,
                1e6 * readTime / double(s.models), readBytes);

    // One export on a complete P: drive (every reference a loose file): a fresh root per model,
    // opened and its references resolved, without the whole listing (the lazy index).
    const size_t exports = std::min<size_t>(20, s.models);
    size_t lazyRefs = 0, lazyIndexed = 0;
    t0 = std::chrono::steady_clock::now();
    for (size_t m = 0; m < exports; ++m) {
        rv::Result<rv::DataRoot> fresh = rv::DataRoot::open(s.dir);
        if (!fresh) return 1;
        for (const std::string& r : models[m])
            if (root->resolve(r).kind == rv::ResolvedRef::Kind::File) lazyRefs += fresh->resolve(r).kind == rv::ResolvedRef::Kind::File;
        lazyIndexed += fresh->indexed();
    }
    const double lazyTime = secondsSince(t0);
    std::printf("one export's loose references on a fresh root (lazy): %.2f ms per model (%zu models, %zu "
                "references, %zu listed the whole root)\n",
                1e3 * lazyTime / double(exports), exports, lazyRefs, lazyIndexed);
    // ... and with a reference that is not a loose file: the whole listing, once.
    t0 = std::chrono::steady_clock::now();
    rv::Result<rv::DataRoot> missed = rv::DataRoot::open(s.dir);
    if (!missed) return 1;
    for (const std::string& r : models[0]) (void)missed->resolve(r);
    (void)missed->resolve("no\\such\\file.paa");
    std::printf("one export with a miss (the whole listing): %.3f s\n", secondsSince(t0));
    return 0;
}
