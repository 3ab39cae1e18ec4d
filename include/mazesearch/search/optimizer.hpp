// How boards are proposed. An optimizer knows only genomes, a Topology, and the Evaluator;
// never the game. It runs in steps (a generation, or a report interval for single-point
// methods) so that a run can log, checkpoint and resume between any two steps.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

// The overrides every optimizer declares, written once: start, step, save and restore (what
// each must do is said in Optimizer, below). In the class's public part.
#define MAZESEARCH_OPTIMIZER_STEPS                                                                \
    void start(const Target& target, std::uint64_t seed, const std::vector<Genome>& initial = {}) \
        override;                                                                                 \
    void step(Evaluator& ev) override;                                                            \
    nlohmann::json save() const override;                                                         \
    void restore(const nlohmann::json& state) override;

namespace maze {

class CheckedOptimizer;

class Optimizer {
  public:
    virtual ~Optimizer() = default;
    // How many optimizers this process has made: a run makes one a repeat (tests: and none to
    // check its config, which check_optimizer does without one).
    static std::uint64_t made() { return made_.load(); }
    // How many times this process has checked an optimizer's settings against a target: once a
    // run (check_optimizer), and once a start() of an optimizer made unchecked (make_optimizer).
    static std::uint64_t settings_checks() { return checks_.load(); }

    virtual std::string kind() const = 0;
    // Sets up the initial state for a target (no evaluation yet). `initial` optionally seeds it
    // with given boards (the starting point of a local search, the centre of a Hamming ball,
    // members of a first population); otherwise it starts from random boards. Every random
    // number the optimizer draws comes from `seed` and the work item it serves (step,
    // individual), never from a thread.
    virtual void start(const Target& target, std::uint64_t seed,
                       const std::vector<Genome>& initial = {}) = 0;
    // One step: propose boards, score them through `ev`, update the state. Must stop proposing
    // when ev.ledger().remaining() reaches 0.
    virtual void step(Evaluator& ev) = 0;
    // True when the method has ended by itself (e.g. a Hamming ball that was only reported).
    virtual bool done() const { return false; }
    // The complete state (population, current point, temperature, RNG, step counter) as JSON,
    // and its inverse: restore(save()) then step() continues exactly as without the pause.
    virtual nlohmann::json save() const = 0;
    virtual void restore(const nlohmann::json& state) = 0;
    // What the method measures of its own state besides the run's best, by name, always the
    // same names in the same order (map-elites: its archive's coverage, QD-score and elites).
    // The logbook gains a column for each, and a repeat's summary their values at its end
    // (docs/formats.md); none by default.
    struct Measure {
        std::string name;
        double value = 0;
    };
    virtual std::vector<Measure> measures() const { return {}; }
    // An archive of elites, one board a cell of a grid of descriptors (map-elites), which the run
    // writes into its folder (elites/, docs/formats.md); none (no descriptors, no cells) by
    // default.
    struct Elites {
        // An axis of the grid: its descriptor, its bins, its range [lo, hi) (bin i holds the
        // values from lo + i (hi - lo) / bins; a value outside falls in the first or last bin).
        struct Axis {
            std::string descriptor;
            std::int64_t bins = 1;
            double lo = 0, hi = 1;
        };
        struct Cell {
            std::uint64_t cell = 0;  // the axes' bins in mixed radix, the first axis fastest
            std::vector<double> descriptors;  // one an axis
            double value = 0;
            Genome genome;
        };
        std::vector<Axis> axes;
        std::vector<Cell> cells;  // by cell
    };
    virtual Elites elites() const { return {}; }

  protected:
    Optimizer() { made_.fetch_add(1); }
    Optimizer(const Optimizer&) = default;
    Optimizer& operator=(const Optimizer&) = default;

    // True when made by CheckedOptimizer::make(): its settings were checked against the target
    // and the boards it starts from, so start() does not check them again.
    bool checked() const { return checked_; }
    static void count_check() { checks_.fetch_add(1); }

  private:
    friend class CheckedOptimizer;
    friend CheckedOptimizer check_optimizer(const Params&, const Target&, const Budget&,
                                            const std::vector<Genome>&);
    static inline std::atomic<std::uint64_t> made_{0};
    static inline std::atomic<std::uint64_t> checks_{0};
    bool checked_ = false;
};

// Builds the optimizer named by params "kind" (random, hill-climbing, annealing,
// population-annealing, replica-exchange, evolutionary, genetic, hamming, exhaustive, window,
// map-elites)
// from its parameters; throws ParamError for bad or unknown keys.
std::unique_ptr<Optimizer> make_optimizer(const Params& params);

// A kind's settings as check_optimizer read and checked them, for one target, its budget and the
// boards it starts from: make() builds a fresh optimizer of those settings (a run: one for each
// repeat, and one to go back to a step's beginning) without reading or checking anything again;
// its start() takes them as checked. Start it on the target it was checked for (or one that
// wraps that target, as a run's gated target does) and the same boards.
class CheckedOptimizer {
  public:
    std::unique_ptr<Optimizer> make() const;

  private:
    friend CheckedOptimizer check_optimizer(const Params&, const Target&, const Budget&,
                                            const std::vector<Genome>&);
    std::function<std::unique_ptr<Optimizer>()> make_;
};

// Everything a search checks before it starts, found once and without making an optimizer: the
// kind's settings read from `params` as make_optimizer reads them (bad and unknown keys), what it
// needs of the target and of the boards it starts from, and of the budget (an annealing schedule
// needs a length or a budget to span). ParamError naming the key, or std::invalid_argument. A run
// calls it once, before it writes anything, and makes its optimizers from what it returns; they
// take the budget as it is (the evaluator's ledger holds it and enforces it). An optimizer made
// by make_optimizer instead checks its settings in start().
CheckedOptimizer check_optimizer(const Params& params, const Target& target, const Budget& budget,
                                 const std::vector<Genome>& initial = {});

}  // namespace maze
