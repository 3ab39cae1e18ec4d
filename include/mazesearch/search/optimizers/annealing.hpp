// Simulated annealing (paper Section 4.2): one chain from a random feasible board (or the given
// one). Each move proposes a uniformly random Hamming-1 neighbour (redrawn while infeasible; the
// Evaluator counts those as rejected) and accepts it with the Metropolis rule of cooling.hpp:
// always if it is at least as good, else with probability exp(gain / T), the gain a difference or
// (acceptance: relative) a share of the current score. T runs from t_start to t_end over `length`
// feasible evaluations (linearly or geometrically) and then stays at t_end. A step is a report
// interval of `report_every` feasible evaluations; the Evaluator keeps the best board.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

namespace maze {

class Annealing : public OptimizerBase {
  public:
    // What it reads of its keys: p_blocked [0.25], report_every [1000], and those of the
    // schedule (cooling.hpp); and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A feasible first board, a target with genes; a schedule with a length or a budget.
        void check(const Target& target, const std::vector<Genome>& initial) const;
        void check_budget(const Budget& budget) const { cooling.check_budget(budget); }

        double p_blocked;
        Cooling cooling;
        std::uint64_t report_every;
    };
    explicit Annealing(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit Annealing(const Settings& set) : set_(set) {}

    std::string kind() const override { return "annealing"; }
    MAZESEARCH_SEARCH_STEPS

    // Temperature after `done` of `length` evaluations (with no length: after the share of the
    // budget's seconds that `ev` has used).
    double temperature(std::uint64_t done, const Evaluator& ev) const;

  private:
    Settings set_;

    struct State {
        std::uint64_t length = 0;  // resolved at the first step (the budget, if length is 0)
        std::vector<Genome> initial;
        bool has_current = false;
        Genome current;
        Real current_value;
        std::uint64_t done = 0;  // feasible evaluations of this chain
        std::uint64_t accepted = 0;
        MAZESEARCH_DEFINE_STATE(State, length, initial, has_current, current, current_value, done,
                                accepted)
    };
    State s_;
};

}  // namespace maze
