// Cat and Mouse, the maze target: hand-made boards, the reference solver on random boards,
// parameters, and a short optimizer run.
#include "mazesearch/search/targets/cat_mouse_target.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cat_mouse_reference.hpp"
#include "mazesearch/search/evaluator.hpp"
#include "mazesearch/search/optimizer.hpp"
#include "mazesearch/search/params.hpp"
#include "mazesearch/engine/rng.hpp"

namespace {

using maze::AdjacencyLists;
using maze::CatMouseResult;
using maze::testing_support::as_ref;
using maze::testing_support::Reference;
using maze::testing_support::RefValue;

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
                                                   {"cat", maze::Params::Pair{2, 2}},
                                                   {"objective", std::string("mouse-win-plies")}}));
    EXPECT_EQ(t->name(), "cat-mouse");
    EXPECT_EQ(t->genes(), 22u);
    EXPECT_EQ(t->topology().kind, "square");
    EXPECT_EQ(t->objective(), maze::CatMouseTarget::Objective::MouseWinPlies);
    EXPECT_EQ(t->cat(), (maze::Cell{2, 2}));
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"cat", maze::Params::Pair{0, 0}}})),
                 maze::ParamError);
    EXPECT_THROW(maze::make_cat_mouse_target(target_params({{"cat", maze::Params::Pair{9, 9}}})),
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
    for (int step = 0; !ev.ledger().exhausted() && !opt->done(); ++step) {
        opt->step(ev);
        if (step == 0) first = ev.ledger().best_score();
    }
    EXPECT_GT(ev.ledger().best_score(), 0.0) << "no cat win found";
    EXPECT_GT(ev.ledger().best_score(), first);
    double again = 0;
    t->score(std::span<const maze::Genome>(&ev.ledger().best(), 1), std::span<double>(&again, 1));
    EXPECT_EQ(again, ev.ledger().best_score());
}

}  // namespace
