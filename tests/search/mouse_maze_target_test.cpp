// The mouse-maze target's scores in its two conventions: the paper's moves, and the Flash game's
// count, two more (the move in and the move out; rules.md), whatever board, against the plain
// reference walk.
#include "mazesearch/models/cells/mouse_maze_target.hpp"

#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/rng.hpp"

namespace mouse_maze_target_test {

using maze::Cell;
using maze::Genome;
using maze::MouseMazeTarget;

double score(const MouseMazeTarget& t, const Genome& g) {
    std::vector<double> v(1);
    t.score(std::span<const Genome>(&g, 1), v);
    return v[0];
}

TEST(MouseMazeTarget, TheFlashConventionScoresThePaperMovesPlusTwo) {
    const MouseMazeTarget paper(7, 9, Cell{0, 0}, Cell{6, 0}, MouseMazeTarget::Convention::Paper);
    const MouseMazeTarget flash(7, 9, Cell{0, 0}, Cell{6, 0}, MouseMazeTarget::Convention::Flash);
    // The open board: straight down, six moves.
    const Genome open(paper.genes());
    EXPECT_EQ(score(paper, open), 6.0);
    EXPECT_EQ(score(flash, open), 8.0);
    maze::Rng rng(11);
    int feasible = 0;
    for (int k = 0; k < 2000; ++k) {
        Genome g(paper.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.3));
        if (!paper.feasible(g)) continue;
        ++feasible;
        const double moves =
            static_cast<double>(maze::reference_grid_walk(paper.to_board(g)).moves);
        ASSERT_EQ(score(paper, g), moves) << paper.to_board(g).to_text();
        ASSERT_EQ(score(flash, g), moves + 2) << flash.to_board(g).to_text();
    }
    EXPECT_GT(feasible, 500);
}

}  // namespace mouse_maze_target_test
