// Runs an experiment into a run folder (resolved config, overrides, log, logbook.csv, the best
// board as text and SVG, status, summary.json, checkpoints) and resumes an interrupted one. The
// pieces are in run/: the folder, the logbook, checkpoints, progress, one repeat, the report.
//
// Several repeats, as many as threads or more, run side by side, one thread each (whole repeats
// are the coarsest grain there is); fewer repeats run one after the other, each with every thread
// for its batches. Either way each repeat's result is the same.
#pragma once

#include <cstdint>
#include <string>

#include "mazesearch/experiments/config.hpp"

namespace maze::experiments {

struct RunOptions {
    bool quiet = false;  // no progress and no report (tests)
    // Tests: behave as if SIGINT arrived after this many steps of this session (0: never).
    std::uint64_t interrupt_after_steps = 0;
};

// Everything a run checks before it writes anything (the target and its files, the initial
// board, the optimizer's parameters, what it needs of the target and of the budget): ConfigError
// or ParamError naming the file and key. `run --dry-run` calls it, and every run does.
void check_experiment(const RunConfig& config);

// Creates the run folder and runs every repeat. Returns the exit status: 0 finished,
// 130 interrupted (checkpoint written; `mazesearch resume DIR` continues).
int run_experiment(const RunConfig& config, const RunOptions& options);

// Continues the run in `dir` from its checkpoints.
int resume_experiment(const std::string& dir, const RunOptions& options);

}  // namespace maze::experiments
