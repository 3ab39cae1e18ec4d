// Whether the run in a sweep's point folder is the point's own: the run's config.json against the
// config the point resolves to (the sweep's config bytes with the point's overrides), compared
// as far as they can be: `output` (the folder, as each process named it) and `threads` (the share
// of the cores the process that started the point gave it, unless the sweep sets threads) apart.
// A folder made before configs were pinned whose config file has changed since can be compared
// only at the keys the point's overrides set. Every reader of a sweep folder asks (the sweep, its
// index, summarize, serve, the Python module's table): a run that another config or another
// command wrote there is refused by name, never counted as the point's.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

// Which files a PointRuns may read for the configs: the sweep folder's pinned copies only (serve,
// which opens nothing outside the folder it serves), or also the config files a sweep made before
// configs were pinned names (wherever they are).
enum class ConfigFiles { pinned_only, named_too };

class PointRuns {
  public:
    // `spec` (kept by reference) with its config_texts, or without them: they are then read from
    // the folder's pinned copies when first needed (or, for a folder made before configs were
    // pinned and `files` named_too, from the config files it names).
    PointRuns(std::filesystem::path dir, const SweepSpec& spec,
              ConfigFiles files = ConfigFiles::named_too);

    // ConfigError naming the point's folder and the first key that differs when it holds a run
    // (a config.json) that is not the point's; nothing when it holds none.
    void check(const SweepPoint& p) const;

  private:
    // The configs as JSON, one per config file, read when first needed; none when they cannot
    // be had (a folder made before configs were pinned, its config file changed).
    const std::optional<std::vector<nlohmann::json>>& configs() const;

    std::filesystem::path dir_;
    const SweepSpec& spec_;
    bool threads_set_ = false;
    ConfigFiles files_;
    mutable bool loaded_ = false;
    mutable std::optional<std::vector<nlohmann::json>> configs_;
};

}  // namespace maze::experiments
