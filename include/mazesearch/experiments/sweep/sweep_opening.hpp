// Making a sweep folder, or joining the one that holds the same sweep, safely for any number of
// processes at once (a Slurm array starts its tasks together). The folder is made in one step:
// sweep.json, the pinned configs (configs/) and logs/ are written into a hidden temporary folder
// beside it, which is then renamed into place. Of several processes that make the same folder,
// one rename succeeds; the others find the folder whole, and join it when it holds the same sweep
// or are refused by name when it holds another. No process ever sees a half-made sweep folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

enum class Opening {
    Made,    // this process made the folder
    Joined,  // it held this same sweep already (made before, or by another process just now)
};

// Makes the sweep folder `dir` for `spec` (whose config_texts are pinned in it), taking an empty
// folder of that name, or joins it. ConfigError when it holds another sweep, or files that are
// not a sweep's; FileError when it cannot be made.
Opening open_sweep_folder(const SweepSpec& spec, const std::filesystem::path& dir);

// The config bytes of the sweep in `dir`: its pinned copies, checked against config_hash
// (ConfigError naming a copy that changed, or one that is not a file). A folder made before
// configs were pinned has none; then the config files themselves, which must not have changed
// since.
std::vector<std::string> sweep_config_texts(const SweepSpec& spec,
                                            const std::filesystem::path& dir);
// The same into spec.config_texts.
void read_pinned_configs(SweepSpec& spec, const std::filesystem::path& dir);

// Before point p starts: its config file (the pinned copy) must still hold the bytes the sweep
// checked, spec.config_texts; ConfigError naming it otherwise (an edit while the sweep runs).
void check_pinned_config(const SweepSpec& spec, const std::filesystem::path& dir,
                         const SweepPoint& p);

// The config file point p runs: its pinned copy in `dir` (the config file itself in a folder
// made before configs were pinned).
std::filesystem::path point_config_path(const SweepSpec& spec, const std::filesystem::path& dir,
                                        const SweepPoint& p);

}  // namespace maze::experiments
