#include "mazesearch/experiments/sweep/sweep_spec.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <span>

#include "mazesearch/engine/input_file.hpp"
#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"

namespace maze::experiments {

std::string point_folder_name(int id) {
    char name[32];
    std::snprintf(name, sizeof name, "point-%03d", id);
    return name;
}

namespace {

// A config file named among the arguments: no '=', a YAML name.
bool is_config_file(const std::string& arg) {
    return arg.find('=') == std::string::npos && (arg.ends_with(".yaml") || arg.ends_with(".yml"));
}

// A config file's bytes, read as `run` reads them (the same limit, the same errors).
std::string read_config_text(const std::string& path) {
    return read_input(path, kMaxConfigBytes, "a config file");
}

// The axes of the swept overrides, zips joined into one axis each, in the order of their first
// key on the command line.
std::vector<SweepAxis> make_axes(
    const std::vector<std::pair<std::string, std::vector<std::string>>>& swept,
    const std::vector<std::string>& zips) {
    std::map<std::string, std::size_t> zip_of;  // key -> index of its zip
    for (std::size_t z = 0; z < zips.size(); ++z) {
        const std::string where = "--zip " + zips[z];
        for (const std::string& key : split_sweep_list(zips[z], where)) {
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
        if (key == "config")
            throw ConfigError("override '" + arg +
                              "': config is not a key of a config; the config files are the "
                              "first arguments (several, `mazesearch sweep A.yaml B.yaml ...`, "
                              "are swept)");
        if (!seen.insert(key).second)
            throw ConfigError("override '" + arg + "': " + key + " is given twice");
        std::vector<std::string> values =
            sweep_values(arg.substr(eq + 1), "override '" + arg + "'");
        const bool axis = values.size() > 1 || is_sweep_range(arg.substr(eq + 1));
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
    // Each config is read once: these bytes are checked, hashed and pinned in the sweep folder.
    const std::vector<std::string> files = s.config_files();
    for (std::size_t i = 0; i < files.size(); ++i) {
        s.config_texts.push_back(read_config_text(files[i]));
        s.pinned.push_back(pinned_config_name(i, files[i]));
    }
    s.config_hash = s.hash_texts();
    return s;
}

std::string pinned_config_name(std::size_t i, const std::string& path) {
    char number[32];
    std::snprintf(number, sizeof number, "%03zu", i);
    // The file's own name, cut to stay well within a file name's 255 bytes.
    return "configs/" + std::string(number) + "-" +
           std::filesystem::path(path).filename().string().substr(0, 200);
}

std::string SweepSpec::config_of(const SweepPoint& p) const {
    for (const auto& [key, value] : p.overrides)
        if (key == "config") return value;
    return config;
}

std::vector<std::string> SweepSpec::config_files() const {
    std::vector<std::string> files = {config};
    for (const SweepAxis& a : axes)
        for (std::size_t k = 0; k < a.keys.size(); ++k)
            if (a.keys[k] == "config") {
                files.clear();
                for (const auto& row : a.values) files.push_back(row[k]);
            }
    return files;
}

std::size_t SweepSpec::config_index(const SweepPoint& p) const {
    const std::vector<std::string> files = config_files();
    const auto at = std::find(files.begin(), files.end(), config_of(p));
    assert(at != files.end());
    return static_cast<std::size_t>(at - files.begin());
}

std::string config_texts_hash(const std::vector<std::string>& texts) {
    if (texts.size() == 1) return fnv1a64_hex(texts[0]);
    std::string all;
    for (const std::string& t : texts) all += fnv1a64_hex(t);
    return fnv1a64_hex(all);
}

std::string SweepSpec::hash_configs() const {
    std::vector<std::string> texts;
    for (const std::string& f : config_files()) texts.push_back(read_config_text(f));
    return config_texts_hash(texts);
}

std::string SweepSpec::hash_texts() const {
    return config_texts_hash(config_texts);
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
    if (!pinned.empty()) j["pinned_configs"] = pinned;
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
        if (j.contains("pinned_configs")) {
            s.pinned = j.at("pinned_configs").get<std::vector<std::string>>();
            // Named by the sweep, never by the file: no other folder's file can be pinned here.
            const std::vector<std::string> files = s.config_files();
            bool named = s.pinned.size() == files.size();
            for (std::size_t i = 0; named && i < files.size(); ++i)
                named = s.pinned[i] == pinned_config_name(i, files[i]);
            if (!named) throw ConfigError("pinned_configs: not the copies of its configs");
        }
    } catch (const std::exception& e) {
        throw ConfigError(source + ": not a sweep spec: " + e.what());
    }
    return s;
}

bool SweepSpec::same_sweep(const SweepSpec& other) const {
    // Whether the configs are pinned is how the folder was made, not which sweep it holds.
    nlohmann::json a = to_json(), b = other.to_json();
    a.erase("pinned_configs");
    b.erase("pinned_configs");
    return a == b;
}

}  // namespace maze::experiments
