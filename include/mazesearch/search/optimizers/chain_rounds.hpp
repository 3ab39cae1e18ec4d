// Annealing chains moved together, as the population methods move them (population annealing,
// replica exchange): in a sweep each chain makes `length` proposals of a random Hamming-1
// neighbour of its board (redrawn while infeasible, as annealing.hpp does), each taken or left by
// the Metropolis rule at the chain's temperature for the sweep. The chains do not meet during a
// sweep, so they run apart (Evaluator::run_apart): blocks of chains on the team's threads (and
// spread over MPI ranks), the boards of a block walked together. Chain g's proposals and
// acceptance draws come from a stream of the seed, the sweep and g alone, so a run is the same at
// any thread or rank count. The chains' first boards are scored in one batch
// (Evaluator::draw_groups). This is part of the optimizer's checkpoint.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

namespace maze {

struct ChainRounds {
    std::vector<Genome> initial;  // given boards not used yet: the first chains'
    std::vector<Scored> chains;   // each chain's board and score
    std::uint64_t rounds = 0;     // fills and sweeps so far (the proposals' random streams)
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
    // One sweep of `length` proposals per chain, chain g at temperature[g]; the evaluation
    // budget left is shared out between the chains (the first ones take one more when it does not
    // divide). Returns the feasible evaluations made.
    std::uint64_t sweep(Evaluator& ev, const Setup& setup, const Acceptance& rule,
                        std::span<const double> temperature, std::uint64_t length);
};

}  // namespace maze
