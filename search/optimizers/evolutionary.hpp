// Population search (paper Section 4.2): the evolutionary algorithm (children are mutated copies
// of one parent) and the genetic algorithm (children cross two parents over, then mutate).
//
// Generation 1 is the given boards followed by random ones, until `population` feasible boards
// are scored. Each next generation: the top `parents` of the current one (ties: the earlier
// board) breed children until `population` feasible children are scored; infeasible children
// are rejected. A generation gives up after max(100 x population, 1000) proposals and goes on
// with what it has. With elitism the parents join the next generation besides the children
// (a (mu + lambda) scheme: every generation still scores `population` children). One step is one
// generation, scored in one parallel batch.
//
// restart [0 = never]: when the best of the generations has not improved for this many
// generations, the population is thrown away and drawn at random again (the run's best is kept
// by the Evaluator). A converged population only resamples its own corner; a fresh one does not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"

namespace maze {

class EvolutionarySearch : public OptimizerBase {
  public:
    // Keys: population [100], parents [10], mutation [0.06], p_blocked [0.25],
    // elitism [false], restart [0]; with genetic also crossover
    // uniform|one-point|multi-point|line|block [uniform], points [2], line rows|columns|both
    // [both], block [2].
    EvolutionarySearch(const Params& params, bool genetic);

    std::string kind() const override { return crossover_ ? "genetic" : "evolutionary"; }
    // Line and block crossovers need a topology with rows and columns (ParamError otherwise).
    void start(const Target& target, std::uint64_t seed,
               const std::vector<Genome>& initial = {}) override;
    void step(Evaluator& ev) override;
    nlohmann::json save() const override;
    void restore(const nlohmann::json& state) override;

    // The current generation, in the order it was scored (elites first).
    const std::vector<Scored>& population() const { return s_.population; }

  private:
    std::vector<Scored> top_parents() const;
    void track_stagnation();

    std::size_t population_size_;
    std::size_t parents_;
    double mutation_;
    double p_blocked_;
    bool elitism_;
    std::uint64_t restart_;
    std::optional<CrossoverSpec> crossover_;
    std::string crossover_where_;

    struct State {
        std::vector<Genome> initial;     // given members of generation 1, until it is drawn
        std::vector<Scored> population;  // the current generation
        // Restart bookkeeping: the best score since the last (re)start and generations without
        // it improving.
        bool has_epoch_best = false;
        Real epoch_best;
        std::uint64_t stale = 0;
        std::uint64_t restarts = 0;
        NLOHMANN_DEFINE_TYPE_INTRUSIVE(State, initial, population, has_epoch_best, epoch_best,
                                       stale, restarts)
    };
    State s_;
};

}  // namespace maze
