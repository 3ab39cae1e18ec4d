// Runs an experiment into a run folder (resolved config, overrides, log, logbook.csv, the best
// board as text and SVG, status, summary.json, checkpoints) and resumes an interrupted one. The
// pieces are in run/: the folder, the logbook, checkpoints, progress, one repeat, the report.
//
// Several repeats, as many as threads or more, run side by side, one thread each (whole repeats
// are the coarsest grain there is); fewer repeats run one after the other, each with every thread
// for its batches. Either way each repeat's result is the same.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/run/progress.hpp"
#include "mazesearch/experiments/target_factory.hpp"

namespace maze::experiments {

struct RunOptions {
    bool quiet = false;  // no progress and no report (tests)
    // Tests: behave as if SIGINT arrived after this many steps of this session (0: never).
    std::uint64_t interrupt_after_steps = 0;
    // Ctrl-C and SIGTERM caught for the run's lifetime, as the command wants. False leaves the
    // process's own handlers alone: the Python module watches for Ctrl-C itself and sets `cancel`.
    bool catch_signals = true;
    // Set by the caller to stop the run at the next step of each repeat, as Ctrl-C does
    // (checkpoints written, status interrupted, 130).
    const std::atomic<bool>* cancel = nullptr;
    // After every step of every repeat and at each repeat's end, on the thread that took the step;
    // when repeats run side by side the calls are one at a time. What it throws fails the run.
    StepHook on_step;
    // The function of a `kind: python` target (the Python module's objective).
    const ExternalObjective* objective = nullptr;
};

// Everything a run checks before it writes anything (the target and its files, the initial
// board, the optimizer's parameters, what it needs of the target and of the budget, through
// check_optimizer: no optimizer is made to check them): ConfigError or ParamError naming the
// file and key. `run --dry-run` calls it, and every run does, once.
void check_experiment(const RunConfig& config, const ExternalObjective* objective = nullptr);

// Creates the run folder and runs every repeat. Returns the exit status: 0 finished,
// 130 interrupted (checkpoint written; `mazesearch resume DIR` continues).
int run_experiment(const RunConfig& config, const RunOptions& options);

// Continues the run in `dir` from its checkpoints.
int resume_experiment(const std::string& dir, const RunOptions& options);

}  // namespace maze::experiments
