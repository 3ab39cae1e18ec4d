// Cat and Mouse on a maze as a fitness target. The graph is the open cells of an R x C grid
// (4-neighbour edges); the hole is the exit E, the mouse starts on S and moves first, the cat
// starts on a configured open cell. Genes are the cells other than S, E and the cat's cell, in
// row-major order, 1 = blocked (the mouse maze's conventions, topology "square").
//
// Feasible, as for the mouse maze, means E is reachable from S (a flood fill, no solve): on an
// infeasible board the mouse can never win, and the optimizers count only feasible boards.
// Objectives (maximised):
//   cat-win-plies    the length of the cat's forced win; a draw scores 0 and a mouse win -1,
//                    below every cat win (which takes at least 1 ply).
//   mouse-win-plies  the length of the mouse's forced win; a draw scores 0, a cat win -1.
//   decisive-plies   the length of optimal play whoever wins; a draw scores 0.
#pragma once

#include <memory>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class CatMouseTarget : public Target {
  public:
    enum class Objective { CatWinPlies, MouseWinPlies, DecisivePlies };

    // Throws std::invalid_argument when the cells are not distinct cells of the board.
    CatMouseTarget(int rows, int cols, Cell start, Cell exit, Cell cat, Objective objective);

    std::string name() const override { return "cat-mouse"; }
    std::size_t genes() const override { return genes_.size(); }
    const Topology& topology() const override { return genes_.topology(); }
    void feasibility(std::span<const Genome> genomes, std::span<bool> feasible) const override;
    // Solves each board's game on the calling thread.
    void score(std::span<const Genome> genomes, std::span<double> values) const override;

    Board to_board(const Genome& g) const { return genes_.to_board(g); }
    // The genome of a board of this shape (start and exit must match, the cat's cell open);
    // throws BoardError.
    Genome to_genome(const Board& b) const { return genes_.to_genome(b); }
    // The game on the board: the result and the length of optimal play (one thread).
    CatMouseResult solve(const Board& b) const;
    CatMouseResult solve(const Genome& g) const { return solve(to_board(g)); }
    // The objective's value of a game result.
    double value(const CatMouseResult& r) const;

    Objective objective() const { return objective_; }
    Cell cat() const { return cat_; }
    int rows() const { return rows_; }
    int cols() const { return cols_; }

  private:
    int rows_, cols_;
    Cell start_, exit_, cat_;
    Objective objective_;
    GridGenes genes_;  // every cell but S, E and the cat's
};

// "(r, c)", for messages and titles.
std::string cell_text(Cell x);

// The target of a config's `target:` section (kind already read); throws ParamError.
// Keys: rows, cols (default 6 x 6), start [r, c] (default top left), exit [r, c] (default
// bottom left), cat [r, c] (default top right), objective (cat-win-plies, mouse-win-plies or
// decisive-plies; default cat-win-plies).
std::unique_ptr<CatMouseTarget> make_cat_mouse_target(const Params& params);

}  // namespace maze
