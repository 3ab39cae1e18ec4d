// Random search (paper Section 4.2): every board drawn independently, each gene blocked with
// probability p_blocked. A step scores `batch` feasible boards (the infeasible ones drawn on the
// way are rejected and counted), so steps are report intervals of equal size.
#pragma once

#include <cstdint>
#include <vector>

#include "mazesearch/search/optimizer_support.hpp"

namespace maze {

class RandomSearch : public OptimizerBase {
  public:
    // What it reads of its keys: p_blocked [0.25], batch [1000]; and what it checks before it
    // starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // Given boards of the target's size.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        double p_blocked;
        std::size_t batch;
    };
    explicit RandomSearch(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit RandomSearch(const Settings& set) : set_(set) {}

    std::string kind() const override { return "random"; }
    MAZESEARCH_SEARCH_STEPS

  private:
    Settings set_;
    struct State {
        std::vector<Genome> initial;  // given boards not yet proposed; they come first
        MAZESEARCH_DEFINE_STATE(State, initial)
    };
    State s_;
};

}  // namespace maze
