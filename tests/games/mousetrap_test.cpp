// Mousetrap (CEOI 2017): the fast solver against the exhaustive game search on thousands of
// small random trees, large trees of every shape, the CEOI input format and its errors through
// the command line, and the fitness target on grid boards.
#include "mazesearch/engine/games/mousetrap.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/targets/mousetrap_target.hpp"

namespace {

using maze::MousetrapShape;
using maze::MousetrapTree;
using maze::Rng;
using maze::testing_support::run;
using maze::testing_support::run_with_input;
using maze::testing_support::write_temp;

const std::string kSample = "10 1 4\n1 2\n2 3\n2 4\n3 9\n3 5\n4 7\n4 6\n6 8\n7 10\n";

MousetrapTree tree_of(int rooms, int trap, int mouse, const std::vector<std::pair<int, int>>& e) {
    MousetrapTree t;
    t.rooms = rooms;
    t.trap = trap;
    t.mouse = mouse;
    for (const auto& [x, y] : e) {
        t.a.push_back(x);
        t.b.push_back(y);
    }
    return t;
}

// A random tree of n rooms in one of several styles (uniform attachment, long and thin, bushy
// around a few hubs, caterpillar-like), randomly labelled, with a random trap and mouse (the
// same room now and then).
MousetrapTree random_small_tree(int n, Rng& rng) {
    MousetrapTree t;
    t.rooms = n;
    const auto style = rng.below(4);
    for (int v = 1; v < n; ++v) {
        int parent = 0;
        const auto uv = static_cast<std::uint64_t>(v);
        switch (style) {
            case 0:
                parent = static_cast<int>(rng.below(uv));
                break;
            case 1:
                parent = v - 1 - static_cast<int>(rng.below(std::min<std::uint64_t>(uv, 2)));
                break;
            case 2:
                parent = static_cast<int>(rng.below(std::min<std::uint64_t>(uv, 2)));
                break;
            default:
                parent = v % 2 == 1 ? std::max(0, v - 2) : v - 1;
                break;
        }
        t.a.push_back(parent);
        t.b.push_back(v);
    }
    std::vector<int> label(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) label[static_cast<std::size_t>(i)] = i;
    for (int i = n - 1; i > 0; --i)
        std::swap(label[static_cast<std::size_t>(i)],
                  label[rng.below(static_cast<std::uint64_t>(i) + 1)]);
    for (auto& x : t.a) x = label[static_cast<std::size_t>(x)];
    for (auto& x : t.b) x = label[static_cast<std::size_t>(x)];
    t.trap = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    t.mouse =
        rng.below(8) == 0 ? t.trap : static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    return t;
}

std::string describe(const MousetrapTree& t) {
    return maze::mousetrap_text(t);
}

// ---------------------------------------------------------------------------------------------
// The solvers.

TEST(MousetrapSolve, CeoiSampleIsFour) {
    const MousetrapTree t = maze::parse_mousetrap(kSample, "sample");
    EXPECT_EQ(t.rooms, 10);
    EXPECT_EQ(t.trap, 0);
    EXPECT_EQ(t.mouse, 3);
    EXPECT_EQ(maze::solve_mousetrap(t), 4);
    EXPECT_EQ(maze::mousetrap_brute_force(t), 4);
}

TEST(MousetrapSolve, MouseOnTheTrapIsZero) {
    EXPECT_EQ(maze::solve_mousetrap(tree_of(1, 0, 0, {})), 0);
    EXPECT_EQ(maze::mousetrap_brute_force(tree_of(1, 0, 0, {})), 0);
    const MousetrapTree t = tree_of(4, 2, 2, {{0, 1}, {1, 2}, {2, 3}});
    EXPECT_EQ(maze::solve_mousetrap(t), 0);
    EXPECT_EQ(maze::mousetrap_brute_force(t), 0);
}

TEST(MousetrapSolve, SmallCasesWorkedByHand) {
    // A bare path: the mouse runs into the trap.
    EXPECT_EQ(maze::solve_mousetrap(tree_of(5, 0, 4, {{0, 1}, {1, 2}, {2, 3}, {3, 4}})), 0);
    // Mouse in the middle of a path, trap at one end: block the passage away from the trap.
    EXPECT_EQ(maze::solve_mousetrap(tree_of(5, 0, 2, {{0, 1}, {1, 2}, {2, 3}, {3, 4}})), 1);
    // Mouse at the centre of a star, trap on a leaf, s other leaves: the mouse enters a leaf
    // the trapper left open, then every other leaf is blocked and its passage cleaned: s, but
    // one leaf is one block (or one clean) either way.
    for (int s = 1; s <= 7; ++s) {
        std::vector<std::pair<int, int>> e;
        for (int v = 1; v <= s + 1; ++v) e.push_back({0, v});
        const MousetrapTree t = tree_of(s + 2, 1, 0, e);
        EXPECT_EQ(maze::solve_mousetrap(t), s) << s;
        EXPECT_EQ(maze::mousetrap_brute_force(t), s) << s;
    }
}

TEST(MousetrapSolve, MatchesBruteForceOnThousandsOfSmallTrees) {
    Rng rng(20170801);
    int nontrivial = 0;
    for (int i = 0; i < 5000; ++i) {
        const int n = 2 + static_cast<int>(rng.below(7));  // 2 to 8 rooms
        const MousetrapTree t = random_small_tree(n, rng);
        const int brute = maze::mousetrap_brute_force(t);
        ASSERT_EQ(maze::solve_mousetrap(t), brute) << describe(t);
        nontrivial += brute >= 2;
    }
    EXPECT_GT(nontrivial, 1000);  // the cases are not all trivial
}

TEST(MousetrapSolve, MatchesBruteForceOnNineAndTenRooms) {
    Rng rng(1001);
    int max_value = 0;
    for (int i = 0; i < 1000; ++i) {
        const int n = 9 + static_cast<int>(rng.below(2));
        const MousetrapTree t = random_small_tree(n, rng);
        const int brute = maze::mousetrap_brute_force(t);
        ASSERT_EQ(maze::solve_mousetrap(t), brute) << describe(t);
        max_value = std::max(max_value, brute);
    }
    EXPECT_GE(max_value, 5);
}

TEST(MousetrapSolve, SolverBuffersCarryNothingBetweenSolves) {
    Rng rng(7);
    maze::MousetrapSolver solver;
    for (int i = 0; i < 300; ++i) {
        const MousetrapTree t = random_small_tree(2 + static_cast<int>(rng.below(60)), rng);
        ASSERT_EQ(solver.solve(t), maze::solve_mousetrap(t)) << describe(t);
    }
}

TEST(MousetrapSolve, RejectsWhatIsNotATree) {
    // A repeated passage leaves room 3 unconnected; a cycle likewise.
    EXPECT_THROW(maze::solve_mousetrap(tree_of(4, 0, 1, {{0, 1}, {1, 0}, {2, 3}})),
                 std::invalid_argument);
    EXPECT_THROW(maze::solve_mousetrap(tree_of(4, 0, 1, {{0, 1}, {1, 2}, {2, 0}})),
                 std::invalid_argument);
    EXPECT_THROW(maze::solve_mousetrap(tree_of(3, 0, 1, {{0, 1}, {2, 2}})),
                 std::invalid_argument);  // a self-loop
    // A triangle with t, and a separate pair that peels down to nothing.
    EXPECT_THROW(maze::solve_mousetrap(tree_of(5, 0, 1, {{0, 1}, {1, 2}, {0, 2}, {3, 4}})),
                 std::invalid_argument);
    EXPECT_THROW(maze::solve_mousetrap(tree_of(3, 0, 1, {{0, 1}})), std::invalid_argument);
    EXPECT_THROW(maze::solve_mousetrap(tree_of(3, 0, 3, {{0, 1}, {1, 2}})), std::invalid_argument);
    EXPECT_THROW(maze::solve_mousetrap(tree_of(3, 0, 1, {{0, 1}, {1, 5}})), std::invalid_argument);
    EXPECT_THROW(maze::mousetrap_brute_force(tree_of(4, 0, 1, {{0, 1}, {1, 2}, {2, 0}})),
                 std::invalid_argument);
    EXPECT_THROW(
        maze::mousetrap_brute_force(maze::make_mousetrap_tree(MousetrapShape::Random, 11, 1)),
        std::invalid_argument);
}

// Million-room trees of every shape, randomly labelled: no recursion (the path is 10^6 deep),
// linear-ish time. The mouse mid-path needs one block; on the star every leaf but the trap's
// and the mouse's ends up blocked or cleaned; the caterpillar's value is the mouse's spine index
// + 1, the pattern the game search shows on small ones (next test).
TEST(MousetrapSolve, MillionRoomTreesOfEveryShape) {
    const int n = 1000000;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(maze::solve_mousetrap(maze::make_mousetrap_tree(MousetrapShape::Path, n, 1)), 1);
    EXPECT_EQ(maze::solve_mousetrap(maze::make_mousetrap_tree(MousetrapShape::Star, n, 2)), n - 3);
    const std::int64_t caterpillar =
        maze::solve_mousetrap(maze::make_mousetrap_tree(MousetrapShape::Caterpillar, n, 3));
    EXPECT_EQ(caterpillar, n / 4 + 1);  // spine of n/2 rooms, the mouse half way along
    const MousetrapTree random = maze::make_mousetrap_tree(MousetrapShape::Random, n, 4);
    const std::int64_t value = maze::solve_mousetrap(random);
    EXPECT_GE(value, 0);
    // The same tree read back from its CEOI text.
    EXPECT_EQ(maze::solve_mousetrap(maze::parse_mousetrap(maze::mousetrap_text(random), "big")),
              value);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    RecordProperty("seconds", std::to_string(seconds));
}

TEST(MousetrapSolve, SmallCaterpillarsMatchBruteForceAndLabelsDoNotMatter) {
    // Small caterpillars against the game search, so that the million-room one is trusted.
    for (int n = 2; n <= 10; ++n)
        for (std::uint64_t seed = 0; seed < 3; ++seed) {
            const MousetrapTree t = maze::make_mousetrap_tree(MousetrapShape::Caterpillar, n, seed);
            const int brute = maze::mousetrap_brute_force(t);
            ASSERT_EQ(maze::solve_mousetrap(t), brute) << describe(t);
            if (n >= 5) {
                EXPECT_EQ(brute, (n + 1) / 2 / 2 + 1) << n;  // the mouse's spine index + 1
            }
        }
    // The labelling never matters.
    for (const MousetrapShape s : {MousetrapShape::Path, MousetrapShape::Star,
                                   MousetrapShape::Random, MousetrapShape::Caterpillar}) {
        const std::int64_t a = maze::solve_mousetrap(maze::make_mousetrap_tree(s, 5000, 11));
        const std::int64_t b = maze::solve_mousetrap(maze::make_mousetrap_tree(s, 5000, 12));
        if (s != MousetrapShape::Random) {
            EXPECT_EQ(a, b);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The input format, through the command line.

TEST(MousetrapCli, SolvesTheSampleFromStdinFileAndDash) {
    auto r = run_with_input("solve mousetrap", kSample);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "4\n");
    const std::string path = write_temp("mousetrap_sample.txt", kSample);
    r = run("solve mousetrap " + path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "4\n");
    r = run_with_input("solve mousetrap -", kSample);
    EXPECT_EQ(r.out, "4\n");
    r = run_with_input("solve mousetrap --brute-force", kSample);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "4\n");
}

TEST(MousetrapCli, AcceptsCrlfBlankLinesAndExtraSpaces) {
    const std::string text =
        "\r\n 10\t1 4 \r\n1 2\r\n\r\n2 3\r\n2 4\r\n3 9\r\n3 5\r\n4 7\r\n4 "
        "6\r\n6 8\r\n7 10\r\n\r\n";
    const auto r = run_with_input("solve mousetrap", text);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "4\n");
    EXPECT_EQ(run_with_input("solve mousetrap", "1 1 1\n").out, "0\n");
}

struct BadInput {
    std::string name;
    std::string text;
    int line;
    std::string message;  // a piece of the error message
};

TEST(MousetrapCli, BadInputNamesTheLineAndExitsTwo) {
    const std::vector<BadInput> cases = {
        {"empty", "", 1, "empty input"},
        {"header_two_numbers", "3 1\n1 2\n2 3\n", 1, "three numbers, found 2"},
        {"header_word", "ten 1 4\n", 1, "expected a whole number, found 'ten'"},
        {"negative", "3 -1 2\n", 1, "expected a whole number, found '-1'"},
        {"n_zero", "0 1 1\n", 1, "number of rooms must be 1 to"},
        {"n_huge", "99999999999999999999 1 1\n", 1, "number too large: '99999999999999999999'"},
        {"n_above_limit", "10000001 1 1\n", 1, "n = 10000001: the number of rooms must be 1 to"},
        {"trap_out_of_range", "3 4 1\n1 2\n2 3\n", 1, "trap t = 4 is not a room"},
        {"mouse_zero", "3 1 0\n1 2\n2 3\n", 1, "mouse m = 0 is not a room"},
        {"passage_word", "3 1 2\n1 2\n2 x3\n", 3, "found 'x3'"},
        {"passage_one_number", "3 1 2\n1 2\n3\n", 3, "two numbers, found 1"},
        {"passage_three_numbers", "3 1 2\n1 2 3\n2 3\n", 2, "two numbers, found 3"},
        {"room_out_of_range", "3 1 2\n1 2\n2 4\n", 3, "room 4 is out of range (1 to 3)"},
        {"self_loop", "3 1 2\n1 2\n3 3\n", 3, "joins a room to itself"},
        {"repeated", "4 1 2\n1 2\n\n2 1\n3 4\n", 4, "repeats the passage on line 2"},
        {"cycle", "4 1 2\n1 2\n2 3\n3 1\n", 4, "closes a cycle"},
        {"too_few", "4 1 2\n1 2\n2 3\n", 4, "end of input after 2 of the n-1 = 3 passages"},
        {"too_many", "3 1 2\n1 2\n2 3\n1 3\n", 4, "more than n-1 = 2 passages"},
    };
    for (const BadInput& c : cases) {
        const std::string path = write_temp("mousetrap_bad_" + c.name + ".txt", c.text);
        const auto r = run("solve mousetrap " + path);
        EXPECT_EQ(r.status, 2) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(path + ":" + std::to_string(c.line) + ": "), std::string::npos)
            << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.name << ": " << r.err;
        EXPECT_EQ(r.out, "") << c.name;
    }
    // Standard input is named as such.
    const auto r = run_with_input("solve mousetrap", "3 1 2\n1 2\n2 2\n");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("<stdin>:3: "), std::string::npos) << r.err;
}

TEST(MousetrapCli, MissingFileAndOversizedBruteForceAreErrors) {
    auto r = run("solve mousetrap /nonexistent/mousetrap.txt");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
    const std::string big =
        maze::mousetrap_text(maze::make_mousetrap_tree(MousetrapShape::Random, 11, 5));
    r = run_with_input("solve mousetrap --brute-force", big);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("at most 10 rooms"), std::string::npos) << r.err;
}

TEST(MousetrapCli, ParsesErrorsInProgrammaticUse) {
    try {
        maze::parse_mousetrap("4 1 2\n1 2\n2 3\n3 1\n", "x.txt");
        FAIL() << "no error";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.source(), "x.txt");
        EXPECT_EQ(e.line(), 4);
    }
}

// ---------------------------------------------------------------------------------------------
// The fitness target.

maze::Params target_params(int rows, int cols, const std::string& start, const std::string& exit) {
    maze::Params p;
    p.set_section("target");
    p.set("rows", std::int64_t{rows});
    p.set("cols", std::int64_t{cols});
    // "r,c" as the config's [r, c]
    auto pair = [](const std::string& rc) {
        const std::size_t comma = rc.find(',');
        return maze::Params::Pair{std::stoll(rc.substr(0, comma)),
                                  std::stoll(rc.substr(comma + 1))};
    };
    p.set("start", pair(start));
    p.set("exit", pair(exit));
    return p;
}

// 5 x 3, mouse S at (1,1), trap E at (4,0). S's component is a tree of 9 cells; the open cell
// at (4,2) is cut off and ignored.
const char* const kTreeBoard =
    "...\n"
    "#S#\n"
    "...\n"
    ".##\n"
    "E#.\n";

TEST(MousetrapTarget, HandMadeTreeBoardMatchesBruteForce) {
    const auto target = maze::make_mousetrap_target(target_params(5, 3, "1,1", "4,0"));
    const auto& mt = dynamic_cast<const maze::MousetrapTarget&>(*target);
    const maze::Board b = maze::Board::parse(kTreeBoard);
    const maze::Genome g = mt.to_genome(b);
    EXPECT_EQ(mt.to_board(g).to_text(), kTreeBoard);

    // The same tree by hand; rooms: 0 (0,0), 1 (0,1), 2 (0,2), 3 S (1,1), 4 (2,0), 5 (2,1),
    // 6 (2,2), 7 (3,0), 8 E (4,0). The trapper blocks (0,1) at once; the mouse goes down to
    // (2,1), then into the dead end (2,2); one clean sends it to the trap: 2.
    const MousetrapTree hand =
        tree_of(9, 8, 3, {{0, 1}, {1, 2}, {1, 3}, {3, 5}, {5, 4}, {5, 6}, {4, 7}, {7, 8}});
    ASSERT_EQ(maze::mousetrap_brute_force(hand), 2);

    const auto tree = maze::mousetrap_tree(b);
    ASSERT_TRUE(tree.has_value());
    EXPECT_EQ(tree->rooms, 9);
    EXPECT_EQ(maze::mousetrap_brute_force(*tree), 2);

    std::vector<maze::Genome> gs = {g};
    bool feasible[1] = {false};
    target->feasibility(gs, feasible);
    EXPECT_TRUE(feasible[0]);
    double value[1] = {0};
    target->score(gs, value);
    EXPECT_EQ(value[0], 2.0);
    EXPECT_EQ(target->name(), "mousetrap");
    EXPECT_EQ(target->genes(), 13u);
}

TEST(MousetrapTarget, CyclesAndUnreachableTrapsAreInfeasible) {
    const auto target = maze::make_mousetrap_target(target_params(3, 3, "0,0", "2,0"));
    const auto& mt = dynamic_cast<const maze::MousetrapTarget&>(*target);
    const std::vector<std::string> boards = {
        "S..\n...\nE..\n",  // all open: cycles
        "S..\n.#.\nE..\n",  // a ring around the centre
        "S#.\n##.\nE..\n",  // S walled in
        "S..\n###\nE..\n",  // E cut off
        "S..\n.##\nE..\n",  // a tree: S-(0,1)-(0,2), S-(1,0)-E-(2,1)-(2,2)
        "S#.\n.#.\nE#.\n",  // a path, with a column of cells outside S's component
    };
    const std::vector<bool> expected = {false, false, false, false, true, true};
    std::vector<maze::Genome> gs;
    for (const auto& text : boards) gs.push_back(mt.to_genome(maze::Board::parse(text)));
    bool f[6] = {};
    target->feasibility(gs, f);
    for (std::size_t i = 0; i < gs.size(); ++i) {
        EXPECT_EQ(f[i], expected[i]) << boards[i];
        EXPECT_EQ(maze::mousetrap_tree(mt.to_board(gs[i])).has_value(), expected[i]) << boards[i];
    }
    double v[2] = {};
    target->score(std::span<const maze::Genome>(gs).subspan(4, 2), v);
    EXPECT_EQ(v[0], 1.0);  // block (0,1) at once, then run down to E
    EXPECT_EQ(v[1], 0.0);  // a bare path
}

TEST(MousetrapTarget, ParamsAreCheckedLikeTheMouseMaze) {
    EXPECT_THROW(maze::make_mousetrap_target(target_params(5, 5, "0,0", "0,0")), maze::ParamError);
    EXPECT_THROW(maze::make_mousetrap_target(target_params(5, 5, "0,0", "5,0")), maze::ParamError);
    maze::Params p = target_params(5, 5, "0,0", "4,0");
    p.set("convention", std::string("paper"));
    EXPECT_THROW(maze::make_mousetrap_target(p), maze::ParamError);  // unknown key
}

// The evaluator scores a batch in parallel chunks: the values are those of one thread.
TEST(MousetrapTarget, ScoresDoNotDependOnThreads) {
    const auto target = maze::make_mousetrap_target(target_params(7, 7, "0,0", "6,0"));
    Rng rng(3);
    std::vector<maze::Genome> gs;
    while (gs.size() < 600) {
        maze::Genome g(target->genes());
        for (std::size_t i = 0; i < g.size(); ++i) g.set(i, rng.bernoulli(0.45));
        bool f[1] = {};
        target->feasibility(std::span<const maze::Genome>(&g, 1), f);
        if (f[0]) gs.push_back(g);
    }
    std::vector<double> one(gs.size());
    target->score(gs, one);
    std::vector<maze::Score> two(gs.size());
    maze::Evaluator ev(*target, maze::Budget{}, 2);
    for (int round = 0; round < 3; ++round) {  // the first round measures, the next share out
        ev.evaluate(gs, two);
        for (std::size_t i = 0; i < gs.size(); ++i) {
            EXPECT_TRUE(two[i].feasible);
            EXPECT_EQ(two[i].value, one[i]);
        }
    }
}

TEST(MousetrapTarget, ShortHillClimbImproves) {
    const auto target = maze::make_mousetrap_target(target_params(7, 7, "0,0", "6,0"));
    maze::Params op;
    op.set_section("optimizer");
    op.set("kind", std::string("hill-climbing"));
    op.set("p_blocked", 0.45);
    auto opt = maze::make_optimizer(op);
    maze::Budget budget;
    budget.evaluations = 20000;
    maze::Evaluator ev(*target, budget, 1);
    opt->start(*target, 1);
    opt->step(ev);
    const double first = ev.ledger().best_score();
    while (!ev.ledger().exhausted()) opt->step(ev);
    EXPECT_GT(ev.ledger().best_score(), first);
    EXPECT_GE(ev.ledger().best_score(), 6.0);
    // The best board is feasible and scores what the evaluator recorded.
    const auto tree = maze::mousetrap_tree(
        dynamic_cast<const maze::MousetrapTarget&>(*target).to_board(ev.ledger().best()));
    ASSERT_TRUE(tree.has_value());
    EXPECT_EQ(static_cast<double>(maze::solve_mousetrap(*tree)), ev.ledger().best_score());
}

TEST(MousetrapTarget, ShippedConfigRunsAndFindsAFeasibleBoard) {
    const std::string out = maze::testing_support::test_dir() + "/mousetrap_run";
    const auto r = run("run " + maze::testing_support::kSourceDir +
                       "/configs/games/mousetrap.yaml --quiet budget.seconds=0.5 output=" + out);
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream best(out + "/best.txt");
    std::stringstream ss;
    ss << best.rdbuf();
    const maze::Board b = maze::Board::parse(ss.str());
    const auto tree = maze::mousetrap_tree(b);
    ASSERT_TRUE(tree.has_value()) << ss.str();
    EXPECT_GT(maze::solve_mousetrap(*tree), 0);
}

}  // namespace
