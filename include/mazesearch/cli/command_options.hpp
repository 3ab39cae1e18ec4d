// The command line's numeric options that must be finite or a thread count: CLI11 checks (CLI::Range
// lets nan through). Apart from command_input.hpp so that what reads input files without a command
// line (the Python module) does not include CLI11.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace maze::experiments {

// A CLI11 check: a finite number from `low` to `high` (nan and the infinities refused, as
// CLI::Range does not); `unit` names what the number is in the message ("seconds").
CLI::Validator finite_range(double low, double high, const std::string& unit);
// A CLI11 check: any number but nan (infinities allowed).
CLI::Validator not_nan();
// A CLI11 check: a thread count by the one rule of thread_count.hpp (0: every core, 1 to 1024).
CLI::Validator thread_count_option();

}  // namespace maze::experiments
