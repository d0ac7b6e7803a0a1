// Scalars of text configs (config_internal.hpp): which unquoted words are numbers, and the
// __EVAL the preprocessor kept for the game.
#include <cfloat>
#include <charconv>
#include <cmath>

#include "config/config_internal.hpp"

namespace rv::config {
namespace {

bool isDigits(std::string_view t) {
    if (t.empty()) return false;
    for (char c : t)
        if (c < '0' || c > '9') return false;
    return true;
}

// [+-]? (d+ [. d*] | . d+) ([eE] [+-]? d+)? : the only spellings read as a float (from_chars
// alone would also take "inf" and "nan", which configs mean as words).
bool isDecimal(std::string_view t) {
    size_t i = (!t.empty() && (t[0] == '+' || t[0] == '-')) ? 1 : 0;
    size_t digits = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        if (!isDigits(t.substr(i))) return false;
        i = t.size();
    }
    return i == t.size();
}

}  // namespace

bool parseConfigNumber(std::string_view t, ConfigValue& out) {
    const bool negative = !t.empty() && t[0] == '-';
    std::string_view body = (!t.empty() && (t[0] == '+' || t[0] == '-')) ? t.substr(1) : t;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
        uint64_t u = 0;
        auto res = std::from_chars(body.data() + 2, body.data() + body.size(), u, 16);
        if (res.ec != std::errc() || res.ptr != body.data() + body.size() || u > uint64_t(INT64_MAX)) return false;
        out = ConfigValue::integral(negative ? -int64_t(u) : int64_t(u));
        return true;
    }
    if (isDigits(body)) {
        int64_t i = 0;
        auto res = std::from_chars(t.data() + (t[0] == '+' ? 1 : 0), t.data() + t.size(), i);
        if (res.ec == std::errc()) {
            out = ConfigValue::integral(i);
            return true;
        }  // beyond int64: read as a float below
    }
    if (!isDecimal(t)) return false;
    double d = 0;
    auto res = std::from_chars(t.data() + (t[0] == '+' ? 1 : 0), t.data() + t.size(), d);
    if (res.ec != std::errc() || !(std::fabs(d) <= double(FLT_MAX))) return false;
    out = ConfigValue::floating(float(d));
    return true;
}

ConfigValue wordValue(std::string_view word) {
    ConfigValue v;
    if (parseConfigNumber(word, v)) return v;
    // An __EVAL the preprocessor could not evaluate (a game command in it: corpus
    // hemtt-rapify-eval, `__EVAL(getResolution select 0)`) is an expression the game evaluates
    // when it loads the config: raP stores its inside with value type 4.
    constexpr std::string_view kEval = "__EVAL(";
    if (word.size() > kEval.size() && word.compare(0, kEval.size(), kEval) == 0 && word.back() == ')')
        return ConfigValue::string(std::string(word.substr(kEval.size(), word.size() - kEval.size() - 1)),
                                   ConfigValueType::Expression);
    return ConfigValue::string(std::string(word));
}

}  // namespace rv::config
