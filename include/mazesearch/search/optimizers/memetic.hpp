// Local search inside a population search (a memetic algorithm): from the best board of each
// island, walks over Hamming-1 neighbours, one whole neighbourhood scored per scan. All islands'
// neighbourhoods of a scan are scored in one parallel batch (Evaluator::draw_groups).
//
// Rules of a move, from the current board:
// - climb:   the best neighbour if it is better; otherwise the walk ends (a local optimum).
// - plateau: the best neighbour if it is better, else a neighbour of equal score (one drawn at
//            random), so the walk crosses plateaus; a gene just flipped stays tabu for `tenure`
//            scans, so the walk does not step straight back; it ends when no neighbour is at
//            least as good.
// - tabu:    the best neighbour that is not tabu, better or not (a tabu one only if it beats the
//            best of the walk); the flipped gene stays tabu for `tenure` scans.
// With `focus`, a scan tries only the genes the current board's score depends on
// (Target::relevant_genes): for the mouse maze, the cells its walk steps on or looks at.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/state_json.hpp"

namespace maze {

struct LocalSearchSpec {
    enum class Kind { None, Climb, Plateau, Tabu };
    Kind kind = Kind::None;
    std::uint64_t every = 50;  // generations between two local searches
    std::size_t scans = 10;    // neighbourhood scans (moves) per local search
    std::size_t tenure = 8;    // scans a flipped gene stays tabu (plateau and tabu)
    bool focus = false;        // try only the genes the score depends on
};
LocalSearchSpec::Kind local_search_kind(const std::string& name);  // none|climb|plateau|tabu

// One walk in progress.
struct LocalWalk {
    Scored start;                           // where it began
    Scored current;                         // where it is
    Scored best;                            // the best board it met
    std::vector<std::uint64_t> tabu_until;  // per gene: the first scan it may be flipped again
    std::uint64_t scans = 0;
    std::uint64_t moves = 0;  // moves made (plateau and tabu moves included)
    bool ended = false;
};
LocalWalk start_walk(const Scored& from);

// Runs up to spec.scans scans of every walk that has not ended; rng(walk, scan) is the random
// stream of a walk's tie-breaks at a scan. Stops early when the evaluation budget runs out.
void run_local_search(Evaluator& ev, const LocalSearchSpec& spec, std::vector<LocalWalk>& walks,
                      const std::function<Rng(std::size_t walk, std::uint64_t scan)>& rng);

}  // namespace maze
