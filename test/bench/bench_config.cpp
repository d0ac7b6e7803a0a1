// Source config benchmarks (issue 39), beside a memcpy of the same bytes in the same run:
//   the ACE3 main case of the preprocessor corpus: preprocess + parse through its include root;
//   a generated config of CBA-style macro uses at x1, x2, x4 and x8 (x8: 12 MB, 100,000 lines of 2 macro uses each),
//   whose time per byte must stay flat (the preprocessor and the parser are linear).
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rv/config.hpp"
#include "rv/include_root.hpp"
#include "support/samples.hpp"

namespace {

namespace fs = std::filesystem;

fs::path aceMainEntry() {
    const std::string samples = rvtest::samplesDir();
    return samples.empty() ? fs::path() : fs::path(samples) / "preprocessor/cases/cfgconvert-ace_main/input/source.hpp";
}

std::string readText(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void BM_SourceConfigAceMain(benchmark::State& state) {
    const fs::path entry = aceMainEntry();
    if (entry.empty() || !fs::exists(entry)) return state.SkipWithError("no preprocessor corpus");
    const std::string text = readText(entry);
    rv::Options options;
    options.includeRoot = entry.parent_path().u8string();
    for (auto _ : state) {
        rv::IncludeRoot includes = rv::IncludeRoot::around(entry.u8string(), options);
        auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "source.hpp", options,
                                     includes.preprocessing());
        if (!tree) return state.SkipWithError(rv::diagnosticLine(tree.error()).c_str());
        benchmark::DoNotOptimize(tree->root.entries.size());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_SourceConfigAceMain)->Unit(benchmark::kMicrosecond);

// `uses` macro uses in classes of 8 entries, each line like a CBA config's:
//   name_17 = QUOTE(GVAR(fnc_17)); ... and an array of two macro-made strings.
std::string generatedConfig(size_t uses) {
    std::string t =
        "#define PREFIX ace\n#define QUOTE(x) #x\n#define DOUBLES(a,b) a##_##b\n"
        "#define GVAR(x) DOUBLES(PREFIX,x)\n#define PATHTO(x) \\x\\PREFIX\\addons\\x.sqf\n";
    t.reserve(uses * 110);
    for (size_t i = 0; i < uses; ++i) {
        const std::string n = std::to_string(i);
        if (i % 8 == 0) t += "class Block_" + n + " {\n";
        t += "    name_" + n + " = QUOTE(GVAR(fnc_" + n + ")); file_" + n + " = QUOTE(PATHTO(fnc_" + n + "));";
        t += " displayName_" + n + " = \"$STR_ACE_Common_Entry\";\n";  // text without macros
        if (i % 8 == 7 || i + 1 == uses) t += "};\n";
    }
    return t;
}

void BM_SourceConfigGenerated(benchmark::State& state) {
    const std::string text = generatedConfig(size_t(12500) * size_t(state.range(0)));
    for (auto _ : state) {
        auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "config.cpp");
        if (!tree) return state.SkipWithError(rv::diagnosticLine(tree.error()).c_str());
        benchmark::DoNotOptimize(tree->root.entries.size());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
    state.SetLabel(std::to_string(text.size() >> 10) + " KiB, " + std::to_string(12500 * state.range(0)) + " uses");
}
BENCHMARK(BM_SourceConfigGenerated)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);

void BM_MemcpyGeneratedConfig(benchmark::State& state) {
    const std::string text = generatedConfig(size_t(12500) * size_t(state.range(0)));
    std::vector<char> out(text.size());
    for (auto _ : state) {
        std::memcpy(out.data(), text.data(), text.size());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_MemcpyGeneratedConfig)->Arg(8)->Unit(benchmark::kMillisecond);

}  // namespace
