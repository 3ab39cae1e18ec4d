// The fast passage walk (models/passages/passage_walk) against the plain reference walk on grid_graph.
#include "mazesearch/models/passages/passage_walk.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "random_passage_boards.hpp"

using namespace maze;
using testing_support::random_mixed_passage_board;
using testing_support::random_passage_board;
using testing_support::random_tree_board;

namespace {

// The cells reachable from the entrance, by a breadth-first search over grid_graph: the
// independent witness for the bit-parallel flood fill.
std::vector<bool> reachable_by_search(const PassageBoard& b) {
    const MazeGraph g = grid_graph(b);
    std::vector<bool> seen(static_cast<size_t>(g.vertices()));
    std::deque<int> todo{g.start};
    seen[static_cast<size_t>(g.start)] = true;
    while (!todo.empty()) {
        const int v = todo.front();
        todo.pop_front();
        for (int u : g.neighbours[static_cast<size_t>(v)])
            if (!seen[static_cast<size_t>(u)]) {
                seen[static_cast<size_t>(u)] = true;
                todo.push_back(u);
            }
    }
    seen.resize(static_cast<size_t>(b.cells()));  // the outside vertex is not a cell
    return seen;
}

// Checks one board against the reference walk: feasibility, moves and every visit count from
// the single walker, and the reach of the flood fill. Returns the reference moves (0 when
// infeasible).
std::uint64_t check_board(const PassageBoard& b, PassageWalk& w) {
    const WalkCounts ref = reference_counts(b);
    const bool fast_feasible = feasible(b);
    EXPECT_EQ(fast_feasible, ref.feasible) << b.to_text();
    const WalkResult eval = evaluate(b, w);
    EXPECT_EQ(eval.feasible, ref.feasible) << b.to_text();
    if (!ref.feasible || !fast_feasible) return 0;
    EXPECT_EQ(eval.moves, ref.moves) << b.to_text();
    // evaluate walked the board with w: its visits are the last run's.
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c) {
            const std::uint64_t want = ref.visits[static_cast<size_t>(r * b.cols() + c)];
            if (w.visits(r, c) != want) {
                ADD_FAILURE() << b.to_text() << "visits at " << r << "," << c << ": "
                              << w.visits(r, c) << ", reference " << want;
                return ref.moves;
            }
        }
    return ref.moves;
}

}  // namespace

TEST(PassageWalk, SmallBoardsCountTheMoveInAndTheMoveOut) {
    PassageWalk w;
    EXPECT_EQ(w.run(PassageBoard(1, 1)), 2u);  // in and out
    EXPECT_EQ(w.visits(0, 0), 1u);

    PassageBoard line(1, 2, 0, 1);
    EXPECT_FALSE(feasible(line));
    EXPECT_FALSE(evaluate(line).feasible);
    line.set_right(0, 0, true);
    EXPECT_EQ(w.run(line), 3u);  // in, across, out
    EXPECT_EQ(w.visits(0, 0), 1u);
    EXPECT_EQ(w.visits(0, 1), 1u);

    // The 2x2 square with (0,0)-(1,0) walled: right, down, left, out.
    PassageBoard square(2, 2, 0, 0);
    square.set_right(0, 0, true);
    square.set_right(1, 0, true);
    square.set_down(0, 1, true);
    EXPECT_EQ(w.run(square), 5u);
    square.set_down(0, 0, true);
    EXPECT_EQ(w.run(square), 3u);  // down is preferred: out at once

    // The ring whose exit cell is reached first: left at once although a passage goes on.
    PassageBoard ring(2, 2, 1, 1);
    for (int s = 0; s < ring.slots(); ++s) ring.set_slot(s, true);
    EXPECT_EQ(w.run(ring), 3u);
    EXPECT_EQ(w.visits(1, 1), 1u);
    EXPECT_EQ(w.visits(1, 0), 0u);
}

TEST(PassageWalk, TheEntranceIsOneWay) {
    // A single row: the mouse at the entrance (0,1) of a 1x3 row with the exit at (0,0) prefers
    // right (a dead end), comes back, and leaves through the exit; he never steps up and out
    // through the entrance although its count stays 0 above him.
    PassageBoard row(1, 3, 1, 0);
    row.set_right(0, 0, true);
    row.set_right(0, 1, true);
    PassageWalk w;
    EXPECT_EQ(w.run(row), 5u);  // in, right, left, left, out
    EXPECT_EQ(w.visits(0, 1), 2u);
    EXPECT_EQ(w.visits(0, 2), 1u);
    EXPECT_EQ(reference_counts(row).moves, 5u);
}

// The flood fill against a breadth-first search on grid_graph: every reachable cell, on
// boards of every shape and density.
TEST(PassageWalk, FloodFillReachesWhatASearchReaches) {
    Rng rng(12);
#if defined(__SANITIZE_ADDRESS__)
    const int boards = 5000;  // the sanitizer pass looks for memory errors; a quarter suffices
#else
    const int boards = 20000;
#endif
    for (int i = 0; i < boards; ++i) {
        const int rows = 1 + static_cast<int>(rng.below(16));
        const int cols = 1 + static_cast<int>(rng.below(16));
        const PassageBoard b = random_passage_board(rng, rows, cols, rng.uniform());
        const std::vector<bool> want = reachable_by_search(b);
        const auto reach = passage_reach(b);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                ASSERT_EQ(((reach[r] >> c) & 1u) != 0, want[static_cast<size_t>(r * cols + c)])
                    << b.to_text() << r << "," << c;
        for (int r = rows; r < kMaxSide; ++r) ASSERT_EQ(reach[r], 0u);
        ASSERT_EQ(feasible(b), want[static_cast<size_t>((rows - 1) * cols + b.exit())])
            << b.to_text();
    }
}

// The fast walk, the batch and the serial batch against the reference walk on 100,000 random
// boards of every shape from 1x1 to 16x16 (most of them small), random entrance and exit, random
// densities and spanning trees with extra passages: feasibility, moves and every visit count.
TEST(PassageWalk, EqualsReferenceOnOneHundredThousandRandomBoards) {
    Rng rng(2016);
#if defined(__SANITIZE_ADDRESS__)
    const int boards = 25000;  // the sanitizer pass looks for memory errors; a quarter suffices
#else
    const int boards = 100000;
#endif
    PassageWalk w;
    std::vector<PassageBoard> all;
    std::vector<std::uint64_t> expected;
    all.reserve(static_cast<size_t>(boards));
    expected.reserve(static_cast<size_t>(boards));
    int feasible_boards = 0;
    int large = 0;
    std::uint64_t longest = 0;
    for (int i = 0; i < boards; ++i) {
        const PassageBoard b = random_mixed_passage_board(rng);
        const std::uint64_t moves = check_board(b, w);
        if (::testing::Test::HasFailure()) return;
        feasible_boards += moves > 0;
        large += b.cells() > 100;
        longest = std::max(longest, moves);
        all.push_back(b);
        expected.push_back(moves > 0 ? moves : kInfeasible);
    }
    // The sample holds infeasible boards, large boards and real walks, not only corridors.
    EXPECT_GT(feasible_boards, boards / 2);
    EXPECT_LT(feasible_boards, boards * 9 / 10);
    EXPECT_GT(large, boards / 20);
    EXPECT_GT(longest, 500u);

    std::vector<std::uint64_t> out(all.size());
    EXPECT_EQ(evaluate_batch(all, out), 0u);
    EXPECT_EQ(out, expected);
    std::vector<std::uint64_t> serial(all.size());
    evaluate_batch_serial(all, serial);
    EXPECT_EQ(serial, expected);

    // The feasible ones through the batch that trusts its caller.
    std::vector<PassageBoard> feasible;
    std::vector<std::uint64_t> feasible_moves;
    for (size_t i = 0; i < all.size(); ++i)
        if (expected[i] != kInfeasible) {
            feasible.push_back(all[i]);
            feasible_moves.push_back(expected[i]);
        }
    std::vector<std::uint64_t> walked(feasible.size());
    EXPECT_EQ(walk_feasible_batch(feasible, walked), 0u);
    EXPECT_EQ(walked, feasible_moves);
}

// Batches of every length from 0 to 40 (fewer boards than lanes, the tail walks, infeasible
// boards anywhere) give the serial scores.
TEST(PassageWalk, BatchOfEveryLengthMatchesSerial) {
    Rng rng(5);
    std::vector<PassageBoard> set;
    for (int i = 0; i < 40; ++i)
        set.push_back(i % 3 ? random_tree_board(rng, 9, 11, 0.1)
                            : random_passage_board(rng, 4, 4, 0.6));
    for (size_t n = 0; n <= set.size(); ++n) {
        const std::span<const PassageBoard> batch(set.data(), n);
        std::vector<std::uint64_t> a(n);
        std::vector<std::uint64_t> b(n);
        evaluate_batch(batch, a);
        evaluate_batch_serial(batch, b);
        ASSERT_EQ(a, b) << n;
    }
}

// Walks past the move limit: the single walker reports kWalkOverflow exactly past it, the batch
// hands them to the 64-bit reference walk and still gives the exact moves. The real limit needs a
// walk of 2^30 moves; small limits exercise the same paths.
TEST(PassageWalk, WalksPastTheMoveLimitFallBackToTheReferenceWalk) {
    Rng rng(99);
    const PassageBoard tree = random_tree_board(rng, 16, 16, 0.05);
    const std::uint64_t moves = reference_counts(tree).moves;
    ASSERT_GT(moves, 100u);
    PassageWalk w;
    EXPECT_EQ(w.run(tree, moves - 1), kWalkOverflow);
    EXPECT_EQ(w.run(tree, moves), moves);
    EXPECT_EQ(w.run(tree, PassageWalk::kMaxMoves * 4), moves);  // capped at kMaxMoves
    EXPECT_EQ(w.run(PassageBoard(1, 1), 2), 2u);
    EXPECT_EQ(w.run(PassageBoard(1, 1), 1), kWalkOverflow);

    std::vector<PassageBoard> batch;
    for (int i = 0; i < 200; ++i) batch.push_back(random_tree_board(rng, 12, 12, 0.1));
    batch.push_back(PassageBoard(3, 3));  // infeasible: every wall in place
    std::vector<std::uint64_t> expected(batch.size());
    evaluate_batch_serial(batch, expected);
    EXPECT_EQ(expected.back(), kInfeasible);
    // Walks of 50 moves or more: the ones that may fall back under a limit of 50.
    std::uint64_t over = 0;
    for (std::uint64_t m : expected) over += m != kInfeasible && m >= 50;
    ASSERT_GT(over, 0u);
    std::vector<std::uint64_t> out(batch.size());
    EXPECT_EQ(evaluate_batch(batch, out), 0u);
    EXPECT_EQ(out, expected);
    // A limit of 50 moves: the lanes are checked every kLimitCheckRounds rounds and the tail's
    // last walks at once, so not every long walk falls back, but some do, and all are exact.
    std::fill(out.begin(), out.end(), 0);
    const size_t fallbacks = evaluate_batch(batch, out, 50);
    EXPECT_GT(fallbacks, 0u);
    EXPECT_LE(fallbacks, over);
    EXPECT_EQ(out, expected);
    // A limit below the move in and out: every feasible walk goes to the reference walk.
    std::fill(out.begin(), out.end(), 0);
    EXPECT_EQ(evaluate_batch(batch, out, 1), batch.size() - 1);
    EXPECT_EQ(out, expected);
}

// The passage bench sample's signature is pinned like the grid bench's (BenchSample<Board>::signature): the
// reference walk's total, which the fast walks must give too. A change to the sample or to what
// the walk counts shows here.
TEST(PassageWalk, BenchSignatureIsPinned) {
    const std::vector<PassageBoard> set = BenchSample<PassageBoard>::boards();
    ASSERT_EQ(set.size(), 32u);
    std::uint64_t reference = 0;
    for (const PassageBoard& b : set) {
        EXPECT_EQ(b.rows(), 13);
        EXPECT_EQ(b.cols(), 13);
        const WalkCounts r = reference_counts(b);
        ASSERT_TRUE(r.feasible);
        reference += r.moves;
    }
    EXPECT_EQ(reference, BenchSample<PassageBoard>::signature);
    std::vector<std::uint64_t> interleaved(set.size());
    std::vector<std::uint64_t> serial(set.size());
    evaluate_batch(set, interleaved);
    evaluate_batch_serial(set, serial);
    EXPECT_EQ(interleaved, serial);
    std::uint64_t total = 0;
    for (std::uint64_t m : interleaved) total += m;
    EXPECT_EQ(total, BenchSample<PassageBoard>::signature);
}

// The 4x4 optimum (configs/boards/passages-optimum-4x4.txt): the best of every 4x4 passage board
// with every entrance and exit, 86 moves, found by walking all 2^24 boards for each of the 16
// entrance and exit pairs (docs/reference-numbers.md). Both walks give 86, and the counts add up
// to the moves less the move in.
TEST(PassageWalk, FourByFourOptimumTakesEightySixMoves) {
    const PassageBoard b = PassageBoard::parse(
        "+-+ +-+-+\n"
        "|       |\n"
        "+ + +-+ +\n"
        "| | |   |\n"
        "+ +-+ +-+\n"
        "| |   | |\n"
        "+ +-+ + +\n"
        "| |     |\n"
        "+ +-+-+-+\n");
    const WalkCounts ref = reference_counts(b);
    EXPECT_EQ(ref.moves, 86u);
    PassageWalk w;
    EXPECT_EQ(evaluate(b, w).moves, 86u);
    std::uint64_t sum = 0;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) sum += w.visits(r, c);
    EXPECT_EQ(sum, 85u);
}
