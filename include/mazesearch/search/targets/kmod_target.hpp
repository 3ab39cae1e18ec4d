// k-mod trapping as a fitness target: boards of an R x C grid (genes as in the mouse maze: the
// cells other than start and exit, 1 = blocked) scored for how well they trap a k-mod mouse.
//
// objective trap-small (default): a trapping board scores kTrapBase minus its open cells, so any
//   trap beats any escape and smaller traps beat larger ones; a board the mouse escapes scores
//   the k-mod mouse's moves to the exit (long escapes are the ones closest to a trap).
// objective escape-long: the k-mod mouse's moves to the exit; trapping boards score 0.
// Feasible = the exit is reachable from the start (cheap), as for the mouse maze.
#pragma once

#include <memory>

#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

class KmodTarget : public Target {
  public:
    static constexpr double kTrapBase = 1e6;
    enum class Objective { TrapSmall, EscapeLong };

    KmodTarget(int rows, int cols, Cell start, Cell exit, int k, Objective objective);

    std::string name() const override { return "kmod-trap"; }
    std::size_t genes() const override { return grid_.size(); }
    const Topology& topology() const override { return grid_.topology(); }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    void score(std::span<const Genome> genomes, std::span<double> values) const override;

    // The value of one board of this shape (for tests and reports).
    double value(const Board& b) const;
    const GridGenes& grid() const { return grid_; }
    int k() const { return k_; }
    Objective objective() const { return objective_; }

  private:
    GridGenes grid_;
    int k_;
    Objective objective_;
};

// The target of a config's `target:` section (kind already read): rows, cols, start, exit,
// k (2..255, default 2), objective trap-small | escape-long. Throws ParamError.
std::unique_ptr<KmodTarget> make_kmod_target(const Params& params);

}  // namespace maze
