// Cat and Mouse, the solver: against an independent fixed-point solver on thousands of random
// small graphs, LeetCode 913's examples, graphs that defeat a turn-capped search, wide counters,
// and thread counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "cat_mouse_reference.hpp"
#include "mazesearch/engine/games/cat_mouse.hpp"
#include "mazesearch/engine/rng.hpp"

namespace {

using maze::AdjacencyLists;
using maze::CatMouseGraph;
using maze::CatMouseResult;
using maze::CatMouseTurn;
using maze::testing_support::as_ref;
using maze::testing_support::isolate;
using maze::testing_support::kExample1;
using maze::testing_support::kExample2;
using maze::testing_support::random_graph;
using maze::testing_support::random_tree_plus_edges;
using maze::testing_support::Reference;
using maze::testing_support::RefValue;

// ---------------------------------------------------------------------------------------------
// The common turn-capped search: minimax over (plies played, mouse, cat), declaring a draw once
// `cap` plies have been played.
int capped_search(const AdjacencyLists& g, int cap) {
    const int n = static_cast<int>(g.size());
    std::vector<signed char> memo(static_cast<std::size_t>((cap + 1) * n * n), -1);
    std::function<int(int, int, int)> f = [&](int k, int m, int c) -> int {
        if (m == 0) return 1;
        if (m == c) return 2;
        if (k == cap) return 0;
        signed char& r = memo[static_cast<std::size_t>((k * n + m) * n + c)];
        if (r >= 0) return r;
        const bool mouse = k % 2 == 0;
        const int me = mouse ? 1 : 2;
        bool draw = false, win = false;
        for (int x : g[static_cast<std::size_t>(mouse ? m : c)]) {
            if (!mouse && x == 0) continue;
            const int v = mouse ? f(k + 1, x, c) : f(k + 1, m, x);
            win |= v == me;
            draw |= v == 0;
        }
        r = static_cast<signed char>(win ? me : draw ? 0 : 3 - me);
        return r;
    };
    return f(0, 1, 2);
}

// ---------------------------------------------------------------------------------------------

TEST(CatMouse, LeetCodeExamples) {
    EXPECT_EQ(maze::cat_mouse_game(kExample1), 0);
    EXPECT_EQ(maze::cat_mouse_game(kExample2), 1);
    EXPECT_EQ(maze::solve_cat_mouse(CatMouseGraph(kExample1)), (CatMouseResult{0, std::nullopt}));
    // The mouse starts next to the hole: one ply.
    EXPECT_EQ(maze::solve_cat_mouse(CatMouseGraph(kExample2)), (CatMouseResult{1, 1}));
}

TEST(CatMouse, TrivialStartsAndRoles) {
    const CatMouseGraph g(kExample1);
    EXPECT_EQ(maze::solve_cat_mouse(g, 0, 2, 0), (CatMouseResult{1, 0}));    // already home
    EXPECT_EQ(maze::solve_cat_mouse(g, 3, 3, 0), (CatMouseResult{2, 0}));    // already caught
    EXPECT_THROW(maze::solve_cat_mouse(g, 1, 0, 0), std::invalid_argument);  // cat in the hole
    EXPECT_THROW(maze::solve_cat_mouse(g, 1, 6, 0), std::invalid_argument);
    EXPECT_THROW(maze::solve_cat_mouse(g, 1, 2, -1), std::invalid_argument);
    // A path 1 - 3 - 0 - 2 - 4 with the hole 0 in the middle: the cat must step away to 4 and
    // the mouse walks in on ply 3.
    const CatMouseGraph path({{3, 2}, {3}, {0, 4}, {1, 0}, {2}});
    EXPECT_EQ(maze::solve_cat_mouse(path), (CatMouseResult{1, 3}));
    // The same path with the hole on 2 and the cat on 0, between mouse and hole: the mouse's
    // only move 1 -> 3 meets the cat, 0 -> 3.
    EXPECT_EQ(maze::solve_cat_mouse(path, 1, 0, 2), (CatMouseResult{2, 2}));
}

TEST(CatMouse, PlayerWhoCannotMoveIsADraw) {
    // The mouse on an isolated node 1.
    EXPECT_EQ(maze::solve_cat_mouse(CatMouseGraph({{2}, {}, {0}})).result, 0);
    // The cat on 2 whose only neighbour is the hole; the mouse on 1 needs two moves to get
    // home, so the cat's turn comes first and it cannot move.
    EXPECT_EQ(maze::solve_cat_mouse(CatMouseGraph({{2, 3}, {3}, {0}, {1, 0}})).result, 0);
    // ... but a mouse next to the hole is home before the cat must move.
    EXPECT_EQ(maze::solve_cat_mouse(CatMouseGraph({{1, 2}, {0}, {0}})), (CatMouseResult{1, 1}));
}

TEST(CatMouse, GraphRejectsBadLists) {
    EXPECT_THROW(CatMouseGraph({{1}, {0, 3}, {}}), std::invalid_argument);
    EXPECT_THROW(CatMouseGraph({{0}, {}, {}}), std::invalid_argument);
    EXPECT_THROW(CatMouseGraph({{1, 1}, {0, 0}, {}}), std::invalid_argument);
    try {
        (void)CatMouseGraph({{2}, {}, {}});
        FAIL() << "asymmetric list accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "0 lists 2 but 2 does not list 0");
    }
}

// The solver's full table, results and plies, against the fixed-point reference on random
// graphs of 2 to 12 nodes of every density, some with the hole or the mouse isolated and some
// with another node as the hole.
TEST(CatMouse, MatchesFixedPointOnRandomGraphs) {
    maze::Rng rng(913);
    const double densities[] = {0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0};
    int graphs = 0, decided = 0, long_games = 0, longest = 0;
    for (int round = 0; round < 200; ++round)
        for (int n = 2; n <= 12; ++n) {
            const double density = densities[rng.below(std::size(densities))];
            AdjacencyLists g = random_graph(rng, n, density);
            const int kind = static_cast<int>(rng.below(8));
            if (kind == 0) isolate(g, 0);
            if (kind == 1 && n > 1) isolate(g, 1);
            const int hole =
                kind == 2 ? static_cast<int>(rng.below(static_cast<std::uint64_t>(n))) : 0;
            const Reference ref(g, hole);
            const CatMouseGraph cg(g);
            const maze::CatMouseTable table = maze::solve_cat_mouse_table(cg, hole);
            const maze::CatMouseTable bare = maze::solve_cat_mouse_table(cg, hole, false);
            ++graphs;
            for (int m = 0; m < n; ++m)
                for (int c = 0; c < n; ++c) {
                    if (c == hole) continue;
                    for (int t = 0; t < 2; ++t) {
                        const auto turn = static_cast<CatMouseTurn>(t);
                        const RefValue want = ref.value(m, c, t);
                        ASSERT_EQ(as_ref(table.at(m, c, turn)), want)
                            << "n " << n << " hole " << hole << " mouse " << m << " cat " << c
                            << " turn " << t << " graph " << nlohmann::json(g).dump();
                        ASSERT_EQ(bare.at(m, c, turn).result, want.result);
                        decided += want.result != 0;
                        long_games += want.plies >= n;
                        longest = std::max(longest, want.plies);
                    }
                    // The single-start solver stops early; it must agree.
                    ASSERT_EQ(as_ref(maze::solve_cat_mouse(cg, m, c, hole)), ref.value(m, c, 0))
                        << "n " << n << " graph " << nlohmann::json(g).dump();
                }
        }
    EXPECT_EQ(graphs, 2200);
    // The sample must exercise decided positions and long games (at least n plies), not just
    // trivial ones: 187,334 decided positions, 812 long games, the longest 16 plies.
    EXPECT_GT(decided, 50000);
    EXPECT_GT(long_games, 500);
    EXPECT_GE(longest, 15);
}

// A node of degree 300 needs counters wider than a byte.
TEST(CatMouse, WideCountersAgreeWithNarrowOnes) {
    // A hub 3 joined to 300 leaves and to a path 3 - 1 - 0 (hole); the cat starts on 2, a
    // neighbour of the hub. With the mouse on leaf 4: it must go through the hub, where the
    // cat waits.
    const int leaves = 300;
    AdjacencyLists g(static_cast<std::size_t>(4 + leaves));
    auto edge = [&](int a, int b) {
        g[static_cast<std::size_t>(a)].push_back(b);
        g[static_cast<std::size_t>(b)].push_back(a);
    };
    edge(0, 1);
    edge(1, 3);
    edge(2, 3);
    for (int i = 0; i < leaves; ++i) edge(3, 4 + i);
    const CatMouseGraph cg(g);
    ASSERT_GE(cg.max_degree(), 255);
    // The mouse on a leaf goes to the hub (ply 1) and the cat on 2 takes it there (ply 2).
    EXPECT_EQ(maze::solve_cat_mouse(cg, 4, 2, 0), (CatMouseResult{2, 2}));
    // The mouse on the hub escapes through 1 (ply 1) and into the hole (ply 3).
    EXPECT_EQ(maze::solve_cat_mouse(cg, 3, 2, 0), (CatMouseResult{1, 3}));
    const maze::CatMouseTable table = maze::solve_cat_mouse_table(cg, 0);
    for (int m : {1, 3, 4, 100, 303})
        for (int c : {1, 2, 3, 5, 200})
            EXPECT_EQ(table.at(m, c), maze::solve_cat_mouse(cg, m, c, 0)) << m << " " << c;
}

// Graphs found by searching random graphs with the exact solver for games longer than 2n
// plies. The capped search declares a draw once 2n plies are played, but here the winner's
// fastest forced win takes more plies than that (the loser keeps dodging round cycles until it
// is cornered), so the cap turns a forced win into a draw; retrograde analysis has no horizon.
TEST(CatMouse, TurnCappedSearchIsWrong) {
    struct Case {
        AdjacencyLists g;
        int result;
        int plies;
    };
    const std::vector<Case> cases = {
        // 10 nodes: the mouse wins, but only in 21 plies > 20.
        {{{4, 9},
          {5, 6, 8, 9},
          {6, 7, 8, 9},
          {4, 5, 6, 8},
          {0, 3, 6, 7},
          {1, 3, 7, 8},
          {1, 2, 3, 4},
          {2, 4, 5},
          {1, 2, 3, 5},
          {0, 1, 2}},
         1,
         21},
        // 12 nodes: the cat wins in 28 plies > 24.
        {{{5},
          {10},
          {3, 6},
          {2, 7},
          {5, 8, 10, 11},
          {0, 4, 9, 11},
          {2, 7, 9, 10},
          {3, 6, 8, 9},
          {4, 7, 9},
          {5, 6, 7, 8, 10},
          {1, 4, 6, 9, 11},
          {4, 5, 10}},
         2,
         28},
        // 11 nodes: the cat wins in 24 plies > 22.
        {{{9},
          {2, 4, 5, 6, 10},
          {1, 3, 9},
          {2, 7, 8},
          {1, 5, 7},
          {1, 4},
          {1, 10},
          {3, 4, 8, 10},
          {3, 7, 9, 10},
          {0, 2, 8, 10},
          {1, 6, 7, 8, 9}},
         2,
         24},
    };
    for (const Case& k : cases) {
        const int n = static_cast<int>(k.g.size());
        const CatMouseResult exact = maze::solve_cat_mouse(CatMouseGraph(k.g));
        EXPECT_EQ(exact, (CatMouseResult{k.result, static_cast<std::uint64_t>(k.plies)}));
        EXPECT_EQ(as_ref(exact), Reference(k.g, 0).value(1, 2, 0));
        EXPECT_GT(k.plies, 2 * n);
        EXPECT_EQ(capped_search(k.g, 2 * n), 0) << "the cap of 2n plies calls it a draw";
        // The cap is the only fault: a horizon as long as the game gets it right.
        EXPECT_EQ(capped_search(k.g, k.plies), k.result);
        EXPECT_EQ(capped_search(k.g, k.plies - 1), 0);
    }
}

// Big layers are shared among a WorkerTeam by the predecessors' rows: with 1, 2, 3, 5 threads or
// every hardware thread, every position gets the same result and the same plies, and single
// starts agree too.
TEST(CatMouse, ThreadCountChangesNothing) {
    maze::Rng rng(1913);
    const int n = 700;  // 980,000 positions: the widest layers exceed the parallel threshold
    const AdjacencyLists g = random_tree_plus_edges(rng, n, n);
    const CatMouseGraph cg(g);
    const maze::CatMouseTable one = maze::solve_cat_mouse_table(cg, 0, true, 1);
    std::size_t decided = 0;
    for (int threads : {2, 3, 5, 0}) {
        const maze::CatMouseTable many = maze::solve_cat_mouse_table(cg, 0, true, threads);
        for (int m = 0; m < n; ++m)
            for (int c = 1; c < n; ++c)
                for (CatMouseTurn t : {CatMouseTurn::Mouse, CatMouseTurn::Cat}) {
                    const CatMouseResult a = one.at(m, c, t);
                    ASSERT_EQ(a, many.at(m, c, t)) << m << " " << c << " threads " << threads;
                    decided += a.result != maze::kCatMouseDraw;
                }
    }
    EXPECT_GT(decided, 200000u);  // the comparison covers many decided positions
    for (int i = 0; i < 5; ++i) {
        const int m = static_cast<int>(rng.below(n));
        const int c = 1 + static_cast<int>(rng.below(n - 1));
        EXPECT_EQ(maze::solve_cat_mouse(cg, m, c, 0, 1), maze::solve_cat_mouse(cg, m, c, 0, 2));
        EXPECT_EQ(maze::solve_cat_mouse(cg, m, c, 0, 2), one.at(m, c));
    }
}

TEST(CatMouse, SparseGraphOfFourHundredNodes) {
    // A random tree plus extra edges (average degree about 3): the table agrees with single
    // starts, and plies never exceed the number of positions.
    maze::Rng rng(5);
    const int n = 400;
    const AdjacencyLists g = random_tree_plus_edges(rng, n, n / 2);
    const CatMouseGraph cg(g);
    const maze::CatMouseTable table = maze::solve_cat_mouse_table(cg, 0);
    for (int i = 0; i < 20; ++i) {
        const int m = static_cast<int>(rng.below(n));
        const int c = 1 + static_cast<int>(rng.below(n - 1));
        EXPECT_EQ(table.at(m, c), maze::solve_cat_mouse(cg, m, c, 0)) << m << " " << c;
    }
}

}  // namespace
