// One repeat of a run, from its first step (or its checkpoint) to the end of its budget or an
// interruption: the optimizer's steps, the logbook, checkpoints every `checkpoint_seconds` (with
// best.txt, best.svg and archive/ rewritten whenever the best improved), and at the end
// summary.json in the repeat's folder.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/run/progress.hpp"
#include "mazesearch/experiments/run/run_boards.hpp"
#include "mazesearch/experiments/views/board_view.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/target.hpp"

namespace spdlog {
class logger;
}

namespace maze::experiments {

// What every repeat of a run shares.
struct RepeatContext {
    const RunConfig& config;
    const Target& target;
    const BoardView& view;
    const std::vector<Genome>& initial;  // boards that seed the optimizer
    const CheckedOptimizer& optimizer;   // its settings, checked once: each repeat makes its own
    spdlog::logger& log;
    RunProgress& progress;
    // True when the run must stop at the next step (a failed repeat); a signal (InterruptGuard)
    // stops it too.
    const std::atomic<bool>& stop;
    // Tests: stop after this many steps of this session, counted over all repeats (0: never).
    std::uint64_t interrupt_after_steps = 0;
    std::atomic<std::uint64_t>& session_steps;
    // Told after every step and at the repeat's end (none: nullptr); what it throws fails the run.
    const StepHook* on_step = nullptr;
    // Set by the program that runs the search to stop it as a signal does (none: nullptr).
    const std::atomic<bool>* cancel = nullptr;
};

struct RepeatOutcome {
    bool finished = false;
    nlohmann::json summary;
};

// Runs repeat r in `dir` with `threads` threads for its evaluator.
RepeatOutcome run_repeat(const RepeatContext& ctx, int r, const std::filesystem::path& dir,
                         int threads);

}  // namespace maze::experiments
