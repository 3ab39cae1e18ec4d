#include "mazesearch/models/graphs/graph_walk.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "mazesearch/models/cells/bitboard.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "random_boards.hpp"

using namespace maze;

namespace {

// The construction in the proof of the paper's Lemma 11 (docs/rules.md, "The Lemma 11
// construction"): centre s (the start) with neighbours v1..vk in that preference order, a tail w
// on v(k-1) which v(k-1) prefers over s, and the exit vk. Vertices: s = 0, v_i = i, w = k + 1.
MazeGraph lemma11(int k) {
    MazeGraph g;
    g.neighbours.resize(static_cast<size_t>(k + 2));
    for (int i = 1; i <= k; ++i) g.neighbours[0].push_back(i);
    for (int i = 1; i <= k; ++i)
        if (i == k - 1)
            g.neighbours[static_cast<size_t>(i)] = {k + 1, 0};
        else
            g.neighbours[static_cast<size_t>(i)] = {0};
    g.neighbours[static_cast<size_t>(k + 1)] = {k - 1};
    g.start = 0;
    g.exit = k;
    return g;
}

// An independent, naive k-mod walk for a fixed number of moves: true if it reaches the exit.
bool naive_kmod_escapes(const MazeGraph& g, int k, int max_moves) {
    std::vector<int> seen(static_cast<size_t>(g.vertices()), 0);
    int v = g.start;
    for (int t = 0; t < max_moves; ++t) {
        if (v == g.exit) return true;
        seen[static_cast<size_t>(v)] = (seen[static_cast<size_t>(v)] + 1) % k;
        int best = -1;
        for (int w : g.neighbours[static_cast<size_t>(v)])
            if (best < 0 || seen[static_cast<size_t>(w)] < seen[static_cast<size_t>(best)])
                best = w;
        v = best;
    }
    return v == g.exit;
}

// An independent, naive walk of the ordinary mouse: its moves until it reaches the exit (at most
// `max_moves`; more means it did not get there).
std::uint64_t naive_moves(const MazeGraph& g, std::uint64_t max_moves) {
    std::vector<std::uint64_t> seen(static_cast<size_t>(g.vertices()), 0);
    int v = g.start;
    std::uint64_t moves = 0;
    while (v != g.exit && moves <= max_moves) {
        ++seen[static_cast<size_t>(v)];
        int best = -1;
        for (int w : g.neighbours[static_cast<size_t>(v)])
            if (best < 0 || seen[static_cast<size_t>(w)] < seen[static_cast<size_t>(best)])
                best = w;
        v = best;
        ++moves;
    }
    return moves;
}

// Theorem 8's bound computed naively from its statement: the start's component C (breadth-first
// search), Delta the largest degree in C, diam the largest distance between two vertices of C,
// and |C| * (Delta + Delta^2 + ... + Delta^diam), summed in that order.
double naive_theorem8_bound(const MazeGraph& g) {
    const auto n = static_cast<size_t>(g.vertices());
    auto distances = [&](int from) {
        std::vector<int> d(n, -1);
        std::vector<int> queue{from};
        d[static_cast<size_t>(from)] = 0;
        for (size_t i = 0; i < queue.size(); ++i)
            for (int w : g.neighbours[static_cast<size_t>(queue[i])])
                if (d[static_cast<size_t>(w)] < 0) {
                    d[static_cast<size_t>(w)] = d[static_cast<size_t>(queue[i])] + 1;
                    queue.push_back(w);
                }
        return d;
    };
    const std::vector<int> from_start = distances(g.start);
    int component = 0, delta = 0, diam = 0;
    for (size_t v = 0; v < n; ++v) {
        if (from_start[v] < 0) continue;
        ++component;
        delta = std::max(delta, static_cast<int>(g.neighbours[v].size()));
        const std::vector<int> d = distances(static_cast<int>(v));
        for (size_t w = 0; w < n; ++w)
            if (from_start[w] >= 0) diam = std::max(diam, d[w]);
    }
    double sum = 0, power = 1;
    for (int i = 0; i < diam; ++i) sum += (power *= delta);
    return component * sum;
}

}  // namespace

TEST(ReferenceWalk, PaperNumbersOnTheGridGraph) {
    Board b(13, 13);
    EXPECT_EQ(reference_grid_walk(b).moves, 12u);
    b.set_open(1, 0, false);
    EXPECT_EQ(reference_grid_walk(b).moves, 180u);
    EXPECT_EQ(
        reference_grid_walk(Board::parse("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n")).moves,
        115u);
}

TEST(ReferenceWalk, InfeasibleIsReportedNotWalked) {
    MazeGraph g;
    g.neighbours = {{1}, {0}, {}};
    g.start = 0;
    g.exit = 2;
    const GraphWalkResult r = reference_walk(g);
    EXPECT_FALSE(r.feasible);
    EXPECT_EQ(r.moves, 0u);
    // A k-mod mouse on an infeasible maze is not walked either.
    EXPECT_FALSE(reference_walk(g, 3).feasible);
}

TEST(ReferenceWalk, PreferenceOrderBreaksTies) {
    // Path a - s - b with exit b: prefers a first if listed first.
    MazeGraph g;
    g.neighbours = {{1, 2}, {0}, {0}};
    g.start = 0;
    g.exit = 2;
    EXPECT_EQ(reference_walk(g).moves, 3u);  // s -> a -> s -> b
    g.neighbours[0] = {2, 1};
    EXPECT_EQ(reference_walk(g).moves, 1u);
}

TEST(ReferenceWalk, RejectsMalformedGraphs) {
    MazeGraph g;
    g.neighbours = {{1}, {}};  // edge listed one way only
    EXPECT_THROW(reference_walk(g), std::invalid_argument);
    g.neighbours = {{1, 1}, {0}};
    EXPECT_THROW(reference_walk(g), std::invalid_argument);
    g.neighbours = {{0, 1}, {0}};
    EXPECT_THROW(reference_walk(g), std::invalid_argument);
    g.neighbours = {{1}, {0}};
    g.exit = 0;
    EXPECT_THROW(reference_walk(g), std::invalid_argument);
    g.exit = 1;
    EXPECT_THROW(reference_walk(g, 1), std::invalid_argument);
}

TEST(KModMouse, LemmaElevenConstructionTrapsEveryKAndTheOrdinaryMouseEscapes) {
    for (int k = 2; k <= 7; ++k) {
        const MazeGraph g = lemma11(k);
        const GraphWalkResult kmod = reference_walk(g, k);
        EXPECT_TRUE(kmod.feasible) << k;
        EXPECT_TRUE(kmod.trapped) << "k = " << k;
        // Trapped for real: an independent naive walk of 100,000 moves never reaches vk.
        EXPECT_FALSE(naive_kmod_escapes(g, k, 100000)) << k;
        // The ordinary mouse: s v1 s v2 ... s v(k-2) s (2(k-2) moves), then v(k-1), and w and
        // back k times (w is preferred while its count is at most s's, k - 1), then s and vk:
        // 4k - 1 moves, as an independent naive walk finds too.
        const GraphWalkResult plain = reference_walk(g);
        EXPECT_FALSE(plain.trapped);
        EXPECT_EQ(plain.moves, static_cast<std::uint64_t>(4 * k - 1)) << k;
        EXPECT_EQ(plain.moves, naive_moves(g, 1000)) << k;
        // The bound: |V| = k + 2, Delta = k (at s), diam = 3 (w to any other v_i).
        const double kk = k;
        EXPECT_DOUBLE_EQ(theorem8_bound(g), (kk + 2) * (kk + kk * kk + kk * kk * kk)) << k;
        EXPECT_LT(static_cast<double>(plain.moves), theorem8_bound(g));
    }
}

TEST(KModMouse, LargeModulusOnSmallGridsBehavesLikeTheOrdinaryMouse) {
    // While every count stays below k, a k-mod mouse is the ordinary mouse.
    Rng rng(11);
    int checked = 0;
    while (checked < 2000) {
        const Board b = testing_support::random_mixed_board(rng);
        if (b.cells() > 40 || !feasible(b)) continue;
        const GraphWalkResult plain = reference_grid_walk(b);
        std::uint64_t most = 0;
        for (auto v : plain.visits) most = std::max(most, v);
        const GraphWalkResult kmod = reference_grid_walk(b, static_cast<int>(most) + 1);
        ASSERT_FALSE(kmod.trapped) << b.to_text();
        ASSERT_EQ(kmod.moves, plain.moves);
        ++checked;
    }
}

TEST(KModMouse, TwoModMouseIsTrappedOnSomeGrids) {
    // The paper shows grids that trap k-mod mice; the 2-mod mouse must be trapped on at least
    // one small random board, and every trap must be a genuine repeat (checked by walking on:
    // a trapped mouse never reaches the exit within many more moves).
    Rng rng(5);
    int trapped = 0;
    for (int i = 0; i < 3000; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        if (b.cells() > 30 || !feasible(b)) continue;
        const GraphWalkResult r = reference_grid_walk(b, 2);
        ASSERT_EQ(r.trapped, !naive_kmod_escapes(grid_graph(b), 2, 200000)) << b.to_text();
        trapped += r.trapped;
    }
    EXPECT_GT(trapped, 0);
}

TEST(Theorem8, BoundHoldsOnRandomBoardsAndUsesTheStartComponent) {
    // The bound is astronomically loose (10^2 to 10^11 times the moves here), so "moves < bound"
    // alone shows little: both sides are checked exactly, the moves against an independent naive
    // walk and the bound against a naive computation from its statement.
    Rng rng(8);
    int boards = 0;
    for (int i = 0; i < 3000; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        if (!feasible(b)) continue;
        const MazeGraph g = grid_graph(b);
        const std::uint64_t moves = evaluate(b).moves;
        const double bound = theorem8_bound(g);
        ASSERT_EQ(moves, naive_moves(g, moves + 1)) << b.to_text();
        ASSERT_DOUBLE_EQ(bound, naive_theorem8_bound(g)) << b.to_text();
        ASSERT_LT(static_cast<double>(moves), bound) << b.to_text();
        ++boards;
    }
    EXPECT_GT(boards, 1000);
    // A path s - x - f: |V| = 3, diam 2, Delta 2: 3 * (2 + 4) = 18; isolated extras don't count.
    MazeGraph path;
    path.neighbours = {{1}, {0, 2}, {1}, {}, {}};
    path.start = 0;
    path.exit = 2;
    EXPECT_DOUBLE_EQ(theorem8_bound(path), 18.0);
}

namespace {

// The stop function of trace_walk: true once its counter of calls runs out.
bool count_down(void* calls_left) {
    auto& n = *static_cast<int*>(calls_left);
    return n-- <= 0;
}

}  // namespace

TEST(TraceWalk, IsTheReferenceWalkStepByStep) {
    Rng rng(21);
    int checked = 0;
    while (checked < 500) {
        const Board b = testing_support::random_mixed_board(rng);
        if (!feasible(b)) continue;
        const MazeGraph g = grid_graph(b);
        const GraphWalkResult ref = reference_walk(g);
        const WalkTrace t = trace_walk(g, ~std::uint64_t{0}, ~std::size_t{0});
        ASSERT_TRUE(t.complete);
        ASSERT_EQ(t.moves, ref.moves) << b.to_text();
        ASSERT_EQ(t.visits, ref.visits) << b.to_text();
        // The path: the start, one neighbour after another, the exit last; a cell's visits are
        // the times the mouse left it.
        ASSERT_EQ(t.path.size(), t.moves + 1);
        ASSERT_EQ(t.path.front(), g.start);
        ASSERT_EQ(t.path.back(), g.exit);
        std::vector<std::uint64_t> left(t.visits.size(), 0);
        for (std::size_t i = 0; i + 1 < t.path.size(); ++i) {
            const auto& n = g.neighbours[static_cast<std::size_t>(t.path[i])];
            ASSERT_NE(std::find(n.begin(), n.end(), t.path[i + 1]), n.end());
            ++left[static_cast<std::size_t>(t.path[i])];
        }
        ASSERT_EQ(left, t.visits);
        ++checked;
    }
}

TEST(TraceWalk, KeepsTheFirstPositionsAndStopsWhereItIsTold) {
    // The 6x6 optimum (configs/boards/optimum-6x6.txt): 115 moves.
    const Board b = Board::parse("S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n");
    const MazeGraph g = grid_graph(b);
    const GraphWalkResult ref = reference_walk(g);
    ASSERT_EQ(ref.moves, 115u);
    const WalkTrace full = trace_walk(g, ref.moves, 5);
    EXPECT_TRUE(full.complete);  // exactly enough moves
    EXPECT_EQ(full.path.size(), 5u);
    EXPECT_EQ(full.moves, ref.moves);
    const WalkTrace cut = trace_walk(g, 20, 1000);
    EXPECT_FALSE(cut.complete);
    EXPECT_EQ(cut.moves, 20u);
    EXPECT_EQ(cut.path.size(), 21u);
    EXPECT_EQ(std::vector<int>(full.path.begin(), full.path.end()),
              std::vector<int>(cut.path.begin(), cut.path.begin() + 5));
    // A stop asked every 2^20 moves: a walk this short is never asked.
    int calls = 0;
    EXPECT_TRUE(trace_walk(g, ~std::uint64_t{0}, 0, count_down, &calls).complete);
    Board blocked = Board::parse("S#\n#E\n");
    const WalkTrace none = trace_walk(grid_graph(blocked), 100, 100);
    EXPECT_FALSE(none.feasible);
    EXPECT_FALSE(none.complete);
    EXPECT_TRUE(none.path.empty());
}
