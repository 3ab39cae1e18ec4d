// Simulated annealing (paper Section 4.2): one chain from a random feasible board (or the given
// one). Each move proposes a uniformly random Hamming-1 neighbour (redrawn while infeasible; the
// Evaluator counts those as rejected) and accepts it with the Metropolis rule: always if it is at
// least as good, else with probability exp((new - old) / T). T runs from t_start to t_end over
// `length` feasible evaluations (linearly or geometrically) and then stays at t_end. A step is a
// report interval of `report_every` feasible evaluations; the Evaluator keeps the best board.
// With acceptance: relative, the difference is divided by the current score (at least 1), so T
// is a share: T = 0.05 accepts a board 5% worse with probability 1/e whatever the scale of the
// scores (for annealing from a GA's result, where scores are in the thousands).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

class Annealing : public OptimizerBase {
  public:
    // Keys: p_blocked [0.25], t_start [10], t_end [0.05], schedule linear|exponential [linear],
    // length [0: the evaluation budget, else the budget's seconds], report_every [1000], acceptance
    // difference|relative [difference].
    explicit Annealing(const Params& params);

    std::string kind() const override { return "annealing"; }
    void start(const Target& target, std::uint64_t seed,
               const std::vector<Genome>& initial = {}) override;
    void step(Evaluator& ev) override;
    // A schedule needs a length: `length`, or a budget of evaluations or seconds to span.
    void check_budget(const Budget& budget) const override;
    nlohmann::json save() const override;
    void restore(const nlohmann::json& state) override;

    // Temperature after `done` of `length` evaluations (with no length: after the share of the
    // budget's seconds that `ev` has used).
    double temperature(std::uint64_t done, const Evaluator& ev) const;

  private:
    double p_blocked_;
    double t_start_, t_end_;
    bool exponential_;
    std::uint64_t length_param_;
    std::string length_where_;
    std::uint64_t report_every_;
    bool relative_;

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
