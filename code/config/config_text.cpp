// The text config reader: config.cpp / .rvmat / .bisurf syntax, after the preprocessor
// (preprocess.cpp; decodeConfig runs it first).
//
//   entry  := 'class' name [':' base] ['{' entry* '}'] ';'  |  'delete' name ';'
//           | name '[' ']' ('=' | '+=') array ';'  |  name '=' value ';'
//   array  := '{' [item (',' item)* [',']] '}'      item := array | string | number | word
//   value  := "string" | 'string' | everything up to ';' or the end of the line (a number
//             when all of it reads as one, else a string: `version = 0.8.0;` is "0.8.0")
//
// Tolerated with a warning, because real files do it: a line starting with '#' that the
// preprocessor left (skipped), and a missing ';' before '}' or the end of
// the file (dayz rod.rvmat and spindle.rvmat end in "}" with no ';'). A UTF-8 byte-order mark is
// skipped silently (the CUP rvmats start with one).
#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

#include "config/config_internal.hpp"
#include "core/work_meter.hpp"

namespace rv::config {
namespace {

bool isNameChar(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || u >= 0x80;
}

}  // namespace

namespace {

// Where line `line` of preprocessed text came from: "line 12", or "script_macros.hpp line 40"
// for an included file's. No column: macros and removed comments moved the text within the line.
std::string sourceLine(const PreprocessedText& pre, size_t line) {
    if (line == 0 || line > pre.lineOrigins.size()) return "line " + std::to_string(line) + " of the preprocessed text";
    const PreprocessedText::LineOrigin& o = pre.lineOrigins[line - 1];
    const std::string where = "line " + std::to_string(o.line);
    return o.file == 0 || o.file >= pre.files.size() ? where : pre.files[o.file] + " " + where;
}

class TextReader {
public:
    TextReader(ByteReader& r, ReadState& s)
        : r_(r), s_(s), text_(reinterpret_cast<const char*>(r.position()), r.remaining()) {}

    ConfigTree read() {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
        ConfigTree t;
        t.format = ConfigFormat::Text;
        readEntries(t.root, 0);
        if (pos_ < text_.size()) fail(DiagKind::BadValue, pos_, "'}' without a class to close");
        warnDuplicateNames(s_, r_, t.root,
                           [this](size_t at, const std::string& what) { warn(DiagKind::NameProblem, at, what); });
        return t;
    }

private:
    // ---- positions and diagnostics ----
    // "line L, column C" of an offset, by binary search in the offsets where lines start, found in
    // one pass at the first message: counting lines from the file's start for every warning was
    // quadratic (a 1.5 MB file of '#a' lines ran over 120 s, issue 29).
    std::string lineColumn(size_t at) {
        if (lineStarts_.empty()) indexLines();
        uint64_t steps = 0;
        const auto after = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), std::min(at, text_.size()),
                                            [&steps](size_t a, size_t b) { return ++steps, a < b; });
        work::count(steps);
        const size_t line = size_t(after - lineStarts_.begin());  // lineStarts_[0] is 0
        if (s_.origins) return sourceLine(*s_.origins, line);
        return "line " + std::to_string(line) + ", column " + std::to_string(at - *(after - 1) + 1);
    }
    void indexLines() {
        size_t lines = 1;
        for (char c : text_) lines += c == '\n';
        chargeMemory(s_, r_, lines * sizeof(size_t));
        lineStarts_.reserve(lines);
        lineStarts_.push_back(0);
        for (size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') lineStarts_.push_back(i + 1);
        work::count(2 * text_.size());
    }
    // Preprocessed text has no offsets in the file the user wrote: its messages give the file
    // and line it came from instead (offset 0).
    [[noreturn]] void fail(DiagKind kind, size_t at, const std::string& what) {
        if (s_.origins) r_.failAtStated(kind, 0, lineColumn(at) + ": " + what);
        r_.failAt(kind, at, lineColumn(at) + ": " + what);
    }
    void warn(DiagKind kind, size_t at, const std::string& what) {
        ByteReader here = r_;
        here.seek(s_.origins ? 0 : at);
        s_.warnings.add(here, kind, lineColumn(at) + ": " + what, s_.origins == nullptr);
    }
    std::string shown(size_t at) const {  // the next character, for messages
        if (at >= text_.size()) return "the end of the file";
        const unsigned char c = static_cast<unsigned char>(text_[at]);
        if (c >= 32 && c < 127) return std::string("'") + char(c) + "'";
        return "byte " + hexOffset(c);
    }

    // ---- lexing ----
    bool atEnd() const { return pos_ >= text_.size(); }
    // A file that ends where more was expected is cut short; anything else there is wrong.
    DiagKind badOrCut() const { return atEnd() ? DiagKind::Truncated : DiagKind::BadValue; }
    char peek() const { return atEnd() ? '\0' : text_[pos_]; }

    // Whitespace and comments; a NUL byte means the file is not text at all.
    void skipSpace() {
        while (!atEnd()) {
            const char c = text_[pos_];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
                ++pos_;
            } else if (text_.compare(pos_, 2, "//") == 0) {
                while (!atEnd() && text_[pos_] != '\n') ++pos_;
            } else if (text_.compare(pos_, 2, "/*") == 0) {
                const size_t close = text_.find("*/", pos_ + 2);
                if (close == std::string_view::npos) fail(DiagKind::Truncated, pos_, "comment '/*' is never closed");
                pos_ = close + 2;
            } else if (c == '\0') {
                fail(DiagKind::BadValue, pos_, "NUL byte in a text config");
            } else {
                return;
            }
        }
    }

    // A class name may also hold '-' after its first character: Bohemia's tools accept it
    // (DayZ Epoch's zombie model.cfg: `class zombie_kneelFeeding3_109-308 : ArmaMan {};`).
    std::string name(const char* what, bool dashes = false) {
        skipSpace();
        const size_t start = pos_;
        while (!atEnd() && (isNameChar(text_[pos_]) || (dashes && pos_ > start && text_[pos_] == '-'))) ++pos_;
        if (pos_ == start) fail(badOrCut(), start, std::string("expected ") + what + ", found " + shown(start));
        return std::string(text_.substr(start, pos_ - start));
    }

    bool accept(char c) {
        skipSpace();
        if (peek() != c) return false;
        ++pos_;
        return true;
    }
    void expect(char c, const char* context) {
        if (!accept(c))
            fail(badOrCut(), pos_, std::string("expected '") + c + "' " + context + ", found " + shown(pos_));
    }

    // "..." or '...'; a doubled quote stands for one.
    std::string quoted() {
        const char q = text_[pos_];
        const size_t start = pos_++;
        std::string out;
        for (;;) {
            if (atEnd()) fail(DiagKind::Truncated, start, "string runs past the end of the file");
            const char c = text_[pos_++];
            if (c == '\0') fail(DiagKind::BadValue, pos_ - 1, "NUL byte in a string");
            if (c != q) {
                out += c;
            } else if (peek() == q) {
                out += q;
                ++pos_;
            } else {
                return out;
            }
        }
    }

    // Strings joined by a bare \n between them: `"a" \n "b"` is "a<newline>b", as CfgConvert writes
    // it (corpus cfgconvert-cba_multiline; CBA's multi-line descriptions).
    std::string joinedStrings() {
        std::string out = quoted();
        for (;;) {
            const size_t back = pos_;
            skipSpace();
            if (text_.compare(pos_, 2, "\\n") != 0) return pos_ = back, out;
            pos_ += 2;
            skipSpace();
            if (peek() != '"' && peek() != '\'') return pos_ = back, out;
            out += '\n';
            out += quoted();
        }
    }

    // An unquoted word: up to one of `stops`, a comment, a line end or the end; spaces trimmed.
    std::string_view word(const char* stops) {
        const size_t start = pos_;
        for (; !atEnd(); ++pos_) {
            const char c = text_[pos_];
            if (c == '\0') fail(DiagKind::BadValue, pos_, "NUL byte in a text config");
            if (c == '\n' || c == '\r' || std::strchr(stops, c)) break;
            if (c == '/' && (text_.compare(pos_, 2, "//") == 0 || text_.compare(pos_, 2, "/*") == 0)) break;
        }
        std::string_view w = text_.substr(start, pos_ - start);
        while (!w.empty() && (w.back() == ' ' || w.back() == '\t')) w.remove_suffix(1);
        return w;
    }

    ConfigValue scalar(const char* stops, const char* what) {
        skipSpace();
        const size_t at = pos_;
        ConfigValue v;
        if (peek() == '"' || peek() == '\'') {
            v = ConfigValue::string(joinedStrings());
        } else {
            const std::string_view w = word(stops);
            if (w.empty()) fail(badOrCut(), at, std::string("expected ") + what + ", found " + shown(at));
            v = wordValue(w);
        }
        chargeMemory(s_, r_, sizeof(ConfigValue) + v.text.size());
        return v;
    }

    // ---- entries ----
    // The ';' closing a statement; missing before '}' or the end it is tolerated (real files).
    void endStatement(const char* what) {
        skipSpace();
        if (accept(';')) return;
        if (atEnd() || peek() == '}') {
            warn(DiagKind::EndsEarly, pos_, std::string("missing ';' after ") + what);
            return;
        }
        fail(DiagKind::BadValue, pos_, std::string("expected ';' after ") + what + ", found " + shown(pos_));
    }

    void skipDirective() {
        const size_t start = pos_;
        while (!atEnd() && text_[pos_] != '\n') {
            if (text_[pos_] == '\\' && text_.compare(pos_ + 1, 1, "\n") == 0)
                ++pos_;
            else if (text_[pos_] == '\\' && text_.compare(pos_ + 1, 2, "\r\n") == 0)
                pos_ += 2;
            ++pos_;
        }
        std::string_view line = text_.substr(start, pos_ - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (line.size() > 80) line = line.substr(0, 80);
        warn(DiagKind::UnknownRecord, start,
             "line '" + std::string(line) + "' skipped: no config entry starts with '#'");
    }

    void readEntries(ConfigEntry& cls, int depth) {
        for (;;) {
            skipSpace();
            if (atEnd() || peek() == '}') return;
            if (peek() == '#') {
                skipDirective();
            } else if (peek() == ';') {
                ++pos_;  // a stray ';' ("};;") is harmless
            } else {
                readEntry(cls, depth);
            }
        }
    }

    void readEntry(ConfigEntry& cls, int depth) {
        ConfigEntry e;
        e.offset = pos_;
        std::string first = name("a name, 'class' or 'delete'");
        chargeMemory(s_, r_, sizeof(ConfigEntry) + first.size());
        skipSpace();
        if ((first == "class" || first == "delete") && isNameChar(peek())) {
            e.name = name("a class name", true);
            if (first == "class")
                readClass(e, depth);
            else
                e.kind = ConfigEntryKind::Delete;
            endStatement(first == "class" ? "a class" : "a delete statement");
        } else {
            e.name = std::move(first);
            readAssignment(e);
        }
        cls.entries.push_back(std::move(e));
    }

    void readClass(ConfigEntry& e, int depth) {
        if (accept(':')) e.base = name("a base class name", true);
        if (!accept('{')) {
            e.kind = ConfigEntryKind::External;  // `class X;` (or `class X: Y;`, kept with its base)
            return;
        }
        if (depth + 1 > kConfigMaxDepth)
            fail(DiagKind::BadCount, e.offset,
                 "classes nested deeper than " + std::to_string(kConfigMaxDepth) + " levels");
        e.kind = ConfigEntryKind::Class;
        NameScope scope(s_, "class", e.name);
        readEntries(e, depth + 1);
        expect('}', ("closing class " + e.name).c_str());
        warnDuplicateNames(s_, r_, e,
                           [this](size_t at, const std::string& what) { warn(DiagKind::NameProblem, at, what); });
    }

    void readAssignment(ConfigEntry& e) {
        const bool bracketed = accept('[');
        if (bracketed) expect(']', "after '['");
        skipSpace();
        if (bracketed && text_.compare(pos_, 2, "+=") == 0) {
            pos_ += 2;
            e.kind = ConfigEntryKind::ArrayAppend;
        } else {
            if (peek() == '(')
                fail(DiagKind::BadValue, pos_,
                     "expected '=' after " + e.name +
                         ", found '(': a macro call needs a preprocessor, which rvimport does not have");
            expect('=', ("after " + e.name).c_str());
            e.kind = bracketed ? ConfigEntryKind::Array : ConfigEntryKind::Value;
        }
        skipSpace();
        if (peek() == '{') {
            e.kind = e.kind == ConfigEntryKind::Value ? ConfigEntryKind::Array : e.kind;  // `x = {..}`
            e.value = array(0);
        } else if (bracketed) {
            fail(badOrCut(), pos_, "expected '{' for array " + e.name + ", found " + shown(pos_));
        } else {
            e.value = scalar(";}", "a value");
        }
        endStatement(("the value of " + e.name).c_str());
    }

    ConfigValue array(int depth) {
        const size_t at = pos_;
        if (depth + 1 > kConfigMaxDepth)
            fail(DiagKind::BadCount, at, "arrays nested deeper than " + std::to_string(kConfigMaxDepth) + " levels");
        ++pos_;  // '{'
        ConfigValue a = ConfigValue::array({});
        chargeMemory(s_, r_, sizeof(ConfigValue));
        for (;;) {
            skipSpace();
            if (accept('}')) return a;
            if (peek() == '{')
                a.items.push_back(array(depth + 1));
            else
                a.items.push_back(scalar(",}", "an array item"));
            skipSpace();
            if (accept(',')) continue;
            if (accept('}')) return a;
            if (atEnd()) fail(DiagKind::Truncated, at, "array is never closed");
            fail(DiagKind::BadValue, pos_, "expected ',' or '}' in an array, found " + shown(pos_));
        }
    }

    ByteReader& r_;
    ReadState& s_;
    std::string_view text_;
    size_t pos_ = 0;
    std::vector<size_t> lineStarts_;  // filled by the first message (indexLines)
};

}  // namespace

ConfigTree readTextConfig(ByteReader& r, ReadState& s) {
    TextReader reader(r, s);
    return reader.read();
}

}  // namespace rv::config
