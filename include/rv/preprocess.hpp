// The config preprocessor: what Bohemia's CfgConvert and the game run on config.cpp, model.cfg,
// .hpp and .rvmat text before parsing it. A decoder-layer module: it reads no files itself; the
// caller's IncludeSource supplies what #include names (a folder, a data root, PBOs).
//
//   rv::PreprocessOptions pp;
//   pp.includes = &myFolderSource;                  // null: every #include is an error
//   pp.defines = {{"_ARMA_", ""}};
//   auto out = rv::preprocess(bytes.data(), bytes.size(), "x\\cba\\addons\\main\\config.cpp", pp);
//   if (!out) std::cerr << rv::diagnosticLine(out.error()) << '\n';  // file, line, include chain
//   auto tree = rv::decodeConfig(reinterpret_cast<const uint8_t*>(out->text.data()), out->text.size(), "config.cpp");
//
// Supported, as the preprocessor corpus (samples/preprocessor) shows Bohemia's behaviour:
// #include "x" / <x> (the included text is preprocessed in place with the same macro table),
// #define / #undef (object-like and function-like, # stringize, ## join), #ifdef / #ifndef /
// #if (arithmetic, comparisons, && || !, __has_include) / #else / #endif, // and /* */ comments
// (kept inside "..." and '...' strings, which may span lines), backslash-newline continuation
// everywhere, macros expanded inside '...' but not "..." strings, the built-ins __LINE__,
// __FILE__, __FILE_NAME__, __FILE_SHORT__, __COUNTER__, __COUNTER_RESET__, __ARMA__, __ARMA3__,
// and __EVAL / __EXEC on the arithmetic subset configs use (anything beyond it is kept as
// written, with a warning, for the game to run). The output keeps one line per input line
// (directive lines become blank lines), and lineOrigins maps each output line back to its file
// and line.
//
// Rules where the corpus shows no case, chosen and kept on purpose:
//   - a function-like macro is called only when '(' follows its name directly, and the call
//     must close on its logical line (CBA continues a long QUOTE(...) with backslashes:
//     hemtt-pp-cba_multiline);
//   - arguments split at commas outside parentheses and strings, also inside [] and {} (why
//     CBA has ARR_2); an argument passed on to another macro keeps its commas (hemtt-pp-sqf);
//   - a call with too many or too few arguments is an error (DiagKind::BadCount);
//   - `#param` stringizes only with no space after '#' (`arr # i` is SQF's select);
//   - `##` joins the text either side of it, each side expanded on its own (A##B is 12 when A
//     is 1 and B is 2, also outside a body: hemtt-pp-join_digit); the joined text is not looked
//     up again as one macro name;
//   - an #if name that is no macro reads as 0, with a warning;
//   - the input's bytes 1 and 2 (never in a text config) are read as spaces.
//
// Hostile input: #include nesting deeper than kPreprocessMaxIncludeDepth and include cycles are
// refused, macro expansion nests at most kPreprocessMaxExpansionDepth deep and makes at most
// PreprocessOptions::maxExpansions expansions, and every byte the expansion writes (at every
// nesting level) is charged to the memory budget, so a macro bomb stops with DiagKind::MemoryLimit
// or DiagKind::BadCount instead of exhausting the host. Errors name the file, the line and the
// include chain ("line 3, included from config.cpp line 12: ...", with the file as the source).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rv/error.hpp"
#include "rv/options.hpp"

namespace rv {

constexpr int kPreprocessMaxIncludeDepth = 32;
constexpr int kPreprocessMaxExpansionDepth = 64;
constexpr uint64_t kPreprocessMaxExpansions = uint64_t(1) << 24;

struct IncludedFile {
    // The file's name as __FILE__ gives it: relative to the include root, with backslashes
    // ("x\cba\addons\main\script_macros.hpp").
    std::string path;
    std::vector<uint8_t> bytes;
};

// Where #include finds files (the caller supplies it: a folder, a data root, PBOs).
class IncludeSource {
public:
    virtual ~IncludeSource() = default;
    // `target` exactly as written between "" or <>; `includer` the including file's path as above.
    // Returns the file, or an error (DiagKind::CannotRead for missing, DiagKind::BadValue for a
    // path that escapes the root).
    virtual Result<IncludedFile> read(const std::string& target, const std::string& includer) = 0;
};

// The common rule for turning (target, includer) into a root-relative path, shared by every
// IncludeSource: "\x\a\b.hpp" (leading backslash) and "P:\x\a\b.hpp" are root-absolute; anything
// else is relative to the includer's folder; "/" and "\" are both separators; "." and ".."
// components are resolved, and a ".." that climbs above the root, an absolute system path
// ("/etc/passwd", "C:\..." with any drive other than P:), or an empty result is refused
// (DiagKind::BadValue) with the reason. Returns the normalised path with backslashes.
Result<std::string> resolveIncludePath(const std::string& target, const std::string& includer);

struct PreprocessedText {
    std::string text;  // what the parser reads
    std::vector<Warning> warnings;
    // Where each output line came from, for the parser's errors: lineOrigins[i] is output line i+1.
    struct LineOrigin {
        uint32_t file = 0;  // index into `files`
        uint32_t line = 0;  // 1-based
    };
    std::vector<LineOrigin> lineOrigins;
    std::vector<std::string> files;  // files[0] is the entry file
    // Bytes of Options::budget this text holds; the caller releases them when it drops the text.
    uint64_t charged = 0;
};

struct PreprocessOptions {
    IncludeSource* includes = nullptr;  // null: every #include is an error naming the file and line
    // Defines given by the caller before the file (name -> body), e.g. {"_ARMA_", ""}.
    std::vector<std::pair<std::string, std::string>> defines;
    // The most macro expansions one run may make (DiagKind::BadCount beyond). The memory limit
    // alone would let a macro bomb write 2 GiB, a minute's work. For scale: cfgconvert-ace_main
    // makes 109, and an 8 MB file of 60,000 CBA QUOTE(GVAR(..)) / FUNC / CSTRING lines 1.3 million.
    uint64_t maxExpansions = kPreprocessMaxExpansions;
    // decodeConfig's entry file as __FILE__ gives it (preprocess() takes it as an argument);
    // empty: the source name.
    std::string entryPath;
};

// `path`: the entry file's name as __FILE__ gives it (root-relative with backslashes when known).
[[nodiscard]] Result<PreprocessedText> preprocess(const uint8_t* data, size_t size, const std::string& path,
                                                  const PreprocessOptions& pp, const Options& options = {});

}  // namespace rv
