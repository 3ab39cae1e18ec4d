// Cat and Mouse: the retrograde solver against an independent fixed-point solver on thousands
// of random small graphs, LeetCode 913's examples, graphs that defeat a turn-capped search, the
// command, and the maze target.
#include "mazesearch/engine/games/cat_mouse.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/search/rng.hpp"
#include "mazesearch/search/targets/cat_mouse_target.hpp"

namespace {

using maze::AdjacencyLists;
using maze::CatMouseGraph;
using maze::CatMouseResult;
using maze::CatMouseTurn;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::write_temp;

const AdjacencyLists kExample1 = {{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}};
const AdjacencyLists kExample2 = {{1, 3}, {0}, {3}, {0, 2}};

// ---------------------------------------------------------------------------------------------
// The reference: plain fixed-point iteration over all positions, sharing no code with the
// solver. A sweep colours a position when a move reaches a position the player to move has
// won, or when every move (at least one) reaches a position the opponent has won; its plies are
// 1 + the least over the winning moves, or 1 + the most over the moves of a forced loss. Sweeps
// repeat, recomputing every coloured position's plies too, until nothing changes.

struct RefValue {
    int result = 0;  // 0 draw, 1 mouse wins, 2 cat wins
    int plies = -1;  // -1 for a draw
    friend bool operator==(const RefValue&, const RefValue&) = default;
};

class Reference {
  public:
    Reference(const AdjacencyLists& g, int hole)
        : g_(g),
          n_(static_cast<int>(g.size())),
          hole_(hole),
          val_(static_cast<std::size_t>(n_ * n_ * 2)) {
        for (int v = 0; v < n_; ++v) {
            if (v == hole) continue;
            for (int t = 0; t < 2; ++t) {
                at(hole, v, t) = {1, 0};
                at(v, v, t) = {2, 0};
            }
        }
        for (bool changed = true; changed;) {
            changed = false;
            ++sweeps_;
            if (sweeps_ > 100000) throw std::runtime_error("reference did not converge");
            for (int m = 0; m < n_; ++m)
                for (int c = 0; c < n_; ++c) {
                    if (c == hole || m == hole || m == c) continue;
                    for (int t = 0; t < 2; ++t) {
                        const RefValue v = evaluate(m, c, t);
                        if (!(v == at(m, c, t))) {
                            at(m, c, t) = v;
                            changed = true;
                        }
                    }
                }
        }
    }

    const RefValue& value(int m, int c, int t) const {
        return val_[static_cast<std::size_t>((m * n_ + c) * 2 + t)];
    }

  private:
    RefValue& at(int m, int c, int t) {
        return val_[static_cast<std::size_t>((m * n_ + c) * 2 + t)];
    }

    RefValue evaluate(int m, int c, int t) const {
        const int mover = t == 0 ? 1 : 2;
        const int other = 3 - mover;
        int best_win = -1, longest_loss = -1;
        bool any = false, all_lost = true;
        auto child = [&](const RefValue& v) {
            any = true;
            if (v.result == mover && (best_win < 0 || v.plies + 1 < best_win))
                best_win = v.plies + 1;
            if (v.result == other)
                longest_loss = std::max(longest_loss, v.plies + 1);
            else
                all_lost = false;
        };
        if (t == 0) {
            for (int x : g_[static_cast<std::size_t>(m)]) child(value(x, c, 1));
        } else {
            for (int x : g_[static_cast<std::size_t>(c)])
                if (x != hole_) child(value(m, x, 0));
        }
        if (best_win >= 0) return {mover, best_win};
        if (any && all_lost) return {other, longest_loss};
        return {};
    }

    const AdjacencyLists& g_;
    int n_;
    int hole_;
    std::vector<RefValue> val_;
    int sweeps_ = 0;
};

RefValue as_ref(const CatMouseResult& r) {
    return {r.result, r.plies ? static_cast<int>(*r.plies) : -1};
}

AdjacencyLists random_graph(maze::Rng& rng, int n, double density) {
    AdjacencyLists g(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (rng.bernoulli(density)) {
                g[static_cast<std::size_t>(a)].push_back(b);
                g[static_cast<std::size_t>(b)].push_back(a);
            }
    // Neighbour order must not matter.
    for (auto& l : g)
        for (std::size_t i = l.size(); i > 1; --i)
            std::swap(l[i - 1], l[static_cast<std::size_t>(rng.below(i))]);
    return g;
}

void isolate(AdjacencyLists& g, int v) {
    for (int u : g[static_cast<std::size_t>(v)]) {
        auto& l = g[static_cast<std::size_t>(u)];
        l.erase(std::find(l.begin(), l.end(), v));
    }
    g[static_cast<std::size_t>(v)].clear();
}

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

// A random tree on n nodes plus up to `extra` random edges (average degree about 2 + 2 *
// extra / n): sparse graphs with long games.
AdjacencyLists random_tree_plus_edges(maze::Rng& rng, int n, int extra) {
    AdjacencyLists g(n);
    auto has = [&](int a, int b) {
        const auto& l = g[static_cast<std::size_t>(a)];
        return std::find(l.begin(), l.end(), b) != l.end();
    };
    for (int v = 1; v < n; ++v) {
        const int u = static_cast<int>(rng.below(static_cast<std::uint64_t>(v)));
        g[static_cast<std::size_t>(u)].push_back(v);
        g[static_cast<std::size_t>(v)].push_back(u);
    }
    for (int k = 0; k < extra; ++k) {
        const int a = static_cast<int>(rng.below(n)), b = static_cast<int>(rng.below(n));
        if (a == b || has(a, b)) continue;
        g[static_cast<std::size_t>(a)].push_back(b);
        g[static_cast<std::size_t>(b)].push_back(a);
    }
    return g;
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

// ---------------------------------------------------------------------------------------------
// Parsing.

void expect_input_error(const std::string& text, int line, const std::string& what) {
    try {
        (void)maze::parse_cat_mouse_graph(text, "g.json");
        ADD_FAILURE() << "accepted: " << text;
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.line(), line) << text;
        EXPECT_NE(std::string(e.what()).find(what), std::string::npos)
            << "'" << e.what() << "' lacks '" << what << "'";
    }
}

TEST(CatMouseParse, ReadsListsWithWhitespace) {
    const CatMouseGraph g = maze::parse_cat_mouse_graph(
        " [ [2,5],\r\n[3] ,\n\t[0, 4,5],[1,4,5],[2,3],[0,2,3] ]\n", "x");
    EXPECT_EQ(g.nodes(), 6);
    EXPECT_EQ(g.edges(), 7u);
    EXPECT_EQ(maze::solve_cat_mouse(g).result, 0);
    EXPECT_EQ(maze::parse_cat_mouse_graph("[[],[],[]]", "x").nodes(), 3);
}

TEST(CatMouseParse, RejectsBadInput) {
    expect_input_error("", 1, "empty input");
    expect_input_error("  \n ", 1, "empty input");
    // Not JSON: nlohmann's reason, at the line and column of the offending byte.
    expect_input_error("[[2,5],\n [3],\n [0,4 5]]", 3,
                       "column 7: syntax error while parsing array - unexpected number literal; "
                       "expected ']'; found '5'");
    expect_input_error("[[1],[0]", 1,
                       "column 9: syntax error while parsing array - unexpected end of input");
    expect_input_error("[[1],[0]\n", 2, "column 1: syntax error");
    expect_input_error("[[1],[0],[x]]", 1,
                       "column 11: syntax error while parsing value - "
                       "invalid literal; found 'x'");
    expect_input_error("[[1],[0],[]] x", 1,
                       "column 14: syntax error while parsing value - "
                       "invalid literal; expected end of input; found 'x'");
    // JSON, but a value of the wrong kind: its place and first byte.
    expect_input_error("[[1.5],[0],[]]", 1,
                       "column 3: [0][0]: expected a whole node id, found 1.5");
    expect_input_error(
        "{\"a\":1}", 1,
        "column 1: expected '[' to open the list of adjacency lists, found an object");
    expect_input_error("[[1],\n [0, \"x\\\"\"],[]]", 2,
                       "column 6: [1][1]: expected a node id, found a string");
    expect_input_error("[[1],[0],\n  [[2]]]", 2,
                       "column 4: [2][0]: expected a node id, found an array");
    expect_input_error("[[1],[0],\n  [null]]", 2,
                       "column 4: [2][0]: expected a node id, found null");
    expect_input_error(
        "[[1],[0], true]", 1,
        "column 11: [2]: expected '[' to open the adjacency list of node 2, found true");
    expect_input_error(
        "[[1],[0], 7]", 1,
        "column 11: [2]: expected '[' to open the adjacency list of node 2, found a number");
    expect_input_error("  5", 1, "column 3: expected '[' to open the list of adjacency lists");
    expect_input_error("[[1],[0]]", 1, "the graph has 2 node(s)");
    expect_input_error("[[1],\n[0,7],\n[]]", 2, "node 1 lists 7, which is not a node");
    expect_input_error("[[1],[0,-1],[]]", 1, "node 1 lists -1, which is not a node");
    // Ids beyond 64 bits are out of range like any other.
    expect_input_error("[[1],[0,123456789012345678901234],[]]", 1,
                       "node 1 lists 1000000000000, which is not a node");
    expect_input_error("[[1],[0,-123456789012345678901234],[]]", 1,
                       "node 1 lists -1000000000000, which is not a node");
    expect_input_error("[[1],[0],\n[2]]", 2, "node 2 lists 2 (a self-loop)");
    expect_input_error("[[1,1],[0],[]]", 1, "node 0 lists 1 twice");
    expect_input_error("[[2,5],[3],[0,4,5],[1,4,5],\n[2,3],[0,3]]", 1,
                       "2 lists 5 but 5 does not list 2");
    expect_input_error("[[2,5],[3],[0,4,5],[1,4],\n[2,3],[0,2,3]]", 2,
                       "5 lists 3 but 3 does not list 5");
}

TEST(CatMouseParse, InputSizeIsLimited) {
    const std::string text = "[[1],[0],[]]";
    const std::string file = write_temp("cm_limit.json", text);
    EXPECT_EQ(maze::load_cat_mouse_graph(file, text.size()).nodes(), 3);
    try {
        (void)maze::load_cat_mouse_graph(file, text.size() - 1);
        ADD_FAILURE() << "read past the limit";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.line(), 0);
        EXPECT_EQ(std::string(e.what()),
                  file +
                      ": the input is longer than 11 bytes, the most a Cat and Mouse graph may "
                      "take");
    }
}

// ---------------------------------------------------------------------------------------------
// The command.

TEST(CatMouseCli, LeetCodeExamples) {
    const auto a =
        run("solve cat-mouse " + write_temp("cm_ex1.json", nlohmann::json(kExample1).dump()));
    EXPECT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out.substr(0, 2), "0\n");
    EXPECT_NE(a.out.find("draw"), std::string::npos);
    const std::string ex2 = write_temp("cm_ex2.json", "[[1,3],[0],[3],[0,2]]\n");
    const auto b = run("solve cat-mouse " + ex2);
    EXPECT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(b.out,
              "1\nthe mouse wins in 1 ply of optimal play (the winner hurries, the loser "
              "delays)\n");
    const auto j = run("solve cat-mouse --json " + ex2);
    EXPECT_EQ(j.out, "{\"result\":1,\"plies\":1}\n");
    const auto d = run_with_input("solve cat-mouse - --json",
                                  "[[2,5],\n[3],\n[0,4,5],[1,4,5],"
                                  "[2,3],[0,2,3]]");
    EXPECT_EQ(d.status, 0) << d.err;
    EXPECT_EQ(d.out, "{\"result\":0,\"plies\":null}\n");
}

TEST(CatMouseCli, RolesAndLongGames) {
    // The 12-node graph of TurnCappedSearchIsWrong: the cat wins in 28 plies.
    const std::string f =
        write_temp("cm_long.json",
                   "[[5],[10],[3,6],[2,7],[5,8,10,11],[0,4,9,11],[2,7,9,10],[3,6,8,9],[4,7,9],"
                   "[5,6,7,8,10],[1,4,6,9,11],[4,5,10]]");
    const auto r = run("solve cat-mouse " + f);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 2), "2\n");
    EXPECT_NE(r.out.find("the cat wins in 28 plies"), std::string::npos) << r.out;
    // The path 1 - 3 - 0 - 2 - 4 of TrivialStartsAndRoles, also with the hole on 2 and the
    // cat on 0.
    const std::string p = write_temp("cm_path.json", "[[3,2],[3],[0,4],[1,0],[2]]");
    EXPECT_EQ(run("solve cat-mouse --json " + p).out, "{\"result\":1,\"plies\":3}\n");
    EXPECT_EQ(run("solve cat-mouse --json --hole 2 --cat 0 " + p).out,
              "{\"result\":2,\"plies\":2}\n");
    EXPECT_EQ(run("solve cat-mouse --json --mouse 0 " + p).out, "{\"result\":1,\"plies\":0}\n");
}

void expect_cli_error(const std::string& args, const std::string& what) {
    const auto r = run("solve cat-mouse " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(what), std::string::npos) << "'" << r.err << "' lacks '" << what << "'";
}

TEST(CatMouseCli, BadInputExitsWithStatus2) {
    const std::string bad = write_temp("cm_bad.json", "[[2,5],\n [3],\n [0,4 5]]");
    expect_cli_error(bad, "mazesearch: error: " + bad + ":3: column 7: syntax error");
    const std::string range = write_temp("cm_range.json", "[[1],\n[0,7],\n[]]");
    expect_cli_error(range, range + ":2: node 1 lists 7, which is not a node (the nodes are 0..2)");
    const std::string loop = write_temp("cm_loop.json", "[[1],[0],[2]]");
    expect_cli_error(loop, loop + ":1: node 2 lists 2 (a self-loop)");
    const std::string asym = write_temp("cm_asym.json", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,3]]");
    expect_cli_error(asym, asym + ":1: 2 lists 5 but 5 does not list 2");
    const std::string small = write_temp("cm_small.json", "[[1],[0]]");
    expect_cli_error(small, small + ":1: the graph has 2 node(s)");
    const std::string empty = write_temp("cm_empty.json", "");
    expect_cli_error(empty, empty + ":1: empty input");
    expect_cli_error("/nonexistent/cm.json",
                     "mazesearch: error: /nonexistent/cm.json: cannot open");
    const std::string ok = write_temp("cm_ok.json", "[[1,3],[0],[3],[0,2]]");
    expect_cli_error("--cat 0 " + ok, "the cat may never be in the hole");
    expect_cli_error("--mouse 9 " + ok, "--mouse 9 is not a node of the graph");
    const auto s = run_with_input("solve cat-mouse -", "[[1],[0],[x]]");
    EXPECT_EQ(s.status, 2);
    EXPECT_NE(s.err.find("<stdin>:1: column 11"), std::string::npos) << s.err;
}

// ---------------------------------------------------------------------------------------------
// The target.

maze::Params target_params(const std::vector<std::pair<std::string, maze::Params::Value>>& kv) {
    maze::Params p;
    p.set_section("target");
    for (const auto& [k, v] : kv) p.set(k, v);
    return p;
}

TEST(CatMouseTarget, HandMadeBoards) {
    // 3 x 2, mouse on S (0,0), hole E (2,0), cat on (1,1):
    //   S#      the mouse's only move is to (1,0), next to the cat, which takes it: 2 plies.
    //   .C
    //   E#
    const maze::CatMouseTarget t(3, 2, {0, 0}, {2, 0}, {1, 1},
                                 maze::CatMouseTarget::Objective::CatWinPlies);
    ASSERT_EQ(t.genes(), 3u);  // (0,1), (1,0), (2,1)
    maze::Genome g(3);
    g.set(0, true);
    g.set(2, true);
    EXPECT_EQ(t.to_board(g).to_text(), "S#\n..\nE#\n");  // the cat's cell is always open
    EXPECT_EQ(t.solve(g), (CatMouseResult{2, 2}));
    EXPECT_EQ(t.value(t.solve(g)), 2.0);
    // Block (1,0) as well: the mouse cannot reach the hole (infeasible) and cannot move.
    g.set(1, true);
    bool feasible[1] = {true};
    t.feasibility(std::span<const maze::Genome>(&g, 1), feasible);
    EXPECT_FALSE(feasible[0]);
    EXPECT_EQ(t.solve(g).result, 0);

    // 2 x 4 corridor pair, mouse at (0,0), hole (1,0), cat far away at (0,3): the mouse steps
    // down into the hole at once (1 ply); the mouse-win objective scores 1, the cat's -1.
    const maze::CatMouseTarget m(2, 4, {0, 0}, {1, 0}, {0, 3},
                                 maze::CatMouseTarget::Objective::MouseWinPlies);
    const maze::Genome open(m.genes());
    EXPECT_EQ(m.solve(open), (CatMouseResult{1, 1}));
    EXPECT_EQ(m.value(m.solve(open)), 1.0);
    const maze::CatMouseTarget c(2, 4, {0, 0}, {1, 0}, {0, 3},
                                 maze::CatMouseTarget::Objective::CatWinPlies);
    EXPECT_EQ(c.value(c.solve(open)), -1.0);
}

// The target's graph is the maze's open cells: its value agrees with the reference solver on
// the same graph built by hand from the board, for random boards.
TEST(CatMouseTarget, AgreesWithReferenceOnRandomBoards) {
    const maze::CatMouseTarget t(4, 4, {0, 0}, {3, 0}, {0, 3},
                                 maze::CatMouseTarget::Objective::DecisivePlies);
    maze::Rng rng(17);
    int decided = 0;
    for (int k = 0; k < 200; ++k) {
        maze::Genome g(t.genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.3));
        const maze::Board b = t.to_board(g);
        AdjacencyLists lists(16);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) {
                if (!b.open(r, c)) continue;
                const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
                for (int d = 0; d < 4; ++d)
                    if (b.in_bounds(r + dr[d], c + dc[d]) && b.open(r + dr[d], c + dc[d]))
                        lists[static_cast<std::size_t>(r * 4 + c)].push_back((r + dr[d]) * 4 + c +
                                                                             dc[d]);
            }
        const RefValue want = Reference(lists, 12).value(0, 3, 0);
        EXPECT_EQ(as_ref(t.solve(g)), want) << t.to_board(g).to_text();
        decided += want.result != 0;
    }
    EXPECT_GT(decided, 50);
}

TEST(CatMouseTarget, ParamsAndErrors) {
    auto t =
        maze::make_cat_mouse_target(target_params({{"rows", std::int64_t{5}},
                                                   {"cols", std::int64_t{5}},
                                                   {"cat", std::string("2,2")},
                                                   {"objective", std::string("mouse-win-plies")}}));
    EXPECT_EQ(t->name(), "cat-mouse");
    EXPECT_EQ(t->genes(), 22u);
    EXPECT_EQ(t->topology().kind, "square");
    EXPECT_EQ(t->objective(), maze::CatMouseTarget::Objective::MouseWinPlies);
    EXPECT_EQ(t->cat(), (maze::Cell{2, 2}));
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"cat", std::string("0,0")}})),
                 maze::ParamError);
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"cat", std::string("9,9")}})),
                 maze::ParamError);
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"colour", std::string("red")}})),
                 maze::ParamError);
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"objective", std::string("x")}})),
                 maze::ParamError);
}

TEST(CatMouseTarget, ShortOptimizerRunFindsLongCatWins) {
    // On the open 5 x 5 board the mouse runs straight down to the hole: a mouse win, -1.
    auto t = maze::make_cat_mouse_target(
        target_params({{"rows", std::int64_t{5}}, {"cols", std::int64_t{5}}}));
    const maze::Genome open(t->genes());
    double open_value = 0;
    t->score(std::span<const maze::Genome>(&open, 1), std::span<double>(&open_value, 1));
    EXPECT_EQ(open_value, -1.0);

    maze::Params op;
    op.set("kind", std::string("genetic"));
    op.set("population", std::int64_t{40});
    op.set("parents", std::int64_t{8});
    op.set("mutation", 0.06);
    maze::Budget budget;
    budget.evaluations = 1500;
    auto opt = maze::make_optimizer(op);
    maze::Evaluator ev(*t, budget, 1);
    opt->start(*t, 1);
    double first = 0;
    for (int step = 0; !ev.exhausted() && !opt->done(); ++step) {
        opt->step(ev);
        if (step == 0) first = ev.best_score();
    }
    EXPECT_GT(ev.best_score(), 0.0) << "no cat win found";
    EXPECT_GT(ev.best_score(), first);
    double again = 0;
    t->score(std::span<const maze::Genome>(&ev.best(), 1), std::span<double>(&again, 1));
    EXPECT_EQ(again, ev.best_score());
}

}  // namespace
