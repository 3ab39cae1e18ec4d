#include "mazesearch/experiments/sweep/sweep_spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <span>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::experiments {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// The text split at the commas that are outside brackets, braces, parentheses and quotes (a
// YAML flow list [1, 2] or a quoted 'a, b' is one value).
std::vector<std::string> split_top_level(const std::string& text, const std::string& where) {
    std::vector<std::string> items(1);
    int depth = 0;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '[' || c == '{' || c == '(') {
            ++depth;
        } else if (c == ']' || c == '}' || c == ')') {
            if (--depth < 0) throw ConfigError(where + ": '" + c + "' closes nothing");
        } else if (c == ',' && depth == 0) {
            items.emplace_back();
            continue;
        }
        items.back() += c;
    }
    if (quote) throw ConfigError(where + ": a quote is not closed");
    if (depth != 0) throw ConfigError(where + ": a bracket is not closed");
    for (std::string& item : items) item = trim(item);
    return items;
}

double range_number(const std::string& text, const std::string& where) {
    const std::string t = trim(text);
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v))
        throw ConfigError(where + ": '" + t + "' is not a number; expected range(stop), " +
                          "range(start, stop) or range(start, stop, step)");
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
        std::string s(static_cast<std::size_t>(std::snprintf(nullptr, 0, "%.*f", decimals, v)), '\0');
        std::snprintf(s.data(), s.size() + 1, "%.*f", decimals, v);
        return s == "-0" ? "0" : s;
    }
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, end);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";  // stays a float in YAML
    return s;
}

// range(stop), range(start, stop) or range(start, stop, step): the stop left out, as in Python.
// Values are start + i * step, so that they do not drift, each before the stop as written.
std::vector<std::string> expand_range(const std::string& inside, const std::string& where) {
    const std::vector<std::string> args = split_top_level(inside, where);
    if (args.empty() || args.size() > 3 || (args.size() == 1 && args[0].empty()))
        throw ConfigError(where +
                          ": expected range(stop), range(start, stop) or "
                          "range(start, stop, step)");
    std::vector<double> n;
    for (const std::string& a : args) n.push_back(range_number(a, where));
    const double start = n.size() == 1 ? 0 : n[0];
    const double stop = n.size() == 1 ? n[0] : n[1];
    const double step = n.size() == 3 ? n[2] : 1;
    if (step == 0) throw ConfigError(where + ": the step of a range cannot be 0");
    const double count = std::ceil((stop - start) / step);
    if (count > static_cast<double>(kMaxSweepPoints))
        throw ConfigError(where + ": the range has " + number_text(count, 0) +
                          " values; a sweep holds at most " + std::to_string(kMaxSweepPoints));
    const int decimals = range_decimals(args);
    std::vector<std::string> values;
    for (std::size_t i = 0; count >= 1 && i < static_cast<std::size_t>(count); ++i) {
        const std::string text = number_text(start + static_cast<double>(i) * step, decimals);
        const double v = std::strtod(text.c_str(), nullptr);
        if (step > 0 ? v >= stop : v <= stop) break;
        // Past 2^53 a step of 1 adds nothing: the same value twice would be two points of one.
        if (!values.empty() && text == values.back())
            throw ConfigError(where + ": the step is too small for the values: " + text +
                              " comes twice (a double holds about 16 digits)");
        values.push_back(text);
    }
    if (values.empty())
        throw ConfigError(where + ": the range is empty (the stop is left out, as in Python)");
    return values;
}

// A config file named among the arguments: no '=', a YAML name.
bool is_config_file(const std::string& arg) {
    return arg.find('=') == std::string::npos && (arg.ends_with(".yaml") || arg.ends_with(".yml"));
}

bool is_range(const std::string& item) {
    return item.rfind("range(", 0) == 0 && item.back() == ')';
}

}  // namespace

std::vector<std::string> sweep_values(const std::string& text, const std::string& where) {
    const std::string t = trim(text);
    if (is_range(t)) return expand_range(t.substr(6, t.size() - 7), where);
    std::vector<std::string> items = split_top_level(t, where);
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

std::string point_folder_name(int id) {
    char name[32];
    std::snprintf(name, sizeof name, "point-%03d", id);
    return name;
}

namespace {

// The axes of the swept overrides, zips joined into one axis each, in the order of their first
// key on the command line.
std::vector<SweepAxis> make_axes(
    const std::vector<std::pair<std::string, std::vector<std::string>>>& swept,
    const std::vector<std::string>& zips) {
    std::map<std::string, std::size_t> zip_of;  // key -> index of its zip
    for (std::size_t z = 0; z < zips.size(); ++z) {
        const std::string where = "--zip " + zips[z];
        for (const std::string& key : split_top_level(zips[z], where)) {
            if (key.empty()) throw ConfigError(where + ": an empty key");
            if (!zip_of.emplace(key, z).second)
                throw ConfigError(where + ": " + key + " is in a zip already");
            const bool is_swept = std::any_of(swept.begin(), swept.end(),
                                              [&](const auto& s) { return s.first == key; });
            if (!is_swept)
                throw ConfigError(where + ": " + key + " is not swept (give it a list of values)");
        }
    }
    std::vector<SweepAxis> axes;
    std::map<std::size_t, std::size_t> axis_of_zip;
    for (const auto& [key, values] : swept) {
        const auto z = zip_of.find(key);
        if (z == zip_of.end()) {
            SweepAxis a{{key}, {}};
            for (const std::string& v : values) a.values.push_back({v});
            axes.push_back(std::move(a));
            continue;
        }
        const auto [it, fresh] = axis_of_zip.emplace(z->second, axes.size());
        if (fresh)
            axes.push_back(SweepAxis{{}, std::vector<std::vector<std::string>>(values.size())});
        SweepAxis& a = axes[it->second];
        if (a.values.size() != values.size())
            throw ConfigError("--zip " + zips[z->second] + ": " + a.keys.front() + " has " +
                              std::to_string(a.values.size()) + " values and " + key + " has " +
                              std::to_string(values.size()));
        a.keys.push_back(key);
        for (std::size_t i = 0; i < values.size(); ++i) a.values[i].push_back(values[i]);
    }
    return axes;
}

// Every combination of the axes, the last varying fastest.
std::vector<SweepPoint> make_points(const std::vector<SweepAxis>& axes) {
    double total = 1;
    for (const SweepAxis& a : axes) total *= static_cast<double>(a.values.size());
    if (total > static_cast<double>(kMaxSweepPoints))
        throw ConfigError("the sweep has " + std::to_string(static_cast<long long>(total)) +
                          " points; a sweep holds at most " + std::to_string(kMaxSweepPoints));
    std::vector<SweepPoint> points;
    std::vector<std::size_t> at(axes.size(), 0);
    for (int id = 0; id < static_cast<int>(total); ++id) {
        SweepPoint p{id, point_folder_name(id), {}};
        for (std::size_t a = 0; a < axes.size(); ++a)
            for (std::size_t k = 0; k < axes[a].keys.size(); ++k)
                p.overrides.emplace_back(axes[a].keys[k], axes[a].values[at[a]][k]);
        points.push_back(std::move(p));
        for (std::size_t a = axes.size(); a-- > 0;) {
            if (++at[a] < axes[a].values.size()) break;
            at[a] = 0;
        }
    }
    return points;
}

}  // namespace

SweepSpec plan_sweep(const std::string& config, const std::vector<std::string>& args,
                     const std::vector<std::string>& zips) {
    SweepSpec s;
    s.config = config;
    std::vector<std::pair<std::string, std::vector<std::string>>> swept;
    std::vector<std::string> configs = {config};
    std::size_t first = 0;
    for (; first < args.size() && is_config_file(args[first]); ++first)
        configs.push_back(args[first]);
    if (configs.size() > 1) {
        swept.emplace_back("config", configs);
        s.group_keys.push_back("config");
    }
    std::set<std::string> seen = {"config"};
    for (const std::string& arg : std::span(args).subspan(first)) {
        const auto eq = arg.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError("override '" + arg + "': expected key.sub=value or key=a,b,c");
        const std::string key = arg.substr(0, eq);
        if (!seen.insert(key).second)
            throw ConfigError("override '" + arg + "': " + key + " is given twice");
        std::vector<std::string> values =
            sweep_values(arg.substr(eq + 1), "override '" + arg + "'");
        const bool axis = values.size() > 1 || is_range(trim(arg.substr(eq + 1)));
        if (key == "output") {
            if (axis)
                throw ConfigError("override '" + arg +
                                  "': output (the sweep folder) "
                                  "cannot be swept");
            s.output = values.front();
        } else if (axis) {
            swept.emplace_back(key, std::move(values));
            // seed and first_repeat choose the seeds: the points they tell apart are one
            // combination's runs.
            if (key != "seed" && key != "first_repeat") s.group_keys.push_back(key);
        } else {
            s.fixed.push_back(arg);
        }
    }
    s.axes = make_axes(swept, zips);
    s.points = make_points(s.axes);
    s.config_hash = s.hash_configs();
    return s;
}

std::string SweepSpec::config_of(const SweepPoint& p) const {
    for (const auto& [key, value] : p.overrides)
        if (key == "config") return value;
    return config;
}

std::string SweepSpec::hash_configs() const {
    std::vector<std::string> files = {config};
    for (const SweepAxis& a : axes)
        for (std::size_t k = 0; k < a.keys.size(); ++k)
            if (a.keys[k] == "config") {
                files.clear();
                for (const auto& row : a.values) files.push_back(row[k]);
            }
    if (files.size() == 1) return fnv1a64_hex(read_text_file(files[0]));
    std::string all;
    for (const std::string& f : files) all += fnv1a64_hex(read_text_file(f));
    return fnv1a64_hex(all);
}

std::vector<std::string> SweepSpec::overrides_of(const SweepPoint& p) const {
    std::vector<std::string> o = fixed;
    for (const auto& [key, value] : p.overrides)
        if (key != "config") o.push_back(key + "=" + value);
    return o;
}

nlohmann::json SweepSpec::to_json() const {
    nlohmann::json j = {
        {"format", "mazesearch sweep"}, {"version", 1},   {"config", config},
        {"config_hash", config_hash},   {"fixed", fixed}, {"group_keys", group_keys}};
    j["axes"] = nlohmann::json::array();
    for (const SweepAxis& a : axes) j["axes"].push_back({{"keys", a.keys}, {"values", a.values}});
    j["points"] = nlohmann::json::array();
    for (const SweepPoint& p : points) {
        nlohmann::json o = nlohmann::json::object();
        for (const auto& [key, value] : p.overrides) o[key] = value;
        j["points"].push_back({{"id", p.id}, {"folder", p.folder}, {"overrides", o}});
    }
    return j;
}

SweepSpec SweepSpec::from_json(const nlohmann::json& j, const std::string& source) {
    SweepSpec s;
    try {
        if (j.at("format") != "mazesearch sweep" || j.at("version") != 1)
            throw ConfigError("not a sweep of this version (format, version)");
        s.config = j.at("config").get<std::string>();
        s.config_hash = j.at("config_hash").get<std::string>();
        s.fixed = j.at("fixed").get<std::vector<std::string>>();
        s.group_keys = j.at("group_keys").get<std::vector<std::string>>();
        std::set<std::string> keys;
        for (const auto& a : j.at("axes")) {
            SweepAxis axis{a.at("keys").get<std::vector<std::string>>(),
                           a.at("values").get<std::vector<std::vector<std::string>>>()};
            // Each row a value for each key (a shorter row was read past its end), each key
            // swept once, no axis without values.
            for (const std::string& k : axis.keys)
                if (!keys.insert(k).second) throw ConfigError("the key " + k + " is swept twice");
            if (axis.keys.empty() || axis.values.empty())
                throw ConfigError("an axis without keys or without values");
            for (const auto& row : axis.values)
                if (row.size() != axis.keys.size())
                    throw ConfigError("a row of " + std::to_string(row.size()) +
                                      " values for the keys of an axis of " +
                                      std::to_string(axis.keys.size()));
            s.axes.push_back(std::move(axis));
        }
        s.points = make_points(s.axes);
        if (s.to_json().at("points") != j.at("points"))
            throw ConfigError("its points are not the combinations of its axes");
    } catch (const std::exception& e) {
        throw ConfigError(source + ": not a sweep spec: " + e.what());
    }
    return s;
}

bool SweepSpec::same_sweep(const SweepSpec& other) const {
    return to_json() == other.to_json();
}

}  // namespace maze::experiments
