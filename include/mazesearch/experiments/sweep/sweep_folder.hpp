// A sweep folder as it stands on disk: each point's state (from its run folder's status and
// summary, and its log's last exit status) and the index of all of them (index.csv). Read by
// the sweep itself, by summarize and by serve, which only reads.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/point_runs.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

bool is_sweep_folder(const std::filesystem::path& dir);
// SWEEP/logs/point-NNN.txt: what the point said, each session's command and exit status.
std::filesystem::path sweep_log_path(const std::filesystem::path& dir, const SweepPoint& p);

// A point's exit status: 0 it finished, 130 it was interrupted (it stopped at a safe point on
// Ctrl-C or SIGTERM, its checkpoints written), anything else it failed (an error, a crash, a kill
// by hand or by the kernel: 128 + the signal).
inline constexpr int kExitInterrupted = 130;
inline bool failed_exit(int status) {
    return status != 0 && status != kExitInterrupted;
}

// What a point is now, one word with one meaning wherever it is shown (the sweep's lines,
// index.csv, summarize, serve):
//   running      a live process holds the point's lock (point_lock.hpp);
//   finished     its run finished;
//   failed       else, when its last session ended with a failed exit status (failed_exit);
//   interrupted  else, when its run stopped before its end (at a safe point, or its sweep was
//                killed): its checkpoints resume it;
//   pending      else: never started, or stopped before its run began.
struct PointState {
    std::string status;
    std::optional<double> best;  // the best score of its repeats, once one has one
    double evaluations = 0, seconds = 0;
    std::vector<double> scores;  // each finished repeat's best
};
// The state of point p; first its run, when it has one, is checked to be the point's own
// (PointRuns::check: ConfigError naming the folder otherwise). Reading many points, give one
// PointRuns for all of them: it reads the sweep's configs once.
PointState point_state(const std::filesystem::path& dir, const PointRuns& runs,
                       const SweepPoint& p);
PointState point_state(const std::filesystem::path& dir, const SweepSpec& spec, const SweepPoint& p,
                       ConfigFiles files = ConfigFiles::named_too);

// Rewrites SWEEP/index.csv from the point folders (atomically: a reader sees a whole file; and
// under a lock, logs/index.lock, so that of the processes of one sweep the last writer wrote
// what it read last).
void write_sweep_index(const std::filesystem::path& dir, const SweepSpec& spec);

}  // namespace maze::experiments
