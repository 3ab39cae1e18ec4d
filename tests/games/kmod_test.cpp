// k-mod mice: the fast trap detector against the reference walk, the decision-tree search
// against walking every board, and the smallest trapping grids against a brute force.
#include <gtest/gtest.h>

#include <vector>

#include "cli_support.hpp"
#include "mazesearch/engine/games/kmod_trap.hpp"
#include "mazesearch/models/graphs/graph_walk.hpp"
#include "mazesearch/engine/rng.hpp"
#include "mazesearch/search/targets/kmod_target.hpp"
#include "random_boards.hpp"

namespace maze {
namespace {

using testing_support::run;

// All boards of a grid with the given start and exit, walked one by one.
struct BruteCounts {
    std::uint64_t escaped = 0;
    std::uint64_t trapped = 0;
    int fewest_open = 0;  // among trapping boards (0: none)
};

BruteCounts brute_force(int rows, int cols, Cell start, Cell exit, int k) {
    std::vector<Cell> free;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (!(Cell{r, c} == start) && !(Cell{r, c} == exit)) free.push_back({r, c});
    BruteCounts out;
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << free.size()); ++mask) {
        Board b(rows, cols, start, exit);
        for (size_t i = 0; i < free.size(); ++i)
            if ((mask >> i) & 1) b.set_open(free[i], false);
        const KmodWalkResult w = kmod_walk(b, k);
        if (!w.feasible) continue;
        if (w.trapped) {
            ++out.trapped;
            if (!out.fewest_open || b.open_count() < out.fewest_open)
                out.fewest_open = b.open_count();
        } else {
            ++out.escaped;
        }
    }
    return out;
}

// Every grid of exactly `cells` cells with every start and exit (start != exit).
struct Grid {
    int rows, cols;
    Cell start, exit;
};
std::vector<Grid> grids_of(int cells) {
    std::vector<Grid> out;
    for (int rows = 1; rows <= cells; ++rows) {
        if (cells % rows) continue;
        const int cols = cells / rows;
        for (int s = 0; s < cells; ++s)
            for (int e = 0; e < cells; ++e)
                if (s != e) out.push_back({rows, cols, {s / cols, s % cols}, {e / cols, e % cols}});
    }
    return out;
}

TEST(Kmod, WalkAgreesWithTheReferenceWalkOnRandomBoards) {
    Rng rng(20261122);
    int trapped = 0;
    for (int i = 0; i < 3000; ++i) {
        Board b = testing_support::random_mixed_board(rng);
        if (b.rows() > 7 || b.cols() > 7) continue;  // keep the reference walk quick
        const int k = 2 + static_cast<int>(rng.below(5));
        const KmodWalkResult fast = kmod_walk(b, k);
        const GraphWalkResult ref = reference_grid_walk(b, k);
        ASSERT_EQ(fast.feasible, ref.feasible) << b.to_text();
        if (!fast.feasible) continue;
        ASSERT_EQ(fast.trapped, ref.trapped) << k << "\n" << b.to_text();
        if (!fast.trapped) {
            ASSERT_EQ(fast.moves, ref.moves) << b.to_text();
        }
        trapped += fast.trapped;
    }
    EXPECT_GT(trapped, 20);  // the sample does exercise traps
}

TEST(Kmod, TrapIsARealCycle) {
    // The 4x1 path with the exit on top and the mouse below it: Figure 5's 2-mod and 3-mod trap.
    const Board b = Board::parse("E\nS\n.\n.\n");
    for (int k : {2, 3}) {
        const KmodWalkResult w = kmod_walk(b, k);
        ASSERT_TRUE(w.trapped) << k;
        // A naive walk of many moves never reaches the exit.
        EXPECT_TRUE(reference_grid_walk(b, k).trapped);
    }
    const KmodWalkResult w4 = kmod_walk(b, 4);
    EXPECT_FALSE(w4.trapped);
    EXPECT_EQ(w4.moves, reference_grid_walk(b, 4).moves);
    EXPECT_THROW(kmod_walk(b, 1), std::invalid_argument);
}

TEST(Kmod, DecisionTreeCountsEqualWalkingEveryBoard) {
    // Every grid of up to 10 cells, every start and exit, k = 2..6: the tree's escaping and
    // trapping board counts and its smallest trapping board equal the brute force.
    int grids = 0, with_traps = 0;
    for (int cells = 2; cells <= 10; ++cells)
        for (const Grid& g : grids_of(cells))
            for (int k = 2; k <= 6; ++k) {
                const BruteCounts want = brute_force(g.rows, g.cols, g.start, g.exit, k);
                const KmodTreeResult got = kmod_trap_tree(g.rows, g.cols, g.start, g.exit, k);
                ASSERT_EQ(got.escaped_boards, want.escaped)
                    << g.rows << "x" << g.cols << " k=" << k;
                ASSERT_TRUE(got.trapped_boards.has_value());
                ASSERT_EQ(*got.trapped_boards, want.trapped)
                    << g.rows << "x" << g.cols << " k=" << k;
                ASSERT_EQ(got.trapped_leaves > 0, want.trapped > 0);
                if (want.trapped) {
                    ASSERT_EQ(got.smallest->open_count(), want.fewest_open);
                    ASSERT_TRUE(kmod_walk(*got.smallest, k).trapped);
                    ++with_traps;
                }
                ++grids;
            }
    EXPECT_GT(with_traps, 10);
    EXPECT_GT(grids, 1000);
}

TEST(Kmod, DecisionTreeOnLargerDefaultGrids) {
    // 3x4 and 4x3 with the default placement (docs/rules.md, "Start and exit"): the first
    // default grids that trap 2- and 3-mod mice.
    for (int k = 2; k <= 4; ++k)
        for (auto [rows, cols] : {std::pair{3, 4}, std::pair{4, 3}, std::pair{3, 5}}) {
            const Cell start{0, 0}, exit{rows - 1, 0};
            const BruteCounts want = brute_force(rows, cols, start, exit, k);
            const KmodTreeResult got = kmod_trap_tree(rows, cols, start, exit, k);
            EXPECT_EQ(got.escaped_boards, want.escaped);
            ASSERT_TRUE(got.trapped_boards.has_value());
            EXPECT_EQ(*got.trapped_boards, want.trapped) << rows << "x" << cols << " k=" << k;
        }
}

// The least R*C over which some board traps the k-mod mouse, by walking every board.
int brute_smallest(int k, int max_cells, bool any_placement) {
    for (int cells = 2; cells <= max_cells; ++cells)
        for (const Grid& g : grids_of(cells)) {
            if (!any_placement && !(g.start == Cell{0, 0} && g.exit == Cell{g.rows - 1, 0}))
                continue;
            if (brute_force(g.rows, g.cols, g.start, g.exit, k).trapped) return cells;
        }
    return 0;
}

TEST(Kmod, SmallestTrappingGridsAgreeWithBruteForce) {
    // Any placement: 4 cells trap 2- and 3-mod mice (a path, as in the paper's Figure 5),
    // 8 cells a 4-mod, 10 a 5-mod and 12 a 6-mod mouse.
    const int any_expected[] = {4, 4, 8, 10, 12};
    for (int k = 2; k <= 6; ++k) {
        const KmodSmallestResult res = smallest_kmod_traps(k, 14, true);
        EXPECT_EQ(res.cells, any_expected[k - 2]) << k;
        EXPECT_EQ(res.cells, brute_smallest(k, 14, true)) << k;
        for (const KmodTreeResult& g : res.grids) {
            const GraphWalkResult ref = reference_grid_walk(*g.smallest, k);
            EXPECT_TRUE(ref.feasible && ref.trapped) << g.smallest->to_text();
        }
    }
    // The default placement (start top left, exit bottom left): 12 cells for k = 2, 3.
    for (int k = 2; k <= 3; ++k) {
        const KmodSmallestResult res = smallest_kmod_traps(k, 14, false);
        EXPECT_EQ(res.cells, 12);
        EXPECT_EQ(res.cells, brute_smallest(k, 14, false));
    }
}

TEST(Kmod, SmallestDefaultPlacementGrowsWithK) {
    // k = 4, 5, 6 with the default placement need 15, 18 and 21 cells (3x5, 3x6, 3x7); the tree
    // search proves that nothing smaller traps them, and the reference walk confirms the traps.
    const int expected[] = {15, 18, 21};
    for (int k = 4; k <= 6; ++k) {
        const KmodSmallestResult res = smallest_kmod_traps(k, 24, false);
        ASSERT_EQ(res.cells, expected[k - 4]) << k;
        ASSERT_FALSE(res.grids.empty());
        for (const KmodTreeResult& g : res.grids)
            EXPECT_TRUE(reference_grid_walk(*g.smallest, k).trapped) << g.smallest->to_text();
    }
    // The brute force agrees on the first of them (2^13 boards of 3x5).
    EXPECT_GT(brute_force(3, 5, {0, 0}, {2, 0}, 4).trapped, 0u);
    EXPECT_EQ(brute_force(2, 7, {0, 0}, {1, 0}, 4).trapped, 0u);
}

TEST(Kmod, CliPrintsTheSmallestTraps) {
    const auto r = run("solve kmod-trap --k 2 --k-to 3 --max-cells 12 --json --quiet");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\"k\":2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"cells\":12"), std::string::npos) << r.out;
    const auto text = run("solve kmod-trap --k 2 --max-cells 12 --any-placement --quiet");
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("smallest trapping grids have 4 cells"), std::string::npos) << text.out;
    const auto none = run("solve kmod-trap --k 6 --max-cells 6 --quiet");
    EXPECT_EQ(none.status, 0);
    EXPECT_NE(none.out.find("no grid of at most 6 cells traps it"), std::string::npos);
    EXPECT_EQ(run("solve kmod-trap --k 1").status, 2);
    EXPECT_EQ(run("solve kmod-trap --k 3 --k-to 2").status, 2);
}

}  // namespace
}  // namespace maze

namespace maze {
namespace {

TEST(KmodTarget, ScoresTrapsAboveEscapesAndSmallTrapsAboveLargeOnes) {
    const KmodTarget t(3, 4, {0, 0}, {2, 0}, 2, KmodTarget::Objective::TrapSmall);
    const Board trap = Board::parse("S.##\n#.##\nE...\n");
    ASSERT_TRUE(kmod_walk(trap, 2).trapped);
    EXPECT_EQ(t.value(trap), KmodTarget::kTrapBase - 7);
    const Board open(3, 4);
    const KmodWalkResult w = kmod_walk(open, 2);
    ASSERT_FALSE(w.trapped);
    EXPECT_EQ(t.value(open), static_cast<double>(w.moves));
    // Through the Target interface: genome -> board -> value, feasibility without a walk.
    const Genome g = t.grid().to_genome(trap);
    std::vector<Genome> gs{g, t.grid().to_genome(open)};
    bool feasible[2] = {false, false};
    t.feasibility(gs, feasible);
    EXPECT_TRUE(feasible[0] && feasible[1]);
    double values[2] = {0, 0};
    t.score(gs, values);
    EXPECT_EQ(values[0], KmodTarget::kTrapBase - 7);
    EXPECT_GT(values[0], values[1]);
    const KmodTarget esc(3, 4, {0, 0}, {2, 0}, 2, KmodTarget::Objective::EscapeLong);
    EXPECT_EQ(esc.value(trap), 0.0);
    EXPECT_EQ(esc.value(open), static_cast<double>(w.moves));
}

TEST(KmodTarget, ConfigRunFindsATrap) {
    const auto r = testing_support::run(
        "run " + testing_support::kSourceDir +
        "/configs/games/kmod-trap.yaml budget.seconds=20 budget.target=999990 --quiet "
        "output=" +
        testing_support::test_dir() + "/kmod-run");
    ASSERT_EQ(r.status, 0) << r.err;
    const Board best = Board::load(testing_support::test_dir() + "/kmod-run/best.txt");
    EXPECT_TRUE(reference_grid_walk(best, 5).trapped) << best.to_text();
}

}  // namespace
}  // namespace maze
