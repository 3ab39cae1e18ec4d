#include "mazesearch/experiments/config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <string_view>

#include "mazesearch/engine/input_file.hpp"

namespace maze::cli {

namespace {

// Where each dotted key was set.
using Marks = std::map<std::string, std::string>;

// The offset of the first byte of `text` that is not part of valid UTF-8 (no overlong forms, no
// surrogates, nothing past U+10FFFF), or npos. JSON (config.json) holds only valid UTF-8.
std::size_t invalid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t n = 0;
        unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return i;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= text.size()) return i;
            const auto d = static_cast<unsigned char>(text[i + k]);
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
        }
        i += n + 1;
    }
    return std::string_view::npos;
}

// The first byte of `text` that has no place in a config: one that is not part of valid UTF-8,
// or a control character other than tab, line feed and carriage return (NUL bytes also made
// yaml-cpp take the text for UTF-16 or UTF-32 and decode it into code points that are no
// UTF-8). npos when there is none.
std::size_t bad_text_byte(std::string_view text) {
    const std::size_t utf8 = invalid_utf8(text);
    const std::size_t end = utf8 == std::string_view::npos ? text.size() : utf8;
    for (std::size_t i = 0; i < end; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return i;
    }
    return utf8;
}

std::string byte_text(unsigned char c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", c);
    return hex;
}

// ConfigError naming `source` and the line of the first byte that has no place in a config.
void require_text(std::string_view text, const std::string& source) {
    const std::size_t bad = bad_text_byte(text);
    if (bad == std::string_view::npos) return;
    const auto line =
        1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
    const auto c = static_cast<unsigned char>(text[bad]);
    throw ConfigError(source + ":" + std::to_string(line) + ": " +
                      (c < 0x80 ? "a control character (byte " + byte_text(c) + ")"
                                : "not UTF-8 text (byte " + byte_text(c) + ")"));
}

nlohmann::json scalar_json(const std::string& text, bool quoted) {
    if (quoted) return text;
    if (text == "true" || text == "True" || text == "yes") return true;
    if (text == "false" || text == "False" || text == "no") return false;
    if (text == "null" || text == "~" || text.empty()) return nullptr;
    try {
        size_t used = 0;
        const long long v = std::stoll(text, &used, 10);
        if (used == text.size()) return static_cast<std::int64_t>(v);
    } catch (...) {
    }
    try {
        size_t used = 0;
        const double d = std::stod(text, &used);
        // "inf" and "nan" stay words (a run may be named so); JSON has no form for them.
        if (used == text.size() && std::isfinite(d)) return d;
    } catch (...) {
    }
    return text;
}

// The YAML tree as JSON, with the file and line of every key in `marks`. A config is a few dozen
// nodes; the limits stop aliases that expand exponentially or refer to themselves.
class YamlToJson {
  public:
    // file: the config's name for marks and messages; empty for an override's value.
    YamlToJson(std::string file, Marks& marks) : file_(std::move(file)), marks_(marks) {}

    nlohmann::json convert(const YAML::Node& n, const std::string& key, int depth = 0) {
        if (++nodes_ > kMaxNodes)
            throw ConfigError(place(n) + "more than " + std::to_string(kMaxNodes) +
                              " values (aliases that expand too far?)");
        if (depth > kMaxDepth)
            throw ConfigError(place(n) + "nested more than " + std::to_string(kMaxDepth) +
                              " levels deep");
        if (!key.empty()) marks_[key] = line_of(n);
        switch (n.Type()) {
            case YAML::NodeType::Map:
                return convert_map(n, key, depth);
            case YAML::NodeType::Sequence: {
                nlohmann::json j = nlohmann::json::array();
                for (const auto& item : n) j.push_back(convert(item, "", depth + 1));
                return j;
            }
            case YAML::NodeType::Scalar:
                require_utf8_scalar(n);
                return scalar_json(n.Scalar(), n.Tag() == "!");
            default:
                return nullptr;
        }
    }

  private:
    static constexpr int kMaxDepth = 64;
    static constexpr std::size_t kMaxNodes = 100000;

    std::string line_of(const YAML::Node& n) const {
        return file_ + ":" + std::to_string(n.Mark().line + 1);
    }
    std::string place(const YAML::Node& n) const {
        return file_.empty() ? std::string() : line_of(n) + ": ";
    }

    // An escape such as "\\uD800" (a lone surrogate) makes a string that is not UTF-8.
    void require_utf8_scalar(const YAML::Node& n) const {
        if (invalid_utf8(n.Scalar()) != std::string_view::npos)
            throw ConfigError(place(n) + "an escape that makes no UTF-8 character");
    }

    nlohmann::json convert_map(const YAML::Node& n, const std::string& key, int depth) {
        nlohmann::json j = nlohmann::json::object();
        std::map<std::string, std::string> first;  // key -> where it was first set in this map
        for (const auto& kv : n) {
            if (!kv.first.IsScalar())
                throw ConfigError(place(kv.first) + (key.empty() ? "" : key + ": ") +
                                  "a key must be a plain word, not a list or a mapping");
            require_utf8_scalar(kv.first);
            const std::string k = kv.first.Scalar();
            const std::string sub = key.empty() ? k : key + "." + k;
            const auto [it, fresh] = first.emplace(k, line_of(kv.first));
            if (!fresh)
                throw ConfigError(place(kv.first) + sub + ": duplicate key" +
                                  (file_.empty() ? "" : " (first set at " + it->second + ")"));
            nlohmann::json v = convert(kv.second, sub, depth + 1);
            marks_[sub] = line_of(kv.first);
            j[k] = std::move(v);
        }
        return j;
    }

    std::string file_;
    Marks& marks_;
    std::size_t nodes_ = 0;
};

std::string where(const Marks& marks, const std::string& key) {
    auto it = marks.find(key);
    return it == marks.end() ? "" : it->second;
}

[[noreturn]] void fail(const Marks& marks, const std::string& key, const std::string& what) {
    const std::string w = where(marks, key);
    throw ConfigError((w.empty() ? "" : w + ": ") + key + ": " + what);
}

void apply_override(nlohmann::json& root, Marks& marks, const std::string& text) {
    if (const std::size_t bad = bad_text_byte(text); bad != std::string_view::npos) {
        std::string shown = text;  // the override as it can be printed
        for (char& ch : shown)
            if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x7F)
                ch = '?';
        const auto c = static_cast<unsigned char>(text[bad]);
        throw ConfigError("override '" + shown + "': " +
                          (c < 0x80 ? "a control character (byte " + byte_text(c) + ")"
                                    : "not UTF-8 text (byte " + byte_text(c) + ")"));
    }
    if (const std::size_t br = text.find_first_of("\r\n"); br != std::string::npos)
        // YAML would fold it into a space: output=a<newline>b became the folder "a b".
        throw ConfigError("override '" + text.substr(0, br) +
                          "...': a line break; an override is one key=value on one line");
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError("override '" + text + "': expected key.sub=value");
    const std::string key = text.substr(0, eq);
    const std::string value = text.substr(eq + 1);
    YAML::Node parsed;
    try {
        parsed = YAML::Load(value);
    } catch (const YAML::Exception& e) {
        throw ConfigError("override '" + text + "': the value is not valid YAML: " + e.msg);
    }
    Marks ignored;
    nlohmann::json v;
    try {
        if (!parsed.IsNull()) v = YamlToJson("", ignored).convert(parsed, "");
    } catch (const ConfigError& e) {
        throw ConfigError("override '" + text + "': " + e.what());
    }
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
        else if (v.is_number_integer())
            p.set(k, v.get<std::int64_t>(), w);
        else if (v.is_number())
            p.set(k, v.get<double>(), w);
        else if (v.is_string())
            p.set(k, v.get<std::string>(), w);
        else if (v.is_array() && v.size() == 2 && v[0].is_number_integer() &&
                 v[1].is_number_integer())
            p.set(k, Params::Pair{v[0].get<std::int64_t>(), v[1].get<std::int64_t>()}, w);
        else
            fail(marks, key, "expected a number, a string, true/false or a pair [row, col]");
    }
    return p;
}

template <typename T>
T get_number(const nlohmann::json& root, const Marks& marks, const std::string& key, T fallback,
             double lo, double hi) {
    const nlohmann::json* node = &root;
    size_t start = 0;
    for (;;) {
        const size_t dot = key.find('.', start);
        const std::string part =
            key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node->is_object() || !node->contains(part)) return fallback;
        node = &(*node)[part];
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    if (node->is_null()) return fallback;
    if (!node->is_number()) fail(marks, key, "expected a number");
    const double v = node->get<double>();
    if constexpr (std::is_integral_v<T>) {
        // 1e6 and 2.5e3 are integers too; 1.5 and 1e-3 are not.
        if (!node->is_number_integer() && !(std::isfinite(v) && std::floor(v) == v))
            fail(marks, key, "expected an integer");
    }
    if (!(v >= lo && v <= hi)) {
        std::string lo_s = std::to_string(lo), hi_s = std::to_string(hi);
        fail(marks, key,
             "out of range [" + (lo == std::floor(lo) ? std::to_string((long long)lo) : lo_s) +
                 ", " + (hi == std::floor(hi) && hi < 9e18 ? std::to_string((long long)hi) : hi_s) +
                 "]");
    }
    if constexpr (std::is_integral_v<T>) {
        // In range [lo, hi] (hi below 2^63 for signed keys, below 2^64 for unsigned ones), so the
        // double converts exactly for an integral value written as a float.
        if (!node->is_number_integer()) return static_cast<T>(v);
        if constexpr (std::is_unsigned_v<T>) return static_cast<T>(node->get<std::uint64_t>());
        return static_cast<T>(node->get<std::int64_t>());
    }
    return static_cast<T>(v);
}

std::string get_string(const nlohmann::json& root, const Marks& marks, const std::string& key,
                       const std::string& fallback) {
    if (!root.contains(key) || root[key].is_null()) return fallback;
    if (!root[key].is_string()) fail(marks, key, "expected a string");
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
    const double ref = get_number<double>(root, marks, "reference",
                                          std::numeric_limits<double>::quiet_NaN(), -1e300, 1e300);
    if (!std::isnan(ref)) c.reference = ref;
    c.seed = get_number<std::uint64_t>(root, marks, "seed", 1, 0, 1.8e19);
    c.threads = get_number<int>(root, marks, "threads", 0, 0, 4096);
    c.repeats = get_number<int>(root, marks, "repeats", 1, 1, 100000);
    c.first_repeat = get_number<std::uint64_t>(root, marks, "first_repeat", 0, 0, 1e12);
    c.output = get_string(root, marks, "output", "");
    c.initial = get_string(root, marks, "initial", "");
    for (const auto& [key, path] : {std::pair{"output", &c.output}, {"initial", &c.initial}})
        if (std::any_of(path->begin(), path->end(),
                        [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }))
            fail(marks, key, "expected a path without control characters (a line break, a tab)");
    c.checkpoint_seconds = get_number<double>(root, marks, "checkpoint_seconds", 30.0, 0.01, 1e9);
    c.log_seconds = get_number<double>(root, marks, "log_seconds", 5.0, 0.01, 1e9);
    c.logbook_every = get_number<std::uint64_t>(root, marks, "logbook_every", 1, 1, 1e12);
    if (!root.contains("target")) throw ConfigError(source + ": target: missing section");
    if (!root.contains("optimizer")) throw ConfigError(source + ": optimizer: missing section");
    c.target = section_params(root["target"], "target", marks);
    c.optimizer = section_params(root["optimizer"], "optimizer", marks);
    if (root.contains("budget") && !root["budget"].is_null()) {
        if (!root["budget"].is_object()) fail(marks, "budget", "expected a section");
        for (const auto& [k, v] : root["budget"].items())
            if (!kBudgetKeys.count(k)) fail(marks, "budget." + k, "unknown key");
        c.budget.evaluations =
            get_number<std::uint64_t>(root, marks, "budget.evaluations", 0, 0, 1.8e19);
        c.budget.seconds = get_number<double>(root, marks, "budget.seconds", 0.0, 0, 1e12);
        const double t = get_number<double>(
            root, marks, "budget.target", std::numeric_limits<double>::quiet_NaN(), -1e300, 1e300);
        if (!std::isnan(t)) c.budget.target = t;
        c.budget.stagnation =
            get_number<std::uint64_t>(root, marks, "budget.stagnation", 0, 0, 1.8e19);
    }
    if (root.contains("archive") && !root["archive"].is_null()) {
        if (!root["archive"].is_object()) fail(marks, "archive", "expected a section");
        for (const auto& [k, v] : root["archive"].items())
            if (!kArchiveKeys.count(k)) fail(marks, "archive." + k, "unknown key");
    }
    c.archive.size = get_number<std::size_t>(root, marks, "archive.size", 10, 0, 100000);
    c.archive.distance = get_number<std::size_t>(root, marks, "archive.distance", 4, 1, 1000000);
    if (!c.budget.evaluations && c.budget.seconds <= 0 && !c.budget.target && !c.budget.stagnation)
        throw ConfigError(source +
                          ": budget: set at least one of evaluations, seconds, target, stagnation");
    return c;
}

}  // namespace

RunConfig load_config_text(const std::string& text, const std::string& source,
                           const std::vector<std::string>& overrides) {
    require_text(text, source);
    YAML::Node doc;
    try {
        doc = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw ConfigError(source + ":" + std::to_string(e.mark.line + 1) +
                          ": not valid YAML: " + e.msg);
    }
    Marks marks;
    nlohmann::json root = YamlToJson(source, marks).convert(doc, "");
    if (root.is_null()) root = nlohmann::json::object();
    // Before the overrides, which would otherwise complain about the first key they set.
    if (!root.is_object())
        throw ConfigError(source + ": expected a YAML mapping of key: value lines");
    for (const std::string& o : overrides) apply_override(root, marks, o);
    RunConfig c = build(root, marks, source);
    c.overrides = overrides;
    return c;
}

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides) {
    return load_config_text(read_input(path, kMaxConfigBytes, "a config file"), path, overrides);
}

RunConfig config_from_json(const nlohmann::json& resolved, const std::string& source) {
    return build(resolved, Marks{}, source);
}

namespace {

YAML::Node to_yaml_node(const nlohmann::json& j) {
    YAML::Node n;
    if (j.is_object()) {
        n = YAML::Node(YAML::NodeType::Map);
        for (const auto& [k, v] : j.items()) n[k] = to_yaml_node(v);
    } else if (j.is_array()) {
        n = YAML::Node(YAML::NodeType::Sequence);
        for (const auto& v : j) n.push_back(to_yaml_node(v));
        n.SetStyle(YAML::EmitterStyle::Flow);
    } else if (j.is_string()) {
        n = j.get<std::string>();
    } else if (j.is_null()) {
        n = YAML::Node(YAML::NodeType::Null);
    } else {
        n = j.dump();
    }
    return n;
}

}  // namespace

std::string to_yaml(const nlohmann::json& j) {
    YAML::Emitter out;
    out << to_yaml_node(j);
    return std::string(out.c_str()) + "\n";
}

}  // namespace maze::cli
