// Pieces of the population searches that keep a population varied: parent selection that skips
// duplicates and boards too close to a better one (clearing), duplicate removal, and migration
// between islands. Every choice is a function of the populations and the given random stream,
// so a run repeats exactly whatever the thread count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/genome.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

// Indices of `pop` from the best to the worst; ties keep population order.
std::vector<std::size_t> ranked(const std::vector<Scored>& pop);
// The index of the worst board of a non-empty `pop` (ties: the later one), the place a newcomer
// takes.
std::size_t worst_index(const std::vector<Scored>& pop);

// The top `count` boards of `pop` as parents, the best first. With `distinct`, a board equal to
// one already chosen is skipped. With niche_radius > 0 (clearing), a board within that Hamming
// distance of a better chosen one is skipped as well; when too few boards are far enough apart,
// the best of the skipped ones fill the places left (still distinct when asked).
std::vector<Scored> select_parents(const std::vector<Scored>& pop, std::size_t count, bool distinct,
                                   std::size_t niche_radius);

// Removes every board equal to an earlier one, keeping order.
void remove_duplicates(std::vector<Scored>& pop);

// How islands exchange boards (every `interval` generations).
struct MigrationSpec {
    enum class Topology { Ring, Random, All };
    enum class Choice { Best, Random };
    std::uint64_t interval = 20;
    std::size_t migrants = 1;
    Topology topology = Topology::Ring;
    Choice choice = Choice::Best;
};
MigrationSpec::Topology migration_topology(const std::string& name);  // ring|random|all
MigrationSpec::Choice migrant_choice(const std::string& name);        // best|random

// One migration: island i receives `migrants` boards from its source (ring: island i - 1;
// random: another island drawn from rngs[i]; all: the best, or random, boards of all the other
// islands together), chosen from the populations as they were before any island received
// anything. Boards the island already holds are not sent again. The arrivals replace the
// island's worst boards (ties: the later one first). Returns how many boards moved.
std::size_t migrate(std::vector<std::vector<Scored>>& islands, const MigrationSpec& spec,
                    std::vector<Rng>& rngs);

}  // namespace maze
