// The config preprocessor's run state (budget, positions, warnings) and its line reader, which
// joins continuations and removes comments before any directive or macro is looked at.
#include <string>

#include "config/preprocess_internal.hpp"
#include "core/diagnostics.hpp"
#include "core/work_meter.hpp"

namespace rv::pp {
namespace {

// Written text is charged in steps of this size, so the atomic budget is touched rarely.
constexpr uint64_t kChargeStep = 64 * 1024;
// A run keeps at most this many warnings; the rest are counted into one more.
constexpr size_t kMaxWarnings = kMaxWarningsPerKind;  // the project's cap (core/diagnostics.hpp)

}  // namespace

void RunState::chargeWritten(uint64_t bytes) {
    written_ += bytes;
    if (written_ <= charged_) return;
    const uint64_t step = std::max(kChargeStep, written_ - charged_);
    if (!budget_.tryCharge(step))
        throw Failure{DiagKind::MemoryLimit, budget_.overMessage("the preprocessed text (macro expansion)", step)};
    charged_ += step;
}

void RunState::releaseBeyond(uint64_t keep) {
    if (charged_ > keep) budget_.release(charged_ - keep);
    charged_ = std::min(charged_, keep);
    written_ = charged_;
}

std::string RunState::position() const {
    if (frames.empty()) return "the caller's defines";
    std::string p = "line " + std::to_string(frames.back().line);
    for (size_t i = frames.size() - 1; i-- > 0;)
        p += ", included from " + frames[i].path + " line " + std::to_string(frames[i].line);
    return p;
}

void RunState::warn(DiagKind kind, const std::string& what) {
    Warning w = makeWarning(kind, position() + ": " + what);
    if (!frames.empty()) w.source = frames.back().path;
    if (!warnings.empty() && warnings.back().kind == kind && warnings.back().message == w.message &&
        warnings.back().source == w.source) {
        ++warnings.back().count;  // the same macro used many times on one line
        return;
    }
    if (warnings.size() >= kMaxWarnings) {
        ++warningsLeftOut_;
        return;
    }
    warnings.push_back(std::move(w));
}

std::vector<Warning> RunState::finishWarnings() {
    std::vector<Warning> all = std::move(warnings);
    if (warningsLeftOut_ > 0) {
        Warning more = makeWarning(DiagKind::UnknownRecord,
                                   "and " + std::to_string(warningsLeftOut_) + " more preprocessor warnings");
        more.count = warningsLeftOut_;
        all.push_back(std::move(more));
    }
    return all;
}

void LineReader::skipBlockComment(std::string& text) {
    const size_t end = t_.find("*/", pos_ + 2);
    if (end == std::string_view::npos)
        throw Failure{DiagKind::Truncated, "a /* comment opened on line " + std::to_string(line_) + " is not closed"};
    for (size_t i = pos_; i < end; ++i) line_ += t_[i] == '\n';
    pos_ = end + 2;
    text += ' ';  // a comment separates what is either side of it
}

bool LineReader::next(LogicalLine& line, RunState& state) {
    if (pos_ >= t_.size()) return false;
    const size_t start = pos_;
    line.text.clear();
    line.firstLine = line_;
    size_t first = pos_;
    while (first < t_.size() && isSpace(t_[first])) ++first;
    // A directive ends at its line's end even inside an unclosed string (`#define Q "`).
    const bool directive = first < t_.size() && t_[first] == '#';
    char quote = 0;
    uint32_t quoteLine = 0;
    bool endedByNewline = false;
    while (pos_ < t_.size()) {
        const char c = t_[pos_];
        const char after = pos_ + 1 < t_.size() ? t_[pos_ + 1] : '\0';
        if (c == '\\' && after == '\n') {
            // Backslash-newline joins lines everywhere, not only in #define (sqfvm-backslash).
            pos_ += 2;
            ++line_;
        } else if (c == '\n') {
            ++pos_;
            ++line_;
            if (!quote || directive) {
                endedByNewline = true;
                break;
            }
            line.text += '\n';  // strings span lines (hemtt-pp-comment_in_quote)
        } else if (quote) {
            line.text += c;
            if (c == quote) quote = 0;
            ++pos_;
        } else if (c == '"' || c == '\'') {
            quote = c;
            quoteLine = line_;
            line.text += c;
            ++pos_;
        } else if (c == '/' && after == '/') {
            while (pos_ < t_.size() && t_[pos_] != '\n') ++pos_;
        } else if (c == '/' && after == '*') {
            skipBlockComment(line.text);
        } else {
            line.text += c;
            ++pos_;
        }
    }
    if (quote && !endedByNewline && !line.text.empty() && line.text.back() == '\n') {
        line.text.pop_back();  // the file's last newline, inside a string left open
        endedByNewline = true;
    }
    line.lineCount = line_ - line.firstLine + (endedByNewline ? 0 : 1);
    if (quote && !directive && pos_ >= t_.size())
        state.warn(DiagKind::Truncated, std::string("a ") + (quote == '"' ? "\"...\"" : "'...'") +
                                            " string opened on line " + std::to_string(quoteLine) +
                                            " is not closed at the end of the file");
    work::count(pos_ - start);
    return true;
}

}  // namespace rv::pp
