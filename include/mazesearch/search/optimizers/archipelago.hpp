// Islands of populations that evolve side by side (pagmo's archipelago), wrapped around one
// population's breeding (breeding.hpp): what moves between the islands and within them after
// each generation.
//
// - islands [1]: that many populations, each bred as breeding.hpp says (its own restart count);
//   every migration_interval [20] generations each island receives `migrants` [1] boards
//   (migration_topology ring: from the island before it; random: from another island drawn at
//   random; all: from all the others together; migrant_choice best|random), replacing its worst.
// - local_search none|climb|plateau|tabu [none]: every local_every [50] generations, a local
//   search (memetic.hpp) of local_scans [10] moves from each island's best board, tabu_tenure [8],
//   local_focus [false]; its best board joins the island in place of the worst.
//
// Every choice is drawn from a stream of the run's seed, the generation and the island, so a run
// repeats exactly whatever the thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizers/breeding.hpp"
#include "mazesearch/search/optimizers/memetic.hpp"
#include "mazesearch/search/optimizers/population.hpp"
#include "mazesearch/search/params.hpp"

namespace maze {

class Archipelago {
  public:
    // Reads the keys above; migrants must be at most `population` (ParamError otherwise).
    Archipelago(const Params& params, std::size_t population);

    std::size_t islands() const { return islands_; }

    // What the exchanges after one generation did.
    struct Moves {
        std::uint64_t migrants = 0;      // boards that migrated
        std::uint64_t searches = 0;      // local searches run
        std::uint64_t improvements = 0;  // of them, those that found a better board
    };
    // After generation `step` of a run seeded `seed`: migration when it is due, then the local
    // searches when they are due (scored through `ev`).
    Moves after_generation(std::vector<Island>& islands, Evaluator& ev, std::uint64_t seed,
                           std::uint64_t step) const;

  private:
    Moves local_searches(std::vector<Island>& islands, Evaluator& ev, std::uint64_t seed,
                         std::uint64_t step) const;

    std::size_t islands_;
    MigrationSpec migration_;
    LocalSearchSpec local_;
};

}  // namespace maze
