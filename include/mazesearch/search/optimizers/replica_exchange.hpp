// Replica exchange (parallel tempering): `replicas` annealing chains, each at its own fixed
// temperature on a ladder from t_start (the hottest) down to t_end (the coldest), spaced
// geometrically. Each chain moves as an annealing chain does (annealing.hpp: a random Hamming-1
// neighbour, redrawn while infeasible, taken by the Metropolis rule of cooling.hpp at its
// temperature). Every `swap_every` proposals per chain, neighbouring rungs offer to swap their
// boards (the even pairs, then the odd pairs next time), each swap taken with probability
// min(1, exp((1/Ti - 1/Tj) * (fj - fi))), f = ln(score) with relative acceptance or the score: a
// good board found by a hot chain moves down to the cold ones, and a cold chain stuck on a peak
// moves up to be shaken loose.
//
// With `tune: true` the ladder follows its swap rates: after every `tune_every` swap offers of a
// pair the gaps between rungs (in ln T) are stretched where swaps were taken more often than
// `swap_target` and squeezed where less, the two ends fixed, so that a board can travel the
// whole ladder. The ladder, its counts and every board are in the checkpoint.
//
// A step is one sweep of `swap_every` proposals per chain, the chains side by side on the
// threads and MPI ranks (chain_rounds.hpp), then one swap; the swaps draw from the optimizer's
// own stream, so a run is the same at any thread or rank count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/chain_rounds.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"

namespace maze {

class ReplicaExchange : public OptimizerBase {
  public:
    // What it reads of its keys: replicas [8], swap_every [100], tune [true], swap_target
    // [0.3], tune_every [20], p_blocked [0.25], t_start [10] (the hottest rung), t_end [0.05]
    // (the coldest), acceptance difference|relative [difference]; and what it checks before it
    // starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A feasible first board, a target with genes.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        std::size_t replicas;
        std::uint64_t swap_every;
        bool tune;
        double swap_target;
        std::uint64_t tune_every;
        double p_blocked;
        double t_hot, t_cold;
        Acceptance acceptance;
    };
    explicit ReplicaExchange(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit ReplicaExchange(const Settings& set) : set_(set) {}

    std::string kind() const override { return "replica-exchange"; }
    // Given boards start the coldest chains first (each must be feasible); random boards the
    // rest.
    MAZESEARCH_SEARCH_STEPS

    // The rungs' temperatures, coldest first.
    std::vector<double> ladder() const;
    // Swaps taken and offered between rung k and k + 1, over the whole run.
    std::uint64_t swaps_taken(std::size_t k) const { return s_.taken.at(k); }
    std::uint64_t swaps_offered(std::size_t k) const { return s_.offered.at(k); }

  private:
    ChainRounds::Setup setup() const;
    void swap();
    void tune();

    Settings set_;

    struct State {
        ChainRounds pool;                           // rung k's board is chain k, coldest first
        std::vector<Real> log_t;                    // ln T of each rung, coldest first
        std::uint64_t swaps = 0;                    // swap offers made (even pairs when even)
        std::vector<std::uint64_t> offered, taken;  // per pair, the whole run
        std::vector<std::uint64_t> window_offered, window_taken;  // since the last tuning
        MAZESEARCH_DEFINE_STATE(State, pool, log_t, swaps, offered, taken, window_offered,
                                window_taken)
    };
    State s_;
};

}  // namespace maze
