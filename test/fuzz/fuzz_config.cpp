// libFuzzer: the config reader (text and rapified, chosen by the magic; text through the
// preprocessor, whose #include lines find a fixed header, the input itself (a cycle) or nothing)
// with a 64 MiB budget,
// then the material reading, the procedural parser on every stage texture, and a config class's
// retexturing (hiddenSelections, through its bases) for the first classes of each top-level class. A failure must
// be typed, carry a message and name an offset inside the input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/config.hpp"
#include "rv/retexture.hpp"
#include "rv/rvmat.hpp"

namespace {

// #include "...self..." is the input again, "...missing..." nothing, anything else a small header.
class FuzzIncludes : public rv::IncludeSource {
public:
    FuzzIncludes(const uint8_t* data, size_t size) : input_(data, data + size) {}
    rv::Result<rv::IncludedFile> read(const std::string& target, const std::string& includer) override {
        rv::Result<std::string> path = rv::resolveIncludePath(target, includer);
        if (!path) return path.error();
        if (path->find("missing") != std::string::npos) return rv::makeError(rv::DiagKind::CannotRead, "missing");
        if (path->find("self") != std::string::npos) return rv::IncludedFile{path.value(), input_};
        const std::string header =
            "#define QUOTE(x) #x\n#define GVAR(x) prefix_##x\nclass H { a = QUOTE(GVAR(b)); };\n";
        return rv::IncludedFile{path.value(), std::vector<uint8_t>(header.begin(), header.end())};
    }

private:
    std::vector<uint8_t> input_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rv::Options options;
    options.memoryLimit = uint64_t(64) << 20;
    FuzzIncludes includes(data, size);
    rv::PreprocessOptions pp;
    pp.includes = &includes;
    rv::Result<rv::ConfigTree> tree = rv::decodeConfig(data, size, "fuzz.rvmat", options, pp);
    if (!tree.ok()) {
        const rv::DecodeError& e = tree.error();
        if (rv::diagnosticLine(e).empty() || e.offset > size || int(e.kind) >= 100) __builtin_trap();
        return 0;
    }
    const rv::RvMaterial m = rv::readRvmat(tree.value());
    for (const rv::RvMatStage& s : m.stages) {
        if (!rv::isProceduralTexture(s.texture)) continue;
        rv::Result<rv::ProceduralTexture> p = rv::parseProcedural(s.texture);
        if (p.ok() && p->supported) (void)rv::proceduralRgba8(p->color);
        if (!p.ok() && rv::diagnosticLine(p.error()).empty()) __builtin_trap();
    }
    int looked = 0;  // bounded: each lookup walks at most kConfigMaxDepth bases
    for (const rv::ConfigEntry& top : tree->root.entries)
        for (const rv::ConfigEntry& c : top.entries) {
            if (!top.isClass() || !c.isClass() || ++looked > 16) break;
            rv::Result<rv::Retexture> r = rv::findRetexture(tree.value(), c.name);
            if (!r.ok() && rv::diagnosticLine(r.error()).empty()) __builtin_trap();
            if (r.ok())
                for (const rv::SelectionRetexture& s : r->selections)
                    if (s.hidden != (s.texture.empty() && s.hidden)) __builtin_trap();
        }
    return 0;
}
