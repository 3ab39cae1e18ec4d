// Runs an experiment into a run directory: resolved config, overrides, log, logbook.csv, the
// best board (text and SVG), status, summary.json and checkpoints; resumes an interrupted one.
#pragma once

#include <cstdint>
#include <string>

#include "mazesearch/experiments/config.hpp"

namespace maze::cli {

struct RunOptions {
    bool quiet = false;  // no progress output (tests)
    // Tests: behave as if SIGINT arrived after this many steps of this session (0: never).
    std::uint64_t interrupt_after_steps = 0;
};

// Creates the run directory and runs every repeat. Returns the exit status: 0 finished,
// 130 interrupted (checkpoint written; `mazesearch resume DIR` continues).
int run_experiment(const RunConfig& config, const RunOptions& options);

// Continues the run in `dir` from its checkpoints.
int resume_experiment(const std::string& dir, const RunOptions& options);

}  // namespace maze::cli
