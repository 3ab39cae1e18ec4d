// What a run shows while it works. On a terminal, one live line: a bar, the evaluations, the best
// score so far (over the repeats, when several run side by side); elsewhere a log line per repeat
// every `log_seconds`. Repeats that run on several threads share one RunProgress.
#pragma once

#include <chrono>
#include <mutex>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/search/evaluator.hpp"

namespace spdlog {
class logger;
}

namespace maze::experiments {

class RunProgress {
  public:
    // live: draw the live line (standard error is a terminal); log: where the log lines go when
    // not live (nullptr: nowhere).
    RunProgress(const RunConfig& config, bool live, spdlog::logger* log);

    // After each step of repeat r (cheap: it draws a few times a second at most).
    void update(int r, const Evaluator& ev);
    // Repeat r has ended (finished or interrupted).
    void repeat_ended(int r);
    // Erases the live line (before the final report).
    void clear();

  private:
    using Clock = std::chrono::steady_clock;
    struct Repeat {
        double fraction = 0;
        std::uint64_t evaluations = 0, rejected = 0;
        bool has_best = false;
        double best = 0;
        double seconds = 0;
        bool ended = false;
        Clock::time_point last_log;
    };
    double fraction(const Evaluator& ev) const;
    void draw_live();

    const RunConfig& config_;
    bool live_;
    spdlog::logger* log_;
    std::mutex mutex_;
    std::vector<Repeat> repeats_;
    Clock::time_point last_draw_;
    bool drawn_ = false;
};

}  // namespace maze::experiments
