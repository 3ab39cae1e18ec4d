// One population's generations (paper Section 4.2), as the evolutionary and the genetic search
// breed them on each island: the evolutionary algorithm's children are mutated copies of one
// parent, the genetic algorithm's cross two parents over, then mutate.
//
// Generation 1 is random boards (after any given ones), until `population` feasible boards are
// scored. Each next generation: the top `parents` of the current one (ties: the earlier board)
// breed children until `population` feasible children are scored; infeasible children are
// rejected. A generation gives up after max(100 x population, 1000) proposals and goes on with
// what it has. With elitism the parents join the next generation besides the children (a
// (mu + lambda) scheme: every generation still scores `population` children).
//
// restart [0 = never]: when the best of an island's generations has not improved for this many
// generations, its population is thrown away and drawn at random again (the run's best is kept
// by the Evaluator). A converged population only resamples its own corner; a fresh one does not.
//
// What keeps a population varied (docs/search.md measures each on the 13x13 board):
// - distinct [false]: no duplicate boards: a child equal to a parent gets one more flip, parents
//   are distinct boards and a generation drops repeated boards.
// - niche_radius [0]: clearing: a parent must differ in more than this many genes from every
//   better parent (the best of the close ones fill up when too few are far enough apart).
// - mutation_focus all|seen [all]: with seen, mutation flips only genes the parent's score
//   depends on (Target::relevant_genes: the cells the mouse steps on or looks at), as many on
//   average as `mutation` gives over all genes (one extra walk per parent, not counted as an
//   evaluation: the parent was scored already).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/state_json.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

// One island's population and its restart bookkeeping: the best score since the last (re)start
// and the generations without it improving.
struct Island {
    std::vector<Scored> population;  // the current generation, in the order it was scored
    bool has_epoch_best = false;
    Real epoch_best;
    std::uint64_t stale = 0;
    std::uint64_t restarts = 0;
    MAZESEARCH_DEFINE_STATE(Island, population, has_epoch_best, epoch_best, stale, restarts)
};

class Breeding {
  public:
    // Keys: population [100], parents [10], mutation [0.06], p_blocked [0.25], elitism [false],
    // restart [0], distinct, niche_radius, mutation_focus; with genetic also crossover
    // uniform|one-point|multi-point|line|block|patch [uniform], points [2], line
    // rows|columns|both [both], block [2].
    Breeding(const Params& params, bool genetic);

    bool genetic() const { return crossover_.spec.has_value(); }
    std::size_t population() const { return population_; }
    // The proposals a generation may draw before it gives up.
    std::size_t max_tries() const { return std::max<std::size_t>(100 * population_, 1000); }
    // Line and block crossovers need a topology with rows and columns (ParamError otherwise).
    void check_target(const Target& target) const;

    // What an island's next generation is bred from: nothing (a fresh generation, at the start
    // and after a restart) or its parents, with the genes each one's score depends on when
    // mutation is focused.
    struct Litter {
        bool fresh = true;
        std::vector<Scored> parents;
        std::vector<Genome> masks;
    };
    Litter litter(const Island& island, const Evaluator& ev) const;
    // A proposal of the litter drawn from `rng`: a random board or a child.
    Genome propose(const Litter& litter, Rng& rng, std::size_t genes,
                   const Topology& topology) const;
    // The island's next generation: the scored proposals, with the parents under elitism.
    void settle(Island& island, Litter& litter, std::vector<Scored> children) const;
    // After a step: counts a generation without improvement, and starts the island again after
    // `restart` of them.
    void track_stagnation(Island& island) const;

  private:
    Genome child(const Litter& litter, Rng& rng, std::size_t genes, const Topology& topology) const;

    std::size_t population_;
    std::size_t parents_;
    double mutation_;
    double p_blocked_;
    bool elitism_;
    std::uint64_t restart_;
    CrossoverChoice crossover_;  // none for the evolutionary search
    bool distinct_;
    std::size_t niche_radius_;
    bool focus_;
};

}  // namespace maze
