// rvimport benchmarks (Google Benchmark). Every figure is paired with its baseline in the same run:
//   LZSS decode            vs memcpy of the same output size
//   our LZO1X decode       vs liblzo2's lzo1x_decompress_safe on identical payloads
//   ODOL decode            of every real sample (../shared/samples/real), with peak heap use
//   Assimp import of .p3d  vs Assimp importing the same model exported as .glb
//   PAA top-mip decode     vs liblzo2 + libsquish on the same files (the largest texture samples)
//   RTM decode             of every readable animation sample vs memcpy of the same bytes, and
//                          the pose of zmbStandDeath1 (plain and BMTR) on man_survivor's skeleton
// Codec payloads are the decoded arrays (positions, normals, UVs, faces) of the real samples,
// so the data looks like what the games compress. Run through scripts/bench.sh.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <benchmark/benchmark.h>
#include <lzo/lzo1x.h>
#include <malloc.h>
#include <sys/mman.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "rv/assimp_importer.hpp"
#include "rv/compression.hpp"
#include "rv/odol.hpp"
#include "rv/paa.hpp"
#include "rv/rtm.hpp"
#include "rv/view.hpp"
#include "support/lzo_reference.hpp"
#include "support/lzss_encoder.hpp"
#include "support/samples.hpp"
#include "support/wrp_writer.hpp"
#if RV_BENCH_SQUISH
#include <squish.h>
#endif

// ---- heap accounting for the peak-memory figure (this binary only) ----
// The replaced operator new allocates with malloc, so its operator delete frees with free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<int64_t> gHeapNow{0}, gHeapPeak{0};
void noteAlloc(void* p) {
    if (!p) return;
    const int64_t now = gHeapNow += int64_t(malloc_usable_size(p));
    int64_t peak = gHeapPeak.load();
    while (now > peak && !gHeapPeak.compare_exchange_weak(peak, now)) {}
}
}  // namespace
void* operator new(size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    noteAlloc(p);
    return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept {
    if (p) gHeapNow -= int64_t(malloc_usable_size(p));
    std::free(p);
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, size_t) noexcept { operator delete(p); }
void operator delete[](void* p, size_t) noexcept { operator delete(p); }

namespace {

namespace fs = std::filesystem;

struct Sample {
    std::string path;
    std::vector<uint8_t> bytes;
};

const std::vector<Sample>& realSamples() {
    static const std::vector<Sample> samples = [] {
        std::vector<Sample> out;
        const std::string dir = rvtest::samplesDir();
        if (dir.empty()) return out;
        for (const auto& row : rvtest::readManifest(dir))
            if (row.signature == "ODOL" && row.path.rfind("real/", 0) == 0)
                out.push_back({row.path, rvtest::readBytes(dir + "/" + row.path)});
        return out;
    }();
    return samples;
}

// The decoded arrays of the real samples, concatenated: what the binarizer compresses.
const std::vector<uint8_t>& arrayCorpus() {
    static const std::vector<uint8_t> corpus = [] {
        std::vector<uint8_t> out;
        auto append = [&](const void* p, size_t n) {
            out.insert(out.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
        };
        for (const Sample& s : realSamples()) {
            auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.path);
            if (!m) continue;
            for (const rv::OdolLod& l : m->lods) {
                append(l.positions.data(), l.positions.size() * sizeof(rv::Vec3));
                append(l.normals.data(), l.normals.size() * sizeof(rv::Vec3));
                for (const auto& uv : l.uvSets) append(uv.data(), uv.size() * sizeof(rv::Vec2));
                append(l.faceIndices.data(), l.faceIndices.size() * 4);
            }
        }
        return out;
    }();
    return corpus;
}

std::vector<uint8_t> corpusSlice(size_t maxBytes) {
    const auto& c = arrayCorpus();
    return std::vector<uint8_t>(c.begin(), c.begin() + long(std::min(maxBytes, c.size())));
}

bool requireSamples(benchmark::State& state) {
    if (!realSamples().empty()) return true;
    state.SkipWithError("../shared/samples is absent (set RV_SAMPLES_DIR)");
    return false;
}

// ---- LZSS vs memcpy ----
constexpr size_t kLzssBytes = 1 << 20;

void BM_LzssDecode(benchmark::State& state) {
    if (!requireSamples(state)) return;
    static const std::vector<uint8_t> plain = corpusSlice(kLzssBytes);
    static const std::vector<uint8_t> packed = rvtest::encodeLzssWithChecksum(plain.data(), plain.size());
    std::vector<uint8_t> out(plain.size());
    for (auto _ : state) {
        // What a decoder does per LZSS array: decode, then verify the stored checksum.
        auto r = rv::decodeLzss(packed.data(), packed.size(), out.data(), out.size());
        uint32_t sum = rv::lzssChecksum(out.data(), out.size());
        benchmark::DoNotOptimize(sum);
        if (r.status != rv::CodecStatus::Ok) state.SkipWithError("LZSS decode failed");
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(plain.size()));
    state.counters["ratio"] = double(plain.size()) / double(packed.size());
}
BENCHMARK(BM_LzssDecode);

void BM_MemcpyLzssOutput(benchmark::State& state) {
    if (!requireSamples(state)) return;
    const std::vector<uint8_t> plain = corpusSlice(kLzssBytes);
    std::vector<uint8_t> out(plain.size());
    for (auto _ : state) {
        std::memcpy(out.data(), plain.data(), plain.size());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(plain.size()));
}
BENCHMARK(BM_MemcpyLzssOutput);

// ---- LZO1X: ours vs liblzo2, on payloads from liblzo2's fast (1) and best (999) compressors ----
struct LzoPayload {
    std::vector<uint8_t> plain, packed;
};

const LzoPayload& lzoPayload(int level) {
    static LzoPayload payloads[2];
    LzoPayload& p = payloads[level == 999 ? 1 : 0];
    if (p.plain.empty()) {
        lzo_init();
        p.plain = corpusSlice(size_t(8) << 20);
        p.packed.resize(p.plain.size() + p.plain.size() / 16 + 64 + 3);
        std::vector<uint8_t> work(level == 999 ? LZO1X_999_MEM_COMPRESS : LZO1X_1_MEM_COMPRESS);
        lzo_uint packedSize = p.packed.size();
        if (level == 999)
            lzo1x_999_compress(p.plain.data(), p.plain.size(), p.packed.data(), &packedSize, work.data());
        else
            lzo1x_1_compress(p.plain.data(), p.plain.size(), p.packed.data(), &packedSize, work.data());
        p.packed.resize(packedSize);
    }
    return p;
}

void BM_LzoDecodeOurs(benchmark::State& state) {
    if (!requireSamples(state)) return;
    const LzoPayload& p = lzoPayload(int(state.range(0)));
    std::vector<uint8_t> out(p.plain.size());
    for (auto _ : state) {
        auto r = rv::decodeLzo1x(p.packed.data(), p.packed.size(), out.data(), out.size());
        benchmark::DoNotOptimize(r);
        if (r.status != rv::CodecStatus::Ok) state.SkipWithError("LZO decode failed");
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(p.plain.size()));
    state.counters["ratio"] = double(p.plain.size()) / double(p.packed.size());
}
BENCHMARK(BM_LzoDecodeOurs)->Arg(1)->Arg(999);

void BM_LzoDecodeLiblzo2Safe(benchmark::State& state) {
    if (!requireSamples(state)) return;
    const LzoPayload& p = lzoPayload(int(state.range(0)));
    std::vector<uint8_t> out(p.plain.size());
    for (auto _ : state) {
        lzo_uint n = out.size();
        int r = lzo1x_decompress_safe(p.packed.data(), p.packed.size(), out.data(), &n, nullptr);
        benchmark::DoNotOptimize(r);
        if (r != LZO_E_OK) state.SkipWithError("liblzo2 decode failed");
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(p.plain.size()));
}
BENCHMARK(BM_LzoDecodeLiblzo2Safe)->Arg(1)->Arg(999);

// ---- ODOL decode of the real sample set ----
void BM_OdolDecodeRealSet(benchmark::State& state) {
    if (!requireSamples(state)) return;
    int64_t bytes = 0;
    for (const Sample& s : realSamples()) bytes += int64_t(s.bytes.size());
    for (auto _ : state)
        for (const Sample& s : realSamples()) {
            auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.path);
            benchmark::DoNotOptimize(m);
        }
    state.SetBytesProcessed(int64_t(state.iterations()) * bytes);
    state.counters["files"] = double(realSamples().size());
}
BENCHMARK(BM_OdolDecodeRealSet)->Unit(benchmark::kMillisecond);

// Peak heap during one decode, over (file size + decoded size); the target is <= 2.
void BM_OdolDecodePeakMemory(benchmark::State& state) {
    if (!requireSamples(state)) return;
    double worst = 0, sumRatio = 0;
    std::string worstFile;
    for (auto _ : state) {
        worst = sumRatio = 0;
        for (const Sample& s : realSamples()) {
            const int64_t before = gHeapNow.load();
            gHeapPeak = before;
            auto m = rv::decodeOdol(s.bytes.data(), s.bytes.size(), s.path);
            const int64_t peak = gHeapPeak.load() - before;
            const int64_t kept = gHeapNow.load() - before;  // the decoded model
            m = rv::DecodeError{};
            const double ratio = double(peak) / double(int64_t(s.bytes.size()) + kept);
            sumRatio += ratio;
            if (ratio > worst) worst = ratio, worstFile = s.path;
        }
    }
    state.counters["worst_peak_ratio"] = worst;
    state.counters["mean_peak_ratio"] = sumRatio / double(realSamples().size());
    state.SetLabel("worst: " + worstFile);
}
BENCHMARK(BM_OdolDecodePeakMemory)->Iterations(1)->Unit(benchmark::kMillisecond);

// ---- Assimp: our importer on a real .p3d vs the stock glTF importer on the same model ----
const char* kAssimpSample = "real/tfar-pairs/odol/tf_bussole.p3d";

std::string glbOfSample() {
    static std::string path;
    if (path.empty()) {
        Assimp::Importer importer;
        rv::registerImporters(importer);
        const aiScene* scene = importer.ReadFile(rvtest::samplesDir() + "/" + kAssimpSample, 0);
        if (!scene) return {};
        path = (fs::temp_directory_path() / "rvimport_bench_tf_bussole.glb").string();
        Assimp::Exporter exporter;
        if (exporter.Export(scene, "glb2", path) != AI_SUCCESS) path.clear();
    }
    return path;
}

void BM_AssimpImportP3d(benchmark::State& state) {
    if (!requireSamples(state)) return;
    const std::string path = rvtest::samplesDir() + "/" + kAssimpSample;
    for (auto _ : state) {
        Assimp::Importer importer;
        rv::registerImporters(importer);
        const aiScene* s = importer.ReadFile(path, 0);
        if (!s) state.SkipWithError(importer.GetErrorString());
        benchmark::DoNotOptimize(s);
    }
    state.SetLabel(kAssimpSample);
}
BENCHMARK(BM_AssimpImportP3d)->Unit(benchmark::kMillisecond);

void BM_AssimpImportSameModelAsGlb(benchmark::State& state) {
    if (!requireSamples(state)) return;
    const std::string path = glbOfSample();
    if (path.empty()) {
        state.SkipWithError("could not export the sample to .glb");
        return;
    }
    for (auto _ : state) {
        Assimp::Importer importer;
        const aiScene* s = importer.ReadFile(path, 0);
        if (!s) state.SkipWithError(importer.GetErrorString());
        benchmark::DoNotOptimize(s);
    }
    state.SetLabel(fs::path(path).filename().string());
}
BENCHMARK(BM_AssimpImportSameModelAsGlb)->Unit(benchmark::kMillisecond);

// ---- WRP: decode of large synthetic terrains written by our own writer (OPRW v25, LZO) ----
const std::vector<uint8_t>& largeTerrain(uint32_t samples) {
    static std::map<uint32_t, std::vector<uint8_t>> cache;
    auto it = cache.find(samples);
    if (it == cache.end()) {
        rvtest::WrpWriteOptions o;
        o.lzo = rvtest::lzoFast;
        // Arma 3 proportions: a land grid 8x coarser than the height grid (Stratis: 256 / 2048).
        it = cache
                 .emplace(samples,
                          rvtest::writeOprw(rvtest::makeTestTerrain(25, samples / 8, samples / 8, samples, samples), o))
                 .first;
    }
    return it->second;
}

void BM_WrpDecodeLarge(benchmark::State& state) {
    const uint32_t samples = uint32_t(state.range(0));
    const std::vector<uint8_t>& bytes = largeTerrain(samples);
    for (auto _ : state) {
        auto t = rv::decodeWrp(bytes.data(), bytes.size(), "large.wrp");
        if (!t) state.SkipWithError(t.error().message.c_str());
        benchmark::DoNotOptimize(t);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(samples) * samples * 4);  // elevation bytes
    state.counters["file_MB"] = double(bytes.size()) / 1e6;
}
BENCHMARK(BM_WrpDecodeLarge)->Arg(4096)->Arg(8192)->Unit(benchmark::kMillisecond)->Iterations(3);

// ---- PAA: the largest texture samples' top mips, ours vs liblzo2 + libsquish ----
// Both sides start from the file in memory and end with the RGBA8 top mip in a newly allocated
// buffer (ours returns a new rv::Image; the baseline allocates its own, not zero-filled either);
// MB/s are of RGBA out. Ours advises 2 MiB pages for its buffer (paa_mip.cpp): the page faults of a
// fresh 64 MiB buffer are most of a 4096^2 decode on our VM, so the *HugePages baseline gives
// squish's buffer the same advice, and the ratio to it is the decoders' alone. Ours: decodePaa + decodePaaMip (channels as stored, as squish
// gives them). Baseline: the same mip's bytes (located by our header) through
// lzo1x_decompress_safe when packed, then squish::DecompressImage. The *Blocks pair times the
// DXT stage alone on the unpacked blocks.
const char* const kPaaSamples[] = {
    "textures/data-root/task_force_radio_items/models/data/clf_nicecomm2_smdi.paa",   // DXT1 4096², LZO
    "textures/data-root/task_force_radio_items/models/data/clf_prc117g_ap_smdi.paa",  // DXT1 4096², LZO
    "textures/data-root/task_force_radio_items/models/data/tf_bussole_co.paa",        // DXT1 2048², raw
    "textures/data-root/x/kat/addons/pharma/models/iv/iv_nohq.paa",                   // DXT5 2048², LZO
};

struct PaaSample {
    std::vector<uint8_t> bytes;
    rv::PaaTexture texture;
    std::vector<uint8_t> blocks;  // the top mip unpacked
};

const PaaSample* paaSample(benchmark::State& state) {
    static std::map<int64_t, PaaSample> cache;
    const int64_t i = state.range(0);
    auto it = cache.find(i);
    if (it == cache.end()) {
        PaaSample s;
        s.bytes = rvtest::readBytes(rvtest::samplesDir() + "/" + kPaaSamples[i]);
        auto t = rv::decodePaa(s.bytes.data(), s.bytes.size(), kPaaSamples[i]);
        if (!t) {
            state.SkipWithError("texture sample missing or unreadable (set RV_SAMPLES_DIR)");
            return nullptr;
        }
        s.texture = std::move(t.value());
        const rv::PaaMip& m = s.texture.mips[0];
        s.blocks.resize(size_t(m.decodedSize));
        if (m.storage == rv::PaaStorage::Lzo) {
            lzo_uint n = s.blocks.size();
            lzo1x_decompress_safe(&s.bytes[m.dataOffset], m.dataSize, s.blocks.data(), &n, nullptr);
        } else {
            std::memcpy(s.blocks.data(), &s.bytes[m.dataOffset], s.blocks.size());
        }
        it = cache.emplace(i, std::move(s)).first;
    }
    const rv::PaaMip& m = it->second.texture.mips[0];
    state.SetLabel(fs::path(kPaaSamples[i]).filename().string() + " " + rv::paaTypeName(it->second.texture.type) + " " +
                   std::to_string(m.width) + "x" + std::to_string(m.height) + " " + rv::paaStorageName(m.storage));
    return &it->second;
}

void setRgbaBytes(benchmark::State& state, const PaaSample& s) {
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(s.texture.width()) * s.texture.height() * 4);
}

void BM_PaaDecodeOurs(benchmark::State& state) {
    const PaaSample* s = paaSample(state);
    if (!s) return;
    for (auto _ : state) {
        auto t = rv::decodePaa(s->bytes.data(), s->bytes.size(), "bench.paa");
        auto img = rv::decodePaaMip(t.value(), s->bytes.data(), s->bytes.size(), 0, {true});
        if (!img) state.SkipWithError(img.error().message.c_str());
        benchmark::DoNotOptimize(img);
    }
    setRgbaBytes(state, *s);
}
BENCHMARK(BM_PaaDecodeOurs)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

#if RV_BENCH_SQUISH
int squishFlags(rv::PaaType type) {
    return type == rv::PaaType::Dxt1 ? squish::kDxt1 : type <= rv::PaaType::Dxt3 ? squish::kDxt3 : squish::kDxt5;
}

// A new RGBA buffer for squish, not zero-filled (as ours); with `hugePages` advised as ours is
// (paa_mip.cpp), so that both sides pay the same page faults and the ratio is the decoders' alone.
std::unique_ptr<uint8_t[]> squishBuffer(size_t bytes, bool hugePages) {
    std::unique_ptr<uint8_t[]> rgba(new uint8_t[bytes]);
    if (hugePages) {
        const uintptr_t huge = uintptr_t(2) << 20, at = reinterpret_cast<uintptr_t>(rgba.get());
        const uintptr_t begin = (at + huge - 1) & ~(huge - 1), end = (at + bytes) & ~(huge - 1);
        if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
    }
    return rgba;
}

void lzo2SquishLoop(benchmark::State& state, bool hugePages) {
    const PaaSample* s = paaSample(state);
    if (!s) return;
    const rv::PaaMip& m = s->texture.mips[0];
    std::vector<uint8_t> blocks(size_t(m.decodedSize));
    for (auto _ : state) {
        std::unique_ptr<uint8_t[]> rgba = squishBuffer(size_t(m.width) * m.height * 4, hugePages);
        const uint8_t* in = &s->bytes[m.dataOffset];
        if (m.storage == rv::PaaStorage::Lzo) {
            lzo_uint n = blocks.size();
            if (lzo1x_decompress_safe(in, m.dataSize, blocks.data(), &n, nullptr) != LZO_E_OK)
                state.SkipWithError("liblzo2 failed");
            in = blocks.data();
        }
        squish::DecompressImage(rgba.get(), int(m.width), int(m.height), in, squishFlags(s->texture.type));
        benchmark::ClobberMemory();
    }
    setRgbaBytes(state, *s);
}

void BM_PaaDecodeLzo2Squish(benchmark::State& state) { lzo2SquishLoop(state, false); }
void BM_PaaDecodeLzo2SquishHugePages(benchmark::State& state) { lzo2SquishLoop(state, true); }
BENCHMARK(BM_PaaDecodeLzo2SquishHugePages)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaaDecodeLzo2Squish)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

void BM_PaaBlocksSquish(benchmark::State& state) {
    const PaaSample* s = paaSample(state);
    if (!s) return;
    for (auto _ : state) {
        std::unique_ptr<uint8_t[]> rgba = squishBuffer(size_t(s->texture.width()) * s->texture.height() * 4, true);
        squish::DecompressImage(rgba.get(), int(s->texture.width()), int(s->texture.height()), s->blocks.data(),
                                squishFlags(s->texture.type));
        benchmark::ClobberMemory();
    }
    setRgbaBytes(state, *s);
}
BENCHMARK(BM_PaaBlocksSquish)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
#endif

// Our DXT stage alone: a raw-storage PAA of the unpacked blocks, so decodePaaMip only runs DXT.
void BM_PaaBlocksOurs(benchmark::State& state) {
    const PaaSample* s = paaSample(state);
    if (!s) return;
    std::vector<uint8_t> file = {uint8_t(uint16_t(s->texture.type)), uint8_t(uint16_t(s->texture.type) >> 8), 0, 0};
    const uint32_t w = s->texture.width(), h = s->texture.height(), n = uint32_t(s->blocks.size());
    const uint8_t header[7] = {uint8_t(w), uint8_t(w >> 8), uint8_t(h),      uint8_t(h >> 8),
                               uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16)};
    file.insert(file.end(), header, header + 7);
    file.insert(file.end(), s->blocks.begin(), s->blocks.end());
    file.insert(file.end(), {0, 0, 0, 0, 0, 0});
    const rv::PaaTexture t = rv::decodePaa(file.data(), file.size(), "blocks.paa").value();
    for (auto _ : state) {
        auto img = rv::decodePaaMip(t, file.data(), file.size(), 0, {true});
        benchmark::DoNotOptimize(img);
    }
    setRgbaBytes(state, *s);
}
BENCHMARK(BM_PaaBlocksOurs)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace

// ---- RTM animations: decode vs memcpy of the same bytes, and the pose on a skeleton ----
const std::vector<Sample>& rtmSamples() {
    static const std::vector<Sample> samples = [] {
        std::vector<Sample> out;
        const std::string dir = rvtest::samplesDir();
        if (dir.empty() || !fs::is_directory(dir + "/animations/rtm")) return out;
        for (const auto& e : fs::recursive_directory_iterator(dir + "/animations/rtm"))
            if (e.path().extension() == ".rtm") out.push_back({e.path().string(), rvtest::readBytes(e.path().string())});
        return out;
    }();
    return samples;
}

void BM_RtmDecodeAll(benchmark::State& state) {
    if (rtmSamples().empty()) return state.SkipWithError("no animation samples");
    int64_t bytes = 0;
    for (const Sample& s : rtmSamples()) bytes += int64_t(s.bytes.size());
    for (auto _ : state)
        for (const Sample& s : rtmSamples()) {
            auto a = rv::decodeRtm(s.bytes.data(), s.bytes.size(), s.path);
            benchmark::DoNotOptimize(a);
        }
    state.SetBytesProcessed(int64_t(state.iterations()) * bytes);
    state.counters["files"] = double(rtmSamples().size());
}
BENCHMARK(BM_RtmDecodeAll)->Unit(benchmark::kMillisecond);

void BM_MemcpyRtmBytes(benchmark::State& state) {
    if (rtmSamples().empty()) return state.SkipWithError("no animation samples");
    int64_t bytes = 0;
    for (const Sample& s : rtmSamples()) bytes += int64_t(s.bytes.size());
    std::vector<uint8_t> out(size_t(bytes) + 1);
    for (auto _ : state) {
        size_t at = 0;
        for (const Sample& s : rtmSamples()) std::memcpy(out.data() + at, s.bytes.data(), s.bytes.size()), at += s.bytes.size();
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * bytes);
}
BENCHMARK(BM_MemcpyRtmBytes)->Unit(benchmark::kMillisecond);

// 79 frames x 132 bones: Arg 0 the plain file (matrices as stored), 1 the BMTR (composed down the skeleton).
void BM_RtmPoseOnManSkeleton(benchmark::State& state) {
    const std::string dir = rvtest::samplesDir();
    const std::string model = dir + "/animations/models/dayz-epoch-108/man_survivor.p3d";
    const std::string rtm = dir + "/animations/rtm/dayz-epoch-108/" +
                            (state.range(0) ? "zmbStandDeath1.rtm" : "plain_zmbStandDeath1.rtm");
    if (dir.empty() || !fs::is_regular_file(model)) return state.SkipWithError("no animation samples");
    const std::vector<uint8_t> mb = rvtest::readBytes(model), ab = rvtest::readBytes(rtm);
    auto m = rv::decodeOdol(mb.data(), mb.size(), "man_survivor.p3d");
    auto a = rv::decodeRtm(ab.data(), ab.size(), rtm);
    if (!m || !a) return state.SkipWithError("decode failed");
    const rv::SkeletonView skeleton = rv::skeletonView(m->skeleton);
    rv::Frame frame;
    frame.axes = rv::Axes::YUp;
    for (auto _ : state) {
        auto posed = rv::buildAnimationView(a.value(), skeleton, frame, {0, 0, 0}, "bench");
        benchmark::DoNotOptimize(posed);
    }
    state.counters["bone_frames"] = double(a->frameCount) * double(skeleton.bones.size());
}
BENCHMARK(BM_RtmPoseOnManSkeleton)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
