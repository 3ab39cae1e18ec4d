// The cat trap's `play cat-trap` protocol: full games against a scripted and a live judge, bad
// input, an escaped cat, and the --prove option.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mazesearch/engine/games/cat_trap.hpp"
#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/rng.hpp"

namespace {

using maze::CatStatus;
using maze::CatTrapGame;
using maze::CatTrapper;
using maze::HexBoard;
using maze::testing_support::run;
using maze::testing_support::run_with_input;

// One game against the library's trapper: the cat picks one of its moves at random (maze::Rng from
// `seed`, the same on every platform). Returns the judge's lines and appends the expected
// answers.
std::string scripted_game(const HexBoard& b, int seed, std::string& expected) {
    CatTrapGame g(b);
    CatTrapper t(b);
    maze::Rng rng(static_cast<std::uint64_t>(seed));
    std::string in;
    std::vector<int> moves;
    while (g.cat_options(moves) == CatStatus::Moves) {
        const int m = moves[rng.below(moves.size())];
        g.move_cat(m);
        in += "CAT " + std::to_string(b.hex(m).r) + " " + std::to_string(b.hex(m).c) + "\n";
        const int x = t.respond(g);
        g.block(x);
        expected += "BLOCK " + std::to_string(b.hex(x).r) + " " + std::to_string(b.hex(x).c) + "\n";
    }
    return in + "WIN\n";
}

TEST(CatTrapCli, PlaysFullGamesAgainstAScriptedJudge) {
    const HexBoard b(20);
    std::string expected;
    std::string input = "3 20\n";
    for (int seed = 1; seed <= 3; ++seed) input += scripted_game(b, seed, expected);
    const auto r = run_with_input("play cat-trap", input);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, expected);
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3 * 18);
}

// A live judge on two pipes: it sends each cat step only after reading the answer to the last
// one, so a program that did not flush after every line would stall here (caught by a timeout).
TEST(CatTrapCli, PlaysAgainstALiveJudge) {
    int to_child[2], from_child[2];
    ASSERT_EQ(pipe(to_child), 0);
    ASSERT_EQ(pipe(from_child), 0);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
        execl(maze::testing_support::kBin.c_str(), maze::testing_support::kBin.c_str(), "play",
              "cat-trap", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    FILE* to = fdopen(to_child[1], "w");
    FILE* from = fdopen(from_child[0], "r");
    ASSERT_TRUE(to && from);
    auto send = [&](const std::string& line) {
        std::fputs((line + "\n").c_str(), to);
        std::fflush(to);
    };
    auto receive = [&]() -> std::string {
        pollfd p{fileno(from), POLLIN, 0};
        if (poll(&p, 1, 20000) <= 0) return "(timeout)";
        char buf[128];
        return std::fgets(buf, sizeof buf, from) ? std::string(buf) : "(eof)";
    };
    const HexBoard b(20);
    const int games = 3;
    send(std::to_string(games) + " 20");
    int most_blocks = 0;
    for (int game = 0; game < games; ++game) {
        CatTrapGame g(b);
        maze::Rng rng(static_cast<std::uint64_t>(100 + game));
        std::vector<int> moves;
        while (g.cat_options(moves) == CatStatus::Moves) {
            ASSERT_LT(g.blocks_used(), 20);
            const int m = moves[rng.below(moves.size())];
            g.move_cat(m);
            send("CAT " + std::to_string(b.hex(m).r) + " " + std::to_string(b.hex(m).c));
            const std::string answer = receive();
            int r = 0, c = 0;
            ASSERT_EQ(std::sscanf(answer.c_str(), "BLOCK %d %d", &r, &c), 2) << answer;
            const int x = b.index({r, c});
            ASSERT_TRUE(g.illegal_block(x).empty()) << answer;
            g.block(x);
        }
        most_blocks = std::max(most_blocks, g.blocks_used());
        send("WIN");
    }
    std::fclose(to);  // end of input: the program exits
    int status = -1;
    waitpid(pid, &status, 0);
    std::fclose(from);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    EXPECT_LE(most_blocks, 20);
}

TEST(CatTrapCli, EndOfInputEndsThePlay) {
    const HexBoard b(20);
    std::string expected;
    const std::string game = scripted_game(b, 4, expected);
    // Only the first three moves of the first of two games.
    std::size_t cut = 0;
    for (int i = 0; i < 3; ++i) cut = game.find('\n', cut) + 1;
    const auto r = run_with_input("play cat-trap", "2 20\n" + game.substr(0, cut));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3);
    EXPECT_EQ(run_with_input("play cat-trap", "").status, 0);
}

void expect_bad(const std::string& input, const std::string& line, const std::string& what,
                const std::string& args = "play cat-trap") {
    const auto r = run_with_input(args, input);
    EXPECT_EQ(r.status, 2) << input;
    EXPECT_NE(r.err.find("mazesearch: error: <stdin>:" + line + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

TEST(CatTrapCli, RejectsBadInput) {
    expect_bad("1\n", "1", "expected 'T M'");
    expect_bad("1 20 3\n", "1", "expected 'T M'");
    expect_bad("x 20\n", "1", "expected 'T M'");
    expect_bad("1 20\nCAT 1\n", "2", "expected 'CAT r c' or 'WIN'");
    expect_bad("1 20\nDOG 1 -1\n", "2", "expected 'CAT r c' or 'WIN'");
    expect_bad("1 20\nCAT 1 x\n", "2", "expected 'CAT r c' or 'WIN'");
    expect_bad("1 20\nCAT 30 0\n", "2", "not on the board");
    expect_bad("1 20\nCAT 2 0\n", "2", "not adjacent");
    expect_bad("1 20\nWIN\n", "2", "can still reach the border");
    // The first block answers (1,-1) with (2,-2).
    expect_bad("1 20\nCAT 1 -1\nCAT 2 -2\n", "3", "blocked");
    expect_bad("1 20\nCAT 1 -1\nCAT 1 0\n", "3", "nearest steps");
    expect_bad("1 20\nCAT 1 -1\nCAT 1 -1\n", "3", "not adjacent");
    // Out of turns: the judge may not go on after M blocks.
    std::string expected;
    const std::string game = scripted_game(HexBoard(20), 5, expected);
    std::size_t cut = 0;
    for (int i = 0; i < 6; ++i) cut = game.find('\n', cut) + 1;
    expect_bad("1 5\n" + game.substr(0, cut), "7", "after all 5 turns");
    // More than T games.
    expect_bad("1 20\n" + game + "CAT 0 1\n", std::to_string(2 + 18 + 1), "after the last");
}

// An endless line (/dev/zero has no newline) is refused once it passes the limit, instead of
// being read until memory runs out.
TEST(CatTrapCli, RefusesAnEndlessLine) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = run("play cat-trap < /dev/zero");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("<stdin>:1: the line is longer than 64 KiB"), std::string::npos) << r.err;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

// The protocol on its own, from a string: the same lines and answers as the command.
TEST(CatTrapProtocol, ReadsLinesFromAnyStream) {
    const HexBoard b(20);
    std::string expected;
    const std::string input = "1 20\n" + scripted_game(b, 7, expected);
    std::istringstream in(input);
    std::ostringstream out;
    maze::JudgeLines judge(in, "judge.txt");
    maze::play_cat_trap_protocol(b, judge, out);
    EXPECT_EQ(out.str(), expected);

    std::istringstream crlf("1 20\r\nCAT 1 -1\r\nCAT 9 9 9");
    maze::JudgeLines second(crlf, "judge.txt");
    try {
        maze::play_cat_trap_protocol(b, second, out);
        FAIL() << "no error";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(e.line(), 3);
        EXPECT_EQ(std::string(e.what()),
                  "judge.txt:3: expected 'CAT r c' or 'WIN', got 'CAT 9 9 9'");
    }
}

TEST(CatTrapProtocol, ALineOverTheLimitNamesIt) {
    std::istringstream in("1 20\n" + std::string(100, 'x') + "\n");
    maze::JudgeLines judge(in, "judge.txt", 64);
    std::string line;
    ASSERT_TRUE(judge.next(line));
    EXPECT_EQ(line, "1 20");
    try {
        judge.next(line);
        FAIL() << "no error";
    } catch (const maze::InputError& e) {
        EXPECT_EQ(std::string(e.what()), "judge.txt:2: the line is longer than 64 bytes");
    }
    std::istringstream exact(std::string(64, 'y'));  // the limit itself is fine, no newline needed
    maze::JudgeLines fits(exact, "judge.txt", 64);
    ASSERT_TRUE(fits.next(line));
    EXPECT_EQ(line.size(), 64u);
    EXPECT_FALSE(fits.next(line));
}

TEST(CatTrapCli, ReportsAnEscapedCat) {
    // On the side-3 board no trapper can stop the cat: it reaches the border at its second step.
    const auto r = run_with_input("play cat-trap --side 3", "1 20\nCAT 0 1\nCAT -1 2\n");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("<stdin>:3:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("escapes"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
}

TEST(CatTrapCli, ProveOption) {
    const auto ok = run("play cat-trap --prove");
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_NE(ok.out.find("proven"), std::string::npos);
    EXPECT_NE(ok.out.find("leaves 3072, most blocks on a line 18"), std::string::npos) << ok.out;
    const auto short_budget = run("play cat-trap --prove --turns 17");
    EXPECT_EQ(short_budget.status, 1);
    EXPECT_NE(short_budget.out.find("NOT proven"), std::string::npos);
    EXPECT_NE(short_budget.out.find("line:"), std::string::npos);
}

}  // namespace
