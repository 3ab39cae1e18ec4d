#include "mazesearch/search/params.hpp"

#include <charconv>
#include <cmath>

namespace maze {

namespace {

std::string type_name(const Params::Value& v) {
    switch (v.index()) {
        case 0:
            return "a boolean";
        case 1:
            return "an integer";
        case 2:
            return "a number";
        case 3:
            return "a string";
        default:
            return "a pair";
    }
}

// A value as its source wrote it when known, else its own text.
std::string shown_or(const std::string& shown, const std::string& own) {
    return shown.empty() ? own : shown;
}

std::string own_text(const Params::Value& v) {
    if (const auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&v)) return number_text(*d);
    if (const auto* s = std::get_if<std::string>(&v)) return "\"" + *s + "\"";
    const auto& p = std::get<Params::Pair>(v);
    return "[" + std::to_string(p.first) + ", " + std::to_string(p.second) + "]";
}

}  // namespace

std::string number_text(double v) {
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, v);
    return error == std::errc() ? std::string(text, end) : std::to_string(v);
}

std::string Params::Entry::described() const {
    return type_name(value) + " " + shown_or(shown, own_text(value));
}

std::string interval_text(double lo, double hi) {
    // Appended piece by piece: "[" + a temporary string trips GCC 12's -Wrestrict.
    std::string s = "[";
    s.append(number_text(lo)).append(", ").append(number_text(hi)).append("]");
    return s;
}

void Params::set(const std::string& key, Value v, const std::string& where,
                 const std::string& shown) {
    values_[key] = Entry{std::move(v), where, shown};
}

std::string Params::where(const std::string& key) const {
    auto it = values_.find(key);
    return it == values_.end() ? "" : it->second.where;
}

double Params::get_double(const std::string& key, double fallback, double lo, double hi) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    double v = 0;
    if (auto* d = std::get_if<double>(&it->second.value))
        v = *d;
    else if (auto* i = std::get_if<std::int64_t>(&it->second.value))
        v = static_cast<double>(*i);
    else
        throw ParamError(qualified(key), it->second.where,
                         "expected a number, got " + it->second.described());
    if (!(v >= lo && v <= hi))
        throw ParamError(qualified(key), it->second.where,
                         "expected a number in " + interval_text(lo, hi) + ", got " +
                             shown_or(it->second.shown, number_text(v)));
    return v;
}

std::int64_t Params::get_int(const std::string& key, std::int64_t fallback, std::int64_t lo,
                             std::int64_t hi) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    const std::string expected =
        "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got ";
    std::int64_t v = 0;
    if (auto* i = std::get_if<std::int64_t>(&it->second.value)) {
        v = *i;
    } else if (auto* d = std::get_if<double>(&it->second.value)) {
        // 1e6 is an integer; 1.5 is not, nor is 1e300 (no int64 holds it): both named as given.
        if (!(std::floor(*d) == *d && std::abs(*d) < 9e18))
            throw ParamError(qualified(key), it->second.where,
                             expected + shown_or(it->second.shown, number_text(*d)));
        v = static_cast<std::int64_t>(*d);
    } else {
        throw ParamError(qualified(key), it->second.where,
                         "expected an integer, got " + it->second.described());
    }
    if (v < lo || v > hi)
        throw ParamError(qualified(key), it->second.where,
                         expected + shown_or(it->second.shown, std::to_string(v)));
    return v;
}

bool Params::get_bool(const std::string& key, bool fallback) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    if (auto* b = std::get_if<bool>(&it->second.value)) return *b;
    throw ParamError(qualified(key), it->second.where,
                     "expected true or false, got " + it->second.described());
}

std::string Params::get_string(const std::string& key, const std::string& fallback) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    if (const auto* s = std::get_if<std::string>(&it->second.value)) return *s;
    throw ParamError(qualified(key), it->second.where,
                     "expected a string, got " + it->second.described());
}

Params::Pair Params::get_pair(const std::string& key) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) throw ParamError(qualified(key), "", "required: a pair [a, b]");
    if (const auto* p = std::get_if<Pair>(&it->second.value)) return *p;
    throw ParamError(qualified(key), it->second.where,
                     "expected a pair [a, b], got " + it->second.described());
}

std::string Params::get_choice(const std::string& key, const std::string& fallback,
                               const std::vector<std::string>& allowed) const {
    used_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    const auto* s = std::get_if<std::string>(&it->second.value);
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    if (!s)
        throw ParamError(qualified(key), it->second.where,
                         "expected one of " + list + ", got " + it->second.described());
    for (const auto& a : allowed)
        if (*s == a) return *s;
    throw ParamError(qualified(key), it->second.where,
                     "expected one of " + list + ", got '" + *s + "'");
}

std::vector<std::string> Params::unused() const {
    std::vector<std::string> out;
    for (const auto& [k, e] : values_)
        if (!used_.count(k)) out.push_back(k);
    return out;
}

void Params::reject_unused(const std::string& section) const {
    const std::string prefix = section.empty() ? section_ : section;
    for (const auto& [k, e] : values_)
        if (!used_.count(k))
            throw ParamError(prefix.empty() ? k : prefix + "." + k, e.where, "unknown key");
}

}  // namespace maze
