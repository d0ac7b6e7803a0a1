// Expressions of the config preprocessor: #if conditions and the arithmetic subset of __EVAL and
// __EXEC that configs use. Numbers are doubles, as the engine's are, so `16 < -18` is false
// (hemtt-pp-if_digits) and __EVAL(1/2) is 0.5. Anything beyond the subset (SQF commands such as
// `getResolution select 0`) is reported as a problem, never guessed at.
#include <charconv>
#include <cmath>
#include <string>

#include "config/preprocess_internal.hpp"
#include "core/work_meter.hpp"

namespace rv::pp {
namespace {

constexpr int kMaxExpressionNesting = 64;

class ExpressionReader {
public:
    ExpressionReader(std::string_view text, const std::map<std::string, EvalValue>* variables, bool namesAreZero)
        : t_(text), variables_(variables), namesAreZero_(namesAreZero) {}

    EvalResult read() {
        EvalResult r;
        r.value = orExpression(0);
        skipSpace();
        if (problem_.empty() && pos_ < t_.size()) setProblem("unexpected '" + std::string(1, t_[pos_]) + "'");
        r.ok = problem_.empty();
        r.problem = problem_;
        r.unknownNames = std::move(unknownNames_);
        work::count(t_.size());
        return r;
    }

private:
    void setProblem(const std::string& p) {
        if (problem_.empty()) problem_ = p;
    }
    bool failed() const { return !problem_.empty(); }
    void skipSpace() {
        while (pos_ < t_.size() && (isSpace(t_[pos_]) || t_[pos_] == '\n')) ++pos_;
    }
    // Takes `op` when it comes next (and is not the start of a longer operator `also`).
    bool take(std::string_view op, char notFollowedBy = '\0') {
        skipSpace();
        if (t_.substr(pos_, op.size()) != op) return false;
        if (notFollowedBy && pos_ + op.size() < t_.size() && t_[pos_ + op.size()] == notFollowedBy) return false;
        pos_ += op.size();
        return true;
    }
    static EvalValue number(double d) {
        EvalValue v;
        v.number = d;
        return v;
    }
    bool bothNumbers(const EvalValue& a, const EvalValue& b, const char* op) {
        if (!a.isString && !b.isString) return true;
        setProblem(std::string("'") + op + "' on a string");
        return false;
    }

    EvalValue orExpression(int depth) {
        EvalValue v = andExpression(depth);
        while (!failed() && take("||")) {
            const EvalValue r = andExpression(depth);
            if (bothNumbers(v, r, "||")) v = number(v.number != 0 || r.number != 0);
        }
        return v;
    }
    EvalValue andExpression(int depth) {
        EvalValue v = comparison(depth);
        while (!failed() && take("&&")) {
            const EvalValue r = comparison(depth);
            if (bothNumbers(v, r, "&&")) v = number(v.number != 0 && r.number != 0);
        }
        return v;
    }
    EvalValue comparison(int depth) {
        EvalValue v = sum(depth);
        while (!failed()) {
            std::string_view op;
            for (std::string_view o : {"==", "!=", "<=", ">=", "<", ">"})
                if (take(o)) {
                    op = o;
                    break;
                }
            if (op.empty()) break;
            const EvalValue r = sum(depth);
            if (op == "==" || op == "!=") {
                const bool same = v.isString == r.isString && (v.isString ? v.text == r.text : v.number == r.number);
                v = number(same == (op == "=="));
            } else if (bothNumbers(v, r, "comparison")) {
                const double a = v.number, b = r.number;
                v = number(op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b);
            }
        }
        return v;
    }
    EvalValue sum(int depth) {
        EvalValue v = product(depth);
        while (!failed()) {
            const bool plus = take("+");
            if (!plus && !take("-")) break;
            const EvalValue r = product(depth);
            if (plus && v.isString && r.isString) {
                v.text += r.text;  // strings join with + in __EVAL
            } else if (bothNumbers(v, r, plus ? "+" : "-")) {
                v = number(plus ? v.number + r.number : v.number - r.number);
            }
        }
        return v;
    }
    EvalValue product(int depth) {
        EvalValue v = unary(depth);
        while (!failed()) {
            const char op = take("*") ? '*' : take("/") ? '/' : take("%") ? '%' : '\0';
            if (!op) break;
            const EvalValue r = unary(depth);
            if (!bothNumbers(v, r, op == '*' ? "*" : op == '/' ? "/" : "%")) break;
            if (op != '*' && r.number == 0) {
                setProblem("division by zero");
                break;
            }
            v = number(op == '*'   ? v.number * r.number
                       : op == '/' ? v.number / r.number
                                   : std::fmod(v.number, r.number));
        }
        return v;
    }
    EvalValue unary(int depth) {
        if (depth > kMaxExpressionNesting) {
            setProblem("the expression nests too deeply");
            return {};
        }
        if (take("-")) return negate(unary(depth + 1), -1);
        if (take("+")) return negate(unary(depth + 1), 1);
        if (take("!", '=')) {
            const EvalValue v = unary(depth + 1);
            return bothNumbers(v, v, "!") ? number(v.number == 0) : v;
        }
        return primary(depth);
    }
    EvalValue negate(EvalValue v, double sign) {
        if (bothNumbers(v, v, "unary sign")) v.number *= sign;
        return v;
    }
    EvalValue primary(int depth) {
        skipSpace();
        if (pos_ >= t_.size()) {
            setProblem("the expression ends early");
            return {};
        }
        const char c = t_[pos_];
        if (c == '(') {
            ++pos_;
            EvalValue v = orExpression(depth + 1);
            if (!take(")")) setProblem("missing ')'");
            return v;
        }
        if (c == '"' || c == '\'') return quoted(c);
        if (c >= '0' && c <= '9') return numberLiteral();
        if (isWordChar(c)) return name();
        setProblem("unexpected '" + std::string(1, c) + "'");
        return {};
    }
    EvalValue quoted(char quote) {
        EvalValue v;
        v.isString = true;
        for (++pos_; pos_ < t_.size(); ++pos_) {
            if (t_[pos_] != quote) {
                v.text += t_[pos_];
            } else if (pos_ + 1 < t_.size() && t_[pos_ + 1] == quote) {
                v.text += quote;  // "" inside "..." is one quote
                ++pos_;
            } else {
                ++pos_;
                return v;
            }
        }
        setProblem("a string is not closed");
        return v;
    }
    EvalValue numberLiteral() {
        size_t end = pos_;
        while (end < t_.size() && (isWordChar(t_[end]) || t_[end] == '.')) ++end;
        const std::string_view s = t_.substr(pos_, end - pos_);
        double d = 0;
        bool ok = false;
        if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            uint64_t u = 0;
            const auto res = std::from_chars(s.data() + 2, s.data() + s.size(), u, 16);
            ok = res.ec == std::errc() && res.ptr == s.data() + s.size();
            d = double(u);
        } else {
            if (end < t_.size() && (t_[end] == '+' || t_[end] == '-') && (s.back() == 'e' || s.back() == 'E')) {
                ++end;  // 1e+5: the exponent's sign
                while (end < t_.size() && t_[end] >= '0' && t_[end] <= '9') ++end;
            }
            const std::string_view full = t_.substr(pos_, end - pos_);
            const auto res = std::from_chars(full.data(), full.data() + full.size(), d);
            ok = res.ec == std::errc() && res.ptr == full.data() + full.size();
        }
        if (!ok) setProblem("'" + std::string(t_.substr(pos_, end - pos_)) + "' is not a number");
        pos_ = end;
        return number(d);
    }
    EvalValue name() {
        size_t end = pos_;
        while (end < t_.size() && isWordChar(t_[end])) ++end;
        const std::string n(t_.substr(pos_, end - pos_));
        pos_ = end;
        if (variables_) {
            const auto found = variables_->find(n);
            if (found != variables_->end()) return found->second;
        }
        if (namesAreZero_) {
            unknownNames_.push_back(n);
            return number(0);
        }
        setProblem("'" + n + "' is beyond the arithmetic the preprocessor evaluates");
        return {};
    }

    std::string_view t_;
    size_t pos_ = 0;
    const std::map<std::string, EvalValue>* variables_;
    bool namesAreZero_;
    std::string problem_;
    std::vector<std::string> unknownNames_;
};

}  // namespace

EvalResult evaluateExpression(std::string_view expr, const std::map<std::string, EvalValue>* variables,
                              bool namesAreZero) {
    ExpressionReader reader(expr, variables, namesAreZero);
    return reader.read();
}

bool executeAssignments(std::string_view text, std::map<std::string, EvalValue>& variables, std::string& problem) {
    std::map<std::string, EvalValue> assigned = variables;  // all or nothing
    size_t from = 0;
    while (from <= text.size()) {
        const size_t semicolon = std::min(text.find(';', from), text.size());
        const std::string_view part = trimSpace(text.substr(from, semicolon - from));
        from = semicolon + 1;
        if (part.empty()) continue;
        const size_t eq = part.find('=');
        const std::string_view target = eq == std::string_view::npos ? part : trimSpace(part.substr(0, eq));
        bool isName = !target.empty() && !(target[0] >= '0' && target[0] <= '9');
        for (char c : target) isName = isName && isWordChar(c);
        if (eq == std::string_view::npos || !isName || (eq + 1 < part.size() && part[eq + 1] == '=')) {
            problem = "only `name = expression` assignments are evaluated";
            return false;
        }
        const EvalResult r = evaluateExpression(part.substr(eq + 1), &assigned, false);
        if (!r.ok) {
            problem = r.problem;
            return false;
        }
        assigned[std::string(target)] = r.value;
    }
    variables = std::move(assigned);
    return true;
}

std::string renderEvalValue(const EvalValue& v) {
    if (v.isString) return "\"" + v.text + "\"";
    if (std::isfinite(v.number) && v.number == std::trunc(v.number) && std::fabs(v.number) < 1e15)
        return std::to_string(int64_t(v.number));
    char buffer[64];
    const auto res = std::to_chars(buffer, buffer + sizeof buffer, v.number);
    return std::string(buffer, res.ptr);
}

}  // namespace rv::pp
