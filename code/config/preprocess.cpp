// The config preprocessor's driver (rv/preprocess.hpp): reads each file as logical lines, runs
// the directives, expands the other lines and writes them with their origins. Includes are read
// through the caller's IncludeSource and preprocessed in place, with the same macro table.
#include <algorithm>
#include <new>
#include <string>
#include <unordered_map>

#include "config/preprocess_internal.hpp"

namespace rv {
namespace pp {
namespace {

bool sameFile(const std::string& a, const std::string& b) {
    // Game paths ignore case: a\B.hpp and A\b.hpp are one file.
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string textOf(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // a UTF-8 byte-order mark
    // CR LF becomes LF, so that a continuation's backslash is right before the newline.
    size_t w = 0;
    for (size_t r = 0; r < text.size(); ++r) {
        if (text[r] == '\r' && r + 1 < text.size() && text[r + 1] == '\n') continue;
        text[w++] = text[r] == kArgumentOpen || text[r] == kArgumentClose ? ' ' : text[r];
    }
    text.resize(w);
    return text;
}

class Preprocessor {
public:
    Preprocessor(RunState& s, const PreprocessOptions& pp, PreprocessedText& out) : s_(s), pp_(pp), out_(out) {}

    void defineFromCaller(const std::string& name, const std::string& body) { define(name + " " + body); }
    void runFile(const std::string& text, const std::string& path);

private:
    struct Condition {
        bool active;        // this branch's lines are used
        bool parentActive;  // the lines around the #if are
        bool seenElse;
        uint32_t line;  // of the #if, for the message when it is not closed
    };

    bool active() const { return conditions_.empty() || conditions_.back().active; }
    uint32_t fileIndex(const std::string& path);
    bool runDirective(const LogicalLine& l);
    void define(std::string_view rest);
    void include(std::string_view rest);
    void openCondition(std::string_view directive, std::string_view rest);
    std::string replaceHasInclude(std::string_view condition);
    void elseOrEnd(std::string_view directive, size_t fileBase);
    void emit(std::string_view text, const LogicalLine& l);
    [[noreturn]] void fail(DiagKind kind, const std::string& what) const { throw Failure{kind, what}; }

    RunState& s_;
    const PreprocessOptions& pp_;
    PreprocessedText& out_;
    std::vector<Condition> conditions_;
    std::unordered_map<std::string, uint32_t> fileIndices_;
    std::unordered_map<std::string, bool> hasInclude_;  // (includer, target) -> found
    size_t conditionsBase_ = 0;                         // conditions_ of the files that include the current one
};

uint32_t Preprocessor::fileIndex(const std::string& path) {
    const auto found = fileIndices_.find(path);
    if (found != fileIndices_.end()) return found->second;
    const uint32_t index = uint32_t(out_.files.size());
    out_.files.push_back(path);
    fileIndices_.emplace(path, index);
    return index;
}

void Preprocessor::runFile(const std::string& text, const std::string& path) {
    s_.frames.push_back(Frame{path, fileIndex(path), 0});
    const size_t outerBase = conditionsBase_;
    conditionsBase_ = conditions_.size();
    LineReader reader(text);
    LogicalLine l;
    std::string expanded;
    while (reader.next(l, s_)) {
        s_.frames.back().line = l.firstLine;
        if (runDirective(l)) continue;
        if (!active()) {
            emit({}, l);
            continue;
        }
        expanded.clear();
        expandText(s_, l.text, expanded);
        emit(expanded, l);
    }
    if (conditions_.size() > conditionsBase_) {
        // negative-unterminated_if: the file ends inside a conditional.
        s_.frames.back().line = conditions_.back().line;
        fail(DiagKind::Truncated, "this #if / #ifdef / #ifndef has no #endif before the end of the file");
    }
    conditionsBase_ = outerBase;
    s_.frames.pop_back();
}

// Runs `l` when it is a directive (also in a skipped branch, where only the conditionals
// count); false when it is text. A '#' line with no name after it is text: where
// hemtt-pp-procedural_texture shows it, "#(argb,8,8,3)color(...)" is a value, not a directive.
bool Preprocessor::runDirective(const LogicalLine& l) {
    const std::string_view line = trimSpace(l.text);
    if (line.empty() || line[0] != '#') return false;
    size_t i = 1;
    while (i < line.size() && isSpace(line[i])) ++i;
    size_t end = i;
    while (end < line.size() && isWordChar(line[end])) ++end;
    const std::string_view name = line.substr(i, end - i);
    const std::string_view rest = trimSpace(line.substr(end));
    if (name == "if" || name == "ifdef" || name == "ifndef") {
        openCondition(name, rest);
    } else if (name == "else" || name == "endif") {
        elseOrEnd(name, conditionsBase_);
    } else if (name == "define" || name == "undef" || name == "include") {
        if (active() && name == "define") define(rest);
        if (active() && name == "undef") s_.macros.erase(std::string(rest.substr(0, rest.find_first_of(" \t"))));
        if (active() && name == "include") {
            include(rest);
            return true;  // the included lines stand for this one
        }
    } else if (name.empty()) {
        return false;  // "#(argb,...)", "# i": text
    } else if (active()) {
        // #pragma and the like: Bohemia's tools have none beyond these; the line is left out, as the
        // parser could not read it either.
        s_.warn(DiagKind::UnknownRecord, "#" + std::string(name) + " is no directive the preprocessor knows; skipped");
    }
    emit({}, l);
    return true;
}

void Preprocessor::define(std::string_view rest) {
    size_t end = 0;
    while (end < rest.size() && isWordChar(rest[end])) ++end;
    if (end == 0) fail(DiagKind::BadValue, "#define without a macro name");
    Macro m;
    size_t bodyFrom = end;
    if (end < rest.size() && rest[end] == '(') {  // function-like only when '(' follows the name directly
        const size_t close = rest.find(')', end);
        if (close == std::string_view::npos) fail(DiagKind::BadValue, "the parameter list of #define has no ')'");
        m.functionLike = true;
        const std::string_view list = rest.substr(end + 1, close - end - 1);
        for (size_t from = 0; !trimSpace(list).empty() && from <= list.size();) {
            const size_t comma = std::min(list.find(',', from), list.size());
            const std::string_view param = trimSpace(list.substr(from, comma - from));
            if (param.empty() || !std::all_of(param.begin(), param.end(), isWordChar))
                fail(DiagKind::BadValue, "#define has a parameter that is not a name: '" + std::string(param) + "'");
            m.params.emplace_back(param);
            from = comma + 1;
        }
        bodyFrom = close + 1;
    }
    m.body = std::string(trimSpace(rest.substr(bodyFrom)));
    s_.chargeWritten(end + m.body.size() + 64 * (m.params.size() + 1));
    s_.macros[std::string(rest.substr(0, end))] = std::move(m);  // a redefinition replaces silently
}

void Preprocessor::include(std::string_view rest) {
    const char close = rest.empty() ? '\0' : rest[0] == '"' ? '"' : rest[0] == '<' ? '>' : '\0';
    const size_t end = close ? rest.find(close, 1) : std::string_view::npos;
    if (end == std::string_view::npos) fail(DiagKind::BadValue, "#include needs \"file\" or <file>");
    const std::string target(rest.substr(1, end - 1));
    if (!pp_.includes) fail(DiagKind::CannotRead, "#include \"" + target + "\": no include source was given");
    if (s_.frames.size() > size_t(kPreprocessMaxIncludeDepth))
        fail(DiagKind::BadCount,
             "#include \"" + target + "\" nests deeper than " + std::to_string(kPreprocessMaxIncludeDepth) + " files");
    Result<IncludedFile> file = pp_.includes->read(target, s_.frame().path);
    if (!file) fail(file.error().kind, "#include \"" + target + "\": " + diagnosticLine(file.error()));
    for (const Frame& f : s_.frames)
        if (sameFile(f.path, file->path))
            fail(DiagKind::BadValue, "#include \"" + target + "\" includes " + file->path + " inside itself");
    s_.chargeWritten(file->bytes.size());
    const std::string text = textOf(file->bytes.data(), file->bytes.size());
    file->bytes = {};
    runFile(text, file->path);
}

void Preprocessor::openCondition(std::string_view directive, std::string_view rest) {
    const uint32_t line = s_.frame().line;
    if (!active()) {  // a skipped branch's conditionals only nest
        conditions_.push_back({false, false, false, line});
        return;
    }
    bool value = false;
    if (directive == "if") {
        std::string expanded;
        expandText(s_, replaceHasInclude(rest), expanded);
        const EvalResult r = evaluateExpression(expanded, nullptr, true);
        if (!r.ok || r.value.isString)
            fail(DiagKind::BadValue,
                 "#if " + std::string(rest) + ": " + (r.ok ? "a string is no condition" : r.problem));
        // The engine reads a name that is not a macro as 0 (HEMTT refuses it; Bohemia does not).
        for (const std::string& n : r.unknownNames)
            s_.warn(DiagKind::NameProblem, "#if reads " + n + ", no macro, as 0");
        value = r.value.number != 0;
    } else {
        const std::string name(rest.substr(0, rest.find_first_of(" \t")));
        if (name.empty()) fail(DiagKind::BadValue, "#" + std::string(directive) + " without a macro name");
        const bool defined = s_.macros.count(name) > 0 || isBuiltinName(name);
        value = directive == "ifdef" ? defined : !defined;
    }
    conditions_.push_back({value, true, false, line});
}

// `__has_include("x")` or `__has_include(<x>)` in an #if: 1 when the include source has the
// file, else 0. Bohemia's preprocessor has it (HEMTT refuses it; the corpus README says so).
std::string Preprocessor::replaceHasInclude(std::string_view condition) {
    static constexpr std::string_view kName = "__has_include";
    std::string out;
    size_t from = 0;
    for (size_t at; (at = condition.find(kName, from)) != std::string_view::npos;) {
        out.append(condition.substr(from, at - from));
        size_t i = at + kName.size();
        while (i < condition.size() && isSpace(condition[i])) ++i;
        const char open = i + 1 < condition.size() && condition[i] == '(' ? condition[i + 1] : '\0';
        const size_t close =
            open == '"' || open == '<' ? condition.find(open == '"' ? '"' : '>', i + 2) : std::string_view::npos;
        const size_t paren = close == std::string_view::npos ? close : condition.find(')', close);
        if (paren == std::string_view::npos) fail(DiagKind::BadValue, "__has_include needs (\"file\") or (<file>)");
        const std::string target(condition.substr(i + 2, close - i - 2));
        // Asked once per file and name: a line of many __has_include("big.hpp") reads big.hpp once.
        const auto asked = hasInclude_.try_emplace(s_.frame().path + '\n' + target, false);
        if (asked.second) asked.first->second = pp_.includes && pp_.includes->read(target, s_.frame().path).ok();
        out += asked.first->second ? "1" : "0";
        from = paren + 1;
    }
    out.append(condition.substr(from));
    return out;
}

void Preprocessor::elseOrEnd(std::string_view directive, size_t fileBase) {
    if (conditions_.size() <= fileBase) fail(DiagKind::BadValue, "#" + std::string(directive) + " without #if");
    Condition& c = conditions_.back();
    if (directive == "endif") {
        conditions_.pop_back();
        return;
    }
    if (c.seenElse) fail(DiagKind::BadValue, "a second #else for the #if on line " + std::to_string(c.line));
    c.seenElse = true;
    c.active = c.parentActive && !c.active;
}

// Writes `text` as the output of `l`: one output line per physical line of `l` at least, so
// lineOrigins stays exact (a directive or skipped line becomes an empty line).
void Preprocessor::emit(std::string_view text, const LogicalLine& l) {
    const uint32_t file = s_.frame().fileIndex;
    const uint32_t lastLine = l.firstLine + std::max<uint32_t>(l.lineCount, 1) - 1;
    s_.chargeWritten(text.size() + 1);
    out_.text.append(text.data(), text.size());
    out_.text += '\n';
    uint32_t produced = 1;
    for (char c : text) produced += c == '\n';
    const uint32_t total = std::max(produced, l.lineCount);
    s_.chargeWritten(uint64_t(total - produced) + uint64_t(total) * sizeof(PreprocessedText::LineOrigin));
    out_.text.append(total - produced, '\n');
    for (uint32_t k = 0; k < total; ++k) out_.lineOrigins.push_back({file, std::min(l.firstLine + k, lastLine)});
}

}  // namespace
}  // namespace pp

Result<PreprocessedText> preprocess(const uint8_t* data, size_t size, const std::string& path,
                                    const PreprocessOptions& settings, const Options& options) {
    BudgetScope budget(options.budget, options.memoryLimit);
    pp::RunState state(*budget);
    state.maxExpansions = settings.maxExpansions;
    PreprocessedText out;
    try {
        pp::Preprocessor run(state, settings, out);
        for (const auto& [name, body] : settings.defines) run.defineFromCaller(name, body);
        state.chargeWritten(size);
        run.runFile(pp::textOf(data, size), path);
    } catch (const pp::Failure& f) {
        state.releaseBeyond(0);
        const std::string source = state.frames.empty() ? path : state.frame().path;
        return withSource(makeError(f.kind, state.position() + ": " + f.what), source);
    } catch (const std::bad_alloc&) {
        state.releaseBeyond(0);
        return withSource(makeError(DiagKind::OutOfMemory, "out of memory while preprocessing"), path);
    }
    // What stays charged is what the result holds; the expansion's scratch text is freed.
    state.releaseBeyond(out.text.size() + out.lineOrigins.size() * sizeof(PreprocessedText::LineOrigin));
    out.charged = options.budget ? state.charged() : 0;
    out.warnings = state.finishWarnings();
    for (Warning& w : out.warnings)
        if (w.source.empty()) w.source = path;  // the summary of those left out
    return out;
}

}  // namespace rv
