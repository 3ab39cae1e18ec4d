#include "mazesearch/experiments/yaml_scalar.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "mazesearch/experiments/config.hpp"

namespace maze::experiments {

namespace {

constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();
const std::string kCoreTag = "tag:yaml.org,2002:";

bool is_digit(char c, int base) {
    if (base == 16) return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    return c >= '0' && c < '0' + base;
}

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    return (c | 0x20) - 'a' + 10;
}

bool all_digits(std::string_view s, int base) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [&](char c) { return is_digit(c, base); });
}

// The value of `digits` in `base`; none past 2^64 - 1.
std::optional<std::uint64_t> unsigned_value(std::string_view digits, int base) {
    UInt128 v = 0;
    for (char c : digits) {
        v = v * static_cast<unsigned>(base) + static_cast<unsigned>(digit_value(c));
        if (v > kMaxU64) return std::nullopt;
    }
    return static_cast<std::uint64_t>(v);
}

// An integer as JSON keeps it exactly: int64, or uint64 past 2^63 - 1; none below -2^63.
std::optional<nlohmann::json> integer_json(bool negative, std::uint64_t magnitude) {
    constexpr auto kMaxI64 = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (!negative) {
        if (magnitude <= kMaxI64) return nlohmann::json(static_cast<std::int64_t>(magnitude));
        return nlohmann::json(magnitude);
    }
    if (magnitude <= kMaxI64) return nlohmann::json(-static_cast<std::int64_t>(magnitude));
    if (magnitude == kMaxI64 + 1) return nlohmann::json(std::numeric_limits<std::int64_t>::min());
    return std::nullopt;
}

std::size_t sign_length(const std::string& t) {
    return !t.empty() && (t[0] == '+' || t[0] == '-') ? 1 : 0;
}

// YAML 1.2's core float: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool float_form(const std::string& t) {
    std::size_t i = sign_length(t), digits = 0;
    for (; i < t.size() && is_digit(t[i], 10); ++i) ++digits;
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && is_digit(t[i], 10); ++i) ++digits;
    if (digits == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        return all_digits(std::string_view(t).substr(std::min(i, t.size())), 10);
    }
    return i == t.size();
}

// A decimal's value when it is a whole number: its magnitude, none when past 2^64 - 1. Not
// whole: `whole` false.
struct Whole {
    bool whole = false;
    std::optional<std::uint64_t> magnitude;
};

Whole whole_number(const std::string& t) {
    std::size_t i = sign_length(t);
    std::string digits;
    long fraction = 0;
    bool after_point = false;
    for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
        if (t[i] == '.') {
            after_point = true;
            continue;
        }
        digits += t[i];
        fraction += after_point;
    }
    long exponent = 0;
    if (i < t.size()) {
        const bool minus = t[i + 1] == '-';
        for (std::size_t k = i + 1 + (t[i + 1] == '+' || minus); k < t.size(); ++k)
            exponent = std::min(exponent * 10 + (t[k] - '0'), 1'000'000L);  // far past any digits
        if (minus) exponent = -exponent;
    }
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    if (digits.empty()) return {true, 0};
    long shift = exponent - fraction;  // the value is digits x 10^shift
    if (shift < 0) {
        const auto cut = static_cast<std::size_t>(-shift);
        if (cut >= digits.size() ||
            digits.find_first_not_of('0', digits.size() - cut) != std::string::npos)
            return {false, std::nullopt};
        digits.resize(digits.size() - cut);
        shift = 0;
    }
    if (static_cast<long>(digits.size()) + shift > 20) return {true, std::nullopt};
    digits.append(static_cast<std::size_t>(shift), '0');
    return {true, unsigned_value(digits, 10)};
}

// A decimal (a point or an exponent): a double, or the exact integer of a whole number from 2^53
// to 2^64 - 1 (where a double holds only some integers).
nlohmann::json decimal_value(const std::string& t) {
    const char* first = t.data() + (t[0] == '+');
    double d = 0;
    const auto [end, ec] = std::from_chars(first, t.data() + t.size(), d);
    if (ec == std::errc::result_out_of_range) {
        if (std::abs(std::strtod(first, nullptr)) > 1)
            throw ConfigError(t + ": a number past a double's range (" +
                              number_text(std::numeric_limits<double>::max()) + ")");
        throw ConfigError(t + ": a number too close to 0 for a double (not 0, but below " +
                          number_text(std::numeric_limits<double>::denorm_min()) + ")");
    }
    if (ec != std::errc() || end != t.data() + t.size())
        throw ConfigError(t + ": not a number");  // float_form said it is one: not reached
    if (std::abs(d) < 0x1p53) return d;
    const Whole w = whole_number(t);
    if (!w.whole)
        throw ConfigError(t +
                          ": a fraction past 2^53 (9007199254740992), where a double holds "
                          "no fractions");
    if (w.magnitude)
        if (auto exact = integer_json(t[0] == '-', *w.magnitude)) return *exact;
    return d;  // a whole number past 2^64: a decimal
}

bool is_one_of(const std::string& t, std::initializer_list<const char*> words) {
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return t == w; });
}

// A plain (untagged, unquoted) scalar.
nlohmann::json plain_value(const std::string& t) {
    if (is_one_of(t, {"true", "True", "TRUE", "yes"})) return true;
    if (is_one_of(t, {"false", "False", "FALSE", "no"})) return false;
    if (t.empty() || is_one_of(t, {"null", "Null", "NULL", "~"})) return nullptr;
    const std::size_t sign = sign_length(t);
    if (all_digits(std::string_view(t).substr(sign), 10)) {
        if (const auto m = unsigned_value(std::string_view(t).substr(sign), 10))
            if (auto exact = integer_json(t[0] == '-', *m)) return *exact;
        return decimal_value(t);  // past 2^64 - 1 (or below -2^63): a decimal
    }
    for (const auto& [prefix, base] : {std::pair{"0x", 16}, {"0o", 8}})
        if (t.rfind(prefix, 0) == 0 && all_digits(std::string_view(t).substr(2), base)) {
            if (const auto m = unsigned_value(std::string_view(t).substr(2), base))
                return *integer_json(false, *m);
            throw ConfigError(t + ": an integer past 2^64 - 1 (18446744073709551615)");
        }
    if (float_form(t)) return decimal_value(t);
    const std::string bare = t.substr(sign);
    if (is_one_of(bare, {".inf", ".Inf", ".INF"}) ||
        (!sign && is_one_of(t, {".nan", ".NaN", ".NAN"})))
        throw ConfigError(t + ": " +
                          (bare[1] == 'i' || bare[1] == 'I' ? "infinity" : "not a number") +
                          " in YAML, which no key takes (quote it for text: '" + t + "')");
    return t;
}

// An integer as a double when the double is that integer (|v| <= 2^53, or one it happens to hold).
std::optional<double> exact_double(const nlohmann::json& v) {
    const double d = v.get<double>();
    if (v.is_number_unsigned())
        return d < 0x1p64 && static_cast<std::uint64_t>(d) == v.get<std::uint64_t>()
                   ? std::optional(d)
                   : std::nullopt;
    return d < 0x1p63 && static_cast<std::int64_t>(d) == v.get<std::int64_t>() ? std::optional(d)
                                                                               : std::nullopt;
}

std::string tag_text(const std::string& tag) {
    return tag.rfind(kCoreTag, 0) == 0 ? "!!" + tag.substr(kCoreTag.size()) : tag;
}

}  // namespace

nlohmann::json scalar_value(const std::string& text, const std::string& tag) {
    if (tag == "?" || tag.empty()) return plain_value(text);
    if (tag == "!" || tag == kCoreTag + "str") return text;
    const std::string named = tag_text(tag) + " " + text;
    if (tag == kCoreTag + "int" || tag == kCoreTag + "float" || tag == kCoreTag + "bool" ||
        tag == kCoreTag + "null") {
        const nlohmann::json v = plain_value(text);
        const std::string kind = tag.substr(kCoreTag.size());
        if (kind == "int" && v.is_number_integer()) return v;
        if (kind == "float" && v.is_number_float()) return v;
        if (kind == "float" && v.is_number_integer()) {
            if (const auto d = exact_double(v)) return *d;
            throw ConfigError(named + ": not a number a double holds exactly");
        }
        if (kind == "bool" && v.is_boolean()) return v;
        if (kind == "null" && v.is_null()) return v;
        throw ConfigError(named + ": not of the form of its tag");
    }
    throw ConfigError(named + ": a tag a config does not read (" + tag_text(tag) +
                      "); quote the value for text");
}

bool reads_back_as_text(const std::string& text) {
    try {
        return plain_value(text) == nlohmann::json(text);
    } catch (const ConfigError&) {
        return false;
    }
}

std::optional<Int128> decimal_integer(const std::string& text) {
    const std::size_t sign = sign_length(text);
    const std::string_view digits = std::string_view(text).substr(sign);
    if (!all_digits(digits, 10) || digits.size() > 40) return std::nullopt;
    Int128 v = 0;
    for (char c : digits) {
        v = v * 10 + (c - '0');
        if (v >= (Int128{1} << 100)) return std::nullopt;
    }
    return text[0] == '-' ? -v : v;
}

std::string integer_text(Int128 v) {
    if (v == 0) return "0";
    const bool negative = v < 0;
    UInt128 m = negative ? static_cast<UInt128>(-(v + 1)) + 1 : static_cast<UInt128>(v);
    std::string s;
    for (; m > 0; m /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    return negative ? "-" + s : s;
}

}  // namespace maze::experiments
