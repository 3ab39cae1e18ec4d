#include "mazesearch/models/cells/board.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "temp_dir.hpp"

using maze::Board;
using maze::BoardError;
using maze::Cell;

namespace {

// The error a parse raises, as "line|message".
std::pair<int, std::string> parse_error(const std::string& text) {
    try {
        Board::parse(text, "f.txt");
    } catch (const BoardError& e) {
        return {e.line(), e.what()};
    }
    return {-1, "no error"};
}

}  // namespace

TEST(Board, DefaultStartAndExitAreTopLeftAndBottomLeft) {
    Board b(5, 7);
    EXPECT_EQ(b.start(), (Cell{0, 0}));
    EXPECT_EQ(b.exit(), (Cell{4, 0}));
    EXPECT_EQ(b.open_count(), 35);
}

TEST(Board, TextRoundTripsExactly) {
    const std::string text = "S..#.\n.#...\n##...\n.....\nE#.##\n";
    const Board b = Board::parse(text);
    EXPECT_EQ(b.rows(), 5);
    EXPECT_EQ(b.cols(), 5);
    EXPECT_FALSE(b.open(0, 3));
    EXPECT_TRUE(b.open(0, 2));
    EXPECT_EQ(b.to_text(), text);
    EXPECT_EQ(Board::parse(b.to_text()), b);
}

TEST(Board, StartAndExitAnywhereAndNonSquare) {
    const std::string text = "..#\n#E.\n.S.\n..#\n";
    const Board b = Board::parse(text);
    EXPECT_EQ(b.start(), (Cell{2, 1}));
    EXPECT_EQ(b.exit(), (Cell{1, 1}));
    EXPECT_EQ(b.to_text(), text);
}

TEST(Board, AcceptsCrlfAndTrailingBlankLines) {
    const Board b = Board::parse("S.#\r\n.E.\r\n\r\n\n");
    EXPECT_EQ(b.to_text(), "S.#\n.E.\n");
    EXPECT_EQ(Board::parse("S.\nE."), Board::parse("S.\nE.\n"));
}

TEST(Board, SixteenBySixteenFits) {
    std::string text;
    for (int r = 0; r < 16; ++r)
        text += (r == 0 ? "S" : r == 15 ? "E" : ".") + std::string(15, '#') + "\n";
    const Board b = Board::parse(text);
    EXPECT_EQ(b.rows(), 16);
    EXPECT_EQ(b.cols(), 16);
    EXPECT_EQ(b.open_count(), 16);
    EXPECT_EQ(b.to_text(), text);
}

TEST(Board, ErrorsNameTheFileAndLine) {
    auto [line, msg] = parse_error("S..\n..\nE..\n");
    EXPECT_EQ(line, 2);
    EXPECT_NE(msg.find("f.txt:2:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("ragged"), std::string::npos) << msg;

    std::tie(line, msg) = parse_error("S..\n.x.\nE..\n");
    EXPECT_EQ(line, 2);
    EXPECT_NE(msg.find("'x'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("column 2"), std::string::npos) << msg;

    std::tie(line, msg) = parse_error("...\n...\nE..\n");
    EXPECT_NE(msg.find("no start"), std::string::npos) << msg;
    std::tie(line, msg) = parse_error("S..\n...\n...\n");
    EXPECT_NE(msg.find("no exit"), std::string::npos) << msg;
    std::tie(line, msg) = parse_error("S.S\n...\nE..\n");
    EXPECT_EQ(line, 1);
    EXPECT_NE(msg.find("second start"), std::string::npos) << msg;
    std::tie(line, msg) = parse_error("S..\n..E\nE..\n");
    EXPECT_EQ(line, 3);
    EXPECT_NE(msg.find("second exit"), std::string::npos) << msg;
    std::tie(line, msg) = parse_error("S..\n\n...\nE..\n");
    EXPECT_EQ(line, 2);
    std::tie(line, msg) = parse_error("");
    EXPECT_NE(msg.find("empty"), std::string::npos) << msg;
    std::tie(line, msg) =
        parse_error("S" + std::string(16, '.') + "\nE" + std::string(16, '.') + "\n");
    EXPECT_NE(msg.find("too long"), std::string::npos) << msg;
    std::string tall = "S.\n";
    for (int i = 0; i < 15; ++i) tall += "..\n";
    tall += "E.\n";
    std::tie(line, msg) = parse_error(tall);
    EXPECT_NE(msg.find("too many rows"), std::string::npos) << msg;
    std::tie(line, msg) = parse_error("SE\n\x01.\n");
    EXPECT_NE(msg.find("0x01"), std::string::npos) << msg;
}

TEST(Board, StartAndExitMustDiffer) {
    EXPECT_THROW(Board(3, 3, Cell{1, 1}, Cell{1, 1}), BoardError);
    EXPECT_THROW(Board(1, 1), BoardError);
    EXPECT_THROW(Board(17, 3), BoardError);
    EXPECT_THROW(Board(3, 3, Cell{0, 0}, Cell{3, 0}), BoardError);
}

TEST(Board, StartAndExitStayOpen) {
    Board b(3, 3);
    EXPECT_THROW(b.set_open(b.start(), false), std::invalid_argument);
    EXPECT_THROW(b.set_open(b.exit(), false), std::invalid_argument);
    EXPECT_THROW(b.set_open(3, 0, true), std::out_of_range);
}

TEST(Board, SaveAndLoadRoundTrip) {
    const std::string path = maze::testing_support::test_dir() + "/board_roundtrip.txt";
    const Board b = Board::parse("S#..\n..#.\nE...\n");
    b.save(path);
    EXPECT_EQ(Board::load(path), b);
    std::remove(path.c_str());
    EXPECT_THROW(Board::load(path), BoardError);
}
