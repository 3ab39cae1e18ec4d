// The process exit statuses of the `mazesearch` subcommands (commands.hpp), apart from CLI11 so that
// the jobs the Python module runs too (enumerate_job.hpp) can return them.
#pragma once

namespace maze::experiments {

constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;
constexpr int kExitBadInput = 2;

}  // namespace maze::experiments
