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
    // Keys: p_blocked [0.25], batch [1000].
    explicit RandomSearch(const Params& params);

    std::string kind() const override { return "random"; }
    MAZESEARCH_OPTIMIZER_STEPS

  private:
    double p_blocked_;
    std::size_t batch_;
    struct State {
        std::vector<Genome> initial;  // given boards not yet proposed; they come first
        MAZESEARCH_DEFINE_STATE(State, initial)
    };
    State s_;
};

}  // namespace maze
