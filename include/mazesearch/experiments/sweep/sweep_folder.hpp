// A sweep folder as it stands on disk: each point's state (from its run folder's status and
// summary, and its log's last exit status) and the index of all of them (index.csv). Read by
// the sweep itself, by summarize and by serve, which only reads.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

bool is_sweep_folder(const std::filesystem::path& dir);
// SWEEP/logs/point-NNN.txt: what the point said, each session's command and exit status.
std::filesystem::path sweep_log_path(const std::filesystem::path& dir, const SweepPoint& p);

// What a point's folder says now.
struct PointState {
    std::string status;          // pending, running, interrupted, finished or failed
    std::optional<double> best;  // the best score of its repeats, once one has one
    double evaluations = 0, seconds = 0;
    std::vector<double> scores;  // each finished repeat's best
};
// `running`: the points this process knows are running.
PointState point_state(const std::filesystem::path& dir, const SweepPoint& p,
                       const std::set<int>& running = {});

// Rewrites SWEEP/index.csv from the point folders (atomically: a reader sees a whole file).
void write_sweep_index(const std::filesystem::path& dir, const SweepSpec& spec,
                       const std::set<int>& running = {});

}  // namespace maze::experiments
