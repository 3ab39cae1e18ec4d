// The cat trap as a fitness target: hexagonal boards of side N with pre-blocked cells. Genes are
// the cells other than the centre (the cat's start) in HexBoard index order (rows r = -(N-1) ..
// N-1, columns c ascending), 1 = pre-blocked. The value is the least number of blocks with which
// the trapper forces a win from the start (the exact CatTrapSolver), maximised (hard boards) or
// minimised (easy boards; negated, since targets maximise). Boards where the cat is already cut
// off, or with more pre-blocked cells than the cap, are infeasible; boards the trapper cannot win
// within the solver's budget (or where the solver gives up) score -infinity.
#pragma once

#include <memory>

#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class CatTrapTarget : public Target {
  public:
    enum class Objective { Maximise, Minimise };

    // side in [3, kMaxSide]; throws std::invalid_argument otherwise.
    CatTrapTarget(int side, Objective objective, int max_blocks, int max_preblocked,
                  std::uint64_t node_limit);

    static constexpr int kMaxSide = 8;  // the exact solver's reach

    std::string name() const override { return "cat-trap"; }
    std::size_t genes() const override { return cell_.size(); }
    const Topology& topology() const override { return topology_; }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    void score(std::span<const Genome> genomes, std::span<double> values) const override;

    // The start position of a genome: the cat in the centre, to move.
    CatTrapGame to_game(const Genome& g) const;
    // The least blocks from the start of a genome's board; nullopt when none within max_blocks.
    std::optional<int> least_blocks(const Genome& g) const;
    const HexBoard& board() const { return board_; }
    Objective objective() const { return objective_; }

  private:
    HexBoard board_;
    Objective objective_;
    int max_blocks_;
    int max_preblocked_;
    std::uint64_t node_limit_;
    std::vector<int> cell_;  // gene -> cell
    Topology topology_;
};

// The target of a config's `target:` section (kind already read); throws ParamError.
std::unique_ptr<CatTrapTarget> make_cat_trap_target(const Params& params);

}  // namespace maze
