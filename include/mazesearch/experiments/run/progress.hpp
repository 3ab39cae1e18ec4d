// What a run shows while it works. On a terminal, one live line: a bar, the evaluations, the best
// score so far (over the repeats, when several run side by side); elsewhere a log line per repeat
// every `log_seconds`. Repeats that run on several threads share one RunProgress.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/run/time_to_go.hpp"
#include "mazesearch/search/evaluator.hpp"

namespace spdlog {
class logger;
}

namespace maze::experiments {

// What a run tells a program that runs it (RunOptions::on_step, the Python module's progress
// callback) after a step of a repeat, and once more when the repeat has ended.
struct StepReport {
    int repeat = 0;
    std::uint64_t step = 0;  // steps of the repeat so far, over all its sessions
    std::uint64_t evaluations = 0, rejected = 0;
    std::optional<double> best;  // the repeat's best value so far
    double fraction = 0;         // of the budget spent
    double seconds = 0;          // the repeat's time, over all its sessions
    bool ended = false;          // the repeat's last report: finished or interrupted
};
using StepHook = std::function<void(const StepReport&)>;

// The share of `config`'s budget that `ev` has spent, from 0 to 1.
double budget_fraction(const RunConfig& config, const Evaluator& ev);

// The report of repeat r after `step` steps.
StepReport step_report(const RunConfig& config, int r, std::uint64_t step, const Evaluator& ev,
                       bool ended);

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
        TimeToGo to_go;
    };
    double elapsed(Clock::time_point now) const;
    void draw_live();

    const RunConfig& config_;
    bool live_;
    spdlog::logger* log_;
    std::mutex mutex_;
    std::vector<Repeat> repeats_;
    Clock::time_point started_, last_draw_;
    TimeToGo run_to_go_;
    bool drawn_ = false;
};

}  // namespace maze::experiments
