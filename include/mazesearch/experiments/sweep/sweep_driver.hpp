// The loop that runs a sweep's points on this process: `jobs` child processes at a time, each
// point taken under its lock (point_lock.hpp) so that any number of sweep processes may work on
// one sweep folder at once (a sweep beside the tasks of a Slurm array, or two of them): a point
// another process holds is waited for, one it finished is passed over, and nothing is started
// twice.
#pragma once

#include <filesystem>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

// How the points share the cores: `jobs` side by side, each with `threads` (0: the threads its
// config says, when the sweep sets them).
struct Sharing {
    int jobs = 1;
    int threads = 0;
};

// Runs the points `todo` (ids) of the sweep in `dir`; Ctrl-C (SIGINT, SIGTERM) is passed to the
// running points, and no more are started. Returns 130 when interrupted (the sweep, or a point
// on its own: a signal sent to it alone), 1 when a point failed, else 0.
int drive_points(const SweepSpec& s, const std::filesystem::path& dir, const std::vector<int>& todo,
                 const Sharing& share, bool quiet);

// "point-004 (optimizer.t_start=20 seed=2)".
std::string describe_point(const SweepPoint& p);

}  // namespace maze::experiments
