// The cat trap's exact solver: against a plain minimax on random boards, from the start of small
// boards, and on late positions of the trapper's games.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <vector>

#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/engine/rng.hpp"

namespace {

using maze::CatStatus;
using maze::CatTrapGame;
using maze::CatTrapSolver;
using maze::HexBoard;

// A plain minimax over every block, without the solver's reductions or its table.
// Returns whether the trapper wins within `budget` further blocks.
bool reference_wins(CatTrapGame g, int budget) {
    const HexBoard& b = g.board();
    if (!g.trapper_to_move()) {
        std::vector<int> moves;
        switch (g.cat_options(moves)) {
            case CatStatus::CutOff:
                return true;
            case CatStatus::Escapes:
                return false;
            case CatStatus::Moves:
                break;
        }
        for (int m : moves) {
            CatTrapGame n = g;
            n.move_cat(m);
            if (!reference_wins(n, budget)) return false;
        }
        return true;
    }
    if (budget == 0) return false;
    for (int x = 0; x < b.cells(); ++x) {
        if (!g.illegal_block(x).empty()) continue;
        CatTrapGame n = g;
        n.block(x);
        if (reference_wins(n, budget - 1)) return true;
    }
    return false;
}

TEST(CatTrapSolver, AgreesWithPlainMinimaxOnRandomBoards) {
    maze::Rng rng(7);
    int wins = 0, checked = 0;
    for (int side : {3, 4}) {
        const HexBoard b(side);
        for (int trial = 0; trial < 60; ++trial) {
            CatTrapGame g(b);
            const double p = side == 3 ? 0.3 : 0.4;
            for (int i = 0; i < b.cells(); ++i)
                if (i != b.centre() && rng.bernoulli(p)) g.preblock(i);
            std::vector<int> moves;
            if (g.cat_options(moves) != CatStatus::Moves) continue;
            // Half the positions with the trapper to move, after the cat's first step.
            if (trial % 2) g.move_cat(moves[static_cast<std::size_t>(trial) % moves.size()]);
            CatTrapSolver solver(b);
            const int max_budget = side == 3 ? 4 : 3;
            const CatTrapSolver::Result r = solver.least_blocks(g, max_budget);
            ASSERT_FALSE(r.gave_up);
            int expected = -1;
            for (int k = 0; k <= max_budget && expected < 0; ++k)
                if (reference_wins(g, k)) expected = k;
            EXPECT_EQ(r.blocks.value_or(-1), expected) << "side " << side << " trial " << trial;
            if (r.never) {
                EXPECT_EQ(expected, -1);
            }
            if (r.blocks && g.trapper_to_move()) {
                // The winning block it names wins within the rest of the budget.
                const int x = solver.winning_block(g, *r.blocks);
                ASSERT_TRUE(g.illegal_block(x).empty());
                CatTrapGame n = g;
                n.block(x);
                EXPECT_TRUE(reference_wins(n, *r.blocks - 1));
            }
            wins += expected >= 0;
            ++checked;
        }
    }
    std::printf("[ solver   ] %d random positions, %d trapper wins\n", checked, wins);
    EXPECT_GT(wins, 5);
    EXPECT_GT(checked - wins, 5);
}

TEST(CatTrapSolver, AgreesWithPlainMinimaxOnBigBoards) {
    // Boards of more than 128 cells use the budget-2 reduction (only cut cells of the cat's
    // neighbours can start a two-block win); check it against the plain minimax.
    const HexBoard b(8);
    maze::Rng rng(3);
    int wins = 0, reduced = 0, checked = 0;
    for (int trial = 0; trial < 40; ++trial) {
        CatTrapGame g(b);
        for (int i = 0; i < b.cells(); ++i)
            if (i != b.centre() && rng.bernoulli(0.45)) g.preblock(i);
        std::vector<int> moves;
        if (g.cat_options(moves) != CatStatus::Moves) continue;
        g.move_cat(moves[static_cast<std::size_t>(trial) % moves.size()]);
        if (b.border(g.cat())) continue;
        CatTrapSolver solver(b);
        const CatTrapSolver::Result r = solver.least_blocks(g, 2);
        int expected = -1;
        for (int k = 0; k <= 2 && expected < 0; ++k)
            if (reference_wins(g, k)) expected = k;
        EXPECT_EQ(r.blocks.value_or(-1), expected) << "trial " << trial;
        wins += expected == 2;
        // How often the reduction applied: the cat has three disjoint paths out.
        int open = 0;
        for (int n : b.neighbours(g.cat())) open += n >= 0 && !g.is_blocked(n);
        reduced += open >= 3 && expected != 1;
        ++checked;
    }
    std::printf("[ solver   ] side 8: %d positions, %d need exactly two blocks\n", checked, wins);
    EXPECT_GE(wins, 3);
    EXPECT_GE(reduced, 10);
}

TEST(CatTrapSolver, SmallBoardsFromTheStartTheCatAlwaysEscapes) {
    // The table of least blocks from the start for N = 2..5: the trapper never wins (the solver
    // proves that the cat escapes whatever the trapper does). N = 6 is the same in ~40 s.
    for (int side = 2; side <= 5; ++side) {
        const HexBoard b(side);
        CatTrapSolver solver(b);
        const CatTrapSolver::Result r = solver.least_blocks(CatTrapGame(b), 30);
        std::printf("[ solver   ] side %d: %s (%llu nodes)\n", side,
                    r.never ? "the cat always escapes" : "?",
                    static_cast<unsigned long long>(r.nodes));
        EXPECT_TRUE(r.never) << "side " << side;
        EXPECT_FALSE(r.blocks.has_value());
    }
}

TEST(CatTrapSolver, ConfirmsTheBudgetOnLatePositionsOfTheProof) {
    // Positions of the proof's games with the cat to move after block 14 or later: the exact
    // least number of further blocks must fit into the 20 - used that remain, and the trapper
    // (which needs 18 in all) must be optimal from there.
    const HexBoard b(20);
    std::vector<CatTrapGame> late;
    std::uint64_t seen14 = 0, seen = 0;
#if defined(__SANITIZE_ADDRESS__)
    // The solver is ~20 times slower there: one position after block 14, fewer after.
    const std::uint64_t every14 = 1'000'000, every = 241;  // prime: all depths
#else
    const std::uint64_t every14 = 400, every = 97;
#endif
    // On `b`: the games kept must point to a board that outlives the proof.
    maze::prove_cat_trapper(b, 20, [&](const CatTrapGame& g) {
        // A spread sample: block 14 costs ~0.3 s a position, the later ones milliseconds.
        if (g.blocks_used() == 14 && seen14++ % every14 == 0) late.push_back(g);
        if (g.blocks_used() >= 15 && seen++ % every == 0) late.push_back(g);
    });
    ASSERT_GE(late.size(), 20u);
    // used -> {positions, least of the least blocks, most of them}
    std::map<int, std::array<int, 3>> by_blocks;
    for (const CatTrapGame& g : late) {
        CatTrapSolver solver(b);
        const int used = g.blocks_used();
        const CatTrapSolver::Result r = solver.least_blocks(g, 20 - used);
        ASSERT_TRUE(r.blocks.has_value()) << "after block " << used;
        EXPECT_LE(*r.blocks, 20 - used);
        // The trapper needs 18 - used more; on some lines a shortcut exists.
        EXPECT_LE(*r.blocks, 18 - used) << "after block " << used;
        auto [it, fresh] = by_blocks.try_emplace(used, std::array<int, 3>{0, *r.blocks, 0});
        ++it->second[0];
        it->second[1] = std::min(it->second[1], *r.blocks);
        it->second[2] = std::max(it->second[2], *r.blocks);
    }
    for (const auto& [used, s] : by_blocks)
        std::printf(
            "[ solver   ] %d positions after block %d: least blocks %d..%d (trapper %d, %d left)\n",
            s[0], used, s[1], s[2], 18 - used, 20 - used);
}

}  // namespace
