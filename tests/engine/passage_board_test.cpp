#include "mazesearch/models/passages/passage_board.hpp"

#include <gtest/gtest.h>

#include <random>

namespace maze {
namespace {

TEST(PassageBoard, TextRoundTripsByteForByte) {
    const std::string text =
        "+-+ +-+\n"
        "|   | |\n"
        "+-+ + +\n"
        "|     |\n"
        "+ +-+-+\n";
    const PassageBoard b = PassageBoard::parse(text);
    EXPECT_EQ(b.rows(), 2);
    EXPECT_EQ(b.cols(), 3);
    EXPECT_EQ(b.entrance(), 1);
    EXPECT_EQ(b.exit(), 0);
    EXPECT_TRUE(b.right_open(0, 0));
    EXPECT_FALSE(b.right_open(0, 1));
    EXPECT_FALSE(b.down_open(0, 0));
    EXPECT_TRUE(b.down_open(0, 1));
    EXPECT_TRUE(b.down_open(0, 2));
    EXPECT_TRUE(b.right_open(1, 0));
    EXPECT_TRUE(b.right_open(1, 1));
    EXPECT_EQ(b.open_count(), 5);
    EXPECT_EQ(b.to_text(), text);
}

TEST(PassageBoard, RandomBoardsRoundTripThroughTextAndSlots) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 300; ++i) {
        const int rows = 1 + static_cast<int>(rng() % 16);
        const int cols = 1 + static_cast<int>(rng() % 16);
        PassageBoard b(rows, cols, static_cast<int>(rng() % cols), static_cast<int>(rng() % cols));
        for (int s = 0; s < b.slots(); ++s) b.set_slot(s, rng() & 1);
        const PassageBoard back = PassageBoard::parse(b.to_text());
        ASSERT_EQ(back, b) << b.to_text();
        int open = 0;
        for (int s = 0; s < b.slots(); ++s) {
            const auto [x, y] = b.slot_cells(s);
            const bool o = x.r == y.r ? b.right_open(x.r, x.c) : b.down_open(x.r, x.c);
            ASSERT_EQ(o, b.slot_open(s));
            ASSERT_EQ(std::abs(x.r - y.r) + std::abs(x.c - y.c), 1);
            open += o;
        }
        ASSERT_EQ(open, b.open_count());
    }
}

TEST(PassageBoard, SlotNumberingIsRightPassagesThenDownPassages) {
    const PassageBoard b(3, 4);
    EXPECT_EQ(b.slots(), 3 * 3 + 2 * 4);
    EXPECT_EQ(b.slot_cells(0)[0], (Cell{0, 0}));
    EXPECT_EQ(b.slot_cells(4)[1], (Cell{1, 2}));   // right of (1, 1)
    EXPECT_EQ(b.slot_cells(9)[1], (Cell{1, 0}));   // below (0, 0)
    EXPECT_EQ(b.slot_cells(16)[0], (Cell{1, 3}));  // below (1, 3)
}

void expect_error(const std::string& text, int line, const std::string& part) {
    try {
        (void)PassageBoard::parse(text, "maze.txt");
        ADD_FAILURE() << "accepted:\n" << text;
    } catch (const BoardError& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()).rfind("maze.txt:" + std::to_string(line) + ":", 0), 0u)
            << e.what();
    }
}

TEST(PassageBoard, BadTextIsRefusedWithTheLineAndWhatWasExpected) {
    expect_error("", 1, "empty");
    expect_error("+ +\n| |\n", 2, "2 * rows + 1");
    expect_error("+ +-+\n|   |\n+-+ +\n|  x|\n+ +-+\n", 4, "'x', expected");
    expect_error("+-+-+\n|   |\n+ +-+\n", 1, "no gap");
    expect_error("+ + +\n|   |\n+ +-+\n", 1, "second gap");
    expect_error("+ +-+\n|   |\n+-+-+\n", 3, "no gap");
    expect_error("+ +-+\n|   \n+ +-+\n", 2, "4 characters; expected 5");
    expect_error("+ +-+\n    |\n+ +-+\n", 2, "outer wall");
    expect_error("+ +-+\n|   |\n+ |-+\n", 3, "corner");
    expect_error("+ +-+\n|   |\n+ +*+\n", 3, "'-' (a wall) or ' '");
    expect_error("+ +-\n|   |\n+ +-+\n", 1, "2 * columns + 1");
}

TEST(PassageBoard, CrlfAndTrailingBlankLinesAreAccepted) {
    const PassageBoard b = PassageBoard::parse("+ +-+\r\n|   |\r\n+-+ +\r\n\r\n\n");
    EXPECT_EQ(b.exit(), 1);
    EXPECT_TRUE(b.right_open(0, 0));
}

TEST(PassageBoard, ReferenceWalkCountsTheMoveInAndTheMoveOut) {
    PassageBoard line(1, 2, 0, 1);
    EXPECT_FALSE(reference_counts(line).feasible);
    line.set_right(0, 0, true);
    const WalkCounts w = reference_counts(line);
    ASSERT_TRUE(w.feasible);
    EXPECT_EQ(w.moves, 3u);  // in, across, out
    EXPECT_EQ(w.visits, (std::vector<std::uint64_t>{1, 1}));

    // One cell that is both the entrance and the exit: in and out.
    EXPECT_EQ(reference_counts(PassageBoard(1, 1)).moves, 2u);

    // 2x2, entrance and exit in column 0, the passage (0,0)-(1,0) walled: he goes round,
    // right, down, left, out.
    PassageBoard square(2, 2, 0, 0);
    square.set_right(0, 0, true);
    square.set_right(1, 0, true);
    square.set_down(0, 1, true);
    EXPECT_EQ(reference_counts(square).moves, 5u);
    // With that passage open he prefers down and is out at once.
    square.set_down(0, 0, true);
    EXPECT_EQ(reference_counts(square).moves, 3u);
}

TEST(PassageBoard, TheExitCellIsLeftOnFirstArrival) {
    // 2x2 ring, entrance above (0,1), exit below (1,1): from (0,1) the preferred step is down
    // onto the exit cell, which he leaves at once even though its other passage is open.
    PassageBoard ring(2, 2, 1, 1);
    ring.set_right(0, 0, true);
    ring.set_right(1, 0, true);
    ring.set_down(0, 0, true);
    ring.set_down(0, 1, true);
    const WalkCounts w = reference_counts(ring);
    EXPECT_EQ(w.moves, 3u);
    EXPECT_EQ(w.visits, (std::vector<std::uint64_t>{0, 1, 0, 1}));
}

TEST(PassageBoard, GraphListsNeighboursDownRightLeftUpWithTheExitAsDown) {
    PassageBoard b(2, 2, 0, 1);
    for (int s = 0; s < b.slots(); ++s) b.set_slot(s, true);
    const MazeGraph g = grid_graph(b);
    ASSERT_EQ(g.vertices(), 5);
    EXPECT_EQ(g.start, 0);
    EXPECT_EQ(g.exit, 4);
    EXPECT_EQ(g.neighbours[0], (std::vector<int>{2, 1}));
    EXPECT_EQ(g.neighbours[3], (std::vector<int>{4, 2, 1}));
    EXPECT_EQ(g.neighbours[4], (std::vector<int>{3}));
    EXPECT_NO_THROW(g.validate());
}

}  // namespace
}  // namespace maze
