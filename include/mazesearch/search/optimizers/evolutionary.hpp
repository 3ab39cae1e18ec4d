// Population search (paper Section 4.2): the evolutionary algorithm (children are mutated copies
// of one parent) and the genetic algorithm (children cross two parents over, then mutate), on one
// island or several: one population's breeding (breeding.hpp) wrapped in an archipelago
// (archipelago.hpp: islands, migration, local searches), as pagmo wraps an algorithm in islands.
//
// One step is one generation of every island, all scored in one parallel batch
// (Evaluator::draw_groups); a run repeats exactly whatever the thread count. The given boards go
// to island 0's first generation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/archipelago.hpp"
#include "mazesearch/search/optimizers/breeding.hpp"

namespace maze {

class EvolutionarySearch : public OptimizerBase {
  public:
    // What it reads of its keys (those of breeding.hpp and archipelago.hpp), and what it checks
    // before it starts (check_optimizer).
    struct Settings {
        Settings(const Params& params, bool genetic);
        // Line and block crossovers need a topology with rows and columns (ParamError
        // otherwise); given boards have the target's size.
        void check(const Target& target, const std::vector<Genome>& initial) const;
        std::string kind() const { return breeding.genetic() ? "genetic" : "evolutionary"; }

        Breeding breeding;
        Archipelago archipelago;
    };
    EvolutionarySearch(const Params& params, bool genetic) : set_(params, genetic) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit EvolutionarySearch(const Settings& set) : set_(set) {}

    std::string kind() const override { return set_.kind(); }
    MAZESEARCH_SEARCH_STEPS

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
    Rng island_rng(std::size_t island, std::uint64_t k) const;
    // The islands' scored proposals made the next generation; false when none had any.
    bool settle(std::vector<Breeding::Litter>& litters, std::vector<std::vector<Scored>>& got,
                const Evaluator& ev);
    struct State;
    // restore()'s checks of a checkpoint's state (std::invalid_argument).
    void check(const Common& c, const State& s) const;

    Settings set_;

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
