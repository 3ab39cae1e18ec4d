// The max-visits objective (docs/rules.md, "Objectives"): the visits of the most-visited
// cell, from the batch walker against the 64-bit reference walk and the single walker, and the
// mouse-maze target that scores it.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/search/board_sampler.hpp"
#include "mazesearch/search/enumeration/exhaustive.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/models/cells/mouse_maze_target.hpp"
#include "random_boards.hpp"

using namespace maze;

namespace {

// The reference: the most-visited cell of the 64-bit reference walk.
MostVisited reference_most(const Board& b) {
    const GraphWalkResult g = reference_grid_walk(b);
    EXPECT_TRUE(g.feasible);
    return most_visited(b, g.visits);
}

// The same from MouseWalk::run and visits().
std::uint64_t single_walker_most(const Board& b, MouseWalk& w) {
    w.run(b);
    std::uint64_t m = 0;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) m = std::max(m, w.visits(r, c));
    return m;
}

}  // namespace

TEST(MaxVisits, ObjectiveNames) {
    EXPECT_EQ(objective_name(WalkObjective::Moves), "moves");
    EXPECT_EQ(objective_name(WalkObjective::MaxVisits), "max-visits");
    EXPECT_EQ(objective_from_name("moves"), WalkObjective::Moves);
    EXPECT_EQ(objective_from_name("max-visits"), WalkObjective::MaxVisits);
    EXPECT_FALSE(objective_from_name("max_visits").has_value());
    EXPECT_FALSE(objective_from_name("").has_value());
}

// The blank 13x13 board: straight down, each cell of column 0 but the exit left once; the start
// counts (the move that leaves it), and the first of equals in row-major order is reported.
TEST(MaxVisits, BlankBoardIsOneVisitAtTheStart) {
    const Board b(13, 13);
    const MostVisited m = reference_most(b);
    EXPECT_EQ(m.visits, 1u);
    EXPECT_EQ(m.cell, (Cell{0, 0}));
    std::vector<std::uint64_t> moves(1), most(1);
    walk_feasible_batch(std::span<const Board>(&b, 1), moves, most);
    EXPECT_EQ(moves[0], 12u);
    EXPECT_EQ(most[0], 1u);
}

// A one-row board "E.S..", hand-walked: S (0,2) -> (0,3) -> (0,4) -> (0,3) -> (0,4) (right
// wins the tie) -> (0,3) -> (0,2) -> (0,1) -> E: 8 moves, counts 1, 2, 3, 2 from (0,1) on.
TEST(MaxVisits, HandWalkedRow) {
    const Board b = Board::parse("E.S..\n");
    const MostVisited m = reference_most(b);
    EXPECT_EQ(m.visits, 3u);
    EXPECT_EQ(m.cell, (Cell{0, 3}));
    MouseWalk w;
    EXPECT_EQ(single_walker_most(b, w), 3u);
    std::vector<std::uint64_t> moves(1), most(1);
    walk_feasible_batch(std::span<const Board>(&b, 1), moves, most);
    EXPECT_EQ(moves[0], 8u);
    EXPECT_EQ(most[0], 3u);
}

// The fast max visits against the reference on 20,000 random feasible boards of mixed shapes
// (1x2 to 16x16, random start and exit), walked in batches of every size from 1 to 40 so that
// lanes finish in the main loop, in the four-lane tail and one by one; the moves of the same call
// equal the moves-only walker's.
TEST(MaxVisits, BatchEqualsReferenceOnRandomBoards) {
    Rng rng(6061);
    MouseWalk w;
    std::vector<Board> boards;
    while (boards.size() < 20000) {
        const Board b = testing_support::random_mixed_board(rng);
        if (feasible(b)) boards.push_back(b);
    }
    std::size_t checked = 0;
    std::uint64_t largest = 0;
    for (std::size_t at = 0, size = 1; at < boards.size(); at += size, size = size % 40 + 1) {
        const std::span<const Board> batch(boards.data() + at, std::min(size, boards.size() - at));
        std::vector<std::uint64_t> moves(batch.size()), most(batch.size()), plain(batch.size());
        walk_feasible_batch(batch, moves, most);
        walk_feasible_batch(batch, plain);
        ASSERT_EQ(moves, plain);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const MostVisited ref = reference_most(batch[i]);
            ASSERT_EQ(most[i], ref.visits) << batch[i].to_text();
            ASSERT_EQ(single_walker_most(batch[i], w), ref.visits) << batch[i].to_text();
            largest = std::max(largest, ref.visits);
            ++checked;
        }
    }
    EXPECT_EQ(checked, boards.size());
    EXPECT_GT(largest, 5u);  // the sample has cells crossed many times, not only corridors
}

// Walks past the move limit are finished by the reference walk, max visits included.
TEST(MaxVisits, FallbackToTheReferenceWalkGivesMaxVisitsToo) {
    const std::vector<Board> set = BenchSample<Board>::boards();
    std::vector<Board> batch;
    for (int i = 0; i < 5; ++i) batch.insert(batch.end(), set.begin(), set.end());
    std::vector<std::uint64_t> expected(batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i) expected[i] = reference_most(batch[i]).visits;
    std::vector<std::uint64_t> moves(batch.size()), most(batch.size());
    EXPECT_EQ(walk_feasible_batch(batch, moves, most), 0u);
    EXPECT_EQ(most, expected);
    std::fill(most.begin(), most.end(), 0);
    EXPECT_GT(walk_feasible_batch(batch, moves, most, 1000), 0u);
    EXPECT_EQ(most, expected);
}

// The mouse-maze target with objective max-visits scores a board by the reference's most visits,
// with no convention offset; objective moves is unchanged.
TEST(MaxVisits, TargetScoresAreTheReferenceValues) {
    const MouseMazeTarget visits(13, 13, {0, 0}, {12, 0}, MouseMazeTarget::Convention::Paper,
                                 WalkObjective::MaxVisits);
    const MouseMazeTarget moves(13, 13, {0, 0}, {12, 0}, MouseMazeTarget::Convention::Paper);
    EXPECT_EQ(visits.objective(), WalkObjective::MaxVisits);
    EXPECT_EQ(moves.objective(), WalkObjective::Moves);
    EXPECT_EQ(visits.offset(), 0.0);
    Rng rng(13);
    std::vector<Genome> genomes;
    std::vector<Board> boards;
    while (genomes.size() < 2000) {
        const Board b = random_board(BoardShape{}, 0.3 * rng.uniform(), rng);
        if (!feasible(b)) continue;
        boards.push_back(b);
        genomes.push_back(visits.to_genome(b));
    }
    std::vector<double> v(genomes.size()), m(genomes.size());
    visits.score(genomes, v);
    moves.score(genomes, m);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const GraphWalkResult g = reference_grid_walk(boards[i]);
        ASSERT_EQ(v[i], static_cast<double>(most_visited(boards[i], g.visits).visits))
            << boards[i].to_text();
        ASSERT_EQ(m[i], static_cast<double>(g.moves)) << boards[i].to_text();
    }
    // The paper's Figure 1 board: 180 moves, no cell visited more than twice.
    Board fig1(13, 13);
    fig1.set_open(1, 0, false);
    const Genome g = visits.to_genome(fig1);
    std::vector<double> one(1);
    visits.score(std::span<const Genome>(&g, 1), one);
    EXPECT_EQ(one[0], 2.0);
    moves.score(std::span<const Genome>(&g, 1), one);
    EXPECT_EQ(one[0], 180.0);
}

// The exhaustive optimizer covers a max-visits target through the enumeration with that
// objective; the Flash convention counts moves, so it does not go with max-visits.
TEST(MaxVisits, ExhaustiveOptimizerEnumeratesTheObjectiveAndNoFlashConvention) {
    const MouseMazeTarget visits(4, 4, {0, 0}, {3, 0}, MouseMazeTarget::Convention::Paper,
                                 WalkObjective::MaxVisits);
    ASSERT_TRUE(visits.enumerable_grid().has_value());
    EXPECT_EQ(visits.enumerable_grid()->objective, WalkObjective::MaxVisits);
    {
        Params p;
        p.set("kind", std::string("exhaustive"));
        auto opt = make_optimizer(p);
        Evaluator ev(visits, Budget{}, 1);
        opt->start(visits, 1);
        while (!opt->done() && !ev.ledger().exhausted()) opt->step(ev);
        EnumerationOptions o;
        o.threads = 1;
        o.objective = WalkObjective::MaxVisits;
        const EnumerationResult whole = enumerate_boards(4, 4, {0, 0}, {3, 0}, o);
        EXPECT_EQ(ev.ledger().best_score(), static_cast<double>(whole.optimum));
        // The best board's value is its most-visited cell's visits, not its moves.
        std::vector<double> v(1);
        visits.score(std::span<const Genome>(&ev.ledger().best(), 1), v);
        EXPECT_EQ(v[0], ev.ledger().best_score());
        EXPECT_EQ(opt->save()["result"]["objective"], "max-visits");
    }
    const MouseMazeTarget moves(4, 4, {0, 0}, {3, 0}, MouseMazeTarget::Convention::Flash);
    ASSERT_TRUE(moves.enumerable_grid().has_value());
    EXPECT_EQ(moves.enumerable_grid()->offset, 2.0);
    EXPECT_THROW(MouseMazeTarget(4, 4, {0, 0}, {3, 0}, MouseMazeTarget::Convention::Flash,
                                 WalkObjective::MaxVisits),
                 std::invalid_argument);
}
