#include "mazesearch/experiments/config.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <string_view>

#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/engine/thread_count.hpp"
#include "mazesearch/experiments/yaml_tree.hpp"

namespace maze::experiments {

namespace {

// The largest seed, evaluation budget and stagnation count: 1.8e19 (a little below 2^64).
constexpr std::uint64_t kMaxCount = 18'000'000'000'000'000'000u;

std::string where(const Marks& marks, const std::string& key) {
    auto it = marks.find(key);
    return it == marks.end() ? "" : it->second;
}

[[noreturn]] void fail(const Marks& marks, const std::string& key, const std::string& what) {
    const std::string w = where(marks, key);
    throw ConfigError((w.empty() ? "" : w + ": ") + key + ": " + what);
}

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// Whether YAML reads a comment in `value` (a '#' at its start or after a space) that changes
// what it means: read again with every '#' a letter the text lacks, the value differs.
bool drops_comment(const std::string& value, const nlohmann::json& read) {
    bool starts = false;
    for (std::size_t i = 0; i < value.size(); ++i)
        starts |= value[i] == '#' && (i == 0 || value[i - 1] == ' ' || value[i - 1] == '\t');
    if (!starts) return false;
    const std::string letters = "ZQXJKVWzqxjkvw";
    const auto free = std::find_if(letters.begin(), letters.end(),
                                   [&](char c) { return value.find(c) == std::string::npos; });
    if (free == letters.end()) return true;  // 14 letters in one value and a '#': refused
    std::string swapped = value;
    std::replace(swapped.begin(), swapped.end(), '#', *free);
    nlohmann::json again;
    try {
        Marks ignored;
        again = yaml_to_json(swapped, "", ignored);
    } catch (const ConfigError&) {
        return true;
    }
    // The letters back to '#', in every string and key.
    const auto restore = [&](const auto& self, const nlohmann::json& j) -> nlohmann::json {
        if (j.is_string()) {
            std::string t = j.get<std::string>();
            std::replace(t.begin(), t.end(), *free, '#');
            return t;
        }
        if (j.is_array()) {
            nlohmann::json out = nlohmann::json::array();
            for (const auto& item : j) out.push_back(self(self, item));
            return out;
        }
        if (!j.is_object()) return j;
        nlohmann::json out = nlohmann::json::object();
        for (const auto& [k, item] : j.items()) {
            std::string k2 = k;
            std::replace(k2.begin(), k2.end(), *free, '#');
            out[k2] = self(self, item);
        }
        return out;
    };
    return restore(restore, again) != read;
}

// An override's value as YAML reads it, refused when YAML would drop part of it: a comment, or
// a directive, a tag or an anchor with nothing after it, which YAML reads as no value (label=%x
// removed the label). Only null, ~ and nothing remove a key.
nlohmann::json override_value(const std::string& text, const std::string& key,
                              const std::string& value) {
    nlohmann::json v;
    try {
        Marks ignored;
        v = yaml_to_json(value, "", ignored);
    } catch (const ConfigError& e) {
        throw ConfigError("override '" + text + "': " + e.what());
    }
    const std::string t = trimmed(value);
    if (v.is_null() && !(t.empty() || t == "null" || t == "Null" || t == "NULL" || t == "~"))
        throw ConfigError("override '" + text + "': " + t +
                          " is no value in YAML (a comment, a directive, a tag or an anchor with "
                          "nothing after it); quote it for text (" +
                          key + "='" + t + "'), or give null to remove the key");
    if (drops_comment(value, v))
        throw ConfigError("override '" + text +
                          "': YAML reads a comment there (a '#' after a space), which it would "
                          "drop; quote the value to keep the '#'");
    return v;
}

void apply_override(nlohmann::json& root, Marks& marks, const std::string& text) {
    if (const std::size_t bad = bad_text_byte(text); bad != std::string_view::npos) {
        std::string shown = text;  // the override as it can be printed
        for (char& ch : shown)
            if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x7F)
                ch = '?';
        const auto c = static_cast<unsigned char>(text[bad]);
        throw ConfigError("override '" + shown + "': " + bad_byte_text(c));
    }
    if (const std::size_t br = text.find_first_of("\r\n"); br != std::string::npos)
        // YAML would fold it into a space: output=a<newline>b became the folder "a b".
        throw ConfigError("override '" + text.substr(0, br) +
                          "...': a line break; an override is one key=value on one line");
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError("override '" + text + "': expected key.sub=value");
    const std::string key = text.substr(0, eq);
    const nlohmann::json v = override_value(text, key, text.substr(eq + 1));
    nlohmann::json* node = &root;
    size_t start = 0;
    for (;;) {
        const size_t dot = key.find('.', start);
        const std::string part =
            key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (part.empty()) throw ConfigError("override '" + text + "': empty key part");
        if (!node->is_object()) {
            if (node->is_null())
                *node = nlohmann::json::object();
            else
                throw ConfigError("override '" + text + "': '" + key.substr(0, start - 1) +
                                  "' is not a section");
        }
        if (dot == std::string::npos) {
            if (v.is_null())
                node->erase(part);  // key=null (or key=~) removes a key
            else
                (*node)[part] = v;
            break;
        }
        node = &(*node)[part];
        start = dot + 1;
    }
    marks[key] = "command line override '" + text + "'";
}

// A number as a message shows it: an integer digit for digit, a fraction as the shortest text
// that reads back as the same double ("1e-10", "2e+12").
std::string value_text(const nlohmann::json& v) {
    return v.is_number_float() ? number_text(v.get<double>()) : v.dump();
}

// A value of the wrong type as a message names it: `a string "x"`, `a list [1,2]`, `true`.
std::string described(const nlohmann::json& v) {
    if (v.is_string()) return "a string " + v.dump();
    if (v.is_array()) return "a list " + v.dump();
    if (v.is_object()) return "a section " + v.dump();
    return value_text(v);
}

// Whether `v` is an integer that an int64 holds (nlohmann keeps one past 2^63 as unsigned, which
// get<std::int64_t> would wrap to a negative number).
bool fits_int64(const nlohmann::json& v) {
    return v.is_number_integer() &&
           (!v.is_number_unsigned() ||
            v.get<std::uint64_t>() <=
                static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
}

// Section contents as Params (scalars only), each with where it was set.
Params section_params(const nlohmann::json& j, const std::string& section, const Marks& marks) {
    Params p;
    p.set_section(section);
    if (j.is_null()) return p;
    if (!j.is_object()) fail(marks, section, "expected a section of key: value lines");
    for (const auto& [k, v] : j.items()) {
        const std::string key = section + "." + k;
        const std::string w = where(marks, key);
        if (v.is_boolean())
            p.set(k, v.get<bool>(), w);
        else if (fits_int64(v))
            p.set(k, v.get<std::int64_t>(), w);
        else if (v.is_number())  // a fraction, or a whole number past int64: the key's check says
            p.set(k, v.get<double>(), w, value_text(v));
        else if (v.is_string())
            p.set(k, v.get<std::string>(), w);
        else if (v.is_array() && v.size() == 2 && fits_int64(v[0]) && fits_int64(v[1]))
            p.set(k, Params::Pair{v[0].get<std::int64_t>(), v[1].get<std::int64_t>()}, w);
        else if (v.is_array() && v.size() == 2 && v[0].is_number_integer() &&
                 v[1].is_number_integer())
            fail(marks, key,
                 "expected a pair [row, col] of integers from " +
                     std::to_string(std::numeric_limits<std::int64_t>::min()) + " to " +
                     std::to_string(std::numeric_limits<std::int64_t>::max()) + ", got " +
                     v.dump());
        else
            fail(marks, key, "expected a number, a string, true/false or a pair [row, col]");
    }
    return p;
}

// The value at the dotted `key`, or nullptr when it is absent or null.
const nlohmann::json* find_key(const nlohmann::json& root, const std::string& key) {
    const nlohmann::json* node = &root;
    size_t start = 0;
    for (;;) {
        const size_t dot = key.find('.', start);
        const std::string part =
            key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node->is_object() || !node->contains(part)) return nullptr;
        node = &(*node)[part];
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return node->is_null() ? nullptr : node;
}

// A whole number from `lo` to `hi` in any form (1000, 1e6, 2.5e3), compared exactly: a seed past
// 2^63 is kept digit for digit, not rounded through a double. Messages give the value as written.
template <typename T>
T get_integer(const nlohmann::json& root, const Marks& marks, const std::string& key, T fallback,
              std::uint64_t lo, std::uint64_t hi) {
    static_assert(std::is_integral_v<T>);
    assert(hi <= static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
    const nlohmann::json* node = find_key(root, key);
    if (!node) return fallback;
    if (!node->is_number()) fail(marks, key, "expected a number, got " + described(*node));
    const std::string expected = "expected an integer in [" + std::to_string(lo) + ", " +
                                 std::to_string(hi) + "], got " + value_text(*node);
    std::uint64_t v = 0;
    if (node->is_number_unsigned()) {
        v = node->get<std::uint64_t>();
    } else if (node->is_number_integer()) {
        const auto i = node->get<std::int64_t>();
        if (i < 0) fail(marks, key, expected);
        v = static_cast<std::uint64_t>(i);
    } else {
        const double d = node->get<double>();
        if (!(std::isfinite(d) && std::floor(d) == d))
            fail(marks, key, "expected an integer, got " + value_text(*node));
        if (d < 0 || d >= 0x1p64) fail(marks, key, expected);
        // Whole and below 2^64: exact (the YAML reader reads a decimal from 2^53 on as an
        // integer; a double here is the value a run folder's config.json says it ran with).
        v = static_cast<std::uint64_t>(d);
    }
    if (v < lo || v > hi) fail(marks, key, expected);
    return static_cast<T>(v);
}

// A number from `lo` to `hi`; the message gives the bounds and the value as written.
double get_real(const nlohmann::json& root, const Marks& marks, const std::string& key,
                double fallback, double lo, double hi) {
    const nlohmann::json* node = find_key(root, key);
    if (!node) return fallback;
    if (!node->is_number()) fail(marks, key, "expected a number, got " + described(*node));
    const double v = node->get<double>();
    if (!(v >= lo && v <= hi))
        fail(marks, key,
             "expected a number in " + interval_text(lo, hi) + ", got " + value_text(*node));
    return v;
}

// The thread count by the one rule (thread_count.hpp), any whole number outside it named as given.
int get_threads(const nlohmann::json& root, const Marks& marks) {
    const nlohmann::json* node = find_key(root, "threads");
    if (!node) return 0;
    if (!node->is_number()) fail(marks, "threads", "expected a number, got " + described(*node));
    const double v = node->get<double>();
    if (!node->is_number_integer() && !(std::isfinite(v) && std::floor(v) == v))
        fail(marks, "threads", "expected an integer, got " + value_text(*node));
    if (!(std::abs(v) < 1e18 && is_thread_count(static_cast<std::int64_t>(v))))
        fail(marks, "threads", thread_count_expected() + ", got " + value_text(*node));
    return static_cast<int>(v);
}

std::string get_string(const nlohmann::json& root, const Marks& marks, const std::string& key,
                       const std::string& fallback) {
    if (!root.contains(key) || root[key].is_null()) return fallback;
    if (!root[key].is_string()) fail(marks, key, "expected a string, got " + described(root[key]));
    return root[key].get<std::string>();
}

const std::set<std::string> kTopKeys = {
    "name",        "description", "seed",      "threads",   "repeats",
    "output",      "target",      "optimizer", "budget",    "checkpoint_seconds",
    "log_seconds", "initial",     "label",     "reference", "logbook_every",
    "archive",     "first_repeat"};
const std::set<std::string> kBudgetKeys = {"evaluations", "seconds", "target", "stagnation"};
const std::set<std::string> kArchiveKeys = {"size", "distance"};

RunConfig build(const nlohmann::json& root, const Marks& marks, const std::string& source) {
    if (!root.is_object())
        throw ConfigError(source + ": expected a YAML mapping of key: value lines");
    for (const auto& [k, v] : root.items())
        if (!kTopKeys.count(k)) fail(marks, k, "unknown key");
    RunConfig c;
    c.source = source;
    c.resolved = root;
    c.name = get_string(root, marks, "name", "run");
    if (c.name.empty() || c.name.find('/') != std::string::npos || c.name == "." || c.name == "..")
        fail(marks, "name", "expected a plain name (no '/')");
    c.description = get_string(root, marks, "description", "");
    c.label = get_string(root, marks, "label", c.name);
    const double ref =
        get_real(root, marks, "reference", std::numeric_limits<double>::quiet_NaN(), -1e300, 1e300);
    if (!std::isnan(ref)) c.reference = ref;
    c.seed = get_integer<std::uint64_t>(root, marks, "seed", 1, 0, kMaxCount);
    c.threads = get_threads(root, marks);
    c.repeats = get_integer<int>(root, marks, "repeats", 1, 1, 100000);
    c.first_repeat =
        get_integer<std::uint64_t>(root, marks, "first_repeat", 0, 0, 1'000'000'000'000);
    c.output = get_string(root, marks, "output", "");
    c.initial = get_string(root, marks, "initial", "");
    for (const auto& [key, path] : {std::pair{"output", &c.output}, {"initial", &c.initial}})
        if (std::any_of(path->begin(), path->end(),
                        [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }))
            fail(marks, key, "expected a path without control characters (a line break, a tab)");
    c.checkpoint_seconds = get_real(root, marks, "checkpoint_seconds", 30.0, 0.01, 1e9);
    c.log_seconds = get_real(root, marks, "log_seconds", 5.0, 0.01, 1e9);
    c.logbook_every =
        get_integer<std::uint64_t>(root, marks, "logbook_every", 1, 1, 1'000'000'000'000);
    if (!root.contains("target")) throw ConfigError(source + ": target: missing section");
    if (!root.contains("optimizer")) throw ConfigError(source + ": optimizer: missing section");
    c.target = section_params(root["target"], "target", marks);
    c.optimizer = section_params(root["optimizer"], "optimizer", marks);
    if (root.contains("budget") && !root["budget"].is_null()) {
        if (!root["budget"].is_object()) fail(marks, "budget", "expected a section");
        for (const auto& [k, v] : root["budget"].items())
            if (!kBudgetKeys.count(k)) fail(marks, "budget." + k, "unknown key");
        c.budget.evaluations =
            get_integer<std::uint64_t>(root, marks, "budget.evaluations", 0, 0, kMaxCount);
        c.budget.seconds = get_real(root, marks, "budget.seconds", 0.0, 0, 1e12);
        const double t = get_real(root, marks, "budget.target",
                                  std::numeric_limits<double>::quiet_NaN(), -1e300, 1e300);
        if (!std::isnan(t)) c.budget.target = t;
        c.budget.stagnation =
            get_integer<std::uint64_t>(root, marks, "budget.stagnation", 0, 0, kMaxCount);
    }
    if (root.contains("archive") && !root["archive"].is_null()) {
        if (!root["archive"].is_object()) fail(marks, "archive", "expected a section");
        for (const auto& [k, v] : root["archive"].items())
            if (!kArchiveKeys.count(k)) fail(marks, "archive." + k, "unknown key");
    }
    c.archive.size = get_integer<std::size_t>(root, marks, "archive.size", 10, 0, 100000);
    c.archive.distance = get_integer<std::size_t>(root, marks, "archive.distance", 4, 1, 1000000);
    if (!c.budget.evaluations && c.budget.seconds <= 0 && !c.budget.target && !c.budget.stagnation)
        throw ConfigError(source +
                          ": budget: set at least one of evaluations, seconds, target, stagnation");
    return c;
}

}  // namespace

RunConfig load_config_text(const std::string& text, const std::string& source,
                           const std::vector<std::string>& overrides) {
    require_text(text, source);
    Marks marks;
    nlohmann::json root = yaml_to_json(text, source, marks);
    if (root.is_null()) root = nlohmann::json::object();
    // Before the overrides, which would otherwise complain about the first key they set.
    if (!root.is_object())
        throw ConfigError(source + ": expected a YAML mapping of key: value lines");
    for (const std::string& o : overrides) apply_override(root, marks, o);
    RunConfig c = build(root, marks, source);
    c.overrides = overrides;
    return c;
}

nlohmann::json resolve_config(nlohmann::json root, const std::vector<std::string>& overrides) {
    if (root.is_null()) root = nlohmann::json::object();
    Marks ignored;
    if (root.is_object())
        for (const std::string& o : overrides) apply_override(root, ignored, o);
    return root;
}

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides) {
    return load_config_text(read_input(path, kMaxConfigBytes, "a config file"), path, overrides);
}

RunConfig config_from_json(const nlohmann::json& resolved, const std::string& source) {
    return build(resolved, Marks{}, source);
}

}  // namespace maze::experiments
