// The one rule for a thread count that comes from outside: a config's `threads`, the commands'
// --threads, the Python module's threads=. 0 stands for every core this process may run on
// (WorkerTeam::resolve), 1 to kMaxThreads for that many threads; anything else is refused with an
// error naming the field, before any team is made.
#pragma once

#include <cstdint>
#include <string>

namespace maze {

// TBB gives a team no more worker threads than the machine has cores (a larger team only takes
// turns on them), while its arena and each thread's buffers grow with the count asked for:
// score_batch with threads=100000 crashed in TBB's teardown and threads=10**7 ran out of memory,
// where 1024 costs 11 MB more than 1 thread and takes no longer (2 cores, 5,000 13x13 boards).
inline constexpr int kMaxThreads = 1024;

// Whether `threads` is a thread count by the rule.
inline bool is_thread_count(std::int64_t threads) {
    return threads >= 0 && threads <= kMaxThreads;
}

// The rule as a message says it, before ", got VALUE".
inline std::string thread_count_expected() {
    return "expected 0 (every core) or 1 to " + std::to_string(kMaxThreads) + " threads";
}

}  // namespace maze
