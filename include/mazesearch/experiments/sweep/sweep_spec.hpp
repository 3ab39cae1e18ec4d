// What a sweep runs: the points of `mazesearch sweep CONFIG key=a,b,c seed=range(1,11) ...`, as
// Hydra's multirun writes them. An override with one value applies to every point; an override
// with a list of values (a,b,c, split at the commas outside brackets and quotes) or a range
// (range(stop), range(start, stop[, step]), the stop left out as in Python) is an axis of the
// sweep. The points are every combination of the axes, the last axis varying fastest; keys named
// together in a zip (`--zip a,b`) are one axis whose lists are paired, not multiplied. Several
// config files (`mazesearch sweep configs/paper/*.yaml seed=range(1,21)`) are an axis of their
// own, the key `config`, the first and slowest.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_values.hpp"

namespace maze::experiments {

// One axis: its keys (one, or the keys of a zip) and its values, one row per step of the axis
// (a value for each key, as YAML text).
struct SweepAxis {
    std::vector<std::string> keys;
    std::vector<std::vector<std::string>> values;
};

struct SweepPoint {
    int id = 0;
    std::string folder;  // point-NNN, the point's run folder inside the sweep folder
    // The swept keys and this point's values, in the order of the axes.
    std::vector<std::pair<std::string, std::string>> overrides;
};

// The most points one sweep may hold: a list typed by mistake (range(1e9)) is refused before
// anything is written.
inline constexpr std::size_t kMaxSweepPoints = 100000;

struct SweepSpec {
    std::string config;  // the config file, as given (the first, when several are swept)
    // FNV-1a of the config's bytes (of every swept config's, in order): a rerun with an edited
    // config is refused.
    std::string config_hash;
    // The sweep folder's copies of the config files, in the order of config_files(): the bytes
    // the sweep pinned when it was planned, written once with the folder (SWEEP/configs/NNN-NAME),
    // and the only config every point runs, whenever and by whichever process. Empty in a sweep
    // folder made before configs were pinned (its points read the config files themselves).
    std::vector<std::string> pinned;
    // The bytes of each config file, in the same order, as read once (plan_sweep) or from the
    // pinned copies (with_pinned_texts); not in sweep.json.
    std::vector<std::string> config_texts;
    std::vector<std::string> fixed;  // the one-value overrides, key=value, as given
    std::vector<SweepAxis> axes;
    // The swept keys that tell one combination from another: every swept key but `seed` and
    // `first_repeat` (which choose the seeds). The
    // points that share their values are the seeds of one combination (summarize, plot.py).
    std::vector<std::string> group_keys;
    std::vector<SweepPoint> points;
    std::string output;  // the sweep folder (output=DIR, else runs/<name>/sweep-<timestamp>)

    // The config file of point p (its `config` value when configs are swept).
    std::string config_of(const SweepPoint& p) const;
    // The config files: the `config` axis's values when configs are swept, else `config`.
    std::vector<std::string> config_files() const;
    // The index in config_files() of point p's config.
    std::size_t config_index(const SweepPoint& p) const;
    // The overrides of point p for `mazesearch run`: the fixed ones, then its own (`config` not
    // among them).
    std::vector<std::string> overrides_of(const SweepPoint& p) const;
    // The hash the config files have now (config_hash when none changed).
    std::string hash_configs() const;
    // The hash of config_texts (config_hash when they are the bytes the sweep pinned).
    std::string hash_texts() const;
    // sweep.json; from_json checks what it reads (ConfigError naming `source`).
    nlohmann::json to_json() const;
    static SweepSpec from_json(const nlohmann::json& j, const std::string& source);
    // The same sweep (config, its bytes, overrides, points): a rerun may finish it.
    bool same_sweep(const SweepSpec& other) const;
};

// The config_hash of config files with these bytes, in order: FNV-1a of the one, or of the
// hashes of several.
std::string config_texts_hash(const std::vector<std::string>& texts);

// SWEEP/configs/NNN-NAME, the pinned copy of the config file `path`, the i-th of the sweep's.
std::string pinned_config_name(std::size_t i, const std::string& path);

// The spec of `mazesearch sweep CONFIG ARGS... --zip KEYS...` (ARGS may begin with more config
// files: names ending in .yaml or .yml, without '='): ConfigError on a malformed value
// list or range, a key given twice, a zip of keys not swept or of lists of different lengths,
// output swept, `config=` (the config files are the first arguments), no point, or more than
// kMaxSweepPoints points. Each config file is read once, here: its bytes (config_texts) are
// hashed, checked by the caller and pinned in the sweep folder.
SweepSpec plan_sweep(const std::string& config, const std::vector<std::string>& args,
                     const std::vector<std::string>& zips);

// The folder of a sweep's point with this id: point-000, point-001, ...
std::string point_folder_name(int id);

}  // namespace maze::experiments
