// The genes of a square-grid target: every cell of an R x C board except the cells that are
// always open (start, exit, and e.g. the cat's cell), in row-major order, 1 = blocked. The mouse
// maze and the game targets on grids share this layout.
#pragma once

#include <vector>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/search/genome.hpp"
#include "mazesearch/search/target.hpp"

namespace maze {

class GridGenes {
  public:
    // Validates the shape, start and exit (BoardError); also_open are further cells that are
    // never genes and always open, also_blocked cells that are never genes and always blocked
    // (std::invalid_argument when outside the board, equal to start or exit, or in both lists).
    GridGenes(int rows, int cols, Cell start, Cell exit, std::vector<Cell> also_open = {},
              std::vector<Cell> also_blocked = {});

    std::size_t size() const { return free_.size(); }
    const Topology& topology() const { return topology_; }
    int rows() const { return rows_; }
    int cols() const { return cols_; }
    Cell start() const { return start_; }
    Cell exit() const { return exit_; }
    Cell cell(std::size_t gene) const { return free_[gene]; }
    // True when every cell but the start and exit is a gene (no cell fixed open or blocked).
    bool every_cell_a_gene() const { return also_open_.empty() && also_blocked_.empty(); }

    Board to_board(const Genome& g) const;
    // The genome of a board of this shape; throws BoardError when the shape, start or exit
    // differ, or when one of the always-open cells is blocked or an always-blocked one open
    // (naming `source`, the board's file).
    Genome to_genome(const Board& b, const std::string& source = "<board>") const;

  private:
    int rows_, cols_;
    Cell start_, exit_;
    std::vector<Cell> also_open_;
    std::vector<Cell> also_blocked_;
    std::vector<Cell> free_;         // gene -> cell
    std::vector<RowMask> gene_bit_;  // gene -> its bit in its row
    Topology topology_;
};

}  // namespace maze
