#include "mazesearch/experiments/sweep/sweep_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"
#include "mazesearch/experiments/yaml_scalar.hpp"

namespace maze::experiments {

namespace {

const char* const kRangeForms =
    "expected range(stop), range(start, stop) or range(start, stop, step)";

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// Where a text is split into a list's values: at the commas outside quotes, YAML flow
// collections and parentheses, so that 'a, b', [1, 2], {a: 1, b: 2} and range(1, 3) are one value
// each. As in YAML, a quote or a bracket opens only at the start of a value (or inside a flow
// collection): the apostrophe of don't and the bracket of a[b are letters. Parentheses are not
// YAML: they group when they pair up, and are letters (a(b) when they do not. So every value
// `run` takes without a comma is one value here.
struct Splitter {
    const std::string& text;
    const std::string& where;
    bool parens = true;  // false: the parentheses do not pair up; take them as letters

    // The items, or none when the parentheses do not pair up.
    std::optional<std::vector<std::string>> split() const {
        std::vector<std::string> items(1);
        std::string flow;  // the open [ and { of flow collections, innermost last
        int depth = 0;     // open parentheses outside them
        char quote = 0;
        bool start = true;  // where a quote or a flow collection may open
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (quote) {
                items.back() += c;
                if (quote == '"' && c == '\\' && i + 1 < text.size())
                    items.back() += text[++i];  // an escaped character, a quote too
                else if (quote == '\'' && c == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
                    items.back() += text[++i];  // '' in single quotes is a quote
                else if (c == quote)
                    quote = 0;
                continue;
            }
            if ((c == '\'' || c == '"') && start) {
                quote = c;
            } else if ((c == '[' || c == '{') && (start || !flow.empty())) {
                flow += c;
            } else if ((c == ']' || c == '}') && !flow.empty()) {
                if (flow.back() != (c == ']' ? '[' : '{'))
                    throw ConfigError(where + ": '" + c + "' does not close '" + flow.back() + "'");
                flow.pop_back();
            } else if (flow.empty() && parens && (c == '(' || c == ')')) {
                if (c == ')' && depth == 0) return std::nullopt;
                depth += c == '(' ? 1 : -1;
            } else if (c == ',' && flow.empty() && depth == 0) {
                items.emplace_back();
                start = true;
                continue;
            }
            if (c != ' ' && c != '\t')
                start = !flow.empty() && (c == '[' || c == '{' || c == ',' || c == ':');
            items.back() += c;
        }
        if (quote) throw ConfigError(where + ": a quote is not closed");
        if (!flow.empty()) throw ConfigError(where + ": a bracket is not closed");
        if (depth != 0) return std::nullopt;
        for (std::string& item : items) item = trim(item);
        return items;
    }
};

double range_number(const std::string& text, const std::string& where) {
    const std::string t = trim(text);
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v))
        throw ConfigError(where + ": '" + t + "' is not a number; " + kRangeForms);
    return v;
}

// How a range's values are written: as integers when every bound is one, with as many decimals
// as the bounds have (range(0.1, 0.4, 0.1) is 0.1, 0.2, 0.3, not 0.30000000000000004), or, when
// a bound has an exponent, as the shortest text that reads back as the value.
int range_decimals(const std::vector<std::string>& args) {
    int decimals = 0;
    for (const std::string& a : args) {
        const std::string t = trim(a);
        if (t.find_first_of("eE") != std::string::npos) return -1;
        if (const auto dot = t.find('.'); dot != std::string::npos)
            decimals = std::max(decimals, static_cast<int>(t.size() - dot - 1));
    }
    return decimals;
}

std::string number_text(double v, int decimals) {
    char buf[64];
    if (decimals >= 0) {
        // As long as it takes: range(1e70 written out, ...) has 71 digits, and a text cut to
        // the buffer was another number (found by tests/fuzz/fuzz_sweep.cpp).
        std::string s(static_cast<std::size_t>(std::snprintf(nullptr, 0, "%.*f", decimals, v)),
                      '\0');
        std::snprintf(s.data(), s.size() + 1, "%.*f", decimals, v);
        return s == "-0" ? "0" : s;
    }
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, end);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";  // stays a float in YAML
    return s;
}

std::string too_many(const std::string& where, const std::string& count) {
    return where + ": the range has " + count + " values; a sweep holds at most " +
           std::to_string(kMaxSweepPoints);
}

std::vector<std::string> decimal_range(const std::vector<std::string>& args,
                                       const std::string& where) {
    std::vector<double> n;
    for (const std::string& a : args) n.push_back(range_number(a, where));
    const double start = n.size() == 1 ? 0 : n[0];
    const double stop = n.size() == 1 ? n[0] : n[1];
    const double step = n.size() == 3 ? n[2] : 1;
    if (step == 0) throw ConfigError(where + ": the step of a range cannot be 0");
    const double count = std::ceil((stop - start) / step);
    if (count > static_cast<double>(kMaxSweepPoints))
        throw ConfigError(too_many(where, number_text(count, 0)));
    const int decimals = range_decimals(args);
    std::vector<std::string> values;
    for (std::size_t i = 0; count >= 1 && i < static_cast<std::size_t>(count); ++i) {
        const std::string text = number_text(start + static_cast<double>(i) * step, decimals);
        const double v = std::strtod(text.c_str(), nullptr);
        if (step > 0 ? v >= stop : v <= stop) break;
        if (std::abs(v) >= 0x1p53)
            throw ConfigError(
                where + ": a value of the range, " + text +
                ", reaches 2^53 (9007199254740992), from where decimals are not exact; "
                "give integer bounds");
        // A step below a double's precision adds nothing: the same value twice would be two
        // points of one.
        if (!values.empty() && text == values.back())
            throw ConfigError(where + ": the step is too small for the values: " + text +
                              " comes twice (a double holds about 16 digits)");
        values.push_back(text);
    }
    return values;
}

// A range of integers (every bound written in digits), counted exactly as Python's range counts,
// at any size: range(9007199254740993, 9007199254741003, 3) is 993, 996, 999, 1002.
std::optional<std::vector<std::string>> integer_range(const std::vector<std::string>& args,
                                                      const std::string& where) {
    std::vector<Int128> n;
    for (const std::string& a : args) {
        const std::string t = trim(a);
        const std::optional<Int128> v = decimal_integer(t);
        if (!v && t.find_first_not_of("+-0123456789") == std::string::npos && t.size() > 1)
            throw ConfigError(where + ": '" + t + "' is past 2^100; no key takes such a number");
        if (!v) return std::nullopt;
        n.push_back(*v);
    }
    const Int128 start = n.size() == 1 ? 0 : n[0];
    const Int128 stop = n.size() == 1 ? n[0] : n[1];
    const Int128 step = n.size() == 3 ? n[2] : 1;
    if (step == 0) throw ConfigError(where + ": the step of a range cannot be 0");
    const Int128 span = step > 0 ? stop - start : start - stop;
    const Int128 stride = step > 0 ? step : -step;
    const Int128 count = span <= 0 ? 0 : (span + stride - 1) / stride;
    if (count > static_cast<Int128>(kMaxSweepPoints))
        throw ConfigError(too_many(where, integer_text(count)));
    std::vector<std::string> values;
    for (Int128 i = 0; i < count; ++i) values.push_back(integer_text(start + i * step));
    return values;
}

// range(stop), range(start, stop) or range(start, stop, step): the stop left out, as in Python.
// Integers are counted exactly; with a decimal bound the values are start + i * step, so that
// they do not drift, each before the stop as written, and all below 2^53 in magnitude (past it a
// double is not exact).
std::vector<std::string> expand_range(const std::string& inside, const std::string& where) {
    const std::vector<std::string> args = split_sweep_list(inside, where);
    if (args.empty() || args.size() > 3 || (args.size() == 1 && args[0].empty()))
        throw ConfigError(where + ": " + kRangeForms);
    std::optional<std::vector<std::string>> values = integer_range(args, where);
    if (!values) values = decimal_range(args, where);
    if (values->empty())
        throw ConfigError(where + ": the range is empty (the stop is left out, as in Python)");
    return *values;
}

bool is_range(const std::string& item) {
    return item.rfind("range(", 0) == 0 && item.back() == ')';
}

}  // namespace

std::vector<std::string> split_sweep_list(const std::string& text, const std::string& where) {
    if (auto items = Splitter{text, where}.split()) return *items;
    return *Splitter{text, where, false}.split();
}

bool is_sweep_range(const std::string& text) {
    return is_range(trim(text));
}

std::vector<std::string> sweep_values(const std::string& text, const std::string& where) {
    const std::string t = trim(text);
    if (is_range(t)) return expand_range(t.substr(6, t.size() - 7), where);
    std::vector<std::string> items = split_sweep_list(t, where);
    if (items.size() == 1) return {text};  // one value, as given
    for (const std::string& item : items) {
        if (item.empty())
            throw ConfigError(where +
                              ": an empty value in the list (two commas, or one at an end)");
        if (is_range(item))
            throw ConfigError(where + ": a range cannot be one item of a list; sweep it alone");
    }
    return items;
}

}  // namespace maze::experiments
