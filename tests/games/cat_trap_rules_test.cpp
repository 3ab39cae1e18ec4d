// The hexagonal cat trap: the board and the cat's rule, and the AND-tree proof that the trapper
// wins on the side-20 board within 20 blocks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "mazesearch/engine/games/cat_trap.hpp"

namespace {

using maze::CatStatus;
using maze::CatTrapGame;
using maze::Hex;
using maze::HexBoard;

int norm(Hex h) {
    return std::max({std::abs(h.r), std::abs(h.c), std::abs(h.r + h.c)});
}

TEST(CatTrapBoard, GeometryOfSide20) {
    const HexBoard b(20);
    EXPECT_EQ(b.cells(), 1141);
    int border = 0;
    for (int i = 0; i < b.cells(); ++i) {
        const Hex h = b.hex(i);
        EXPECT_EQ(b.index(h), i);
        EXPECT_EQ(b.border(i), norm(h) == 19);
        border += b.border(i);
        int on_board = 0;
        for (int j : b.neighbours(i))
            if (j >= 0) {
                ++on_board;
                EXPECT_TRUE(b.adjacent(j, i));
                EXPECT_EQ(norm({b.hex(j).r - h.r, b.hex(j).c - h.c}), 1);
            }
        // Inner cells have six neighbours; border cells fewer.
        EXPECT_EQ(on_board == 6, !b.border(i));
    }
    EXPECT_EQ(border, 6 * 19);
    EXPECT_EQ(b.hex(b.centre()), (Hex{0, 0}));
    EXPECT_EQ(b.index({20, 0}), -1);
    EXPECT_EQ(b.index({10, 10}), -1);  // |r + c| = 20
}

TEST(CatTrapBoard, SymmetriesPreserveTheBoard) {
    const HexBoard b(6);
    for (int rot = 0; rot < 6; ++rot)
        for (bool mirror : {false, true}) {
            const maze::HexSymmetry s{rot, mirror};
            for (int i = 0; i < b.cells(); ++i) {
                const Hex h = b.hex(i);
                const int j = b.index(s.apply(h));
                ASSERT_GE(j, 0);
                EXPECT_EQ(s.invert(s.apply(h)), h);
                EXPECT_EQ(b.border(j), b.border(i));
                for (int n : b.neighbours(i))
                    if (n >= 0) {
                        EXPECT_TRUE(b.adjacent(j, b.index(s.apply(b.hex(n)))));
                    }
            }
        }
}

TEST(CatTrapRules, CatStepsTowardsTheBorderAndEscapes) {
    const HexBoard b(5);
    CatTrapGame g(b);
    std::vector<int> moves;
    ASSERT_EQ(g.cat_options(moves), CatStatus::Moves);
    EXPECT_EQ(moves.size(), 6u);  // every neighbour of the centre is one step nearer
    g.move_cat(b.index({1, -1}));
    EXPECT_FALSE(g.illegal_block(g.cat()).empty());
    g.block(b.index({2, -2}));
    EXPECT_FALSE(g.illegal_block(b.index({2, -2})).empty());
    ASSERT_EQ(g.cat_options(moves), CatStatus::Moves);
    // (1,-1) has three outward neighbours; the middle one is blocked.
    std::set<int> got(moves.begin(), moves.end());
    EXPECT_EQ(got, (std::set<int>{b.index({2, -1}), b.index({1, -2})}));
    EXPECT_NE(g.illegal_cat_move(b.index({1, 0})).find("nearest"), std::string::npos);
    EXPECT_NE(g.illegal_cat_move(b.index({2, -2})).find("blocked"), std::string::npos);
    EXPECT_NE(g.illegal_cat_move(b.index({3, -1})).find("adjacent"), std::string::npos);
    EXPECT_TRUE(g.illegal_cat_move(b.index({2, -1})).empty());
    // Walled in: every neighbour of the cat blocked.
    CatTrapGame w(b);
    for (int n : b.neighbours(b.centre())) w.preblock(n);
    EXPECT_EQ(w.cat_options(moves), CatStatus::CutOff);
    // On a border cell the cat leaves.
    CatTrapGame e(b);
    e.move_cat(b.index({4, 0}));
    e.block(b.index({0, 0}));
    EXPECT_EQ(e.cat_options(moves), CatStatus::Escapes);
}

// The claim of docs/games.md, 'Cat trap': against every cat (every tie, at every turn) the trapper
// wins on the side-20 board with at most 20 blocks.
TEST(CatTrapProof, TrapperWinsOnSide20WithinTwentyBlocks) {
    std::uint64_t positions = 0;
    std::set<int> first_cells;
    const maze::CatTrapProof p = maze::prove_cat_trapper(20, 20, [&](const CatTrapGame& g) {
        ++positions;
        if (g.blocks_used() == 1) first_cells.insert(g.cat());
    });
    std::printf("[ proof    ] side 20, M 20: nodes %llu, leaves %llu, most blocks %d\n",
                static_cast<unsigned long long>(p.nodes), static_cast<unsigned long long>(p.leaves),
                p.max_blocks);
    ASSERT_TRUE(p.proven) << p.failure;
    EXPECT_LE(p.max_blocks, 20);
    EXPECT_EQ(p.max_blocks, 18);
    // 6 first steps x 2 turns x 2^7 free steps x 2 last steps: no line is cut short.
    EXPECT_EQ(p.leaves, 6u * 2u * 128u * 2u);
    // The fallback is never needed: every block of every line comes from the plan.
    EXPECT_EQ(p.off_plan, 0u);
    EXPECT_EQ(positions, p.nodes);
    EXPECT_EQ(first_cells.size(), 6u);
}

TEST(CatTrapProof, LargerSidesNeedNMinusTwoBlocks) {
    for (int n : {22}) {
        const maze::CatTrapProof p = maze::prove_cat_trapper(n, n - 2);
        EXPECT_TRUE(p.proven) << "side " << n << ": " << p.failure;
        EXPECT_EQ(p.max_blocks, n - 2);
    }
}

TEST(CatTrapProof, ReportsTheLosingLine) {
    // With 17 blocks the plan falls one short; the proof names a line that shows it.
    const maze::CatTrapProof p = maze::prove_cat_trapper(20, 17);
    EXPECT_FALSE(p.proven);
    EXPECT_FALSE(p.failure.empty());
    EXPECT_EQ(p.line.size() % 2, 1u);  // ends with the cat's step that outlived the budget
    EXPECT_GE(p.line.size(), 33u);
    // Smaller boards are beyond the plan: the greedy fallback loses.
    EXPECT_FALSE(maze::prove_cat_trapper(8, 20).proven);
}

}  // namespace
