// Population annealing: `population` annealing chains cooled together, so that the effort moves
// to the chains that do well. A step is one sweep: every chain makes `sweep` proposals at one
// temperature T0 (t_start in the first sweep), each moving as one annealing chain moves
// (annealing.hpp: a random Hamming-1 neighbour, redrawn while infeasible, taken by the
// Metropolis rule of cooling.hpp). Then the schedule gives the next sweep's temperature T1 (it
// follows the population's feasible evaluations), and the population is resampled by the
// chains' Boltzmann weights for the fall,
// w = exp((1/T1 - 1/T0) * fitness), fitness = ln(score) with relative acceptance (the energy that
// chain samples by, cooling.hpp) or the score: systematic resampling, so a chain of weight w has
// population * w / (sum of w) copies, rounded up or down.
//
// With a crossover (crossover [none] and its keys as the genetic search's, crossover_rate
// [0.25]) it is also a genetic algorithm that learnt from annealing: after each resampling, each
// chain with probability crossover_rate proposes a child of its board and a different board of
// another chain (drawn uniformly), and the child takes the chain's place by the Metropolis rule at
// the new temperature, so a worse child is taken with the probability annealing would take it.
// Between generations every member anneals (its sweep), and selection is the resampling.
//
// With window (2..4; 0 [default]: none) the best chain also takes one exact window move
// (window_search.hpp) after every `window_every` [1] resamplings: the best setting of a random
// window x window square of its board, the rest fixed, taken when it scores more; the settings
// count as evaluations as window search counts them. For mouse-maze targets, objective moves.
//
// The chains do not meet during a sweep, so they run it side by side on the threads and MPI
// ranks (chain_rounds.hpp), each from a random stream of the seed, the sweep and the chain;
// resampling and crossover draw from the optimizer's own stream, so a run is the same at any
// thread or rank count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"
#include "mazesearch/search/optimizers/chain_rounds.hpp"
#include "mazesearch/search/optimizers/cooling.hpp"
#include "mazesearch/search/optimizers/crossover.hpp"

namespace maze {

class PopulationAnnealing : public OptimizerBase {
  public:
    // What it reads of its keys: population [16], sweep [1000] (proposals per chain between two
    // resamplings), p_blocked [0.25], those of the schedule (cooling.hpp), crossover [none] with
    // points, line and block (crossover.hpp), crossover_rate [0.25], window [0], window_every
    // [1]; and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A feasible first board, a target with genes, one with rows and columns for a line or
        // block crossover, a mouse maze the window fits for a window move.
        void check(const Target& target, const std::vector<Genome>& initial) const;
        // A schedule with a length or a budget to span.
        void check_budget(const Budget& budget) const { cooling.check_budget(budget); }

        std::size_t population;
        std::uint64_t sweep;
        double p_blocked;
        Cooling cooling;
        CrossoverChoice crossover;
        double crossover_rate;
        int window;
        std::uint64_t window_every;
    };
    explicit PopulationAnnealing(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit PopulationAnnealing(const Settings& set) : set_(set) {}

    std::string kind() const override { return "population-annealing"; }
    // Given boards start the first chains (each must be feasible); random boards the rest.
    MAZESEARCH_SEARCH_STEPS

    // What a run reports of the population: resamplings so far, and the chains that had
    // offspring in the last one (of `population`).
    std::uint64_t resamplings() const { return s_.resamplings; }
    std::uint64_t families() const { return s_.families; }
    // Children scored and children taken so far.
    std::uint64_t children() const { return s_.children; }
    std::uint64_t children_taken() const { return s_.children_taken; }
    // Window moves made, and those that improved the best chain.
    std::uint64_t windows() const { return s_.windows; }
    std::uint64_t window_gains() const { return s_.window_gains; }

  private:
    // Resamples the chains by their weights for the fall from s_.resampled_at to t.
    void resample(double t);
    // After a resampling for t: the crossover's children, scored in one batch and each taken or
    // left at t; returns the feasible evaluations made.
    std::uint64_t cross(Evaluator& ev, double t);
    // The window move on the best chain, when one is due and the budget holds a window.
    void window(Evaluator& ev);
    ChainRounds::Setup setup() const;

    Settings set_;

    struct State {
        std::uint64_t length = 0;  // resolved at the first step (the budget, if length is 0)
        ChainRounds pool;          // the chains, empty until filled
        std::uint64_t done = 0;    // feasible evaluations of the chains
        Real resampled_at;         // the temperature of the last resampling (0: none yet)
        std::uint64_t resamplings = 0;
        std::uint64_t families = 0;
        std::uint64_t children = 0;        // crossover children scored
        std::uint64_t children_taken = 0;  // and taken
        std::uint64_t windows = 0;         // window moves
        std::uint64_t window_gains = 0;    // that improved the best chain
        MAZESEARCH_DEFINE_STATE(State, length, pool, done, resampled_at, resamplings, families,
                                children, children_taken, windows, window_gains)
    };
    State s_;
};

}  // namespace maze
