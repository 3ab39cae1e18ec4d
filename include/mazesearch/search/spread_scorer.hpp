// The batch scorer's groups spread over the ranks of a distributed search (collective.hpp): a
// wrapper around BatchScorer::draw_groups, as pagmo's archipelago spreads islands over processes.
// Group g is built and scored on rank g mod size, with that rank's threads, and every rank then
// receives every group's result, to the bit: so each rank counts and keeps the same boards in the
// same order, and the optimizer's state stays the same on every rank, step after step.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "mazesearch/search/batch_scorer.hpp"
#include "mazesearch/search/collective.hpp"

namespace maze {

class SpreadScorer {
  public:
    // Both must outlive the wrapper.
    SpreadScorer(BatchScorer& local, Collective& ranks) : local_(local), ranks_(ranks) {}

    // BatchScorer::draw_groups, each group on its own rank; every rank must call it with the same
    // wants and tries, as every collective operation.
    void draw_groups(std::span<const std::size_t> want, std::span<const std::size_t> max_tries,
                     const BatchScorer::GroupProposer& propose,
                     std::vector<std::vector<Scored>>& out, std::vector<std::size_t>& drawn);

  private:
    BatchScorer& local_;
    Collective& ranks_;
};

}  // namespace maze
