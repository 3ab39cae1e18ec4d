// A target whose value is computed by a function that the program running the search provides
// (the Python module's `objective=`): the board model (genes, topology, feasibility, the boards
// themselves) is a built-in target's, the mouse maze's for cells or Mouse Maze 2's for passages;
// only the value is the function's. The command has no such function and refuses the kind.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>

#include "mazesearch/search/target.hpp"

namespace maze {

// Scores a batch of genomes already known to be feasible: values[i] for genomes[i].
using BatchScore = std::function<void(std::span<const Genome>, std::span<double>)>;

class ExternalTarget : public Target {
  public:
    // model: the board model (its own value is never used); score: the value; name: what the
    // run's log and summary call the target. every_board_feasible: no board is rejected (by
    // default a board is feasible when the model's is: the exit can be reached).
    ExternalTarget(std::unique_ptr<Target> model, BatchScore score, std::string name,
                   bool every_board_feasible);

    std::string name() const override { return name_; }
    std::size_t genes() const override { return model_->genes(); }
    const Topology& topology() const override { return model_->topology(); }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    // Calls the function, then checks its values: a NaN is a std::runtime_error naming the
    // board's place in the batch, since no optimizer can rank it.
    void score(std::span<const Genome> genomes, std::span<double> values) const override;
    // The function may hold state that is not safe to share (Python's is behind its GIL anyway),
    // so a search scores on one thread; the run of a seed is then the same at any thread count.
    bool thread_safe() const override { return false; }
    // Every gene may matter to a function the engine cannot see into (the default).

    const Target& model() const { return *model_; }
    bool every_board_feasible() const { return every_board_feasible_; }

  private:
    std::unique_ptr<Target> model_;
    BatchScore score_;
    std::string name_;
    bool every_board_feasible_;
};

}  // namespace maze
