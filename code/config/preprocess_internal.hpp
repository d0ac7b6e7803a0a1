// Internal: the pieces of the config preprocessor (rv/preprocess.hpp) that its files share: the
// macro table and run state (preprocess.cpp drives it), the macro expander
// (preprocess_macros.cpp) and the expression evaluators for #if and __EVAL (preprocess_eval.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rv/error.hpp"
#include "rv/memory_budget.hpp"
#include "rv/preprocess.hpp"

namespace rv::pp {

// Thrown inside the preprocessor and turned into the returned error at the entry point, which
// adds the file, line and include chain from RunState::frames (still as they were at the throw).
struct Failure {
    DiagKind kind;
    std::string what;
};

struct Macro {
    bool functionLike = false;
    std::vector<std::string> params;
    std::string body;  // trimmed, continuations joined, comments removed
    // Set while the macro's own expansion is being scanned, in which it does not expand again.
    // (A failure leaves it set, but then the whole run and its table are dropped.)
    bool expanding = false;
};

// A value of the __EVAL / __EXEC subset: a number or a string.
struct EvalValue {
    bool isString = false;
    double number = 0;
    std::string text;
};

// One file being read: its path as __FILE__ gives it, its index in PreprocessedText::files, and
// the line being handled (1-based).
struct Frame {
    std::string path;
    uint32_t fileIndex = 0;
    uint32_t line = 0;
};

// What one preprocess() call shares between its parts.
class RunState {
public:
    explicit RunState(MemoryBudget& budget) : budget_(budget) {}

    std::unordered_map<std::string, Macro> macros;
    std::map<std::string, EvalValue> execVariables;  // set by __EXEC, read by __EVAL
    std::vector<Frame> frames;                       // the include chain, innermost last
    std::vector<Warning> warnings;
    uint32_t counter = 0;  // __COUNTER__
    uint64_t expansions = 0;
    uint64_t maxExpansions = kPreprocessMaxExpansions;

    // Charges `bytes` of text written (by expansion or to the output); throws MemoryLimit.
    void chargeWritten(uint64_t bytes);
    // Gives back what was charged beyond `keep` bytes (the expansion's scratch text, now freed).
    void releaseBeyond(uint64_t keep);
    // "line 3, included from config.cpp line 12": where the run is, for messages.
    std::string position() const;
    // A warning at the current position, about the current file.
    void warn(DiagKind kind, const std::string& what);
    // The warnings, with one more saying how many were left out beyond the cap.
    std::vector<Warning> finishWarnings();
    const Frame& frame() const { return frames.back(); }
    uint64_t charged() const { return charged_; }

private:
    MemoryBudget& budget_;
    uint64_t written_ = 0;
    uint64_t charged_ = 0;
    uint32_t warningsLeftOut_ = 0;
};

// One logical line: physical lines joined by backslash-newline, by a /* */ comment spanning
// lines, or by a "..." or '...' string spanning lines (hemtt-pp-comment_in_quote), with
// comments removed. `text` keeps the newlines of strings that span lines.
struct LogicalLine {
    std::string text;
    uint32_t firstLine = 0;  // 1-based
    uint32_t lineCount = 0;  // physical lines it covers
};

// Cuts a file's text (CR LF already made LF) into logical lines.
class LineReader {
public:
    explicit LineReader(std::string_view text) : t_(text) {}
    // The next logical line; false at the end. An unclosed /* */ comment throws; a string left
    // open at the end of the file is a warning.
    bool next(LogicalLine& line, RunState& state);

private:
    void skipBlockComment(std::string& text);
    std::string_view t_;
    size_t pos_ = 0;
    uint32_t line_ = 1;
};

// Put around each argument in a substituted macro body (preprocess_macros.cpp); the input's own
// bytes 1 and 2 become spaces when it is read, so they cannot pose as these.
constexpr char kArgumentOpen = '\x01';
constexpr char kArgumentClose = '\x02';
constexpr const char* kMarkers = "\x01\x02";

// Expands macros in one logical line (or a #if expression) into `out`.
void expandText(RunState& state, std::string_view text, std::string& out);

// True when `name` is a built-in (__LINE__, __FILE__, ...): #ifdef sees these as defined.
bool isBuiltinName(std::string_view name);

// Characters of names: [A-Za-z0-9_]; a word starting with a digit is a number, never a macro.
inline bool isWordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
std::string_view trimSpace(std::string_view s);

// The result of an expression: ok with a value, or the reason it is beyond the supported subset.
struct EvalResult {
    bool ok = false;
    EvalValue value;
    std::string problem;
    std::vector<std::string> unknownNames;  // names read as 0 (only when namesAreZero)
};

// Evaluates `expr`: numbers (decimal, 0x hex), "strings", + - * / % with unary - + !,
// comparisons, && ||, parentheses. Names are read from `variables` when given; else, with
// `namesAreZero` (#if), as 0 and listed in unknownNames; else they make the result not ok.
EvalResult evaluateExpression(std::string_view expr, const std::map<std::string, EvalValue>* variables,
                              bool namesAreZero);
// __EXEC's subset: `name = expr` assignments separated by ';'. False (nothing assigned) when a
// part is beyond the subset; `problem` says why.
bool executeAssignments(std::string_view text, std::map<std::string, EvalValue>& variables, std::string& problem);
// How an __EVAL result appears in the text: a number as an integer when it is one, else in
// shortest round-trip form; a string quoted.
std::string renderEvalValue(const EvalValue& v);

}  // namespace rv::pp
