// eval names a board whose walk repeats an earlier file's: the same visit count on every cell,
// so the two boards differ only in cells Squeaky never enters (how a record run's best board is
// told to be a maze already known).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

using maze::testing_support::CmdResult;
using maze::testing_support::run;
using maze::testing_support::write_temp;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST(EvalSameWalkCli, NamesTheFirstEarlierFileWhoseWalkItRepeats) {
    // Squeaky walks straight down column 0 on all three 4x4 boards (3 moves); the right-hand
    // cells, never entered, differ. The fourth board's walk is another one.
    const std::string a = write_temp("walk-a.txt", "S#..\n.#..\n.#..\nE...\n");
    const std::string b = write_temp("walk-b.txt", "S#.#\n.#..\n.#.#\nE...\n");
    const std::string c = write_temp("walk-c.txt", "S...\n....\n....\nE...\n");
    const std::string d = write_temp("walk-d.txt", "S.#.\n#.#.\n..#.\nE...\n");
    const CmdResult r = run("eval " + a + " " + b + " " + c + " " + d);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::string> l = lines_of(r.out);
    ASSERT_EQ(l.size(), 10u) << r.out;
    EXPECT_EQ(l[2].find(b + ": 3 moves"), 0u) << r.out;
    EXPECT_EQ(l[4], "same walk as " + a + " (every visit count equal)") << r.out;
    EXPECT_EQ(l[7], "same walk as " + a + " (every visit count equal)") << r.out;
    EXPECT_EQ(r.out.find("walk-d.txt"), r.out.rfind("walk-d.txt")) << r.out;
    EXPECT_EQ(l[8].find(d + ": "), 0u) << r.out;
    EXPECT_EQ(l[9].rfind("most visits: ", 0), 0u) << r.out;  // and no "same walk" line after it
}

TEST(EvalSameWalkCli, OnlyBoardsOfTheSameShapeAndNotTheKmodMouse) {
    // One move right onto the exit on a 4x4 and a 2x8 board: the same 16 counts in row-major
    // order, but not the same board shape.
    const std::string square = write_temp("walk-square.txt", "SE..\n#...\n....\n....\n");
    const std::string strip = write_temp("walk-strip.txt", "SE......\n#.......\n");
    const CmdResult shapes = run("eval --json " + square + " " + strip + " " + square);
    ASSERT_EQ(shapes.status, 0) << shapes.err;
    const std::vector<std::string> l = lines_of(shapes.out);
    ASSERT_EQ(l.size(), 3u) << shapes.out;
    EXPECT_EQ(l[1].find("same_walk_as"), std::string::npos) << shapes.out;
    EXPECT_NE(l[2].find("\"same_walk_as\":\"" + square + "\""), std::string::npos) << shapes.out;
    // A k-mod mouse's walk is another walk; eval compares Squeaky's only.
    const CmdResult kmod = run("eval --kmod 2 " + square + " " + square);
    ASSERT_EQ(kmod.status, 0) << kmod.err;
    EXPECT_EQ(kmod.out.find("same walk"), std::string::npos) << kmod.out;
}
