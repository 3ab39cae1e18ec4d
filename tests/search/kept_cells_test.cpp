// A mouse-maze target with kept cells (`target.keep`): only the free rectangle's cells are genes,
// every other cell stays as the kept board has it, and the target scores a genome as Squeaky
// walks its board.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/search/grid_genes.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"

namespace kept_cells_test {

using maze::Board;
using maze::Cell;
using maze::KeptCells;
using maze::MouseMazeTarget;

// The 6x6 optimum of the paper (115 moves), kept but for its top two rows.
const char* kBoard =
    "S.....\n"
    "#.##..\n"
    "..#..#\n"
    "...#..\n"
    "#...#.\n"
    "E..#..\n";

KeptCells kept_below_row_1(const Board& b) {
    KeptCells kept;
    for (int r = 2; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const Cell x{r, c};
            if (x == b.start() || x == b.exit()) continue;
            (b.open(x) ? kept.open : kept.blocked).push_back(x);
        }
    return kept;
}

TEST(KeptCells, EveryGenomeIsTheKeptBoardWithItsFreeCellsSetAndScoresItsWalk) {
    const Board keep = Board::parse(kBoard);
    const MouseMazeTarget target(6, 6, keep.start(), keep.exit(),
                                 MouseMazeTarget::Convention::Paper, maze::WalkObjective::Moves,
                                 kept_below_row_1(keep));
    ASSERT_EQ(target.genes(), 11u);                      // rows 0 and 1 but the start
    EXPECT_FALSE(target.enumerable_grid().has_value());  // windows and enumeration need every cell
    std::set<std::string> boards;
    std::uint64_t best = 0;
    std::size_t feasible = 0;
    for (std::uint32_t bits = 0; bits < (1u << 11); ++bits) {
        maze::Genome g(11);
        for (std::size_t i = 0; i < 11; ++i) g.set(i, (bits >> i) & 1u);
        const Board b = target.to_board(g);
        for (int r = 2; r < 6; ++r)
            for (int c = 0; c < 6; ++c) ASSERT_EQ(b.open(r, c), keep.open(r, c)) << r << c;
        for (std::size_t i = 0; i < 11; ++i) {
            const Cell x = target.grid().cell(i);
            ASSERT_LT(x.r, 2);
            ASSERT_EQ(b.open(x), !g.get(i));
        }
        boards.insert(b.to_text());
        EXPECT_EQ(target.to_genome(b), g);
        if (!target.feasible(g)) continue;
        ++feasible;
        double value = 0;
        target.score(std::span<const maze::Genome>(&g, 1), std::span<double>(&value, 1));
        const maze::WalkResult walk = maze::evaluate(b);
        EXPECT_EQ(value, static_cast<double>(walk.moves));
        best = std::max<std::uint64_t>(best, walk.moves);
    }
    EXPECT_EQ(boards.size(), 2048u);  // every setting of the free cells, once
    EXPECT_GT(feasible, 0u);
    EXPECT_GE(best, 115u);  // the kept board's own top rows are among the settings
}

TEST(KeptCells, ABoardThatDisagreesWithAKeptCellIsNotAGenomeOfTheTarget) {
    const Board keep = Board::parse(kBoard);
    const MouseMazeTarget target(6, 6, keep.start(), keep.exit(),
                                 MouseMazeTarget::Convention::Paper, maze::WalkObjective::Moves,
                                 kept_below_row_1(keep));
    Board opened = keep;
    opened.set_open(1, 0, true);  // a free cell: fine
    EXPECT_NO_THROW((void)target.to_genome(opened));
    Board changed = keep;
    changed.set_open(4, 0, true);  // kept blocked
    EXPECT_THROW((void)target.to_genome(changed), maze::BoardError);
    changed = keep;
    changed.set_open(3, 0, false);  // kept open
    EXPECT_THROW((void)target.to_genome(changed), maze::BoardError);
    // A cell cannot be kept both ways, nor kept when it is the start.
    EXPECT_THROW(maze::GridGenes(6, 6, Cell{0, 0}, Cell{5, 0}, {Cell{2, 2}}, {Cell{2, 2}}),
                 std::invalid_argument);
    EXPECT_THROW(maze::GridGenes(6, 6, Cell{0, 0}, Cell{5, 0}, {}, {Cell{0, 0}}),
                 std::invalid_argument);
}

}  // namespace kept_cells_test
