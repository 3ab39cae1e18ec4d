#include "mazesearch/models/cells/bitboard.hpp"

#include <gtest/gtest.h>

#include <queue>

#include "random_boards.hpp"

using namespace maze;

namespace {

// Plain breadth-first search over open cells.
RowSet bfs_component(const Board& b, Cell from) {
    RowSet seen{};
    std::queue<Cell> q;
    q.push(from);
    seen[from.r] = static_cast<RowMask>(seen[from.r] | (1u << from.c));
    const int dr[4] = {1, 0, 0, -1};
    const int dc[4] = {0, 1, -1, 0};
    while (!q.empty()) {
        const Cell x = q.front();
        q.pop();
        for (int d = 0; d < 4; ++d) {
            const int r = x.r + dr[d];
            const int c = x.c + dc[d];
            if (!b.in_bounds(r, c) || !b.open(r, c) || contains(seen, Cell{r, c})) continue;
            seen[r] = static_cast<RowMask>(seen[r] | (1u << c));
            q.push(Cell{r, c});
        }
    }
    return seen;
}

}  // namespace

TEST(Bitboard, Reverse16) {
    EXPECT_EQ(reverse16(0x0001), 0x8000);
    EXPECT_EQ(reverse16(0x00F0), 0x0F00);
    EXPECT_EQ(reverse16(0x1234), 0x2C48);
}

TEST(Bitboard, FillRunsFillsBothWaysAndStopsAtBlocks) {
    const RowMask open = 0b0111'0111'1110;
    const RowMask rev = reverse16(open);
    EXPECT_EQ(fill_runs(0b0000'0001'0000, open, rev), 0b0000'0111'1110);
    EXPECT_EQ(fill_runs(0b0010'0000'0010, open, rev), 0b0111'0111'1110);
    EXPECT_EQ(fill_runs(0, open, rev), 0);
    EXPECT_EQ(fill_runs(0x8000, 0xFFFF, 0xFFFF), 0xFFFF);
}

TEST(Bitboard, ComponentEqualsBreadthFirstSearchOnRandomBoards) {
    Rng rng(2024);
    for (int i = 0; i < 20000; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        const RowSet fast = component(b, b.start());
        const RowSet slow = bfs_component(b, b.start());
        ASSERT_EQ(fast, slow) << b.to_text();
        ASSERT_EQ(feasible(b), contains(slow, b.exit())) << b.to_text();
    }
}

TEST(Bitboard, SerpentineNeedsManyPasses) {
    // A corridor that winds up and down through every column.
    const Board b = Board::parse(
        "S#...#...#...#..\n"
        ".#.#.#.#.#.#.#.#\n"
        ".#.#.#.#.#.#.#.#\n"
        ".#.#.#.#.#.#.#.#\n"
        "...#...#...#...E\n");
    EXPECT_TRUE(feasible(b));
    EXPECT_EQ(count(component(b, b.start())), b.open_count());
    Board cut = b;
    cut.set_open(0, 14, false);
    cut.set_open(1, 14, false);
    EXPECT_TRUE(feasible(cut));
    cut.set_open(4, 13, false);
    EXPECT_FALSE(feasible(cut));
}
