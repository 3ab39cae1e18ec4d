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
//
// What keeps a long search moving (docs/search.md measures each on the 13x13 board):
// - islands [1]: that many populations evolve side by side, each as above (its own restart
//   count); every migration_interval generations each island receives `migrants` boards
//   (migration_topology ring: from the island before it; random: from another island drawn at
//   random; all: from all the others together; migrant_choice best|random), replacing its worst.
//   The given boards go to island 0. One step is one generation of every island, all scored in
//   one parallel batch; a run repeats exactly whatever the thread count.
// - distinct [false]: no duplicate boards: a child equal to a parent gets one more flip, parents
//   are distinct boards and a generation drops repeated boards.
// - niche_radius [0]: clearing: a parent must differ in more than this many genes from every
//   better parent (the best of the close ones fill up when too few are far enough apart).
// - mutation_focus all|seen [all]: with seen, mutation flips only genes the parent's score
//   depends on (Target::relevant_genes: the cells the mouse steps on or looks at), as many on
//   average as `mutation` gives over all genes (one extra walk per parent, not counted as an
//   evaluation: the parent was scored already).
// - local_search none|climb|plateau|tabu [none]: every local_every [50] generations, a local
//   search (memetic.hpp) of local_scans [10] moves from each island's best board, tabu_tenure [8],
//   local_focus [false]; its best board joins the island in place of the worst.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"
#include "mazesearch/search/optimizers/memetic.hpp"
#include "mazesearch/search/optimizers/population.hpp"

namespace maze {

class EvolutionarySearch : public OptimizerBase {
  public:
    // Keys: population [100], parents [10], mutation [0.06], p_blocked [0.25],
    // elitism [false], restart [0]; with genetic also crossover
    // uniform|one-point|multi-point|line|block|patch [uniform], points [2], line
    // rows|columns|both [both], block [2]; and the keys listed above (islands ... local_focus).
    EvolutionarySearch(const Params& params, bool genetic);

    std::string kind() const override { return crossover_ ? "genetic" : "evolutionary"; }
    // Line and block crossovers need a topology with rows and columns (ParamError otherwise).
    void start(const Target& target, std::uint64_t seed,
               const std::vector<Genome>& initial = {}) override;
    void step(Evaluator& ev) override;
    nlohmann::json save() const override;
    void restore(const nlohmann::json& state) override;

    // The current generation of island 0 (of the only population without islands), in the
    // order it was scored (elites first).
    const std::vector<Scored>& population() const { return s_.islands.at(0).population; }
    std::size_t islands() const { return s_.islands.size(); }
    const std::vector<Scored>& population(std::size_t island) const {
        return s_.islands.at(island).population;
    }
    // Counters of the run so far.
    std::uint64_t migrants_moved() const { return s_.migrants_moved; }
    std::uint64_t local_searches() const { return s_.local_searches; }
    std::uint64_t local_improvements() const { return s_.local_improvements; }

  private:
    struct Island;
    void track_stagnation(Island& island);
    void memetic(Evaluator& ev);
    Rng island_rng(std::size_t island, std::uint64_t k) const;
    struct State;
    // restore()'s checks of a checkpoint's state (std::invalid_argument).
    void check(const Common& c, const State& s) const;

    std::size_t population_size_;
    std::size_t parents_;
    double mutation_;
    double p_blocked_;
    bool elitism_;
    std::uint64_t restart_;
    std::optional<CrossoverSpec> crossover_;
    std::string crossover_where_;
    std::size_t islands_;
    MigrationSpec migration_;
    bool distinct_;
    std::size_t niche_radius_;
    bool focus_;
    LocalSearchSpec local_;

    struct Island {
        std::vector<Scored> population;  // the current generation
        // Restart bookkeeping: the best score since the last (re)start and generations without
        // it improving.
        bool has_epoch_best = false;
        Real epoch_best;
        std::uint64_t stale = 0;
        std::uint64_t restarts = 0;
        MAZESEARCH_DEFINE_STATE(Island, population, has_epoch_best, epoch_best, stale, restarts)
    };
    struct State {
        std::vector<Genome> initial;  // given members of island 0's generation 1
        std::vector<Island> islands;
        std::uint64_t migrants_moved = 0;
        std::uint64_t local_searches = 0;
        std::uint64_t local_improvements = 0;
        MAZESEARCH_DEFINE_STATE(State, initial, islands, migrants_moved, local_searches,
                                local_improvements)
    };
    State s_;
};

}  // namespace maze
