// Mousetrap as a fitness target: boards whose open cells around the start form a tree. The genes
// and the board conventions are the mouse maze's (MouseMazeTarget: the free cells of an R x C
// grid in row-major order, start and exit excluded, 1 = blocked). The open component of S, with
// 4-neighbour passages, is the tree; the trap is E and the mouse starts at S. The value is the
// trapper's operations under optimal play (CEOI 2017), to be maximised.
//
// Feasible: E is in S's component and that component is a tree (passages = cells - 1, which
// for a connected graph means no cycle). Open cells outside S's component are ignored: the mouse
// can never reach them, so they cannot change the game, and leaving them free gives the
// optimizers neutral moves instead of a wall of infeasible neighbours.
#pragma once

#include <memory>
#include <optional>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/games/mousetrap.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace maze {

class MousetrapTarget : public Target {
  public:
    // Throws BoardError for a bad shape, start or exit.
    MousetrapTarget(int rows, int cols, Cell start, Cell exit);

    std::string name() const override { return "mousetrap"; }
    std::size_t genes() const override { return grid_.size(); }
    const Topology& topology() const override { return grid_.topology(); }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    void score(std::span<const Genome> genomes, std::span<double> values) const override;

    Board to_board(const Genome& g) const { return grid_.to_board(g); }
    Genome to_genome(const Board& b) const { return grid_.to_genome(b); }

    const GridGenes& grid() const { return grid_; }

  private:
    GridGenes grid_;
};

// True when S's open component holds E and is a tree (bit counts only, no search).
bool mousetrap_feasible(const Board& b);
// The Mousetrap instance of a feasible board: the cells of S's component numbered in row-major
// order, passages between 4-neighbours, trap = E, mouse = S. nullopt when not feasible.
std::optional<MousetrapTree> mousetrap_tree(const Board& b);

// The target of a config's `target:` section (kind already read): rows, cols (default 13),
// start [r, c] (default [0, 0]) and exit (default [rows-1, 0]); throws ParamError.
std::unique_ptr<MousetrapTarget> make_mousetrap_target(const Params& params);

}  // namespace maze
