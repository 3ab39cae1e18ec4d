#include "mazesearch/search/grid_genes.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

namespace maze {

namespace {

bool holds(const std::vector<Cell>& cells, Cell x) {
    return std::find(cells.begin(), cells.end(), x) != cells.end();
}

std::string gene_cell_text(Cell x) {
    return "cell (" + std::to_string(x.r) + ", " + std::to_string(x.c) + ")";
}

}  // namespace

GridGenes::GridGenes(int rows, int cols, Cell start, Cell exit, std::vector<Cell> also_open,
                     std::vector<Cell> also_blocked)
    : rows_(rows),
      cols_(cols),
      start_(start),
      exit_(exit),
      also_open_(std::move(also_open)),
      also_blocked_(std::move(also_blocked)) {
    const Board probe(rows, cols, start, exit);  // validates the shape, start and exit
    for (const std::vector<Cell>* list : {&also_open_, &also_blocked_})
        for (const Cell x : *list) {
            if (!probe.in_bounds(x.r, x.c))
                throw std::invalid_argument(gene_cell_text(x) + " is outside the board");
            if (x == start || x == exit)
                throw std::invalid_argument(gene_cell_text(x) + " is the start or the exit");
        }
    for (const Cell x : also_blocked_)
        if (holds(also_open_, x))
            throw std::invalid_argument(gene_cell_text(x) + " cannot be both open and blocked");
    topology_.kind = "square";
    topology_.rows = rows;
    topology_.cols = cols;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const Cell x{r, c};
            if (x == start || x == exit || holds(also_open_, x) || holds(also_blocked_, x))
                continue;
            free_.push_back(x);
            gene_bit_.push_back(static_cast<RowMask>(1u << c));
            topology_.row.push_back(r);
            topology_.col.push_back(c);
        }
}

Board GridGenes::to_board(const Genome& g) const {
    assert(g.size() == free_.size());
    Board b(rows_, cols_, start_, exit_);
    for (const Cell x : also_blocked_) b.block_in_row(x.r, static_cast<RowMask>(1u << x.c));
    // Visit only the set bits (the blocked genes).
    const auto words = g.words();
    for (std::size_t w = 0; w < words.size(); ++w)
        for (std::uint64_t bits = words[w]; bits; bits &= bits - 1) {
            const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
            b.block_in_row(free_[i].r, gene_bit_[i]);
        }
    return b;
}

Genome GridGenes::to_genome(const Board& b, const std::string& source) const {
    if (b.rows() != rows_ || b.cols() != cols_ || !(b.start() == start_) || !(b.exit() == exit_))
        throw BoardError(source, 0,
                         "board shape, start or exit differ from the target's " +
                             std::to_string(rows_) + "x" + std::to_string(cols_));
    for (const Cell x : also_open_)
        if (!b.open(x)) throw BoardError(source, 0, gene_cell_text(x) + " must be open for this target");
    for (const Cell x : also_blocked_)
        if (b.open(x))
            throw BoardError(source, 0, gene_cell_text(x) + " must be blocked for this target");
    Genome g(free_.size());
    for (std::size_t i = 0; i < free_.size(); ++i) g.set(i, !b.open(free_[i]));
    return g;
}

}  // namespace maze
