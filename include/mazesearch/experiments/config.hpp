// YAML experiment configs -> a typed RunConfig. The YAML tree is turned into JSON (keeping
// the file and line of every key), command-line overrides `key.sub=value` are applied, and then
// each section is read with its allowed keys; unknown keys and wrong types are errors that name
// the key and where it was set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/experiments/yaml_tree.hpp"
#include "mazesearch/search/budget.hpp"
#include "mazesearch/search/params.hpp"

namespace maze::experiments {

class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct RunConfig {
    std::string name = "run";
    std::string description;
    std::string label;                // a short row label for tables ("genetic, paper parameters")
    std::optional<double> reference;  // a published figure to compare with (the paper's table)
    std::uint64_t seed = 1;
    int threads = 0;  // 0: all cores
    int repeats = 1;
    // Repeat r draws the seed of repeat first_repeat + r (one chain of a run of many, alone).
    std::uint64_t first_repeat = 0;
    std::string output;  // empty: runs/<name>/<timestamp>
    double checkpoint_seconds = 30;
    double log_seconds = 5;           // progress lines when not on a terminal
    std::uint64_t logbook_every = 1;  // steps (generations) per logbook.csv row
    std::string initial;              // optional board file that seeds the optimizer
    Params target;
    Params optimizer;
    Budget budget;
    // The best boards of a run kept apart (archive/ in the run folder): at most `size` boards
    // [10], each differing from every other in at least `distance` cells [4]; size 0: none.
    ArchiveSpec archive{10, 4};

    std::string source;                  // the config file
    std::vector<std::string> overrides;  // as given on the command line
    nlohmann::json resolved;             // the whole config after overrides
};

// The longest config file read; a config is a few hundred bytes.
inline constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// Reads a config file and applies overrides ("key.sub=value", value in YAML syntax). A directory,
// a missing file or one longer than kMaxConfigBytes is an InputError naming the path; everything
// else wrong is a ConfigError.
RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides);
// The same for config text held in memory; `source` names it in messages. The top level must be
// a mapping, a key may appear only once in a mapping, and integer keys take integral numbers in
// any form (1000, 1e6, 2.5e3).
RunConfig load_config_text(const std::string& text, const std::string& source,
                           const std::vector<std::string>& overrides);
// The config `root` (yaml_to_json of its text) with `overrides` applied, as load_config_text
// resolves it (RunConfig::resolved) but not checked further; ConfigError for a bad override.
nlohmann::json resolve_config(nlohmann::json root, const std::vector<std::string>& overrides);
// Builds a RunConfig from an already resolved JSON document (as stored in a run directory).
RunConfig config_from_json(const nlohmann::json& resolved, const std::string& source);
}  // namespace maze::experiments
