// Runs a sweep into its folder:
//
//   SWEEP/sweep.json      the spec (config, its hash, fixed overrides, axes, points)
//   SWEEP/configs/        the configs' bytes as the sweep read them: what every point runs
//   SWEEP/index.csv       one row per point: folder, status, best, evaluations, seconds, values
//   SWEEP/point-NNN/      the point's run folder, as `mazesearch run ... output=...` makes it
//   SWEEP/logs/point-NNN.txt   what the point said on standard error, and its exit status
//   SWEEP/summary.md|csv|json  the combinations over their seeds, once every point is finished
//
// Every point's config is read and checked before anything is written. Points run side by side
// as child processes (`jobs` at a time), and under mpirun point i runs on rank i mod size. A
// rerun of the same sweep, or `mazesearch resume SWEEP`, runs only what is missing: a finished
// point is kept, an interrupted one resumed from its checkpoint, a failed one tried again. A
// point that fails is recorded as failed and the others go on. Any number of processes may run
// one sweep at once (sweep_opening.hpp, point_lock.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_spec.hpp"

namespace maze::experiments {

struct SweepOptions {
    int jobs = 0;         // points at a time on this process; 0: as many as the cores allow
    int only_point = -1;  // >= 0: run this point alone (a Slurm array task)
    bool quiet = false;
};

// Checks every point's config as `mazesearch run` would (ConfigError naming the point and its
// values) and sets the spec's output folder when it has none; writes nothing.
void check_sweep(SweepSpec& spec, const SweepOptions& options);
// Exit status: 0 every point finished, 130 interrupted (rerun to finish), 1 some point failed.
int run_sweep(SweepSpec spec, const SweepOptions& options);
// Continues the sweep in `dir` (its sweep.json).
int resume_sweep(const std::filesystem::path& dir, const SweepOptions& options);

}  // namespace maze::experiments
