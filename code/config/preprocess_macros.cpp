// Macro expansion for the config preprocessor (rv/preprocess.hpp).
//
// Text is expanded, not tokenised: a scan copies it to the output, replacing each name that is a
// macro. A function-like macro's arguments are expanded first (so QUOTE(TEST) gives "123" when
// TEST is 123, as hemtt-pp-quote shows), put into its body (#param quoted, ## kept), and the
// result is scanned again with the macro switched off, so a macro never expands inside its own
// expansion. Every byte written, at every level, is charged to the budget, which bounds both the
// memory and the work of a macro bomb; nesting is capped at kPreprocessMaxExpansionDepth.
//
// An argument put into a body is wrapped in kArgumentOpen / kArgumentClose, and a call found in
// the rescan does not split at commas inside those: where hemtt-pp-sqf (CBA's ERROR_2) shows it,
// ERROR(FORMAT_2(m,a,b)) passes `format[m, a, b]` on to LOG_SYS('ERROR',MESSAGE) as one argument,
// although a call written with `[a, b]` in it splits there. The markers never reach the output.
#include <algorithm>
#include <string>

#include "config/preprocess_internal.hpp"
#include "core/work_meter.hpp"

namespace rv::pp {

std::string_view trimSpace(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && (isSpace(s[b]) || s[b] == '\n')) ++b;
    while (e > b && (isSpace(s[e - 1]) || s[e - 1] == '\n')) --e;
    return s.substr(b, e - b);
}

bool isBuiltinName(std::string_view name) {
    return name == "__LINE__" || name == "__FILE__" || name == "__FILE_NAME__" || name == "__FILE_SHORT__" ||
           name == "__COUNTER__" || name == "__COUNTER_RESET__" || name == "__ARMA__" || name == "__ARMA3__";
}

namespace {

// The end of the "..." or '...' string that starts at `i` (one past its closing quote, or the
// end of the text when it is not closed). A doubled quote ("") is two strings back to back,
// which copies the same.
size_t stringEnd(std::string_view text, size_t i) {
    const char quote = text[i];
    const size_t close = text.find(quote, i + 1);
    return close == std::string_view::npos ? text.size() : close + 1;
}

bool isMarker(char c) { return c == kArgumentOpen || c == kArgumentClose; }

size_t wordEnd(std::string_view text, size_t i) {
    while (i < text.size() && isWordChar(text[i])) ++i;
    return i;
}

class Expander {
public:
    explicit Expander(RunState& state) : s_(state) {}

    void expand(std::string_view text, std::string& out, int depth);

private:
    // Appends `piece` without argument markers (to the output).
    void write(std::string& out, std::string_view piece) {
        for (size_t from = 0; from < piece.size();) {
            const size_t marker = std::min(piece.find_first_of(kMarkers, from), piece.size());
            writeRaw(out, piece.substr(from, marker - from));
            from = marker + 1;
        }
    }
    // Appends `piece` as it is (to a body that is scanned again).
    void writeRaw(std::string& out, std::string_view piece) {
        out.append(piece.data(), piece.size());
        s_.chargeWritten(piece.size());
    }
    // Expands `text` with `m` switched off.
    void expandWithin(Macro& m, std::string_view text, std::string& out, int depth) {
        m.expanding = true;
        expand(text, out, depth);
        m.expanding = false;
    }
    // A name at text[i..end): writes its expansion and returns where the scan goes on.
    size_t expandName(std::string_view text, size_t i, size_t end, std::string& out, int depth);
    bool writeBuiltin(std::string_view name, std::string& out);
    size_t expandEval(std::string_view text, std::string_view name, size_t open, std::string& out, int depth);
    // The arguments of a call whose '(' is at `open`; returns one past the ')'.
    size_t splitArguments(std::string_view text, size_t open, std::string_view name,
                          std::vector<std::string_view>& args) const;
    std::string substitute(const Macro& m, const std::vector<std::string>& args);
    [[noreturn]] void fail(DiagKind kind, const std::string& what) const { throw Failure{kind, what}; }

    RunState& s_;
};

void Expander::expand(std::string_view text, std::string& out, int depth) {
    if (depth > kPreprocessMaxExpansionDepth)
        fail(DiagKind::BadCount,
             "macro expansion nests deeper than " + std::to_string(kPreprocessMaxExpansionDepth) + " levels");
    work::count(text.size());
    bool inSingleQuotes = false;
    size_t i = 0, plainFrom = 0;
    while (i < text.size()) {
        const char c = text[i];
        const bool nameStart = isWordChar(c) && !(c >= '0' && c <= '9');
        const bool join = c == '#' && !inSingleQuotes && i + 1 < text.size() && text[i + 1] == '#';
        if (c == '"' && !inSingleQuotes) {
            // Where hemtt-pp-ignore_quoted shows it: nothing expands inside "...".
            i = stringEnd(text, i);
            continue;
        }
        if (c == '\'') inSingleQuotes = !inSingleQuotes;  // '...' is expanded, only # stays literal
        if (!nameStart && !join) {
            i = isWordChar(c) ? wordEnd(text, i) : i + 1;  // a number's letters (0x1C) are no name
            continue;
        }
        write(out, text.substr(plainFrom, i - plainFrom));
        if (join) {
            // `##` joins what is either side of it, each side expanded on its own: `A##B` gives
            // 12 when A is 1 and B is 2, even outside a macro body (hemtt-pp-join_digit).
            while (!out.empty() && isSpace(out.back())) out.pop_back();
            i += 2;
            while (i < text.size() && isSpace(text[i])) ++i;
        } else {
            i = expandName(text, i, wordEnd(text, i), out, depth);
        }
        plainFrom = i;
    }
    write(out, text.substr(plainFrom));
}

size_t Expander::expandName(std::string_view text, size_t i, size_t end, std::string& out, int depth) {
    const std::string name(text.substr(i, end - i));
    const auto found = s_.macros.find(name);
    Macro* m = found == s_.macros.end() ? nullptr : &found->second;
    size_t open = end;  // an argument's name followed by the body's '(' is a call (APPLY(f) f(1))
    while (open < text.size() && isMarker(text[open])) ++open;
    const bool call = open < text.size() && text[open] == '(';
    if (!m || m->expanding) {
        if (!m && call && (name == "__EVAL" || name == "__EXEC")) return expandEval(text, name, open, out, depth);
        if (!m && writeBuiltin(name, out)) return end;
        write(out, name);
        return end;
    }
    if (++s_.expansions > s_.maxExpansions)
        fail(DiagKind::BadCount, "more than " + std::to_string(s_.maxExpansions) + " macro expansions");
    if (!m->functionLike) {
        expandWithin(*m, m->body, out, depth + 1);
        return end;
    }
    // Where sqfvm-define_macro_callable_0 shows it: a function-like name without '(' stays as
    // written. The '(' must follow the name directly.
    if (!call) {
        write(out, name);
        return end;
    }
    std::vector<std::string_view> rawArgs;
    const size_t after = splitArguments(text, open, name, rawArgs);
    // NAME() is a call with no arguments for a macro of none, and one empty argument otherwise.
    if (m->params.empty() && rawArgs.size() == 1 && trimSpace(rawArgs[0]).empty()) rawArgs.clear();
    // Too many arguments is an error in the engine ("too many macro arguments") and in HEMTT
    // (negative-argument_count). Too few is refused too: HEMTT reports any wrong count, and
    // filling the missing ones with nothing would silently change the config.
    if (rawArgs.size() != m->params.size())
        fail(DiagKind::BadCount, "macro " + name + " takes " + std::to_string(m->params.size()) +
                                     " argument(s) but is given " + std::to_string(rawArgs.size()));
    std::vector<std::string> args(rawArgs.size());
    for (size_t a = 0; a < rawArgs.size(); ++a) expand(trimSpace(rawArgs[a]), args[a], depth + 1);
    expandWithin(*m, substitute(*m, args), out, depth + 1);
    return after;
}

size_t Expander::splitArguments(std::string_view text, size_t open, std::string_view name,
                                std::vector<std::string_view>& args) const {
    // Only parentheses nest. Commas inside [] or {} split arguments, as in the engine: that is
    // why CBA has ARR_2(a,b) for `[a, b]` inside QUOTE(...) (the corpus has no call that shows
    // either way). "..." and '...' strings keep their commas (hemtt-pp-ignore_quoted).
    int nesting = 0, inArgument = 0;
    size_t from = open + 1;
    for (size_t i = open + 1; i < text.size();) {
        const char c = text[i];
        if (c == '"' || c == '\'') {
            i = stringEnd(text, i);
            continue;
        }
        if (c == kArgumentOpen) ++inArgument;
        if (c == kArgumentClose) inArgument = std::max(0, inArgument - 1);
        if (c == '(') ++nesting;
        if (c == ')' && nesting-- == 0) {
            args.push_back(text.substr(from, i - from));
            work::count(i - open);
            return i + 1;
        }
        if (c == ',' && nesting == 0 && inArgument == 0) {
            args.push_back(text.substr(from, i - from));
            from = i + 1;
        }
        ++i;
    }
    fail(DiagKind::Truncated, "the call of macro " + std::string(name) + " has no closing ')' on its line");
}

std::string Expander::substitute(const Macro& m, const std::vector<std::string>& args) {
    const std::string_view body = m.body;
    std::string out;
    auto paramAt = [&](size_t i, size_t end) -> int {
        for (size_t p = 0; p < m.params.size(); ++p)
            if (body.substr(i, end - i) == m.params[p]) return int(p);
        return -1;
    };
    size_t i = 0;
    while (i < body.size()) {
        const char c = body[i];
        if (c == '"') {  // no parameters inside "..." in a body either
            const size_t e = stringEnd(body, i);
            writeRaw(out, body.substr(i, e - i));
            i = e;
        } else if (c == '#' && i + 1 < body.size() && body[i + 1] == '#') {
            writeRaw(out, "##");  // joined when the result is scanned again
            i += 2;
        } else if (c == '#') {
            // Stringize only with the parameter right after the '#': `arr # i` is SQF's select
            // operator, written with spaces, and a '#' before no parameter stays
            // (IS_ADMIN_SYS(#) in hemtt-pp-cba_is_admin).
            const size_t j = i + 1, e = wordEnd(body, j);
            const int p = e > j ? paramAt(j, e) : -1;
            if (p < 0) {
                writeRaw(out, "#");
                ++i;
                continue;
            }
            writeRaw(out, "\"");
            writeRaw(out, trimSpace(args[size_t(p)]));
            writeRaw(out, "\"");
            i = e;
        } else if (isWordChar(c)) {
            const size_t e = wordEnd(body, i);
            const int p = paramAt(i, e);
            if (p < 0) {
                writeRaw(out, body.substr(i, e - i));
            } else if (!args[size_t(p)].empty()) {
                writeRaw(out, std::string_view(&kArgumentOpen, 1));
                writeRaw(out, args[size_t(p)]);
                writeRaw(out, std::string_view(&kArgumentClose, 1));
            }
            i = e;
        } else {
            writeRaw(out, body.substr(i, 1));
            ++i;
        }
    }
    return out;
}

bool Expander::writeBuiltin(std::string_view name, std::string& out) {
    if (name.size() < 7 || name[0] != '_' || name[1] != '_') return false;
    const std::string& path = s_.frame().path;
    const size_t slash = path.find_last_of("\\/");
    const std::string fileName = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string value;
    if (name == "__LINE__") {
        value = std::to_string(s_.frame().line);
    } else if (name == "__FILE__") {
        // The root-relative path with backslashes and no leading one: the engine's form in
        // engine-cba-accessory-builtins (HEMTT writes "\source.hpp").
        value = "\"" + path + "\"";
    } else if (name == "__FILE_NAME__") {
        value = "\"" + fileName + "\"";
    } else if (name == "__FILE_SHORT__") {
        value = "\"" + fileName.substr(0, fileName.rfind('.')) + "\"";  // "config" for config.cpp
    } else if (name == "__COUNTER__") {
        value = std::to_string(s_.counter++);
    } else if (name == "__COUNTER_RESET__") {
        s_.counter = 0;  // expands to nothing (hemtt-pp-define_builtin)
    } else if (name == "__ARMA__" || name == "__ARMA3__") {
        value = "1";
    } else {
        return false;
    }
    write(out, value);
    return true;
}

size_t Expander::expandEval(std::string_view text, std::string_view name, size_t open, std::string& out, int depth) {
    // The whole parenthesised text is one expression: its commas do not split.
    int nesting = 0;
    size_t close = open;
    for (size_t i = open; i < text.size() && close == open;) {
        if (text[i] == '"' || text[i] == '\'') {
            i = stringEnd(text, i);
            continue;
        }
        if (text[i] == '(') ++nesting;
        if (text[i] == ')' && --nesting == 0) close = i;
        ++i;
    }
    if (close == open) fail(DiagKind::Truncated, std::string(name) + " has no closing ')' on its line");
    std::string inner;
    expand(text.substr(open + 1, close - open - 1), inner, depth + 1);
    std::string problem;
    if (name == "__EXEC") {
        if (executeAssignments(inner, s_.execVariables, problem)) return close + 1;
    } else {
        const EvalResult r = evaluateExpression(inner, &s_.execVariables, false);
        if (r.ok) {
            write(out, renderEvalValue(r.value));
            return close + 1;
        }
        problem = r.problem;
    }
    // Beyond the subset (hemtt-rapify-eval's `getResolution select 0`): kept for the game.
    s_.warn(DiagKind::UnknownRecord, std::string(name) + "(" + inner + ") is kept as written: " + problem);
    write(out, name);
    write(out, "(" + inner + ")");
    return close + 1;
}

}  // namespace

void expandText(RunState& state, std::string_view text, std::string& out) {
    Expander expander(state);
    expander.expand(text, out, 0);
}

}  // namespace rv::pp
