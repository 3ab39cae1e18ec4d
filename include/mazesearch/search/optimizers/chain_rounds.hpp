// Annealing chains moved together in rounds, as the population methods move them (population
// annealing, replica exchange): each round proposes one random Hamming-1 neighbour per chain
// (redrawn while infeasible, as annealing.hpp does), builds and scores the proposals of all chains
// in one parallel batch (Evaluator::draw_groups, spread over MPI ranks as the islands' are), then
// takes or leaves each by the Metropolis rule at the chain's temperature, in chain order, drawing
// from the optimizer's own stream. Proposal g of round r comes from a stream of the seed, r and
// g alone, so a run is the same at any thread or rank count. This is part of the optimizer's
// checkpoint.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

namespace maze {

struct ChainRounds {
    std::vector<Genome> initial;  // given boards not used yet: the first chains'
    std::vector<Scored> chains;   // each chain's board and score
    std::uint64_t rounds = 0;     // rounds so far (the proposals' random streams)
    std::uint64_t accepted = 0;   // proposals taken
    MAZESEARCH_DEFINE_STATE(ChainRounds, initial, chains, rounds, accepted)

    // What a round needs of its optimizer.
    struct Setup {
        std::string kind;  // for messages
        std::uint64_t seed;
        std::size_t genes;
        double p_blocked;  // of the first random boards
    };

    // Keeps up to n of the given boards for the first chains; each must be feasible
    // (std::invalid_argument otherwise).
    void take_given(const Target& target, const std::vector<Genome>& given, std::size_t n,
                    const std::string& kind);
    // Scores first boards (the given ones, then random ones) until there are n chains, in one
    // batch; returns the feasible evaluations made. Fewer chains when the budget ran out first.
    std::uint64_t fill(Evaluator& ev, std::size_t n, const Setup& setup);
    // One round; the chain g's temperature is temperature(g). Returns the feasible evaluations
    // made (fewer than the chains when the budget ran out).
    std::uint64_t round(Evaluator& ev, const Setup& setup, const Acceptance& rule,
                        const std::function<double(std::size_t)>& temperature, Rng& rng);
};

}  // namespace maze
