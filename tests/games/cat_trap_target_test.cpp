// The cat trap as a fitness target: genes, feasibility, scores, parameters and a config run.
#include "mazesearch/search/targets/cat_trap_target.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mazesearch/engine/games/cat_trap.hpp"

namespace {

using maze::Hex;
using maze::HexBoard;
using maze::testing_support::run;

std::unique_ptr<maze::CatTrapTarget> make(int side, const std::string& objective,
                                          int max_blocks = 8) {
    maze::Params p;
    p.set("side", std::int64_t{side});
    p.set("objective", objective);
    p.set("max_blocks", std::int64_t{max_blocks});
    return maze::make_cat_trap_target(p);
}

TEST(CatTrapTarget, GenesTopologyAndFeasibility) {
    const auto t = make(4, "maximise");
    EXPECT_EQ(t->name(), "cat-trap");
    EXPECT_EQ(t->genes(), 36u);
    EXPECT_EQ(t->topology().kind, "hex");
    EXPECT_EQ(t->topology().rows, 7);
    ASSERT_EQ(t->topology().row.size(), 36u);
    for (std::size_t i = 0; i < 36; ++i) {
        EXPECT_GE(t->topology().row[i], 0);
        EXPECT_LT(t->topology().col[i], 7);
    }
    const HexBoard b(4);
    maze::Genome open(36), walled(36);
    // Gene order: the board's cells without the centre.
    for (int n : b.neighbours(b.centre()))
        walled.set(static_cast<std::size_t>(n > b.centre() ? n - 1 : n), true);
    const std::vector<maze::Genome> gs{open, walled};
    bool feasible[2] = {false, true};
    t->feasibility(gs, feasible);
    EXPECT_TRUE(feasible[0]);
    EXPECT_FALSE(feasible[1]);  // the cat is cut off before the game starts
    const std::string text = maze::board_picture(t->to_game(walled));
    EXPECT_NE(text.find('C'), std::string::npos);
    EXPECT_EQ(std::count(text.begin(), text.end(), '#'), 6);
}

TEST(CatTrapTarget, ScoresTheLeastBlocks) {
    const auto hard = make(4, "maximise");
    const auto easy = make(4, "minimise");
    const HexBoard b(4);
    auto gene = [&](Hex h) {
        const int i = b.index(h);
        return static_cast<std::size_t>(i > b.centre() ? i - 1 : i);
    };
    // The open board: the cat always escapes (-inf). Every border cell but (3,-1) blocked: the
    // cat is at distance 3 from its only exit; blocking it wins at once... after the cat's step.
    maze::Genome open(36), one_exit(36);
    for (int i = 0; i < b.cells(); ++i)
        if (b.border(i) && !(b.hex(i) == Hex{3, -1})) one_exit.set(gene(b.hex(i)), true);
    const std::vector<maze::Genome> gs{open, one_exit};
    double v[2] = {0, 0};
    hard->score(gs, v);
    EXPECT_TRUE(std::isinf(v[0]) && v[0] < 0);
    EXPECT_EQ(v[1], 1.0);
    easy->score(gs, v);
    EXPECT_EQ(v[1], -1.0);
    // Two exits far apart need two blocks.
    maze::Genome two = one_exit;
    two.set(gene({-3, 1}), false);
    const std::vector<maze::Genome> g2{two};
    hard->score(g2, v);
    EXPECT_EQ(v[0], 2.0);
}

TEST(CatTrapTarget, RejectsBadParameters) {
    maze::Params p;
    p.set("side", std::int64_t{20});
    EXPECT_THROW(maze::make_cat_trap_target(p), maze::ParamError);
    maze::Params q;
    q.set("sides", std::int64_t{4});
    EXPECT_THROW(maze::make_cat_trap_target(q), maze::ParamError);
    maze::Params o;
    o.set("objective", std::string("longest"));
    EXPECT_THROW(maze::make_cat_trap_target(o), maze::ParamError);
}

TEST(CatTrapTarget, ConfigRuns) {
    const auto r = run("run --quiet " + maze::testing_support::kSourceDir +
                       "/configs/games/cat-trap.yaml budget.evaluations=60 output=" +
                       maze::testing_support::test_dir() + "/cat_trap_run");
    EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
