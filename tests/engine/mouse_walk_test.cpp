#include "mazesearch/models/cells/mouse_walk.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mazesearch/engine/bench_boards.hpp"
#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "random_boards.hpp"

using namespace maze;

namespace {

std::uint64_t moves_of(const std::string& text) {
    const WalkResult r = evaluate(Board::parse(text));
    EXPECT_TRUE(r.feasible);
    return r.moves;
}

Board blank13() {
    return Board(13, 13);
}

}  // namespace

// The reference numbers of docs/reference-numbers.md, "Single boards"; paper convention
// (Flash = moves + 2).
TEST(MouseWalk, BlankThirteenIsTwelveMoves) {
    const WalkResult r = evaluate(blank13());
    ASSERT_TRUE(r.feasible);
    EXPECT_EQ(r.moves, 12u);
    EXPECT_EQ(r.moves + 2, 14u);
}

TEST(MouseWalk, FigureOneOneBlockIsOneHundredEighty) {
    Board b = blank13();
    b.set_open(1, 0, false);
    EXPECT_EQ(evaluate(b).moves, 180u);
    Board b2 = blank13();
    b2.set_open(2, 0, false);
    EXPECT_EQ(evaluate(b2).moves, 180u);
}

TEST(MouseWalk, PaperOptimaFiveAndSix) {
    EXPECT_EQ(moves_of("S..#.\n.#...\n##...\n.....\nE#.##\n"), 52u);
    EXPECT_EQ(moves_of("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n"), 115u);
}

TEST(MouseWalk, InfeasibleIsNotWalked) {
    const WalkResult r = evaluate(Board::parse("S.#\n###\nE..\n"));
    EXPECT_FALSE(r.feasible);
    std::vector<Board> boards = {Board::parse("S.#\n###\nE..\n"), Board::parse("S.\nE.\n")};
    std::vector<std::uint64_t> out(2);
    evaluate_batch(boards, out);
    EXPECT_EQ(out[0], kInfeasible);
    EXPECT_EQ(out[1], 1u);
}

TEST(MouseWalk, VisitCountsSumToMovesAndMatchTheReference) {
    Board b = blank13();
    b.set_open(1, 0, false);
    MouseWalk w;
    const std::uint64_t moves = w.run(b);
    const GraphWalkResult ref = reference_grid_walk(b);
    std::uint64_t sum = 0;
    for (int r = 0; r < 13; ++r)
        for (int c = 0; c < 13; ++c) {
            EXPECT_EQ(w.visits(r, c), ref.visits[static_cast<size_t>(r * 13 + c)]);
            sum += w.visits(r, c);
        }
    EXPECT_EQ(sum, moves);
    EXPECT_EQ(w.visits(12, 0), 0u);  // the exit is entered, never left
    EXPECT_EQ(w.visits(1, 0), 0u);   // blocked
}

// The fast walk against the plain reference walk on 100,000 random feasible boards of mixed
// shapes (1x2 to 16x16), with random start and exit: moves and every visit count.
TEST(MouseWalk, EqualsReferenceOnOneHundredThousandRandomBoards) {
    Rng rng(20161);
    MouseWalk w;
    int feasible_boards = 0;
    std::uint64_t longest = 0;
    std::vector<Board> kept;
    std::vector<std::uint64_t> expected;
#if defined(__SANITIZE_ADDRESS__)
    // The sanitizer pass looks for memory errors, which a quarter of the sample meets as well;
    // the plain build checks all 100,000 (which take 7 s under ASan, 2 s without).
    const int boards = 25000;
#else
    const int boards = 100000;
#endif
    while (feasible_boards < boards) {
        const Board b = testing_support::random_mixed_board(rng);
        if (!feasible(b)) continue;
        ++feasible_boards;
        const GraphWalkResult ref = reference_grid_walk(b);
        ASSERT_TRUE(ref.feasible);
        const std::uint64_t fast = w.run(b);
        ASSERT_EQ(fast, ref.moves) << b.to_text();
        for (int r = 0; r < b.rows(); ++r)
            for (int c = 0; c < b.cols(); ++c)
                ASSERT_EQ(w.visits(r, c), ref.visits[static_cast<size_t>(r * b.cols() + c)])
                    << b.to_text() << " at " << r << "," << c;
        longest = std::max(longest, fast);
        if (kept.size() < 5000) {
            kept.push_back(b);
            expected.push_back(fast);
        }
    }
    EXPECT_GT(longest, 100u);  // the sample holds some real walks, not only corridors
    // The interleaved batch walk agrees too (feasible and infeasible boards mixed in).
    kept.push_back(Board::parse("S#\n#.\nE.\n"));
    expected.push_back(kInfeasible);
    std::vector<std::uint64_t> out(kept.size());
    evaluate_batch(kept, out);
    EXPECT_EQ(out, expected);
    std::vector<std::uint64_t> serial(kept.size());
    evaluate_batch_serial(kept, serial);
    EXPECT_EQ(serial, expected);
}

// walk_report, what the commands and the run pictures show: the reference walk's moves and
// counts on feasible boards of every shape, nothing walked on an infeasible one.
TEST(MouseWalk, WalkReportIsTheReferenceWalksCounts) {
    Rng rng(47);
    int walked = 0;
    for (int i = 0; i < 3000; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        const WalkCounts w = walk_report(b);
        const GraphWalkResult ref = reference_grid_walk(b);
        ASSERT_EQ(w.feasible, ref.feasible) << b.to_text();
        if (!w.feasible) {
            EXPECT_TRUE(w.visits.empty());
            continue;
        }
        ++walked;
        ASSERT_EQ(w.moves, ref.moves) << b.to_text();
        ASSERT_EQ(w.visits, ref.visits) << b.to_text();
    }
    EXPECT_GT(walked, 1000);
}

TEST(MouseWalk, BatchOfEveryLengthMatchesSerial) {
    const std::vector<Board> set = BenchSample<Board>::boards();
    for (size_t n = 0; n <= 3 * set.size(); ++n) {
        std::vector<Board> batch;
        for (size_t i = 0; i < n; ++i) batch.push_back(set[(i * 7) % set.size()]);
        std::vector<std::uint64_t> a(n);
        std::vector<std::uint64_t> b(n);
        evaluate_batch(batch, a);
        evaluate_batch_serial(batch, b);
        ASSERT_EQ(a, b) << n;
    }
}

// The bench signature is pinned, as a chess engine pins its bench node count: a change to the walk
// that moves any bench board's count shows here, not only as a different number in a bench run.
// The number is BenchSample<Board>::signature (bench_boards.hpp), the total `mazesearch bench` prints.
TEST(MouseWalk, BenchSignatureIsPinned) {
    const std::vector<Board> set = BenchSample<Board>::boards();
    EXPECT_EQ(set.size(), 7u);
    EXPECT_EQ(bench_signature(set), BenchSample<Board>::signature);
    // The same total from the interleaved walk and from the 64-bit reference walk.
    std::vector<std::uint64_t> moves(set.size());
    evaluate_batch(set, moves);
    std::uint64_t interleaved = 0, reference = 0;
    for (size_t i = 0; i < set.size(); ++i) {
        interleaved += moves[i];
        const GraphWalkResult r = reference_grid_walk(set[i]);
        ASSERT_TRUE(r.feasible && !r.trapped) << i;
        reference += r.moves;
    }
    EXPECT_EQ(interleaved, BenchSample<Board>::signature);
    EXPECT_EQ(reference, BenchSample<Board>::signature);
}

// Walks past the 32-bit keys' range are finished by the 64-bit reference walk. The real limit
// needs a walk of 2^30 moves; a small limit exercises the same path.
TEST(MouseWalk, WalksPastTheMoveLimitFallBackToTheReferenceWalk) {
    Board fig1(13, 13);
    fig1.set_open(1, 0, false);
    MouseWalk w;
    EXPECT_EQ(w.run(fig1, 179), kWalkOverflow);
    EXPECT_EQ(w.run(fig1, 180), 180u);

    const std::vector<Board> set = BenchSample<Board>::boards();
    std::vector<Board> batch;
    for (int i = 0; i < 40; ++i) batch.insert(batch.end(), set.begin(), set.end());
    std::vector<std::uint64_t> expected(batch.size());
    evaluate_batch_serial(batch, expected);
    std::vector<std::uint64_t> out(batch.size());
    EXPECT_EQ(evaluate_batch(batch, out), 0u);
    EXPECT_EQ(out, expected);
    std::fill(out.begin(), out.end(), 0);
    const size_t fallbacks = evaluate_batch(batch, out, 1000);
    EXPECT_GT(fallbacks, 0u);
    EXPECT_EQ(out, expected);
}

// Small batches are walked mostly by the tail (four walks in lock step, then the last ones one at
// a time): every batch size from 1 to 12 of bench boards, with and without a small move limit
// (the longest walks past it go to the reference walk), gives the serial moves and the most
// visits of the reference walk.
TEST(MouseWalk, SmallBatchesEndInTheTailsWithTheSameMovesAndMostVisits) {
    const std::vector<Board> set = BenchSample<Board>::boards();
    for (size_t n = 1; n <= 12; ++n) {
        for (std::uint64_t limit : {MouseWalk::kMaxMoves, std::uint64_t{1000}}) {
            std::vector<Board> batch;
            for (size_t i = 0; i < n; ++i) batch.push_back(set[(i * 3 + n) % set.size()]);
            std::vector<std::uint64_t> expected(n), most_expected(n);
            evaluate_batch_serial(batch, expected);
            for (size_t i = 0; i < n; ++i)
                most_expected[i] =
                    most_visited(batch[i], reference_grid_walk(batch[i]).visits).visits;
            std::vector<std::uint64_t> out(n), most(n), plain(n);
            walk_feasible_batch(batch, out, most, limit);
            walk_feasible_batch(batch, plain, limit);
            ASSERT_EQ(out, expected) << n;
            ASSERT_EQ(plain, expected) << n;
            ASSERT_EQ(most, most_expected) << n;
        }
    }
}
