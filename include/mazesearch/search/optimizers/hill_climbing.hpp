// Hill climbing with restarts (paper Section 4.2): from a random feasible board (or the given
// one) score Hamming-1 neighbours and move to a strictly better one; at a local optimum start
// again from a fresh random feasible board. Mode `first` tries the neighbours in a fresh random
// order per climb step and moves to the first improvement; mode `best` scores all of them (one
// parallel batch) and moves to the best (the earliest gene on ties). A step is a report
// interval of `report_every` feasible evaluations; a neighbourhood may span two steps.
#pragma once

#include <cstdint>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

class HillClimbing : public OptimizerBase {
  public:
    // What it reads of its keys: p_blocked [0.25], mode first|best [first], report_every
    // [1000]; and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A feasible first board, a target with genes.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        double p_blocked;
        bool best_mode;
        std::uint64_t report_every;
    };
    explicit HillClimbing(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit HillClimbing(const Settings& set) : set_(set) {}

    std::string kind() const override { return "hill-climbing"; }
    MAZESEARCH_SEARCH_STEPS

    // Local optima reached so far (each one triggers a restart).
    std::uint64_t local_optima() const { return s_.local_optima; }

  private:
    void move_to(Genome g, double value);
    void start_climb(Evaluator& ev);

    Settings set_;

    struct State {
        std::vector<Genome> initial;  // the given start, until used
        bool has_current = false;
        Genome current;
        Real current_value;
        std::vector<std::size_t> order;   // mode first: the neighbour order of this climb step
        std::size_t next = 0;             // neighbours of current tried so far
        bool has_best_neighbour = false;  // mode best: the best improving neighbour so far
        std::size_t best_neighbour = 0;
        Real best_neighbour_value;
        std::uint64_t local_optima = 0;
        MAZESEARCH_DEFINE_STATE(State, initial, has_current, current, current_value, order, next,
                                has_best_neighbour, best_neighbour, best_neighbour_value,
                                local_optima)
    };
    State s_;
};

}  // namespace maze
