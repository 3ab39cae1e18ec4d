// Population annealing: `population` annealing chains cooled together, so that the effort moves
// to the chains that do well. Each chain moves as one annealing chain does (annealing.hpp: a
// random Hamming-1 neighbour, redrawn while infeasible, taken by the Metropolis rule of
// cooling.hpp), all at the one temperature of the schedule, which follows the population's
// feasible evaluations. Every `sweep` proposals per chain the temperature has fallen from T0 to
// T1, and the population is resampled by the chains' Boltzmann weights for that fall,
// w = exp((1/T1 - 1/T0) * fitness), fitness = ln(score) with relative acceptance (the energy that
// chain samples by, cooling.hpp) or the score: systematic resampling, so a chain of weight w has
// population * w / (sum of w) copies, rounded up or down. A step is one sweep.
//
// The chains' proposals of one round (one per chain) are built and scored in one parallel batch
// (Evaluator::draw_groups, spread over MPI ranks as the islands' are), each from a random stream
// of the seed, the round and the chain; acceptance and resampling draw from the optimizer's own
// stream in chain order, so a run is the same at any thread or rank count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/chain_rounds.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

namespace maze {

class PopulationAnnealing : public OptimizerBase {
  public:
    // Keys: population [16], sweep [1000] (proposals per chain between two resamplings),
    // p_blocked [0.25], and those of the schedule (cooling.hpp).
    explicit PopulationAnnealing(const Params& params);

    std::string kind() const override { return "population-annealing"; }
    // Given boards start the first chains (each must be feasible); random boards the rest.
    MAZESEARCH_OPTIMIZER_STEPS
    void check_budget(const Budget& budget) const override;

    // What a run reports of the population: resamplings so far, and the chains that had
    // offspring in the last one (of `population`).
    std::uint64_t resamplings() const { return s_.resamplings; }
    std::uint64_t families() const { return s_.families; }

  private:
    // Resamples the chains by their weights for the fall from s_.resampled_at to t.
    void resample(double t);
    ChainRounds::Setup setup() const;

    std::size_t population_;
    std::uint64_t sweep_;
    double p_blocked_;
    Cooling cooling_;

    struct State {
        std::uint64_t length = 0;    // resolved at the first step (the budget, if length is 0)
        ChainRounds pool;            // the chains, empty until filled
        std::uint64_t done = 0;      // feasible evaluations of the chains
        std::uint64_t in_sweep = 0;  // rounds of the sweep under way
        Real resampled_at;           // the temperature of the last resampling (0: none yet)
        std::uint64_t resamplings = 0;
        std::uint64_t families = 0;
        MAZESEARCH_DEFINE_STATE(State, length, pool, done, in_sweep, resampled_at, resamplings,
                                families)
    };
    State s_;
};

}  // namespace maze
