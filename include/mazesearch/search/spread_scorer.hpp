// The batch scorer's work spread over the ranks of a distributed search (collective.hpp): a
// wrapper around BatchScorer::draw_groups and BatchScorer::run_apart, as pagmo's archipelago
// spreads islands over processes. Group (or item) g is built and scored on rank g mod size, with
// that rank's threads, and every rank then receives every group's result, to the bit: so each
// rank counts and keeps the same boards in the same order, and the optimizer's state stays the
// same on every rank, step after step.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
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

    // BatchScorer::run_apart over items [0, n), item i on rank i mod size; every rank then holds
    // every item's tally (tallies, sized n) and result: pack(i) gives item i's result as bytes on
    // its rank, unpack(i, bytes) takes it on the others. What an item throws on any rank is thrown
    // on every rank.
    void run_apart(std::size_t n, std::span<Ledger> tallies, const BatchScorer::ApartWork& work,
                   const std::function<std::string(std::size_t)>& pack,
                   const std::function<void(std::size_t, const std::string&)>& unpack);

  private:
    BatchScorer& local_;
    Collective& ranks_;
};

}  // namespace maze
