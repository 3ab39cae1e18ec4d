// `optimizer: {kind: exhaustive}`: the exact enumeration (exhaustive.hpp) as a step-wise
// optimizer, so that a YAML experiment gets the run directory, checkpoints and resume of every
// other optimizer. Each step explores `chunk` of the 16,384 subtrees; the Evaluator is told how
// many feasible and infeasible boards the step covered and the best board so far. The full
// result (optimal boards, histogram) is in the checkpoint's optimizer state.
// A target with an enumerable grid (the mouse maze) of at most 64 cells is enumerated by its
// decision tree. Any other target (a game, a Python objective) of at most 30 genes has its
// 2^genes genomes scored one by one in genome order, chunk x 64 a step: slow, but every board.
#pragma once

#include <memory>
#include <vector>

#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/optimizer.hpp"

namespace maze {

// The most genes a target without an enumerable grid may have: 2^30 genomes, scored one by one.
inline constexpr std::size_t kMaxEveryGenomeGenes = 30;

class ExhaustiveSearch : public Optimizer {
  public:
    // What it reads of its keys: chunk [256] (subtrees a step), cap [8] (optimal boards kept);
    // and what it checks before it starts (check_optimizer).
    struct Settings {
        explicit Settings(const Params& params);
        // A grid it can enumerate (at most 64 cells, (rows + 2) * (cols + 2) <= 128), or a
        // target of at most kMaxEveryGenomeGenes genes to score board by board (ParamError
        // otherwise). It starts from no board: `initial` is not looked at.
        void check(const Target& target, const std::vector<Genome>& initial) const;

        std::size_t chunk;
        std::size_t cap;
    };
    explicit ExhaustiveSearch(const Params& params) : set_(params) {}
    // With settings already checked (CheckedOptimizer::make).
    explicit ExhaustiveSearch(const Settings& set) : set_(set) {}

    std::string kind() const override { return "exhaustive"; }
    MAZESEARCH_OPTIMIZER_STEPS
    bool done() const override { return finished_; }

    const EnumerationResult& result() const { return result_; }

  private:
    Settings set_;
    EnumerableGrid grid_;                          // genes == nullptr until start()
    std::shared_ptr<const EnumerationTree> tree_;  // the grid's tree, cut once by start()
    EnumerationResult result_;
    std::vector<std::uint8_t> done_;
    bool finished_ = false;
    // Every genome in turn (a target without an enumerable grid): the next one's number.
    bool every_genome_ = false;
    std::size_t genes_ = 0;
    std::uint64_t next_ = 0;

    void step_every_genome(Evaluator& ev);
    void restore_every_genome(const nlohmann::json& state);
};

}  // namespace maze
