// What the command says about its work, as opposed to its results. Results (boards, scores,
// tables, JSON) go to standard output with plain prints; diagnostics (errors, warnings, progress,
// details) go to standard error through one spdlog logger, so that one switch sets how much is
// said: --quiet keeps errors and warnings, --verbose adds details (debug level).
//
// Errors and warnings read "mazesearch: error: ..." and "mazesearch: warning: ...", progress
// and information lines are printed as they are. A run's log.txt receives the same lines through
// a logger of the run's own.
#pragma once

#include <spdlog/spdlog.h>

#include <memory>

namespace maze::experiments {

enum class Verbosity { Quiet, Normal, Verbose };

// Sets the level of the diagnostics logger (Normal: info and above).
void set_verbosity(Verbosity v);
Verbosity verbosity();

// The logger for diagnostics on standard error.
spdlog::logger& diag();
// A standard-error sink that prints as diag() does, for loggers that also write a file (a run's
// log.txt), passing lines of at least `least` and of the verbosity's level.
spdlog::sink_ptr console_sink(spdlog::level::level_enum least = spdlog::level::trace);

// True when progress may be drawn as a live line: standard error is a terminal and the
// verbosity is not Quiet.
bool live_progress();

}  // namespace maze::experiments
